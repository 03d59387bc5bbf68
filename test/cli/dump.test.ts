/**
 * `feedback-board export` and `import` on SQLite files: a file exported, imported into a new file
 * and exported again gives the same bytes; a refused import exits 1, says why and stores nothing
 * (a corrupt line, a row crossing organizations, a field the API would refuse, bytes that are not
 * UTF-8); a bad invocation exits 2 with the usage.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createSqliteStorage } from '../../adapters/sqlite/index.js';
import { at, newBoard, newComment, newOrganization, newPost, newVoter } from '../../testing/fixtures.js';
import { runCli, workDir } from '../helpers/cli.js';
import { seedEverything } from '../node/dump-fixture.js';

const dirs: Array<ReturnType<typeof workDir>> = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) dir.remove();
});

async function seededFile(dir: string): Promise<string> {
  const file = join(dir, 'source.db');
  const storage = createSqliteStorage({ path: file });
  await seedEverything(storage);
  await storage.close();
  return file;
}

describe('feedback-board export and import', () => {
  it('round trip between two files gives the same dump; stderr (not a terminal) gets one summary line', async () => {
    const scratch = workDir();
    dirs.push(scratch);
    const source = await seededFile(scratch.dir);
    const first = await runCli(['export', '--db', source, '--out', 'one.jsonl'], scratch.dir);
    expect(first).toMatchObject({ code: 0, stdout: '' });
    expect(first.stderr).toMatch(/^exported \d+ rows\n$/);
    const imported = await runCli(['import', '--db', 'copy.db', 'one.jsonl'], scratch.dir);
    expect(imported.stderr).toMatch(/^imported \d+ rows\n$/);
    expect(imported.code).toBe(0);
    const second = await runCli(['export', '--db', 'copy.db'], scratch.dir);
    expect(second.code).toBe(0);
    expect(second.stdout).toBe(readFileSync(join(scratch.dir, 'one.jsonl'), 'utf8'));

    const again = await runCli(['import', '--db', 'copy.db', 'one.jsonl'], scratch.dir);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/already holds data.*nothing was stored/);
    expect((await runCli(['export', '--db', 'copy.db'], scratch.dir)).stdout).toBe(second.stdout);
  });

  it('a corrupt line is named and nothing is stored; bad invocations print the usage', async () => {
    const scratch = workDir();
    dirs.push(scratch);
    const source = await seededFile(scratch.dir);
    const dump = (await runCli(['export', '--db', source], scratch.dir)).stdout.split('\n');
    dump[7] = '{"table":"posts","row":';
    writeFileSync(join(scratch.dir, 'bad.jsonl'), dump.join('\n'));
    const bad = await runCli(['import', '--db', 'target.db', 'bad.jsonl'], scratch.dir);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toBe('feedback-board import: line 8: not a JSON line (the dump may be cut short or corrupt); nothing was stored\n');
    expect((await runCli(['import', '--db', 'target.db', join(scratch.dir, 'bad.jsonl')], scratch.dir)).code).toBe(1);
    const empty = await runCli(['export', '--db', 'target.db'], scratch.dir);
    expect(empty.stdout.split('\n').filter(Boolean)).toHaveLength(1);

    const usage = await runCli(['export'], scratch.dir);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/^feedback-board export: export needs --db FILE\|URL\n\nUsage: feedback-board export/);
    expect((await runCli(['import', '--db', 'x.db'], scratch.dir)).code).toBe(2);
    const missing = await runCli(['export', '--db', 'nothing-here.db'], scratch.dir);
    expect(missing).toMatchObject({ code: 1, stderr: 'feedback-board: no database at nothing-here.db\n' });
  });

  it("refuses a Globex voter's vote and comment on an Acme post, naming the line, and stores nothing", async () => {
    const scratch = workDir();
    dirs.push(scratch);
    const file = join(scratch.dir, 'crossed.db');
    const storage = createSqliteStorage({ path: file });
    // Written through the storage contract, which trusts its caller: no operation would do this.
    await storage.transaction('write', async (tx) => {
      const acme = await tx.insertOrganization(newOrganization({ name: 'Acme' }));
      const globex = await tx.insertOrganization(newOrganization({ name: 'Globex' }));
      const post = await tx.insertPost(newPost((await tx.insertBoard(newBoard(acme.id))).id));
      const insider = await tx.insertVoter(newVoter(acme.id, { email: 'ann@acme.test' }));
      const outsider = await tx.insertVoter(newVoter(globex.id, { email: 'gus@globex.test' }));
      await tx.insertVote({ post_id: post.id, voter_id: insider.id, created_at: at(1) });
      await tx.insertVote({ post_id: post.id, voter_id: outsider.id, created_at: at(2) });
      await tx.insertComment(newComment(post.id, { voter_id: outsider.id, is_admin: false }));
    });
    await storage.close();
    const dump = (await runCli(['export', '--db', file], scratch.dir)).stdout;
    const lines = dump.split('\n');
    const vote = lines.findIndex((line) => line.includes('"table":"votes"') && line.includes('"voter_id":2')) + 1;
    writeFileSync(join(scratch.dir, 'crossed.jsonl'), dump);
    const refused = await runCli(['import', '--db', 'target.db', 'crossed.jsonl'], scratch.dir);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(
      `feedback-board import: line ${vote}: a row of votes names rows of two organizations: post_id 1 is of organization 1, voter_id 2 of organization 2; nothing was stored\n`,
    );
    expect((await runCli(['export', '--db', 'target.db'], scratch.dir)).stdout.split('\n').filter(Boolean)).toHaveLength(1);
    // Without the vote, the comment is refused the same way.
    writeFileSync(join(scratch.dir, 'comment.jsonl'), lines.filter((_, i) => i !== vote - 1).join('\n').replace('"votes":2', '"votes":1'));
    const comment = await runCli(['import', '--db', 'target.db', 'comment.jsonl'], scratch.dir);
    expect(comment.code).toBe(1);
    expect(comment.stderr).toMatch(/^feedback-board import: line \d+: a row of comments names rows of two organizations: post_id 1 is of organization 1, voter_id 2 of organization 2; nothing was stored\n$/);
  });

  it("refuses a field the API would refuse (a 5 MiB title, a NUL, a 10 MiB body) and bytes that are not UTF-8, naming the line", async () => {
    const scratch = workDir();
    dirs.push(scratch);
    const source = await seededFile(scratch.dir);
    const dump = (await runCli(['export', '--db', source], scratch.dir)).stdout;
    const lines = dump.split('\n');
    const post = lines.findIndex((line) => line.includes('"title":"Dark mode please"'));
    const variants: [string, Buffer, RegExp][] = [
      ['long-title', Buffer.from(dump.replace('"title":"Dark mode please"', `"title":"${'x'.repeat(5 * 1024 * 1024)}"`)), /posts\.title must be at most 200 characters/],
      ['nul', Buffer.from(dump.replace('"title":"Dark mode please"', '"title":"Dark\\u0000mode"')), /posts\.title must not contain NUL characters/],
      ['long-body', Buffer.from(dump.replace('"body":"Night owls"', `"body":"${'y'.repeat(10 * 1024 * 1024)}"`)), /posts\.body must be at most 20000 characters/],
      // "café" in Latin-1: its é one byte 0xE9, which no UTF-8 sequence starts with and ends.
      ['latin1', Buffer.concat([Buffer.from(dump.slice(0, dump.indexOf('Dark mode please'))), Buffer.from('Dark mode caf'), Buffer.from([0xe9]), Buffer.from(dump.slice(dump.indexOf('Dark mode please') + 16))]), /not valid UTF-8/],
    ];
    for (const [name, bytes, reason] of variants) {
      writeFileSync(join(scratch.dir, `${name}.jsonl`), bytes);
      const refused = await runCli(['import', '--db', `${name}.db`, `${name}.jsonl`], scratch.dir);
      expect(refused.code, name).toBe(1);
      expect(refused.stderr, name).toMatch(new RegExp(`^feedback-board import: line ${post + 1}: .*${reason.source}.*; nothing was stored\n$`));
      expect((await runCli(['export', '--db', `${name}.db`], scratch.dir)).stdout.split('\n').filter(Boolean), name).toHaveLength(1);
    }
  });
});
