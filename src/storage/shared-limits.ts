/**
 * Limits a storage may share between every process that uses it. A storage whose data several
 * processes share over a network (PostgreSQL) offers them, so that the per-key rate limit is one
 * limit for all processes together and a key revoked in one process is refused by the others
 * within a bound. Storages without it (memory, SQLite, IndexedDB) keep the handler's in-process
 * limiter and key cache.
 */

/** What one rate-limit step decided, with the times it was decided on. */
export interface SharedRateLimitStep {
  /** Whether the request was accepted (and recorded). */
  allowed: boolean;
  /** Accepted requests of the key in the window, this one included when accepted. */
  count: number;
  /** When the oldest accepted request in the window was made (ms since the epoch); null if none. */
  oldestMs: number | null;
  /** The time the decision was made on (ms since the epoch), by the shared clock. */
  nowMs: number;
}

/** Limits kept in the storage itself; see the module comment. */
export interface SharedLimits {
  /**
   * One step of an exact sliding log for `apiKeyId`: accepts and records the request when fewer
   * than `limit` were accepted in the last `windowMs`, atomically across every process.
   */
  takeRateLimit(apiKeyId: number, limit: number, windowMs: number): Promise<SharedRateLimitStep>;
  /** The handler's key cache keeps a key at most this long, so that revocations elsewhere are seen. */
  readonly maxKeyCacheTtlMs: number;
}
