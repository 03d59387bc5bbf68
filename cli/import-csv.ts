/**
 * `feedback-board import-csv --db FILE|URL --org NAME --board SLUG FILE`: posts, votes and comments
 * from a CSV file (the columns are in docs/import.md) into one board, in one transaction. Exit
 * codes as `import`: 0 stored, 1 refused (the line is named, nothing was stored), 2 bad invocation.
 */
import { createReadStream, existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { importFeedbackCsv, type CsvImportResult } from '../src/node/csv-import.js';
import { openStorage, StorageChoiceError } from './storage.js';

/** The usage of `import-csv`. */
export const IMPORT_CSV_USAGE = `Usage: feedback-board import-csv --db FILE|URL --org NAME --board SLUG FILE

Imports posts, votes and comments from a CSV file (see docs/import.md) into the board SLUG of
the organization NAME, creating either if absent. One transaction: a bad row is named by its
line and nothing of the file is stored.
`;

/** A bad invocation of `import-csv`; the CLI prints it with the usage and exits 2. */
export class ImportCsvUsageError extends Error {}

const count = (n: number, noun: string): string => `${n} ${noun}${n === 1 ? '' : 's'}`;

function summary(result: CsvImportResult, org: string, board: string): string {
  const created = [result.organizationCreated ? `organization "${org}"` : '', result.boardCreated ? `board "${board}"` : ''].filter(Boolean);
  const repeated = result.repeatedVotes > 0 ? ` (${result.repeatedVotes} repeated vote${result.repeatedVotes > 1 ? 's' : ''} counted once)` : '';
  return (
    `imported ${count(result.posts, 'post')}, ${count(result.votes, 'vote')}${repeated}, ${count(result.comments, 'comment')}; ${count(result.votersCreated, 'new voter')}` +
    (created.length > 0 ? `; created ${created.join(' and ')}` : '')
  );
}

/** Runs `import-csv` with `argv` (the arguments after the command); resolves with its summary line. */
export async function runImportCsv(argv: string[]): Promise<string> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: { db: { type: 'string' }, org: { type: 'string' }, board: { type: 'string' } },
    strict: true,
    allowPositionals: true,
  });
  if (values.db === undefined) throw new ImportCsvUsageError('import-csv needs --db FILE|URL');
  if (values.org === undefined) throw new ImportCsvUsageError('import-csv needs --org NAME (the organization, created if absent)');
  if (values.board === undefined) throw new ImportCsvUsageError('import-csv needs --board SLUG (the board, created if absent)');
  if (positionals.length !== 1) throw new ImportCsvUsageError('import-csv takes exactly one CSV FILE');
  const file = positionals[0]!;
  if (!existsSync(file)) throw new StorageChoiceError(`no CSV file at ${file}`);
  const { storage } = await openStorage({ db: values.db, memory: false, fixture: false });
  try {
    return summary(await importFeedbackCsv(storage, createReadStream(file), { organization: values.org, board: values.board }), values.org, values.board);
  } finally {
    await storage.close();
  }
}
