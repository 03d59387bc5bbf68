/**
 * `serve` checks its command line before it loads the server's code: a mistyped option, a value
 * out of range or a bad environment variable exits 2 with the usage, having loaded no store, no
 * schema library and no operation (the loader hook of load-log.ts writes down every module of
 * node_modules the process loads), and creates nothing. A good command line then serves as
 * always (serve.test.ts and the other suites of test/cli).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, workDir } from '../helpers/cli.js';
import { loadLog } from '../helpers/load-log.js';

const work = workDir();
afterAll(() => work.remove());

describe('serve reads its command line first', () => {
  it.each([
    [['--port', 'abc', '--db', 'x.db'], /--port takes 0\.\.65535, not "abc"/],
    [['--bogus', '--db', 'x.db'], /Unknown option '--bogus'/],
    [['--log', 'xml', '--db', 'x.db'], /--log takes json, text or off, not "xml"/],
    [['--metrics-port', '9000', '--db', 'x.db'], /--metrics-port needs --metrics/],
  ])('serve %j exits 2 with the usage, loading no store, schema or operation, and creating nothing', async (args, message) => {
    const loaded = loadLog(work, '/node_modules/');
    const result = await runCli(['serve', ...args], work.dir, loaded.nodeArgs);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).toContain('Usage: feedback-board serve');
    expect(loaded.read()).not.toMatch(/better-sqlite3|\/zod\/|\/pg\/|hono\/dist\/hono/);
    expect(existsSync(join(work.dir, 'x.db'))).toBe(false);
  });

  it('a good command line still loads the store (the hook sees it)', async () => {
    const loaded = loadLog(work, '/node_modules/');
    // An unwritable path: the store is opened (loading better-sqlite3) and refused, exit 1.
    const result = await runCli(['serve', '--port', '0', '--db', join(work.dir, 'missing-folder', 'x.db')], work.dir, loaded.nodeArgs);
    expect(result.code).toBe(1);
    expect(loaded.read()).toMatch(/better-sqlite3/);
  });
});
