/**
 * `feedback-board import-csv` and `import-canny` on a SQLite file: a good file is stored and
 * summarized (exit 0), and a second run skips it all; a file with a bad row on line 57 exits 1
 * naming the line, and the store's counts and dump are what they were; an organization name that
 * is not there needs --create-org; a semicolon-separated file is read as such and a workbook is
 * refused; the exports of Fider and Canny import; a bad invocation exits 2 with the usage.
 */
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli, workDir } from '../helpers/cli.js';
import { GOOD_CSV } from '../node/csv-fixture.js';

const FIXTURES = join(import.meta.dirname, '../node/fixtures');

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

// Each test runs the real command several times: on a loaded machine each run takes seconds.
describe('feedback-board import-csv', { timeout: 120_000 }, () => {
  it('stores a good file and refuses a bad one whole, naming line 57', async () => {
    const scratch = workDir();
    dirs.push(scratch);
    scratch.write('good.csv', GOOD_CSV);
    const good = await runCli(['import-csv', '--db', 'board.db', '--org', 'Acme', '--create-org', '--board', 'features', 'good.csv'], scratch.dir);
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
    const run = (file: string) => runCli(['import-csv', '--db', 'board.db', '--org', 'Acme', '--create-org', '--board', 'features', file], scratch.dir);
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
    for (const args of [['--from', 'trello'], ['--status', 'wip'], ['--status', 'wip=done']]) {
      const bad = await runCli(['import-csv', '--db', 'board.db', '--org', 'A', '--board', 'b', ...args, 'x.csv'], scratch.dir);
      expect(bad.code, args.join(' ')).toBe(2);
      expect(bad.stderr).toMatch(/^feedback-board import-csv: (--from takes csv, fider, uservoice, quackback, not "trello"|--status takes NAME=STATUS with STATUS one of open, planned, in_progress, shipped, declined, not "wip(=done)?")\n\nUsage:/);
    }
    expect((await runCli(['import-csv', '--db', 'board.db', '--org', 'A', '--board', 'b', '--nope', 'x.csv'], scratch.dir)).code).toBe(2);
    expect(await runCli(['import-csv', '--db', 'board.db', '--org', 'A', '--board', 'b', 'none.csv'], scratch.dir)).toMatchObject({
      code: 1,
      stderr: 'feedback-board: no CSV file at none.csv\n',
    });
  });

  it('a second run skips what the first stored, and says so', async () => {
    const scratch = workDir();
    dirs.push(scratch);
    scratch.write('good.csv', GOOD_CSV);
    const args = ['import-csv', '--db', 'board.db', '--org', 'Acme', '--create-org', '--board', 'features', 'good.csv'];
    expect((await runCli(args, scratch.dir)).code).toBe(0);
    const before = (await runCli(['export', '--db', 'board.db'], scratch.dir)).stdout;
    const again = await runCli(args, scratch.dir);
    expect(again).toMatchObject({ code: 0, stdout: '' });
    expect(again.stderr).toBe(
      'imported 0 posts, 0 votes (1 repeated vote counted once), 0 comments; 0 new voters; skipped 2 posts, 3 votes, 3 comments already there\n',
    );
    expect((await runCli(['export', '--db', 'board.db'], scratch.dir)).stdout).toBe(before);
  });

  it('an organization name that is not there exits 1 naming the ones there are; nothing is stored', async () => {
    const scratch = workDir();
    dirs.push(scratch);
    scratch.write('good.csv', GOOD_CSV);
    expect((await runCli(['import-csv', '--db', 'board.db', '--org', 'Acme', '--create-org', '--board', 'features', 'good.csv'], scratch.dir)).code).toBe(0);
    const counts = await countsOf('board.db', scratch.dir);
    const lower = await runCli(['import-csv', '--db', 'board.db', '--org', 'acme', '--board', 'features', 'good.csv'], scratch.dir);
    expect(lower).toMatchObject({
      code: 1,
      stderr: 'feedback-board import-csv: no organization is named "acme" (did you mean "Acme"? names are exact): the store has "Acme"; to create it, add --create-org; nothing was stored\n',
    });
    expect(await countsOf('board.db', scratch.dir)).toEqual(counts);
  });

  it('a semicolon-separated file is read as such; a workbook is refused as not CSV', async () => {
    const scratch = workDir();
    dirs.push(scratch);
    scratch.write('excel.csv', 'type;id;post_id;title;body;email;created_at\r\npost;p1;;Dark mode, please;"Night; owls";alice@example.com;2024-03-01T10:00:00Z\r\n');
    const run = (file: string) => runCli(['import-csv', '--db', 'board.db', '--org', 'Acme', '--create-org', '--board', 'features', file], scratch.dir);
    expect(await run('excel.csv')).toMatchObject({
      code: 0,
      stderr: 'imported 1 post, 0 votes, 0 comments; 1 new voter; created organization "Acme" and board "features" (fields separated by semicolons)\n',
    });
    scratch.write('book.xlsx', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00, 0x08, 0x00]).toString('latin1'));
    expect(await run('book.xlsx')).toMatchObject({
      code: 1,
      stderr: 'feedback-board import-csv: the file is not CSV: it is a ZIP archive (an Excel .xlsx or OpenDocument workbook?): save it as CSV (UTF-8); nothing was stored\n',
    });
    expect(await countsOf('board.db', scratch.dir)).toMatchObject({ organizations: 1, posts: 1 });
  });

  it("--from fider imports Fider's posts export, says what it cannot carry, and skips it all the second time", async () => {
    const scratch = workDir();
    dirs.push(scratch);
    copyFileSync(join(FIXTURES, 'fider-posts.csv'), join(scratch.dir, 'posts.csv'));
    const args = ['import-csv', '--db', 'board.db', '--org', 'Acme', '--create-org', '--board', 'ideas', '--from', 'fider', 'posts.csv'];
    const first = await runCli(args, scratch.dir);
    expect(first).toMatchObject({ code: 0, stdout: '' });
    expect(first.stderr).toBe(
      'imported 7 posts, 0 votes, 5 comments; 6 new voters; created organization "Acme" and board "ideas"\n' +
        "not carried over: votes (Fider's export counts them, without the voters): 19; comments (Fider's export counts them only): 4; " +
        'duplicates of posts not in the export (stored as declined): 1\n',
    );
    const again = await runCli(args, scratch.dir);
    expect(again.stderr.split('\n')[0]).toBe('imported 0 posts, 0 votes, 0 comments; 0 new voters; skipped 7 posts, 0 votes, 5 comments already there');
    const generic = await runCli(['import-csv', '--db', 'board.db', '--org', 'Acme', '--board', 'ideas', 'posts.csv'], scratch.dir);
    expect(generic).toMatchObject({ code: 1, stderr: "feedback-board import-csv: line 1: this looks like Fider's posts export: add --from fider; nothing was stored\n" });
  });

  it("import-canny imports Canny's API answers from a folder; a missing folder or a custom status is refused", async () => {
    const scratch = workDir();
    dirs.push(scratch);
    const args = ['import-canny', '--db', 'board.db', '--org', 'Acme', '--create-org', '--board', 'ideas', join(FIXTURES, 'canny')];
    const first = await runCli(args, scratch.dir);
    expect(first).toMatchObject({ code: 0, stdout: '' });
    expect(first.stderr).toBe(
      'imported 3 posts, 3 votes, 2 comments; 2 new voters; created organization "Acme" and board "ideas"\n' +
        'not carried over: internal comments (seen by the team only, in Canny): 1; votes of voters without an e-mail address: 1\n',
    );
    expect((await runCli(args, scratch.dir)).stderr.split('\n')[0]).toBe('imported 0 posts, 0 votes, 0 comments; 0 new voters; skipped 3 posts, 3 votes, 2 comments already there');
    expect(await runCli([...args.slice(0, -1), 'nowhere'], scratch.dir)).toMatchObject({
      code: 1,
      stderr: 'feedback-board: no folder at nowhere (import-canny reads posts.json, comments.json and votes.json from one)\n',
    });
    const custom = workDir();
    dirs.push(custom);
    custom.write('posts.json', JSON.stringify([{ id: 'p1', title: 'T', details: '', status: 'needs info', created: '2024-01-01T00:00:00.000Z', author: null }]));
    const refused = await runCli([...args.slice(0, -1), custom.dir], scratch.dir);
    expect(refused).toMatchObject({
      code: 1,
      stderr:
        "feedback-board import-canny: posts.json, post 1 (id p1): the status 'needs info' of Canny's API answers has no counterpart here: " +
        "map it with --status 'needs info=STATUS' (STATUS one of open, planned, in_progress, shipped, declined); nothing was stored\n",
    });
    const mapped = await runCli([...args.slice(0, -1), '--status', 'Needs Info=open', custom.dir], scratch.dir);
    expect(mapped.stderr.split('\n')[0]).toBe('imported 1 post, 0 votes, 0 comments; 1 new voter');
  });
});
