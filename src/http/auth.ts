/**
 * Reading the API key from a request (docs/errors-scopes-limits.md#keys-and-scopes): `Authorization: Bearer <key>` or
 * `X-API-Key: <key>`; both may be sent only if they agree; any other scheme is refused.
 */
import { SmallLru } from './lru.js';
import type { ApiKeyRecord } from '../domain/records.js';
import type { HeaderReader } from './body.js';

const BEARER = /^bearer[ \t]+(\S+)[ \t]*$/i;

/** The raw key of the request, or null when it has none or an unusable one (always a 401). */
export function extractApiKey(headers: HeaderReader): string | null {
  const authorization = headers.get('authorization');
  const apiKeyHeader = headers.get('x-api-key');
  let bearer: string | undefined;
  if (authorization !== null) {
    const match = BEARER.exec(authorization);
    if (!match?.[1]) return null;
    bearer = match[1];
  }
  const xApiKey = apiKeyHeader?.trim();
  if (apiKeyHeader !== null && !xApiKey) return null;
  if (bearer !== undefined && xApiKey !== undefined && bearer !== xApiKey) return null;
  return bearer ?? xApiKey ?? null;
}

/**
 * Live key records by hash, so most requests skip a storage read. Only keys that authenticated
 * are kept (unknown keys leave no trace); revocation in this process evicts at once, and the TTL
 * bounds how long another process's revocation takes to be seen.
 */
export class KeyCache {
  readonly #cache: SmallLru<string, ApiKeyRecord>;

  constructor(options: { max?: number; ttlMs?: number } = {}) {
    this.#cache = new SmallLru({ max: options.max ?? 1000, ttlMs: options.ttlMs ?? 5000 });
  }

  get(hash: string): ApiKeyRecord | undefined {
    return this.#cache.get(hash);
  }

  set(hash: string, key: ApiKeyRecord): void {
    this.#cache.set(hash, key);
  }

  evict(hash: string): void {
    this.#cache.delete(hash);
  }
}
