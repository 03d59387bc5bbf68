/**
 * `feedback-board backup --db FILE TARGET`: a consistent copy of a SQLite database, made while
 * `serve` (or anything else) keeps writing to it, through SQLite's online backup API (as
 * better-sqlite3 exposes it). The copy holds every transaction committed before the backup
 * finished its last step; writers are never blocked for longer than one step.
 */
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { checkDbScheme, isPostgresUrl } from './storage.js';

/** The usage of `backup`. */
export const BACKUP_USAGE = `Usage: feedback-board backup --db FILE TARGET

Copies the SQLite database FILE to TARGET (a new file) while it is in use.
`;

/** A bad invocation of `backup`; the CLI prints it with the usage and exits 2. */
export class BackupUsageError extends Error {}

/** A backup that could not be made (no such database, target exists, no better-sqlite3); exit 1. */
export class BackupError extends Error {}

/** Runs `backup` with `argv` (the arguments after the command); resolves with what it says on stdout. */
export async function runBackup(argv: string[]): Promise<string> {
  const { values, positionals } = parseArgs({ args: argv, options: { db: { type: 'string' } }, strict: true, allowPositionals: true });
  if (values.db === undefined) throw new BackupUsageError('backup needs --db FILE');
  if (positionals.length !== 1) throw new BackupUsageError('backup takes exactly one TARGET file');
  const source = values.db;
  const target = positionals[0]!;
  if (isPostgresUrl(source)) throw new BackupUsageError('backup copies SQLite files; for PostgreSQL use pg_dump');
  checkDbScheme(source);
  if (!existsSync(source)) throw new BackupError(`no database at ${source}`);
  if (existsSync(target)) throw new BackupError(`${target} exists already; backup writes a new file`);
  const { default: Database } = await import('better-sqlite3').catch((error: unknown) => {
    throw new BackupError(`backup needs the better-sqlite3 package (npm install better-sqlite3). (${(error as Error).message})`);
  });
  // fileMustExist: a mistyped path is reported above, never created as an empty database here.
  const db = new Database(source, { readonly: true, fileMustExist: true });
  try {
    const { totalPages } = await db.backup(target);
    return `backed up ${source} to ${target} (${totalPages} pages)`;
  } catch (error) {
    if ((error as { code?: unknown }).code === 'SQLITE_NOTADB') throw new BackupError(`${source} is not a SQLite database; nothing was copied`);
    throw error;
  } finally {
    db.close();
  }
}
