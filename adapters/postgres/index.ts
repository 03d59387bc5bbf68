/**
 * `feedback-board/adapters/postgres`: the storage on PostgreSQL through node-postgres (`pg`, an
 * optional peer dependency, imported only by this entry point). Any number of processes on any
 * number of machines may share one database.
 *
 * ```ts
 * import { createPostgresStorage } from 'feedback-board/adapters/postgres';
 * const storage = await createPostgresStorage({ connectionString: process.env.DATABASE_URL! });
 * // or, with a pool the application already has:
 * const shared = await createPostgresStorage({ pool });
 * ```
 *
 * @module feedback-board/adapters/postgres
 */
import type pg from 'pg';
import type { Storage } from '../../src/storage/contract.js';
import type { SharedLimits } from '../../src/storage/shared-limits.js';
import {
  isRefusedStartupParameter,
  openPool,
  openReadPool,
  poolerOf,
  replicaTiming,
  sessionRules,
  writeLockOf,
  type Connection,
  type PostgresOptions,
  type PostgresSource,
  type SessionRules,
} from './connection.js';
import { ReadReplica } from './replica.js';
import { migratePg } from './migrations.js';
import { PostgresStorageImpl } from './storage.js';

export { postgresDumpPort } from './dump.js';
export { PgSchemaTooNewError, PG_SCHEMA_VERSION } from './migrations.js';
export { NewerSchemaError } from '../../src/storage/schema/too-new.js';
import { installStatistics } from './statistics.js';
import { beginUntimed } from './untimed.js';
export type { PostgresOptions, PostgresSource } from './connection.js';

/** A {@link Storage} on PostgreSQL, with its pool for inspection and maintenance. */
export interface PostgresStorage extends Storage {
  /**
   * The pool. Use it for the application's own statements; never inside one of this storage's
   * transactions (each holds a connection of its own).
   */
  readonly pool: pg.Pool;
  /** The rate limit shared by every process on the database, and the key-cache bound. */
  readonly sharedLimits: SharedLimits;
}

/**
 * Opens the feedback-board storage on a PostgreSQL database.
 *
 * - `{ connectionString }`: the adapter makes a pool (see {@link PostgresOptions} for its size
 *   and timeouts); `close()` ends it.
 * - `{ pool }`: uses the application's `pg.Pool`; `close()` leaves it open. Tables are named
 *   `fb_*`, so the database may hold the application's own tables too. Set `statement_timeout`
 *   on such a pool yourself, so a dead server never hangs a request.
 *
 * With `readConnectionString` (or `readPool`), read transactions go to that streaming replica once
 * it has replayed this process's latest write, and to the primary when it lags or fails.
 *
 * Behind a connection pooler in transaction mode (PgBouncer), set `pooler: 'transaction'`: the
 * adapter then keeps no session state and sets `statementTimeoutMs` per transaction, on its own
 * pool or the application's. On a pool it makes, a pooler refusing the timeouts as startup
 * parameters (PgBouncer's default) is detected.
 *
 * Missing schema migrations are applied first, under an advisory lock, so several processes
 * starting at once on a new database are safe.
 *
 * @throws {@link PgSchemaTooNewError} when the database was written by a newer version of feedback-board.
 */
export async function createPostgresStorage(
  source: PostgresSource,
  options: PostgresOptions = {},
): Promise<PostgresStorage> {
  const keyCacheTtlMs = options.keyCacheTtlMs ?? 1000;
  if (!Number.isInteger(keyCacheTtlMs) || keyCacheTtlMs < 0) {
    throw new RangeError('feedback-board/postgres: keyCacheTtlMs must be an integer >= 0');
  }
  const writeLock = writeLockOf(options);
  const timing = replicaTiming(options);
  const pooler = poolerOf(options);
  let opened: Opened;
  try {
    opened = await openMigrated(source, options, pooler ?? 'none');
  } catch (error) {
    // Only a pooler refuses the timeouts as startup parameters: the same, as behind one.
    if (pooler !== undefined || !('connectionString' in source) || !isRefusedStartupParameter(error)) throw error;
    opened = await openMigrated(source, options, 'transaction');
  }
  const { connection, read, rules } = opened;
  const replica = read === undefined ? undefined : new ReadReplica(read.pool, read.owned, timing, rules);
  return new PostgresStorageImpl(connection, keyCacheTtlMs, writeLock, rules, replica);
}

interface Opened {
  connection: Connection;
  read: Connection | undefined;
  rules: SessionRules;
}

/** The pools for `pooler`, the schema migrated through the primary's; every pool ended on failure. */
async function openMigrated(source: PostgresSource, options: PostgresOptions, pooler: 'none' | 'transaction'): Promise<Opened> {
  const rules = sessionRules(pooler, options);
  const read = openReadPool(options, pooler);
  let connection: Connection;
  try {
    connection = openPool(source, options, pooler);
  } catch (error) {
    if (read?.owned) await read.pool.end();
    throw error;
  }
  try {
    const client = await connection.pool.connect();
    try {
      await migratePg(client, options.migrationTarget);
    } finally {
      client.release();
    }
  } catch (error) {
    if (connection.owned) await connection.pool.end();
    if (read?.owned) await read.pool.end();
    throw error;
  }
  return { connection, read, rules };
}

/**
 * Recomputes the maintained statistics (per board and day: posts, votes, comments, voters; posts
 * per status; posts per tag) from the stored rows, in one transaction, while writes wait on the
 * write lock, and installs their triggers afresh. Triggers keep them exact for every write made
 * through SQL; this is for after a bulk load that ran with them disabled (`ALTER TABLE fb_posts,
 * fb_votes, fb_comments, fb_post_tags DISABLE TRIGGER USER`), which loads far faster than letting
 * every row update the counters.
 *
 * @example
 * ```ts
 * await rebuildStatistics(storage.pool);
 * ```
 */
export async function rebuildStatistics(pool: pg.Pool | pg.PoolClient): Promise<void> {
  const client = 'release' in pool ? pool : await pool.connect();
  try {
    // Reading every row of a large store outlasts the pool's timeouts, which guard requests.
    const operator = await beginUntimed(client);
    try {
      await installStatistics(operator);
      await operator.query('COMMIT');
    } catch (error) {
      // A connection the failure ended cannot roll back: the failure is what the caller must see.
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  } finally {
    if (client !== pool) client.release();
  }
}
