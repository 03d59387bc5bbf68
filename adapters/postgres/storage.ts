/**
 * The Storage: each transaction on a connection of its own from the pool.
 *
 * Writes of one organization are serialized across every process sharing the database by that
 * organization's transaction-level advisory lock; writes of different organizations run at once;
 * a write spanning organizations takes the store-wide lock, which excludes every other write
 * (write-lock.ts says how, write-scope.ts which call belongs where). The lock is taken before the
 * transaction's first statement of its own, in the round trip that sends `BEGIN`. Chosen over
 * SERIALIZABLE with retries because the contract promises that a read followed by a write in one
 * write transaction cannot race, for every method of every service, with no retry loop in the
 * services; and each statement of a READ COMMITTED transaction sees everything committed before
 * it started, so once the lock is held every read sees the state its writes apply to. Claims,
 * claim-next, action keys, one-time links and demo creation are therefore exact across processes.
 * Inside one process, at most half the pool's connections run writes at once (the rest queue in
 * JavaScript), so writers waiting for a lock never occupy the connections readers need; a write
 * takes its slot and connection only once its turn in its organization's queue has come
 * (write-session.ts).
 *
 * Read transactions take no lock: `REPEATABLE READ READ ONLY` gives every statement of the
 * transaction one snapshot (a page and its total agree) and never waits for a writer. Their
 * `BEGIN` is sent in the round trip of their first statement (the snapshot is taken by that
 * statement either way), and their result is returned without waiting for their COMMIT (see
 * `#commitRead`): a read of two statements costs two round trips.
 */
import type pg from 'pg';
import type { Storage, StorageTx, TransactionMode } from '../../src/storage/contract.js';
import type { SharedLimits } from '../../src/storage/shared-limits.js';
import type { Connection, SessionRules } from './connection.js';
import { sharedLimits } from './rate-limit.js';
import { Sql } from './sql.js';
import { unlessUnavailable } from './unavailable.js';
import { guardedScopes, type TxScope } from '../../src/storage/guarded-tx.js';
import { pgMethods } from './tx/index.js';
import { lockedMethods, OwnerCache, ProcessQueues, type TransactionWriteLock, type WriteLockMode } from './write-lock.js';
import { WriteSession, type WriteSessionHost } from './write-session.js';
import { isReplicaFailure, type ReadReplica } from './replica.js';
import { Slots } from './slots.js';

/**
 * How a read's prepared statements are planned: on their generic plan, made once per connection
 * and statement. PostgreSQL's default plans a statement afresh for every run's values (a custom
 * plan) until a generic plan looks cheaper by its estimates, which for most of these statements
 * it never does (an unknown `LIMIT` is estimated at a tenth of the rows), although the generic
 * plan is the same walk of the same index: planning then cost as much as running (0.4–1.1 ms of
 * a list's, the queue's or analytics' statement on a 100k-post board). The statements whose best
 * plan does depend on their values are planned for them instead (`Planning` in sql.ts), and
 * query-plans.test.ts checks the plans as they run. Writes keep PostgreSQL's choice.
 *
 * JIT compilation is off in reads: PostgreSQL decides it from the plan's estimated cost, which a
 * generic plan overstates (analytics' estimated 106,876 on a 1M-post board, past
 * `jit_above_cost`, and spent 30 ms compiling a statement that runs in under one).
 */
export const READ_PLANS = 'SET LOCAL plan_cache_mode = force_generic_plan; SET LOCAL jit = off';

/**
 * A read's BEGIN under `rules`. Behind a transaction pooler, statements are unnamed and planned on
 * every run, so a generic plan would save nothing and could only be worse than one made for the
 * values: PostgreSQL's own choice (a custom plan) stays; JIT stays off.
 */
function beginRead(rules: SessionRules): string {
  const begin = 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY';
  return rules.namedStatements ? `${begin}; ${READ_PLANS}` : `${begin}; SET LOCAL jit = off; ${rules.timeouts}`;
}
/** With a replica, each write's COMMIT also answers the WAL position reads must wait for. */
const COMMIT_NOTING_LSN = 'COMMIT; SELECT pg_current_wal_insert_lsn()::text AS lsn';

