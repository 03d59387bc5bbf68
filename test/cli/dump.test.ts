/**
 * `feedback-board export` and `import` on SQLite files: a file exported, imported into a new file
 * and exported again gives the same bytes; a refused import exits 1, says why and stores nothing;
 * a bad invocation exits 2 with the usage.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createSqliteStorage } from '../../adapters/sqlite/index.js';
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
});
