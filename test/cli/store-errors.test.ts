/**
 * Errors that name the thing: a `--db` URL of a store feedback-board cannot use is said to be one
 * (not taken for a SQLite path in a folder `mysql:`), a file SQLite cannot open or read is named,
 * and `export --out` onto an existing file is a sentence; in every case nothing is created and no
 * file is changed.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSqliteStorage } from '../../adapters/sqlite/index.js';
import { runCli, workDir } from '../helpers/cli.js';

const dirs: Array<ReturnType<typeof workDir>> = [];
afterAll(() => {
  for (const dir of dirs) dir.remove();
});

/** A scratch folder holding a text file `notes.txt`. */
function scratch(): ReturnType<typeof workDir> {
  const dir = workDir();
  dirs.push(dir);
  dir.write('notes.txt', 'these are notes, not a database\n');
  return dir;
}

const UNSUPPORTED =
  'is not a store feedback-board can use: give a SQLite file\'s path (feedback.db) or a PostgreSQL URL (postgres://user:pass@host/db)';

describe('errors that name the store', () => {
  it.concurrent.each([
    [['serve', '--port', '0', '--db', 'mysql://app:secret@db.internal/feedback']],
    [['export', '--db', 'mysql://app:secret@db.internal/feedback']],
    [['import', '--db', 'mysql://app:secret@db.internal/feedback', 'notes.txt']],
    [['import-csv', '--db', 'mysql://app:secret@db.internal/feedback', '--org', 'A', '--board', 'b', 'notes.txt']],
    [['mcp', '--db', 'mysql://app:secret@db.internal/feedback', '--key', 'k']],
    [['backup', '--db', 'mysql://app:secret@db.internal/feedback', 'copy.db']],
  ])('%j: an unsupported scheme is said to be one, without the password, and nothing is created', async (args) => {
    const dir = scratch();
    const result = await runCli(args, dir.dir);
    expect(result).toMatchObject({ code: 1, stdout: '', stderr: `feedback-board: --db mysql://… ${UNSUPPORTED}\n` });
    expect(readdirSync(dir.dir)).toEqual(['notes.txt']);
  });

  it.concurrent.each([
    [['serve', '--port', '0', '--db', 'notes.txt']],
    [['export', '--db', 'notes.txt']],
    [['import-csv', '--db', 'notes.txt', '--org', 'A', '--board', 'b', 'notes.txt']],
    [['mcp', '--db', 'notes.txt', '--key', 'k']],
  ])('%j: a file that is not a database is named, and left as it was', async (args) => {
    const dir = scratch();
    const result = await runCli(args, dir.dir);
    expect(result).toMatchObject({ code: 1, stdout: '', stderr: 'feedback-board: notes.txt is not a SQLite database (SQLite says: file is not a database)\n' });
    expect(readFileSync(join(dir.dir, 'notes.txt'), 'utf8')).toBe('these are notes, not a database\n');
    expect(readdirSync(dir.dir)).toEqual(['notes.txt']);
  });

  it('backup of a file that is not a database names it and writes no copy', async () => {
    const dir = scratch();
    const result = await runCli(['backup', '--db', 'notes.txt', 'copy.db'], dir.dir);
    expect(result).toMatchObject({ code: 1, stdout: '', stderr: 'feedback-board: notes.txt is not a SQLite database; nothing was copied\n' });
    expect(readdirSync(dir.dir)).toEqual(['notes.txt']);
  });

  it('a database in a folder that does not exist names the file and the folder', async () => {
    const dir = scratch();
    const result = await runCli(['serve', '--port', '0', '--db', 'data/feedback.db'], dir.dir);
    expect(result).toMatchObject({
      code: 1,
      stdout: '',
      stderr: `feedback-board: cannot open the SQLite database data/feedback.db: the folder ${join(dir.dir, 'data')} does not exist\n`,
    });
    expect(readdirSync(dir.dir)).toEqual(['notes.txt']);
  });

  it('export --out onto an existing file is a sentence, and the file is left as it was', async () => {
    const dir = scratch();
    await createSqliteStorage({ path: join(dir.dir, 'board.db') }).close();
    const before = readdirSync(dir.dir).sort();
    const result = await runCli(['export', '--db', 'board.db', '--out', 'notes.txt'], dir.dir);
    expect(result).toMatchObject({
      code: 1,
      stdout: '',
      stderr: 'feedback-board: notes.txt exists already: export writes a new file (choose another --out, or remove it); nothing was written\n',
    });
    expect(readFileSync(join(dir.dir, 'notes.txt'), 'utf8')).toBe('these are notes, not a database\n');
    expect(readdirSync(dir.dir).sort()).toEqual(before);
    const written = await runCli(['export', '--db', 'board.db', '--out', 'dump.jsonl'], dir.dir);
    expect(written.code).toBe(0);
    expect(readFileSync(join(dir.dir, 'dump.jsonl'), 'utf8')).toMatch(/^\{"counts":/);
  });
});
