/**
 * `feedback-board export --db FILE|URL [--out FILE]` and `feedback-board import --db FILE|URL FILE`:
 * a whole store as JSON Lines and back (the format is described in `src/node/dump.ts` and
 * docs/cli.md), between any of the SQLite and PostgreSQL stores. A progress bar goes to stderr
 * when it is a terminal, one summary line otherwise.
 */
import { createReadStream, createWriteStream, existsSync, openSync } from 'node:fs';
import { finished } from 'node:stream/promises';
import type { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import type { DumpPort } from '../src/storage/dump-tables.js';
import type { Storage } from '../src/storage/contract.js';
import { exportStore, importStore, type DumpProgress } from '../src/node/dump.js';
import { PACKAGE_VERSION } from '../src/domain/version.js';
import { checkDbScheme, isPostgresUrl, StorageChoiceError } from './storage.js';

/** The usage of `export` and `import`. */
export const DUMP_USAGE = `Usage: feedback-board export --db FILE|URL [--out FILE]
       feedback-board import --db FILE|URL FILE

export writes every record of the store as JSON Lines (to stdout without --out).
import loads such a file into an empty store, in one transaction.
`;

/** A bad invocation of `export` or `import`; the CLI prints it with the usage and exits 2. */
export class DumpUsageError extends Error {}

/** Opens the store `--db` names, with its dump port. Export needs an existing SQLite file. */
async function openDumpable(db: string, mustExist: boolean): Promise<{ storage: Storage; port: DumpPort }> {
  checkDbScheme(db);
  if (isPostgresUrl(db)) {
    const postgres = await import('../adapters/postgres/index.js').catch((error: Error) => {
      throw new StorageChoiceError(`PostgreSQL storage needs the pg package (npm install pg). (${error.message})`);
    });
    const storage = await postgres.createPostgresStorage({ connectionString: db });
    return { storage, port: postgres.postgresDumpPort(storage) };
  }
  if (mustExist && !existsSync(db)) throw new StorageChoiceError(`no database at ${db}`);
  const sqlite = await import('../adapters/sqlite/index.js').catch((error: Error) => {
    throw new StorageChoiceError(`SQLite storage needs the better-sqlite3 package (npm install better-sqlite3). (${error.message})`);
  });
  const storage = sqlite.createSqliteStorage({ path: db });
  return { storage, port: sqlite.sqliteDumpPort(storage) };
}

/** A progress bar redrawn on a terminal; nothing until the end otherwise. */
function progressBar(verb: string): { onProgress: DumpProgress; end(): void } {
  const tty = process.stderr.isTTY === true;
  let last = { done: 0, total: 0 };
  return {
    onProgress(done, total) {
      last = { done, total };
      if (!tty) return;
      const share = total === 0 ? 1 : done / total;
      const bar = '#'.repeat(Math.round(share * 30)).padEnd(30, '-');
      process.stderr.write(`\r${verb} [${bar}] ${Math.floor(share * 100)}% ${done}/${total} rows`);
    },
    end() {
      process.stderr.write(`${tty ? '\r' : ''}${verb} ${last.done} rows${tty ? ' '.repeat(40) : ''}\n`);
    },
  };
}

const outExists = (file: string): string => `${file} exists already: export writes a new file (choose another --out, or remove it); nothing was written`;

/** Opens `file` for writing only if it does not exist yet (checked by the open itself, so no race). */
function createNew(file: string): number {
  try {
    return openSync(file, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new StorageChoiceError(outExists(file));
    throw new StorageChoiceError(`cannot write ${file}: ${(error as Error).message}`);
  }
}

/** Runs `export` with `argv` (the arguments after the command). */
export async function runExport(argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({ args: argv, options: { db: { type: 'string' }, out: { type: 'string' } }, strict: true, allowPositionals: true });
  if (values.db === undefined) throw new DumpUsageError('export needs --db FILE|URL');
  if (positionals.length > 0) throw new DumpUsageError('export takes no positional argument (use --out FILE)');
  if (values.out !== undefined && existsSync(values.out)) throw new StorageChoiceError(outExists(values.out));
  const { storage, port } = await openDumpable(values.db, true);
  let out: Writable;
  try {
    out = values.out === undefined ? process.stdout : createWriteStream('', { fd: createNew(values.out) });
  } catch (error) {
    await storage.close();
    throw error;
  }
  const progress = progressBar('exported');
  try {
    await exportStore(port, out, { packageVersion: PACKAGE_VERSION, onProgress: progress.onProgress });
    if (out !== process.stdout) {
      out.end();
      await finished(out);
    }
    progress.end();
  } finally {
    await storage.close();
  }
}

/** Runs `import` with `argv` (the arguments after the command). */
export async function runImport(argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({ args: argv, options: { db: { type: 'string' } }, strict: true, allowPositionals: true });
  if (values.db === undefined) throw new DumpUsageError('import needs --db FILE|URL');
  if (positionals.length !== 1) throw new DumpUsageError('import takes exactly one dump FILE');
  const file = positionals[0]!;
  if (!existsSync(file)) throw new StorageChoiceError(`no dump at ${file}`);
  const { storage, port } = await openDumpable(values.db, false);
  const progress = progressBar('imported');
  try {
    await importStore(port, createReadStream(file), { onProgress: progress.onProgress });
    progress.end();
  } finally {
    await storage.close();
  }
}
