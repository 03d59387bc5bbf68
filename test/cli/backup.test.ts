/**
 * `feedback-board backup --db FILE TARGET` while `serve` writes to FILE: the copy opens, passes
 * `PRAGMA integrity_check`, and holds every post whose creation was answered before the backup
 * began. Bad invocations change nothing.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli, startServe, waitForLine, workDir, type Server } from '../helpers/cli.js';

const running: Server[] = [];
const dirs: Array<ReturnType<typeof workDir>> = [];
afterEach(async () => {
  for (const server of running.splice(0)) await server.stop();
  for (const dir of dirs.splice(0)) dir.remove();
});

function scratch(): string {
  const dir = workDir();
  dirs.push(dir);
  return dir.dir;
}

describe('feedback-board backup', () => {
  it('copies a database while serve writes to it: intact, with every write answered before it began', async () => {
    const dir = scratch();
    const file = join(dir, 'live.db');
    const server = await startServe(['--port', '0', '--log', 'off', '--rate-limit', 'off', '--db', file], dir);
    running.push(server);
    const key = (await waitForLine(server, /^write key: +(\S+)$/))[1]!;
    const answered: string[] = [];
    let writing = true;
    const writer = (async () => {
      for (let i = 0; writing; i++) {
        const title = `stream post ${i}`;
        const response = await fetch(`${server.api}/boards/demo/posts`, {
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body: JSON.stringify({ title, body: 'written during the backup' }),
        });
        expect(response.status).toBe(201);
        answered.push(title);
      }
    })();
    while (answered.length < 20) await new Promise((r) => setTimeout(r, 10));
    const before = [...answered];
    const target = join(dir, 'copy.db');
    const result = await runCli(['backup', '--db', file, target], dir);
    writing = false;
    await writer;
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^backed up .*live\.db to .*copy\.db \(\d+ pages\)\n$/);

    const copy = new Database(target, { readonly: true, fileMustExist: true });
    try {
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      const titles = new Set((copy.prepare('SELECT title FROM fb_posts').all() as { title: string }[]).map((row) => row.title));
      for (const title of before) expect(titles.has(title), title).toBe(true);
    } finally {
      copy.close();
    }
  });

  it('refuses bad invocations, writing nothing', async () => {
    const dir = scratch();
    const existing = join(dir, 'taken.db');
    writeFileSync(existing, 'not a database');
    const cases: [string[], number, string][] = [
      [['backup', join(dir, 'out.db')], 2, 'backup needs --db FILE'],
      [['backup', '--db', existing], 2, 'backup takes exactly one TARGET file'],
      [['backup', '--db', 'postgres://h/db', join(dir, 'out.db')], 2, 'for PostgreSQL use pg_dump'],
      [['backup', '--db', join(dir, 'missing.db'), join(dir, 'out.db')], 1, 'no database at'],
      [['backup', '--db', existing, existing], 1, 'exists already'],
      [['backup', '--bogus'], 2, 'Unknown option'],
    ];
    for (const [args, code, message] of cases) {
      const result = await runCli(args, dir);
      expect({ args, code: result.code }).toEqual({ args, code });
      expect(result.stderr).toContain(message);
    }
    expect(existsSync(join(dir, 'out.db'))).toBe(false);
    expect(existsSync(join(dir, 'missing.db'))).toBe(false);
  });
});
