/**
 * `feedback-board import-csv` on a SQLite file: a good file is stored and summarized (exit 0); a
 * file with a bad row on line 57 exits 1 naming the line, and the store's counts and dump are what
 * they were; a bad invocation exits 2 with the usage.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { runCli, workDir } from '../helpers/cli.js';
import { GOOD_CSV } from '../node/csv-fixture.js';

const dirs: Array<ReturnType<typeof workDir>> = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) dir.remove();
});

/** The store's rows per table, from the header of its dump. */
async function countsOf(db: string, cwd: string): Promise<Record<string, number>> {
  const dump = await runCli(['export', '--db', db], cwd);
  expect(dump.code).toBe(0);
  return (JSON.parse(dump.stdout.split('\n')[0]!) as { counts: Record<string, number> }).counts;
}

/** 57 lines: a header, 54 good rows, the bad row on line 57 ('wip'), one good row after it. */
function fileWithBadLine57(): string {
  const rows = ['type,id,post_id,title,body,status,email,created_at'];
  for (let i = 1; rows.length < 56; i++) rows.push(`post,n${i},,New ${i},,open,,2024-04-01T00:00:00Z`);
  rows.push('post,bad,,Bad,,wip,,2024-04-01T00:00:00Z', 'vote,,n1,,,,zed@example.com,2024-04-02T00:00:00Z');
  return `${rows.join('\n')}\n`;
}

describe('feedback-board import-csv', () => {
  it('stores a good file and refuses a bad one whole, naming line 57', async () => {
    const scratch = workDir();
    dirs.push(scratch);
    scratch.write('good.csv', GOOD_CSV);
    const good = await runCli(['import-csv', '--db', 'board.db', '--org', 'Acme', '--board', 'features', 'good.csv'], scratch.dir);
    expect(good).toMatchObject({ code: 0, stdout: '' });
    expect(good.stderr).toBe(
      'imported 2 posts, 3 votes (1 repeated vote counted once), 3 comments; 3 new voters; created organization "Acme" and board "features"\n',
    );
    const counts = await countsOf('board.db', scratch.dir);
    expect(counts).toMatchObject({ organizations: 1, boards: 1, posts: 2, votes: 3, comments: 3, voters: 3 });
    const before = (await runCli(['export', '--db', 'board.db'], scratch.dir)).stdout;

    scratch.write('bad.csv', fileWithBadLine57());
    const bad = await runCli(['import-csv', '--db', 'board.db', '--org', 'Acme', '--board', 'features', 'bad.csv'], scratch.dir);
    expect(bad).toMatchObject({ code: 1, stdout: '' });
    expect(bad.stderr).toBe(
      "feedback-board import-csv: line 57: status 'wip' is not one of open, planned, in_progress, shipped, declined; nothing was stored\n",
    );
    expect(await countsOf('board.db', scratch.dir)).toEqual(counts);
    expect((await runCli(['export', '--db', 'board.db'], scratch.dir)).stdout).toBe(before);

    scratch.write('fixed.csv', fileWithBadLine57().replace(',wip,', ',declined,'));
    const fixed = await runCli(['import-csv', '--db', 'board.db', '--org', 'Acme', '--board', 'features', 'fixed.csv'], scratch.dir);
    expect(fixed.stderr).toBe('imported 56 posts, 1 vote, 0 comments; 1 new voter\n');
    expect(await countsOf('board.db', scratch.dir)).toMatchObject({ boards: 1, posts: 58, votes: 4 });
  });

  it('an empty file, an unknown or a missing column exit 1; a bad invocation exits 2 with the usage', async () => {
    const scratch = workDir();
    dirs.push(scratch);
    const run = (file: string) => runCli(['import-csv', '--db', 'board.db', '--org', 'Acme', '--board', 'features', file], scratch.dir);
    scratch.write('empty.csv', '');
    expect(await run('empty.csv')).toMatchObject({ code: 1, stderr: 'feedback-board import-csv: the file is empty (no header line); nothing was stored\n' });
    scratch.write('extra.csv', 'type,id,post_id,title,body,email,created_at,votes\n');
    expect((await run('extra.csv')).stderr).toMatch(/^feedback-board import-csv: line 1: unknown column votes \(the columns are type, id, /);
    scratch.write('short.csv', 'type,id,title,body,email\n');
    expect(await run('short.csv')).toMatchObject({ code: 1, stderr: 'feedback-board import-csv: line 1: missing required columns post_id, created_at; nothing was stored\n' });
    expect(await countsOf('board.db', scratch.dir)).toMatchObject({ organizations: 0, posts: 0 });

    const usage = await runCli(['import-csv', '--db', 'board.db', 'x.csv'], scratch.dir);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/^feedback-board import-csv: import-csv needs --org NAME .*\n\nUsage: feedback-board import-csv/);
    expect((await runCli(['import-csv', '--db', 'board.db', '--org', 'A', '--board', 'b', '--nope', 'x.csv'], scratch.dir)).code).toBe(2);
    expect(await runCli(['import-csv', '--db', 'board.db', '--org', 'A', '--board', 'b', 'none.csv'], scratch.dir)).toMatchObject({
      code: 1,
      stderr: 'feedback-board: no CSV file at none.csv\n',
    });
  });
});
