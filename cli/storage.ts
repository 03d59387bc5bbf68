/**
 * The storage `feedback-board serve` runs on: a SQLite file by default (`./feedback.db`, or
 * `--db FILE`), PostgreSQL for `--db postgres://…` (or `postgresql://…`), memory with `--memory`
 * or with `--fixture` and no `--db`; and the fixture file, read and checked before any storage
 * is opened.
 */
import { readFile, stat } from 'node:fs/promises';
import { createMemoryStorage } from '../adapters/memory/index.js';
import type { Storage } from '../src/storage/contract.js';
import { parseFixture } from '../src/fixture/load.js';

export const DEFAULT_DB_FILE = './feedback.db';

export interface StorageChoice {
  db?: string | undefined;
  /** `--db-read`: a replica of the PostgreSQL server `db` names, for read transactions. */
  dbRead?: string | undefined;
  /** `--db-write-lock`: how PostgreSQL serializes write transactions (`organization` or `store`). */
  dbWriteLock?: string | undefined;
  /** `--db-pooler`: `transaction` behind a pooler in transaction mode (PgBouncer), `none` for a direct connection. */
  dbPooler?: string | undefined;
  memory: boolean;
  fixture: boolean;
}

export interface OpenedStorage {
  storage: Storage;
  /** True when the storage holds no organization yet (demo data or a fixture may be loaded). */
  fresh: boolean;
  description: string;
}

export class StorageChoiceError extends Error {}

async function isEmpty(storage: Storage): Promise<boolean> {
  return storage.transaction('read', async (tx) => (await tx.listOrganizations()).length === 0);
}

export async function openStorage(choice: StorageChoice): Promise<OpenedStorage> {
  if (choice.memory && choice.db !== undefined) throw new StorageChoiceError('--memory and --db exclude each other');
  if (choice.db !== undefined) checkDbScheme(choice.db);
  if (choice.dbRead !== undefined) checkDbScheme(choice.dbRead, '--db-read');
  if (choice.dbRead !== undefined && !(choice.db !== undefined && isPostgresUrl(choice.db) && isPostgresUrl(choice.dbRead))) {
    throw new StorageChoiceError('--db-read takes a postgres:// URL and needs --db postgres://… (the primary)');
  }
  const writeLock = writeLockOf(choice.dbWriteLock);
  if (writeLock !== undefined && !(choice.db !== undefined && isPostgresUrl(choice.db))) {
    throw new StorageChoiceError('--db-write-lock applies to PostgreSQL only: it needs --db postgres://…');
  }
  const pooler = poolerOf(choice.dbPooler);
  if (pooler !== undefined && !(choice.db !== undefined && isPostgresUrl(choice.db))) {
    throw new StorageChoiceError('--db-pooler applies to PostgreSQL only: it needs --db postgres://…');
  }
  if (choice.memory || (choice.fixture && choice.db === undefined)) {
    return { storage: createMemoryStorage(), fresh: true, description: 'memory (the data is gone when the server stops)' };
  }
  if (choice.db !== undefined && isPostgresUrl(choice.db)) return openPostgres(choice.db, choice.fixture, choice.dbRead, { writeLock, pooler });
  const file = choice.db ?? DEFAULT_DB_FILE;
  if ((await stat(file).catch(() => null))?.isDirectory()) throw new StorageChoiceError(`--db ${file} is a directory`);
  let sqlite: typeof import('../adapters/sqlite/index.js');
  try {
    sqlite = await import('../adapters/sqlite/index.js');
  } catch (error) {
    throw new StorageChoiceError(
      `SQLite storage needs the better-sqlite3 package (npm install better-sqlite3), or run with --memory. (${(error as Error).message})`,
    );
  }
  const storage = sqlite.createSqliteStorage({ path: file });
  const fresh = await isEmpty(storage);
  if (choice.fixture && !fresh) {
    await storage.close();
    throw new StorageChoiceError(`--fixture loads into a new, empty database, but ${file} already holds data`);
  }
  return { storage, fresh, description: `SQLite file ${file}` };
}

/** True when `--db` names a PostgreSQL server rather than a file. */
export function isPostgresUrl(db: string): boolean {
  return /^postgres(ql)?:\/\//i.test(db);
}

/**
 * Refuses a `--db` (or `--db-read`) that is a URL of another kind than PostgreSQL's: it would
 * otherwise be taken for a SQLite file name (`mysql://…` a path in a folder `mysql:`).
 */
export function checkDbScheme(db: string, option = '--db'): void {
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(db)?.[1];
  if (scheme === undefined || isPostgresUrl(db)) return;
  throw new StorageChoiceError(
    `${option} ${scheme}://… is not a store feedback-board can use: give a SQLite file's path (feedback.db) or a PostgreSQL URL (postgres://user:pass@host/db)`,
  );
}

/** The `--db-write-lock` value, checked; undefined leaves the adapter's default (`organization`). */
function writeLockOf(value: string | undefined): 'organization' | 'store' | undefined {
  if (value === undefined || value === 'organization' || value === 'store') return value;
  throw new StorageChoiceError(`--db-write-lock takes organization or store, not "${value}"`);
}

/** The `--db-pooler` value, checked; undefined leaves the adapter to detect a pooler. */
function poolerOf(value: string | undefined): 'transaction' | 'none' | undefined {
  if (value === undefined || value === 'transaction' || value === 'none') return value;
  throw new StorageChoiceError(`--db-pooler takes transaction or none, not "${value}"`);
}

/** The URL without its password, for messages. */
function withoutPassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password !== '') parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'postgres://…';
  }
}

async function openPostgres(
  url: string,
  fixture: boolean,
  readUrl: string | undefined,
  { writeLock, pooler }: { writeLock: 'organization' | 'store' | undefined; pooler: 'transaction' | 'none' | undefined },
): Promise<OpenedStorage> {
  let postgres: typeof import('../adapters/postgres/index.js');
  try {
    postgres = await import('../adapters/postgres/index.js');
  } catch (error) {
    throw new StorageChoiceError(`PostgreSQL storage needs the pg package (npm install pg). (${(error as Error).message})`);
  }
  let storage: Storage;
  try {
    storage = await postgres.createPostgresStorage(
      { connectionString: url },
      {
        ...(readUrl === undefined ? {} : { readConnectionString: readUrl }),
        ...(writeLock === undefined ? {} : { writeLock }),
        ...(pooler === undefined ? {} : { pooler }),
      },
    );
  } catch (error) {
    throw new StorageChoiceError(`cannot open PostgreSQL at ${withoutPassword(url)}: ${(error as Error).message}`);
  }
  const fresh = await isEmpty(storage);
  if (fixture && !fresh) {
    await storage.close();
    throw new StorageChoiceError(`--fixture loads into a new, empty database, but ${withoutPassword(url)} already holds data`);
  }
  const reads = readUrl === undefined ? '' : `, reads from ${withoutPassword(readUrl)}`;
  return { storage, fresh, description: `PostgreSQL ${withoutPassword(url)}${reads}` };
}

/** Reads and validates a fixture file before any storage is opened, so a bad one changes nothing. */
export async function readFixture(file: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new StorageChoiceError(`cannot read the fixture ${file}: ${(error as Error).message}`);
  }
  let fixture: unknown;
  try {
    fixture = JSON.parse(text);
  } catch (error) {
    throw new StorageChoiceError(`the fixture ${file} is not valid JSON: ${(error as Error).message}`);
  }
  parseFixture(fixture);
  return fixture;
}
