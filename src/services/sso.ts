/**
 * Single sign-on from the host application (docs/sso.md): the organization's secrets (create,
 * rotate with an overlap, revoke), its settings, and the sign-in of a verified host user as a
 * voter. Verifying the token itself is the pages' part (`feedback-board/pages`, with `jose`); this
 * module receives claims already verified.
 */
import { FeedbackBoardError, notFound } from '../domain/errors.js';
import { cryptoRandom, randomBase62, type Clock, type RandomBytes } from '../domain/ports.js';
import { JWKS_ALGORITHMS, type SsoAlgorithm, type SsoSecretRecord, type SsoSettingsRecord } from '../domain/sso.js';
import { toIso } from '../domain/time.js';
import type { Storage, StorageTx } from '../storage/contract.js';

/** What the SSO services need: the board's storage and clock, and randomness (Web Crypto by default). */
export interface SsoContext {
  storage: Storage;
  clock: Clock;
  random?: RandomBytes;
}

/** How long a rotated secret keeps working by default: 24 hours. */
export const DEFAULT_ROTATION_OVERLAP_HOURS = 24;
/** The longest overlap a rotation may give the old secret: 30 days. */
export const MAX_ROTATION_OVERLAP_HOURS = 30 * 24;

const HOUR_MS = 3_600_000;
const invalid = (path: string, message: string) => new FeedbackBoardError('validation_error', message, { details: [{ path, message }] });

/** A new secret: `fbsso_` and 43 base62 characters (256 bits). */
export async function createSsoSecret(ctx: SsoContext, organizationId: number): Promise<SsoSecretRecord> {
  const secret = `fbsso_${randomBase62(ctx.random ?? cryptoRandom, 43)}`;
  return ctx.storage.transaction('write', async (tx) => {
    if (!(await tx.getOrganization(organizationId))) throw notFound('Organization not found');
    return tx.insertSsoSecret({ organization_id: organizationId, secret, created_at: toIso(ctx.clock.now()), expires_at: null, revoked_at: null });
  });
}

async function ownSecret(tx: StorageTx, organizationId: number, secretId: number): Promise<SsoSecretRecord> {
  const found = (await tx.listSsoSecrets(organizationId)).find((s) => s.id === secretId);
  if (!found) throw notFound('SSO secret not found');
  return found;
}

/**
 * Rotates a secret: a new one is created, and the old one keeps working for `overlapHours`
 * (0..720, default 24) so the host can switch without refused sign-ins. A revoked or already
 * ended secret cannot be rotated (`validation_error`, nothing changes).
 */
export async function rotateSsoSecret(
  ctx: SsoContext,
  organizationId: number,
  secretId: number,
  overlapHours: number = DEFAULT_ROTATION_OVERLAP_HOURS,
): Promise<{ created: SsoSecretRecord; previous: SsoSecretRecord }> {
  if (!Number.isInteger(overlapHours) || overlapHours < 0 || overlapHours > MAX_ROTATION_OVERLAP_HOURS) {
    throw invalid('overlap_hours', `The overlap must be a whole number of hours from 0 to ${MAX_ROTATION_OVERLAP_HOURS}`);
  }
  const secret = `fbsso_${randomBase62(ctx.random ?? cryptoRandom, 43)}`;
  return ctx.storage.transaction('write', async (tx) => {
    const now = ctx.clock.now();
    const old = await ownSecret(tx, organizationId, secretId);
    if (!secretUsable(old, toIso(now))) throw invalid('secret', 'This secret is revoked or has ended; create a new one instead');
    const end = toIso(now + overlapHours * HOUR_MS);
    const previous = (await tx.updateSsoSecret(old.id, { expires_at: old.expires_at !== null && old.expires_at < end ? old.expires_at : end }))!;
    const created = await tx.insertSsoSecret({ organization_id: organizationId, secret, created_at: toIso(now), expires_at: null, revoked_at: null });
    return { created, previous };
  });
}

