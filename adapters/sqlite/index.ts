/**
 * `feedback-board/adapters/sqlite`: the storage on SQLite through better-sqlite3 (an optional peer
 * dependency, imported only by this entry point).
 *
 * ```ts
 * import { createSqliteStorage } from 'feedback-board/adapters/sqlite';
 * const storage = createSqliteStorage({ path: './feedback.db' });
 * ```
 *
 * Several processes may open the same file: writes are serialized by SQLite's write lock and
 * waiting for it is handled here, up to `busyTimeoutMs`.
 *
 * @module feedback-board/adapters/sqlite
 */
import type Database from 'better-sqlite3';
import type { Storage } from '../../src/storage/contract.js';
import { openConnection, type SqliteOptions, type SqliteSource } from './connection.js';
import { migrate } from './migrations.js';
import { SqliteStorageImpl } from './storage.js';

export { sqliteDumpPort } from './dump.js';
export { SqliteBusyTimeoutError } from './busy.js';
export { SchemaTooNewError, SCHEMA_VERSION } from './migrations.js';
export { NewerSchemaError } from '../../src/storage/schema/too-new.js';
export type { SqliteOptions, SqliteSource } from './connection.js';

/** A {@link Storage} on SQLite, with access to the connection for inspection and maintenance. */
export interface SqliteStorage extends Storage {
  /**
   * The connection. Use it outside transactions only, or inside one of this storage's
   * transactions (statements then belong to that transaction); never to BEGIN or COMMIT.
   */
  readonly database: Database.Database;
  /** How many times a write transaction found another connection holding the write lock and retried. */
  readonly busyRetries: number;
  /**
   * A token of the file's state: it changes with every commit to it, through this storage, the
   * connection itself, or any other connection in any process (SQLite's `data_version`). Null
   * while the application holds a transaction open on a connection it passed in.
   */
  changeVersion(): Promise<string | null>;
}

/**
 * Opens the feedback-board storage on a SQLite database.
 *
 * - `{ path }`: opens (creating it if needed) the file; `close()` closes it.
 * - `{ database }`: uses a better-sqlite3 connection the caller opened, outside any transaction;
 *   `close()` leaves it open. Tables are named `fb_*`, so the database may hold the application's
 *   own tables too.
 *
 * On open: WAL journal mode, the busy timeout, `synchronous` (default FULL) and `foreign_keys=ON`
 * are set on the connection, then missing schema migrations are applied in one transaction
 * (safe when several processes open a new file at once). Opening blocks the thread while it waits
 * for another process's write lock (up to the busy timeout); nothing is served before it returns.
 *
 * Strings are stored exactly, astral characters included; a string with a lone surrogate, which
 * SQLite cannot store, is refused with a TypeError rather than altered.
 *
 * @throws {@link SchemaTooNewError} when the file was written by a newer version of feedback-board.
 * @throws {@link SqliteBusyTimeoutError} when another connection held the write lock too long.
 */
export function createSqliteStorage(source: SqliteSource, options: SqliteOptions = {}): SqliteStorage {
  const connection = openConnection(source, options);
  try {
    migrate(connection.db, { busyTimeoutMs: connection.busyTimeoutMs });
  } catch (error) {
    if (connection.owned) connection.db.close();
    throw error;
  }
  return new SqliteStorageImpl(connection);
}
