/**
 * The Storage: transactions over one connection.
 *
 * better-sqlite3 is synchronous and its `db.transaction(fn)` refuses async functions, while the
 * contract's transactions are async. So transactions are opened and closed with explicit
 * statements, and run one at a time under an {@link AsyncLock}: without it, another request's
 * statements would run inside an open transaction whenever its function awaits.
 *
 * Write transactions start with `BEGIN IMMEDIATE`, which takes SQLite's write lock at once: all
 * reads of the transaction then see the state its writes apply to, across processes too. If another
 * connection holds the lock, BEGIN is retried with backoff (the event loop keeps running) until the
 * busy timeout; SQLite's own busy wait, which would block the thread, is switched off for it.
 * Read transactions use a deferred `BEGIN` and, under WAL, never wait for a writer.
 */
import type { Database, Statement } from 'better-sqlite3';
import type { Storage, StorageTx, TransactionMode } from '../../src/storage/contract.js';
import { AsyncLock } from '../../src/storage/lock.js';
import { isBusy, withBusyRetry } from './busy.js';
import { watchFileIdentity, type FileIdentity } from './file-identity.js';
import type { Connection } from './connection.js';
import { Sql } from './sql.js';
import { guardedScopes, type TxScope } from '../../src/storage/guarded-tx.js';
import { sqlMethods } from './tx/index.js';
import { INDEX_WAITING_POSTS_SQL, SearchBatches, WAITING_POSTS_SQL } from './search-batches.js';

export class SqliteStorageImpl implements Storage {
  readonly database: Database;
  readonly #connection: Connection;
  readonly #lock = new AsyncLock();
  readonly #openScope: (mode: TransactionMode) => TxScope;
  readonly #statements: Record<'begin' | 'beginImmediate' | 'commit' | 'rollback' | 'dataVersion' | 'totalChanges', Statement>;
  #closed = false;
  #busyRetries = 0;
  readonly #identity: FileIdentity | null;
  readonly #search: SearchBatches;

  constructor(connection: Connection) {
    this.#connection = connection;
    this.database = connection.db;
    this.#identity = connection.path === undefined ? null : watchFileIdentity(connection.path);
    const sql = new Sql(connection.db);
    this.#openScope = guardedScopes('feedback-board/sqlite', sqlMethods(sql));
    // SQLite's own busy wait would block the thread: the one statement that waits for another
    // connection's lock, BEGIN IMMEDIATE, is retried by #beginWrite without blocking instead. Set
    // once here rather than around every write. Readers under WAL take no lock that a writer holds.
    connection.db.pragma('busy_timeout = 0');
    const prepare = (source: string) => connection.db.prepare(source);
    this.#statements = {
      begin: prepare('BEGIN'),
      beginImmediate: prepare('BEGIN IMMEDIATE'),
      commit: prepare('COMMIT'),
      rollback: prepare('ROLLBACK'),
      // Commits of every other connection, in any process. The PRAGMA itself: the table-valued
      // pragma_data_version prepares this PRAGMA anew on every read (1.9 against 1.0 µs in a loop;
      // under load, 8.5% of the CPU of a GET answered from the answer cache).
      dataVersion: prepare('PRAGMA data_version').pluck(),
      // Rows changed through this connection (ours or the application's, committed or not: more
      // often than needed, never less).
      totalChanges: prepare('SELECT total_changes()').pluck(),
    };
    // New posts join the search index in batches (search-batches.ts), each a write transaction.
    this.#search = new SearchBatches(prepare(WAITING_POSTS_SQL), () => this.#searchBatch());
    // Posts a process left waiting (it stopped before their batch) go with this one's first.
    this.#search.committed(this.#search.waiting());
  }

  /** How many times a write transaction found the write lock taken and retried BEGIN. */
  get busyRetries(): number {
    return this.#busyRetries;
  }

  transaction<T>(mode: TransactionMode, fn: (tx: StorageTx) => Promise<T>): Promise<T> {
    if (mode !== 'read' && mode !== 'write') {
      return Promise.reject(new TypeError(`feedback-board/sqlite: unknown transaction mode ${String(mode)}`));
    }
    if (this.#closed) return Promise.reject(closedError());
    return this.#lock.run(async () => {
      if (!this.#connection.db.open) throw closedError();
      this.#identity?.check(mode === 'write');
      if (mode === 'write') await this.#beginWrite();
      else this.#statements.begin.run();
      const scope = this.#openScope(mode);
      try {
        const result = await fn(scope.tx);
        scope.end();
        const waiting = mode === 'write' ? this.#search.waiting() : 0;
        this.#statements.commit.run();
        this.#search.committed(waiting);
        return result;
      } catch (error) {
        scope.end();
        // SQLite may already have rolled back on its own (after some I/O errors, for one).
        if (this.#connection.db.inTransaction) this.#statements.rollback.run();
        throw error;
      }
    });
  }

  /**
   * A token that changes with every commit to the file: this connection's changed rows, and
   * SQLite's `data_version`, which changes with every other connection's commit. A write
   * transaction that changed no row (an outbox poll that leased nothing, twice a second) leaves it
   * as it was, and every kept answer with it. Taken in turn with the transactions, so never inside
   * one of ours. Null while the application holds a transaction open on a database it passed in.
   */
  changeVersion(): Promise<string | null> {
    if (this.#closed) return Promise.reject(closedError());
    return this.#lock.run(async () => {
      const { db } = this.#connection;
      if (!db.open) throw closedError();
      this.#identity?.check(false);
      if (db.inTransaction) return null;
      const version = this.#statements.dataVersion.get() as number;
      const changes = this.#statements.totalChanges.get() as number;
      return `${version}.${changes}`;
    });
  }

  /**
   * A batch of the search index: a write transaction that takes the write lock only if it is free
   * now. Resolves false, having done nothing, when another connection holds it: a batch waiting
   * for the lock would hold up every transaction queued behind it here, reads included, which
   * nothing the application asked for should do.
   */
  #searchBatch(): Promise<boolean> {
    if (this.#closed) return Promise.resolve(true);
    return this.#lock.run(async () => {
      const { db } = this.#connection;
      // A database passed in may be inside the application's own transaction: next time.
      if (!db.open || db.inTransaction) return false;
      this.#identity?.check(true);
      try {
        this.#statements.beginImmediate.run();
      } catch (error) {
        if (isBusy(error)) return false;
        throw error;
      }
      try {
        if (this.#search.waiting() > 0) db.exec(INDEX_WAITING_POSTS_SQL);
        this.#statements.commit.run();
        return true;
      } catch (error) {
        if (db.inTransaction) this.#statements.rollback.run();
        throw error;
      }
    });
  }

  async #beginWrite(): Promise<void> {
    const { busyTimeoutMs } = this.#connection;
    const { beginImmediate } = this.#statements;
    await withBusyRetry(
      () => beginImmediate.run(),
      busyTimeoutMs,
      () => {
        this.#busyRetries += 1;
      },
    );
  }

  /**
   * Waits for transactions already started or queued, then closes the database if the adapter
   * opened it (a database passed in by the caller stays open: the caller owns it).
   */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#search.stop();
    await this.#lock.run(async () => {
      if (this.#connection.owned && this.#connection.db.open) this.#connection.db.close();
    });
  }
}

function closedError(): Error {
  return new Error('feedback-board/sqlite: the storage is closed');
}