/** Revokes a secret at once: tokens signed with it are refused from now on. Revoking twice keeps the first time. */
export async function revokeSsoSecret(ctx: SsoContext, organizationId: number, secretId: number): Promise<SsoSecretRecord> {
  return ctx.storage.transaction('write', async (tx) => {
    const secret = await ownSecret(tx, organizationId, secretId);
    if (secret.revoked_at !== null) return secret;
    return (await tx.updateSsoSecret(secret.id, { revoked_at: toIso(ctx.clock.now()) }))!;
  });
}

/** The organization's secrets, revoked and ended ones included, oldest first. */
export function listSsoSecrets(ctx: SsoContext, organizationId: number): Promise<SsoSecretRecord[]> {
  return ctx.storage.transaction('read', (tx) => tx.listSsoSecrets(organizationId));
}

/** Whether a secret verifies tokens at `now` (ISO): not revoked, and not past its end. */
export function secretUsable(secret: SsoSecretRecord, now: string): boolean {
  return secret.revoked_at === null && (secret.expires_at === null || now < secret.expires_at);
}

/** The `aud` tokens for an organization carry unless its settings name another. */
export function defaultSsoAudience(organizationId: number): string {
  return `feedback-board:${organizationId}`;
}

/** The organization's settings, with the defaults (no JWKS, default audience, any issuer) when none are saved. */
export async function getSsoSettings(ctx: SsoContext, organizationId: number): Promise<SsoSettingsRecord> {
  const stored = await ctx.storage.transaction('read', (tx) => tx.getSsoSettings(organizationId));
  return stored ?? { organization_id: organizationId, jwks_url: null, jwks_algorithms: [...JWKS_ALGORITHMS], audience: null, issuer: null, updated_at: toIso(0) };
}

/** What the team may change of the settings; an empty string clears a field. */
export interface SsoSettingsInput {
  jwks_url?: string | null;
  jwks_algorithms?: string[];
  audience?: string | null;
  issuer?: string | null;
}

function jwksUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw invalid('jwks_url', 'The JWKS URL must be an absolute https:// URL');
  }
  const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) {
    throw invalid('jwks_url', 'The JWKS URL must use https:// (http:// only on localhost)');
  }
  return url.href;
}

/** Saves the organization's settings; a bad URL, algorithm, audience or issuer is a `validation_error` and nothing changes. */
export async function saveSsoSettings(ctx: SsoContext, organizationId: number, input: SsoSettingsInput): Promise<SsoSettingsRecord> {
  const current = await getSsoSettings(ctx, organizationId);
  const text = (value: string | null | undefined, fallback: string | null, path: string): string | null => {
    if (value === undefined) return fallback;
    const trimmed = (value ?? '').trim();
    if (trimmed.length > 500) throw invalid(path, 'At most 500 characters');
    return trimmed === '' ? null : trimmed;
  };
  const url = text(input.jwks_url, current.jwks_url, 'jwks_url');
  const algorithms = input.jwks_algorithms ?? current.jwks_algorithms;
  for (const alg of algorithms) {
    if (!JWKS_ALGORITHMS.includes(alg as SsoAlgorithm)) throw invalid('jwks_algorithms', `Only ${JWKS_ALGORITHMS.join(' and ')} may be used with a JWKS`);
  }
  if (url !== null && algorithms.length === 0) throw invalid('jwks_algorithms', 'Allow at least one algorithm for the JWKS');
  const settings: SsoSettingsRecord = {
    organization_id: organizationId,
    jwks_url: url === null ? null : jwksUrl(url),
    jwks_algorithms: JWKS_ALGORITHMS.filter((alg) => algorithms.includes(alg)),
    audience: text(input.audience, current.audience, 'audience'),
    issuer: text(input.issuer, current.issuer, 'issuer'),
    updated_at: toIso(ctx.clock.now()),
  };
  return ctx.storage.transaction('write', async (tx) => {
    if (!(await tx.getOrganization(organizationId))) throw notFound('Organization not found');
    await tx.putSsoSettings(settings);
    return settings;
  });
}
