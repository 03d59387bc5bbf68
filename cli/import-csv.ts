/**
 * `feedback-board import-csv --db FILE|URL --org NAME --board SLUG [--from FORMAT] FILE` and
 * `feedback-board import-canny --db FILE|URL --org NAME --board SLUG DIR`: posts, votes and comments
 * from a CSV file (the columns of docs/import.md, or Fider's, UserVoice's or Quackback's export) or
 * from Canny's API answers, into one board, in one transaction; rows imported before are skipped.
 * Exit codes as `import`: 0 stored, 1 refused (the place is named, nothing was stored), 2 bad invocation.
 */
import { createReadStream, existsSync, statSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { CSV_FORMATS, importFeedbackCsv, type CsvFormatName, type CsvImportResult, type CsvImportTarget } from '../src/node/csv-import.js';
import { importCannyExport } from '../src/node/import-canny.js';
import { parseStatusMap } from '../src/node/import-format.js';
import type { Storage } from '../src/storage/contract.js';
import { openStorage, StorageChoiceError } from './storage.js';

const TARGET_USAGE = `  --db FILE|URL        the store: a SQLite file or a postgres:// URL
  --org NAME           the organization, by its exact name
  --create-org         create the organization when none has that name
  --board SLUG         the board (created, unpublished, when absent)
  --status NAME=STATUS map a status of the source to ours (open, planned, in_progress,
                       shipped, declined); repeat for each
  --source-board NAME  the board of the source to import, when the rows hold several
  -h, --help           show this help
`;

/** The usage of `import-csv`. */
export const IMPORT_CSV_USAGE = `Usage: feedback-board import-csv --db FILE|URL --org NAME --board SLUG [--from FORMAT] FILE

Imports posts, votes and comments from a CSV file (see docs/import.md) into the board SLUG of
the organization NAME. One transaction: a bad row is named by its line and nothing of the file is
stored. Rows imported into the board before (by their source id) are skipped: run it again freely.

Options:
  --from FORMAT        csv (the columns of docs/import.md; the default), fider (Fider's posts
                       export), uservoice (UserVoice's full suggestions export) or quackback
                       (Quackback's CSV import template)
${TARGET_USAGE}`;

/** The usage of `import-canny`. */
export const IMPORT_CANNY_USAGE = `Usage: feedback-board import-canny --db FILE|URL --org NAME --board SLUG DIR

Imports posts, comments and votes from Canny's API answers saved in DIR (posts.json, and
comments.json and votes.json when there are; see docs/import.md) into the board SLUG of the
organization NAME, in one transaction. Rows imported into the board before are skipped.

Options:
${TARGET_USAGE}`;

/** A bad invocation of `import-csv` or `import-canny`; the CLI prints it with the usage and exits 2. */
export class ImportCsvUsageError extends Error {}

const OPTIONS = {
  db: { type: 'string' },
  org: { type: 'string' },
  'create-org': { type: 'boolean' },
  board: { type: 'string' },
  status: { type: 'string', multiple: true },
  'source-board': { type: 'string' },
} as const;

const count = (n: number, noun: string): string => `${n} ${noun}${n === 1 ? '' : 's'}`;
const SEPARATORS = { ';': 'semicolons', '\t': 'tabs' } as const;

/** The summary: what was stored and created, then what was skipped and what the source held that was left out. */
export function summary(result: CsvImportResult, org: string, board: string): string {
  const created = [result.organizationCreated ? `organization "${org}"` : '', result.boardCreated ? `board "${board}"` : ''].filter(Boolean);
  const repeated = result.repeatedVotes > 0 ? ` (${result.repeatedVotes} repeated vote${result.repeatedVotes > 1 ? 's' : ''} counted once)` : '';
  const { skipped } = result;
  const lines = [
    `imported ${count(result.posts, 'post')}, ${count(result.votes, 'vote')}${repeated}, ${count(result.comments, 'comment')}; ${count(result.votersCreated, 'new voter')}` +
      (created.length > 0 ? `; created ${created.join(' and ')}` : '') +
      (skipped.posts + skipped.votes + skipped.comments > 0
        ? `; skipped ${count(skipped.posts, 'post')}, ${count(skipped.votes, 'vote')}, ${count(skipped.comments, 'comment')} already there`
        : '') +
      (result.delimiter === ';' || result.delimiter === '\t' ? ` (fields separated by ${SEPARATORS[result.delimiter]})` : ''),
  ];
  const leftOut = Object.entries(result.leftOut).map(([what, n]) => `${what}: ${n}`);
  if (leftOut.length > 0) lines.push(`not carried over: ${leftOut.join('; ')}`);
  return lines.join('\n');
}

/** The target the options name; the one positional argument is the file (or folder). */
function targetOf(command: string, argv: string[], extra: Record<string, { type: 'string' }>) {
  const { values, positionals } = parseArgs({ args: argv, options: { ...OPTIONS, ...extra }, strict: true, allowPositionals: true });
  if (values.db === undefined) throw new ImportCsvUsageError(`${command} needs --db FILE|URL`);
  if (values.org === undefined) throw new ImportCsvUsageError(`${command} needs --org NAME (the organization; --create-org to create it)`);
  if (values.board === undefined) throw new ImportCsvUsageError(`${command} needs --board SLUG (the board, created if absent)`);
  if (positionals.length !== 1) throw new ImportCsvUsageError(`${command} takes exactly one ${command === 'import-canny' ? 'folder DIR' : 'CSV FILE'}`);
  let statuses: CsvImportTarget['statuses'];
  try {
    statuses = Object.fromEntries(parseStatusMap(values.status ?? []));
  } catch (error) {
    throw new ImportCsvUsageError((error as Error).message);
  }
  const target: CsvImportTarget = {
    organization: values.org, board: values.board, createOrganization: values['create-org'] === true, statuses,
    ...(values['source-board'] === undefined ? {} : { sourceBoard: values['source-board'] }),
  };
  return { db: values.db, path: positionals[0]!, target, from: (values as { from?: string }).from };
}

async function withStore<T>(db: string, run: (storage: Storage) => Promise<T>): Promise<T> {
  const { storage } = await openStorage({ db, memory: false, fixture: false });
  try {
    return await run(storage);
  } finally {
    await storage.close();
  }
}

/** Runs `import-csv` with `argv` (the arguments after the command); resolves with its summary. */
export async function runImportCsv(argv: string[]): Promise<string> {
  const { db, path, target, from = 'csv' } = targetOf('import-csv', argv, { from: { type: 'string' } });
  if (!(CSV_FORMATS as readonly string[]).includes(from)) throw new ImportCsvUsageError(`--from takes ${CSV_FORMATS.join(', ')}, not "${from}"`);
  if (!existsSync(path)) throw new StorageChoiceError(`no CSV file at ${path}`);
  if (statSync(path).isDirectory()) throw new StorageChoiceError(`${path} is a folder, not a CSV file${existsSync(`${path}/posts.json`) ? ' (for Canny\'s answers, use import-canny)' : ''}`);
  const result = await withStore(db, (storage) => importFeedbackCsv(storage, createReadStream(path), { ...target, format: from as CsvFormatName }));
  return summary(result, target.organization, target.board);
}

/** Runs `import-canny` with `argv`; resolves with its summary. */
export async function runImportCanny(argv: string[]): Promise<string> {
  const { db, path, target } = targetOf('import-canny', argv, {});
  if (!existsSync(path) || !statSync(path).isDirectory()) throw new StorageChoiceError(`no folder at ${path} (import-canny reads posts.json, comments.json and votes.json from one)`);
  return summary(await withStore(db, (storage) => importCannyExport(storage, path, target)), target.organization, target.board);
}
