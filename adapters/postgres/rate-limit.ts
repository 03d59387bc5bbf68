/**
 * The rate limit shared by every process on one PostgreSQL database: an exact sliding log, one row
 * per accepted request in `fb_rate_log`.
 *
 * One step is ONE round trip: a simple-protocol string of four statements, BEGIN, the key's
 * advisory lock (held to COMMIT, so steps of one key never interleave across processes), one
 * statement that prunes the key's expired rows, counts the live ones and inserts this request
 * when there is room, and COMMIT. The counting statement starts after the lock is held, so under
 * READ COMMITTED it sees every step committed before. Time is the database's clock
 * (`clock_timestamp()`), one clock for every machine. The values put into the text are integers
 * checked here, never caller strings.
 */
import { unlessUnavailable } from './unavailable.js';
import type pg from 'pg';
import type { SharedLimits, SharedRateLimitStep } from '../../src/storage/shared-limits.js';
import { RATE_LIMIT_CLASS } from './locks.js';

function integer(name: string, value: number): number {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`feedback-board/postgres: invalid ${name} ${value}`);
  return value;
}

/**
 * The text of one step; `timeouts` (the `SET LOCAL`s of a connection behind a transaction pooler,
 * or nothing) follow its BEGIN. Exported for tests.
 */
export function rateLimitStepSql(apiKeyId: number, limit: number, windowMs: number, timeouts = ''): string {
  const key = integer('api key id', apiKeyId);
  const max = integer('limit', limit);
  const window = integer('window', windowMs);
  return `BEGIN;${timeouts === '' ? '' : ` ${timeouts};`}
SELECT pg_advisory_xact_lock(${RATE_LIMIT_CLASS}, ${key});
WITH clock AS (SELECT (extract(epoch FROM clock_timestamp()) * 1000)::bigint AS ms),
pruned AS (DELETE FROM fb_rate_log WHERE api_key_id = ${key} AND at_ms <= (SELECT ms FROM clock) - ${window}),
live AS (SELECT count(*)::int AS n, min(at_ms) AS oldest FROM fb_rate_log
          WHERE api_key_id = ${key} AND at_ms > (SELECT ms FROM clock) - ${window}),
added AS (INSERT INTO fb_rate_log (api_key_id, at_ms)
          SELECT ${key}, clock.ms FROM clock, live WHERE live.n < ${max} RETURNING at_ms)
SELECT live.n AS n, live.oldest::text AS oldest, clock.ms::text AS now_ms,
       EXISTS (SELECT 1 FROM added) AS allowed
  FROM live, clock;
COMMIT;`;
}

/** Every this many steps, rows of keys no longer used are removed too. */
const SWEEP_EVERY = 1000;

export function sharedLimits(pool: pg.Pool, maxKeyCacheTtlMs: number, timeouts = ''): SharedLimits {
  let steps = 0;
  return {
    maxKeyCacheTtlMs,
    async takeRateLimit(apiKeyId, limit, windowMs): Promise<SharedRateLimitStep> {
      const results = (await unlessUnavailable(() => pool.query(rateLimitStepSql(apiKeyId, limit, windowMs, timeouts)))) as unknown as pg.QueryResult[];
      // The counting statement's result: the one before COMMIT.
      const row = results[results.length - 2]!.rows[0] as { n: number; oldest: string | null; now_ms: string; allowed: boolean };
      steps += 1;
      if (steps % SWEEP_EVERY === 0) {
        await pool
          .query('DELETE FROM fb_rate_log WHERE at_ms <= (extract(epoch FROM clock_timestamp()) * 1000)::bigint - $1', [windowMs])
          .catch(() => undefined);
      }
      const nowMs = Number(row.now_ms);
      const count = row.allowed ? row.n + 1 : row.n;
      const oldestMs = row.oldest === null ? (row.allowed ? nowMs : null) : Number(row.oldest);
      return { allowed: row.allowed, count, oldestMs, nowMs };
    },
  };
}
