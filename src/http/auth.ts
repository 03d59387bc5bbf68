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

/** A cached key: the hash the storage knows it by, and its record. */
interface CachedKey {
  readonly hash: string;
  readonly record: ApiKeyRecord;
}

/**
 * Live key records by the key as the client sent it, so most requests skip both the key's SHA-256
 * (5 K instructions, more than the rest of authentication) and a storage read. Only keys that
 * authenticated are kept (unknown keys leave no trace), each for the TTL from when it was read from
 * the storage, so a key stays in memory no longer than that after its last read; revocation in this
 * process evicts it at once (by its hash, the only form the storage and the revoking code have),
 * and the TTL bounds how long another process's revocation takes to be seen.
 */
export class KeyCache {
  readonly #cache: SmallLru<string, CachedKey>;

  /** `now` (ms, monotonic) is for tests. */
  constructor(options: { max?: number; ttlMs?: number; now?: () => number } = {}) {
    this.#cache = new SmallLru({ max: options.max ?? 1000, ttlMs: options.ttlMs ?? 5000, ...(options.now ? { now: options.now } : {}) });
  }

  /** The live record of the key `raw`, as sent; undefined when it is not cached. */
  get(raw: string): ApiKeyRecord | undefined {
    return this.#cache.get(raw)?.record;
  }

  /** Keeps the record of the key `raw`, whose SHA-256 is `hash`. */
  set(raw: string, hash: string, record: ApiKeyRecord): void {
    this.#cache.set(raw, { hash, record });
  }

  /** Forgets the key whose SHA-256 is `hash` (revocations are rare: the cache is walked). */
  evict(hash: string): void {
    const cached: string[] = [];
    for (const [raw, key] of this.#cache.oldestFirst()) if (key.hash === hash) cached.push(raw);
    for (const raw of cached) this.#cache.delete(raw);
  }

  /** Keys cached, expired ones not yet looked up included. */
  get size(): number {
    return this.#cache.size;
  }
}
