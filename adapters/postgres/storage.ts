/**
 * The Storage: each transaction on a connection of its own from the pool.
 *
 * Writes are serialized across every process sharing the database by ONE transaction-level
 * advisory lock, taken right after BEGIN (the two are sent as one round trip). This is SQLite's
 * model (one writer at a time, `BEGIN IMMEDIATE`) on PostgreSQL, chosen over SERIALIZABLE with
 * retries because the contract promises that a read followed by a write in one write transaction
 * cannot race, for every method of every service, with no retry loop in the services; and each
 * statement of a READ COMMITTED transaction sees everything committed before it started, so once
 * the lock is held every read sees the state its writes apply to. Claims, claim-next, action keys,
 * one-time links and demo creation are therefore exact across processes. Inside one process,
 * writes also queue in JavaScript before taking a connection, so waiting writers do not occupy
 * the pool that readers need.
 *
 * Read transactions take no lock: `REPEATABLE READ READ ONLY` gives every statement of the
 * transaction one snapshot (a page and its total agree) and never waits for a writer.
 */
import type pg from 'pg';
import type { Storage, StorageTx, TransactionMode } from '../../src/storage/contract.js';
import type { SharedLimits } from '../../src/storage/shared-limits.js';
import { AsyncLock } from '../../src/storage/lock.js';
import type { Connection } from './connection.js';
import { LOCKS } from './locks.js';
import { sharedLimits } from './rate-limit.js';
import { Sql } from './sql.js';
import { unlessUnreachable } from './unavailable.js';
import { openScope, pgMethods } from './tx/index.js';

const BEGIN_WRITE = `BEGIN; SELECT ${LOCKS.write}`;
const BEGIN_READ = 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY';

export class PostgresStorageImpl implements Storage {
  readonly pool: pg.Pool;
  readonly sharedLimits: SharedLimits;
  readonly #connection: Connection;
  readonly #writes = new AsyncLock();
  readonly #active = new Set<Promise<unknown>>();
  #closed = false;

  constructor(connection: Connection, keyCacheTtlMs: number) {
    this.#connection = connection;
    this.pool = connection.pool;
    this.sharedLimits = sharedLimits(connection.pool, keyCacheTtlMs);
  }

  transaction<T>(mode: TransactionMode, fn: (tx: StorageTx) => Promise<T>): Promise<T> {
    if (mode !== 'read' && mode !== 'write') {
      return Promise.reject(new TypeError(`feedback-board/postgres: unknown transaction mode ${String(mode)}`));
    }
    if (this.#closed) return Promise.reject(closedError());
    const attempt = () => unlessUnreachable(() => this.#run(mode, fn));
    const run = mode === 'write' ? this.#writes.run(attempt) : attempt();
    this.#active.add(run);
    const forget = () => this.#active.delete(run);
    run.then(forget, forget);
    return run;
  }

  async #run<T>(mode: TransactionMode, fn: (tx: StorageTx) => Promise<T>): Promise<T> {
    if (this.#closed) throw closedError();
    const client = await this.pool.connect();
    // A connection whose state is unknown (an error outside a statement's own failure, a failed
    // ROLLBACK) is destroyed rather than returned to the pool.
    let discard: Error | undefined;
    try {
      await client.query(mode === 'write' ? BEGIN_WRITE : BEGIN_READ);
      const scope = openScope(pgMethods(new Sql(client)), mode);
      let result: T;
      try {
        result = await fn(scope.tx);
      } catch (error) {
        scope.end();
        await client.query('ROLLBACK').catch((rollbackError: Error) => {
          discard = rollbackError;
        });
        throw error;
      }
      scope.end();
      await client.query('COMMIT');
      return result;
    } catch (error) {
      if (discard === undefined && isConnectionError(error)) discard = error as Error;
      throw error;
    } finally {
      client.release(discard);
    }
  }

  /**
   * Waits for the transactions already started, then ends the pool if the adapter made it (a pool
   * passed in by the application stays open: the application owns it).
   */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await Promise.allSettled([...this.#active]);
    if (this.#connection.owned) await this.pool.end();
  }
}

/** Errors after which the connection cannot be trusted: anything but a statement's own SQL error. */
function isConnectionError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  // SQLSTATE codes are five characters; class 08 is a connection exception, 57P0x a shutdown.
  if (typeof code !== 'string' || code.length !== 5) return true;
  return code.startsWith('08') || code.startsWith('57P');
}

function closedError(): Error {
  return new Error('feedback-board/postgres: the storage is closed');
}
