/**
 * Opening and configuring the connection the storage runs on.
 */
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { withBusyRetrySync } from './busy.js';

/** Where the data lives: a file the adapter opens (and closes), or a connection the caller owns. */
export type SqliteSource = { path: string } | { database: Database.Database };

/** Options of {@link createSqliteStorage}. */
export interface SqliteOptions {
  /**
   * How long a transaction waits for another connection's write lock before failing, in ms.
   * Default 5000. The wait is a retry loop with backoff that does not block the event loop.
   */
  busyTimeoutMs?: number;
  /**
   * `FULL` (default): a transaction that has resolved survives a power loss. `NORMAL`: it survives
   * a crash of the process but the last transactions may be lost on power loss; commits are
   * faster. In both modes the database stays consistent.
   */
  synchronous?: 'NORMAL' | 'FULL';
}

export interface Connection {
  db: Database.Database;
  /** True when the adapter opened the database and therefore closes it. */
  owned: boolean;
  busyTimeoutMs: number;
  /** The file the adapter opened (none for a database passed in). */
  path?: string;
}

export const DEFAULT_BUSY_TIMEOUT_MS = 5000;

/**
 * Opens (or adopts) the connection and sets: WAL (readers never wait for the writer, and
 * concurrent processes are safe), the busy timeout, the synchronous level and `foreign_keys=ON`
 * (the schema's cascades depend on it; SQLite's default is off, per connection).
 */
export function openConnection(source: SqliteSource, options: SqliteOptions = {}): Connection {
  const busyTimeoutMs = options.busyTimeoutMs ?? DEFAULT_BUSY_TIMEOUT_MS;
  if (!Number.isInteger(busyTimeoutMs) || busyTimeoutMs < 0) {
    throw new RangeError('feedback-board/sqlite: busyTimeoutMs must be an integer >= 0');
  }
  const synchronous = options.synchronous ?? 'FULL';
  if (synchronous !== 'FULL' && synchronous !== 'NORMAL') {
    throw new RangeError("feedback-board/sqlite: synchronous must be 'NORMAL' or 'FULL'");
  }

  const owned = 'path' in source;
  let db: Database.Database;
  try {
    db = owned ? new Database(source.path) : source.database;
  } catch (error) {
    throw owned ? namingTheFile(error, source.path) : error;
  }
  try {
    if (!db.open) throw new Error('feedback-board/sqlite: the given database is closed');
    if (db.inTransaction) {
      throw new Error('feedback-board/sqlite: the given database is inside a transaction');
    }
    db.pragma(`busy_timeout = ${busyTimeoutMs}`);
    // Switching to WAL needs a moment of exclusive access when the file is new; another process
    // opening the same file at that moment makes it answer SQLITE_BUSY, so it is retried.
    withBusyRetrySync(() => db.pragma('journal_mode = WAL'), busyTimeoutMs);
    db.pragma(`synchronous = ${synchronous}`);
    db.pragma('foreign_keys = ON');
    return owned ? { db, owned, busyTimeoutMs, path: source.path } : { db, owned, busyTimeoutMs };
  } catch (error) {
    if (owned && db.open) db.close();
    throw owned ? namingTheFile(error, source.path) : error;
  }
}

/**
 * SQLite's own words for a file it cannot open ("unable to open database file", "file is not a
 * database") do not say which file: the error, with the file named (and the missing folder, when
 * that is why). Other errors pass unchanged.
 */
function namingTheFile(error: unknown, path: string): unknown {
  const code = (error as { code?: unknown }).code;
  if (code === 'SQLITE_NOTADB') {
    return new Error(`${path} is not a SQLite database (SQLite says: ${(error as Error).message})`, { cause: error });
  }
  if (code === 'SQLITE_CANTOPEN' || (error instanceof TypeError && /directory does not exist/.test(error.message))) {
    const folder = dirname(resolve(path));
    const why = existsSync(folder) ? (error as Error).message : `the folder ${folder} does not exist`;
    return new Error(`cannot open the SQLite database ${path}: ${why}`, { cause: error });
  }
  return error;
}