export class PostgresStorageImpl implements Storage {
  readonly pool: pg.Pool;
  readonly sharedLimits: SharedLimits;
  readonly #connection: Connection;
  readonly #sessions: WriteSessionHost;
  readonly #replica: ReadReplica | undefined;
  readonly #active = new Set<Promise<unknown>>();
  #closed = false;

  readonly #rules: SessionRules;
  readonly #beginRead: string;

  constructor(connection: Connection, keyCacheTtlMs: number, writeLock: WriteLockMode, rules: SessionRules, replica?: ReadReplica) {
    this.#connection = connection;
    this.#replica = replica;
    this.#rules = rules;
    this.#beginRead = beginRead(rules);
    this.#sessions = {
      pool: connection.pool,
      // One writer per process under the store-wide lock (no other could proceed anyway).
      slots: new Slots(writeLock === 'store' ? 1 : Math.max(1, Math.floor((connection.pool.options.max ?? 10) / 2))),
      queues: new ProcessQueues(),
      owners: new OwnerCache(),
      mode: writeLock,
      begin: rules.timeouts === '' ? 'BEGIN' : `BEGIN; ${rules.timeouts}`,
      writesOn: (client, lock) => {
        const connection = connectionMethods(client, rules);
        connection.lock = lock;
        // A write's statements are all prepared (see Sql).
        connection.sql.begin();
        return connection.writes('write');
      },
    };
    this.pool = connection.pool;
    this.sharedLimits = sharedLimits(connection.pool, keyCacheTtlMs, rules.timeouts);
  }

  transaction<T>(mode: TransactionMode, fn: (tx: StorageTx) => Promise<T>): Promise<T> {
    if (mode !== 'read' && mode !== 'write') {
      return Promise.reject(new TypeError(`feedback-board/postgres: unknown transaction mode ${String(mode)}`));
    }
    if (this.#closed) return Promise.reject(closedError());
    const run = unlessUnavailable(() => (mode === 'write' ? this.#write(fn) : this.#read(fn)));
    this.#active.add(run);
    const forget = () => this.#active.delete(run);
    run.then(forget, forget);
    return run;
  }

  /** A read on the replica when it is current for this process, else (or when it fails) on the primary. */
  async #read<T>(fn: (tx: StorageTx) => Promise<T>): Promise<T> {
    const replica = this.#replica === undefined || this.#closed ? undefined : await this.#replica.connect();
    if (replica !== undefined) {
      try {
        return await this.#run('read', fn, replica);
      } catch (error) {
        if (!isReplicaFailure(error)) throw error;
        this.#replica!.markDown();
      }
    }
    return this.#run('read', fn);
  }

  async #run<T>(mode: 'read', fn: (tx: StorageTx) => Promise<T>, on?: pg.PoolClient): Promise<T> {
    if (this.#closed) {
      on?.release();
      throw closedError();
    }
    const client = on ?? (await this.pool.connect());
    // A connection whose state is unknown (an error outside a statement's own failure, a failed
    // ROLLBACK) is destroyed rather than returned to the pool.
    let discard: Error | undefined;
    // Set once the COMMIT has taken over the connection's release.
    let handedOver = false;
    const connection = connectionMethods(client, this.#rules);
    try {
      const { sql } = connection;
      // A read's BEGIN goes out with its first statement, in one round trip (see Sql).
      sql.begin(this.#beginRead);
      const scope = connection.reads(mode);
      let result: T;
      try {
        result = await fn(scope.tx);
      } catch (error) {
        scope.end();
        if (sql.opened) {
          await client.query('ROLLBACK').catch((rollbackError: Error) => {
            discard = rollbackError;
          });
        }
        throw error;
      }
      scope.end();
      if (sql.opened) {
        handedOver = true;
        this.#commitRead(client);
      }
      return result;
    } catch (error) {
      if (discard === undefined && isConnectionError(error)) discard = error as Error;
      throw error;
    } finally {
      if (!handedOver) client.release(discard);
    }
  }

  /**
   * A write transaction: its first call takes its turn, a write slot, a connection and its lock
   * (write-session.ts); COMMIT, or ROLLBACK when `fn` throws, once it began.
   */
  async #write<T>(fn: (tx: StorageTx) => Promise<T>): Promise<T> {
    if (this.#closed) throw closedError();
    const session = new WriteSession(this.#sessions);
    // A connection whose state is unknown (an error outside a statement's own failure, a failed
    // ROLLBACK) is destroyed rather than returned to the pool.
    let discard: Error | undefined;
    try {
      let result: T;
      try {
        result = await fn(session.tx);
      } catch (error) {
        await session.close();
        if (session.begun) {
          await session.client!.query('ROLLBACK').catch((rollbackError: Error) => {
            discard = rollbackError;
          });
        }
        throw error;
      }
      await session.close();
      if (session.begun) await this.#commit(session.client!);
      return result;
    } catch (error) {
      if (discard === undefined && isConnectionError(error)) discard = error as Error;
      throw error;
    } finally {
      session.release(discard);
    }
  }

  /**
   * Ends a read transaction without waiting for it: its one snapshot has answered every statement
   * and a read-only COMMIT changes nothing, so the result goes back to the caller at once (a read
   * costs one round trip less) and the connection returns to the pool when the COMMIT is done. The
   * client sends its statements in order, so no later statement on it can overtake the COMMIT; a
   * COMMIT that fails leaves the connection in an unknown state, and it is destroyed. `close()`
   * waits for these COMMITs too.
   */
  #commitRead(client: pg.PoolClient): void {
    // Nothing here may reject: no caller is left to take the error, and an unhandled rejection
    // would end the process.
    const ended: Promise<void> = client
      .query('COMMIT')
      .then(
        () => client.release(),
        (error: Error) => client.release(error),
      )
      .catch(() => undefined)
      .finally(() => this.#active.delete(ended));
    this.#active.add(ended);
  }

  async #commit(client: pg.PoolClient): Promise<void> {
    if (this.#replica === undefined) {
      await client.query('COMMIT');
      return;
    }
    const results = (await client.query(COMMIT_NOTING_LSN)) as unknown as pg.QueryResult<{ lsn: string }>[];
    this.#replica.noteWrite(results[1]!.rows[0]!.lsn);
  }

  /**
   * Waits for the transactions already started, then ends the pool if the adapter made it (a pool
   * passed in by the application stays open: the application owns it).
   */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    // A transaction that ends while this waits may leave its read's COMMIT behind: wait for that too.
    while (this.#active.size > 0) await Promise.allSettled([...this.#active]);
    if (this.#connection.owned) await this.pool.end();
    if (this.#replica?.owned) await this.#replica.pool.end();
  }
}

/**
 * A connection's statements and the contract's methods over them: guarded as they are for reads,
 * and behind the running write transaction's lock for writes.
 */
interface ConnectionMethods {
  sql: Sql;
  reads: (mode: TransactionMode) => TxScope;
  writes: (mode: TransactionMode) => TxScope;
  /** The lock of the write transaction running on the connection (or of the last one run). */
  lock: TransactionWriteLock | undefined;
}

const byConnection = new WeakMap<pg.PoolClient, ConnectionMethods>();

/**
 * The methods of a connection, made on its first transaction and kept with it: a connection
 * serves one transaction at a time, `Sql.begin` resets what is a transaction's own, and each
 * transaction gets a guard of its own (so a `tx` kept past its end stays refused). Making them
 * anew for every transaction (some 250 methods and their guards) cost more than a round trip,
 * most of it in the garbage collector.
 */
function connectionMethods(client: pg.PoolClient, rules: SessionRules): ConnectionMethods {
  let found = byConnection.get(client);
  if (found === undefined) {
    const sql = new Sql(client, rules.namedStatements);
    const methods = pgMethods(sql);
    const made: ConnectionMethods = {
      sql,
      // A transaction's end also refuses its statements still waiting their turn (Sql.end), before
      // its COMMIT or ROLLBACK: none runs after it.
      reads: guardedScopes('feedback-board/postgres', methods, () => sql.end()),
      writes: guardedScopes('feedback-board/postgres', lockedMethods(methods, () => made.lock!), () => sql.end()),
      lock: undefined,
    };
    found = made;
    byConnection.set(client, found);
  }
  return found;
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
