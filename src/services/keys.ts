/**
 * API keys: generated as `fbk_` + 40 random base62 characters, shown once, stored only as a
 * SHA-256 hash plus a short display prefix (docs/errors-scopes-limits.md#keys-and-scopes; see key-prefix.ts).
 */
import * as z from 'zod/mini';
import { notFound, validationError } from '../domain/errors.js';
import { SCOPES, type ApiKeyRecord } from '../domain/records.js';
import { parseOrThrow, text } from '../domain/validation.js';
import { randomBase62, type RandomBytes } from '../domain/ports.js';
import { nowIso, read, write, type ServiceContext } from './context.js';
import { displayPrefix } from './key-prefix.js';

export const KEY_PREFIX = 'fbk_';
const KEY_RANDOM_CHARS = 40;

export function generateApiKey(random: RandomBytes): string {
  return KEY_PREFIX + randomBase62(random, KEY_RANDOM_CHARS);
}

/** Lower-case hex SHA-256 of the key, through Web Crypto (every runtime has it). */
export async function hashApiKey(rawKey: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(rawKey));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** What the dashboard shows of a key: everything but its hash. */
export type ApiKeyInfo = Omit<ApiKeyRecord, 'hash'>;

export const toKeyInfo = ({ hash: _hash, ...info }: ApiKeyRecord): ApiKeyInfo => info;

const createKeyInput = z.strictObject({
  scope: z.enum(SCOPES),
  label: z.optional(text(0, 100)),
  /** A raw key to register instead of generating one (fixtures, tests): 8..200 visible ASCII characters. */
  rawKey: z.optional(z.string().check(z.regex(/^[\x21-\x7e]{8,200}$/, 'must be 8 to 200 visible ASCII characters'))),
});

/** A key to create: its `scope`, an optional `label`, and (fixtures, tests) an optional `rawKey` to register. */
export type CreateApiKeyInput = z.input<typeof createKeyInput>;

/** A new key: the raw key, shown this once, and what the dashboard shows of it. */
export interface CreatedApiKey {
  /** The raw key. Shown this once; only its hash is stored. */
  key: string;
  info: ApiKeyInfo;
}

export async function createApiKey(
  ctx: ServiceContext,
  organizationId: number,
  input: CreateApiKeyInput,
): Promise<CreatedApiKey> {
  const { scope, label, rawKey } = parseOrThrow(createKeyInput, input);
  const key = rawKey ?? generateApiKey(ctx.random);
  const hash = await hashApiKey(key);
  const record = await write(ctx, async (tx) => {
    const now = nowIso(ctx);
    if (!(await tx.getOrganization(organizationId))) throw notFound('Organization not found');
    if (await tx.getApiKeyByHash(hash)) {
      throw validationError('rawKey', 'is already registered');
    }
    return tx.insertApiKey({
      organization_id: organizationId,
      scope,
      label: label ?? '',
      prefix: displayPrefix(key),
      hash,
      created_at: now,
      revoked_at: null,
    });
  });
  return { key, info: toKeyInfo(record) };
}

export function listApiKeys(ctx: ServiceContext, organizationId: number): Promise<ApiKeyInfo[]> {
  return read(ctx, async (tx) => (await tx.listApiKeys(organizationId)).map(toKeyInfo));
}

/** Revokes the key at once: its next request is a 401. Revoking twice keeps the first time. */
export async function revokeApiKey(ctx: ServiceContext, keyId: number): Promise<ApiKeyInfo> {
  const record = await write(ctx, async (tx) => {
    const now = nowIso(ctx);
    const key = await tx.getApiKey(keyId);
    if (!key) throw notFound('API key not found');
    return key.revoked_at ? key : (await tx.updateApiKey(keyId, { revoked_at: now }))!;
  });
  ctx.onKeyRevoked(record.hash);
  return toKeyInfo(record);
}

/** The live key record for a raw key, or null (unknown or revoked). */
export async function authenticateKey(ctx: ServiceContext, hash: string): Promise<ApiKeyRecord | null> {
  const key = await read(ctx, (tx) => tx.getApiKeyByHash(hash));
  return key && key.revoked_at === null ? key : null;
}
