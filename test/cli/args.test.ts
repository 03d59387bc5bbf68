import { readdirSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, startServe, workDir } from '../helpers/cli.js';
import { sampleFixture } from '../helpers/fixture.js';

const dir = workDir();
afterAll(() => dir.remove());

const USAGE = /Usage: feedback-board serve \[options\]/;

describe('feedback-board arguments', () => {
  // Independent processes: run them side by side.
  it.concurrent.each([
    ['a non-numeric port', ['serve', '--port', 'abc']],
    ['a port out of range', ['serve', '--port', '70000']],
    ['a negative port', ['serve', '--port', '-1']],
    ['an unknown option', ['serve', '--bogus']],
    ['a stray positional argument', ['serve', 'extra']],
    ['a missing option value', ['serve', '--fixture']],
    ['a zero rate limit', ['serve', '--rate-limit', '0']],
    ['a non-numeric rate limit', ['serve', '--rate-limit', 'fast']],
    ['a fractional rate limit', ['serve', '--rate-limit', '1.5']],
    ['an unknown command', ['frobnicate']],
    ['no command at all', []],
  ])('%s exits 2 with the usage on stderr', async (_name, args) => {
    const r = await runCli(args, dir.dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(USAGE);
    expect(r.stdout).not.toMatch(/listening on/);
  });

  it('--help prints the usage on stdout and exits 0', async () => {
    for (const args of [['--help'], ['-h'], ['help'], ['serve', '--help'], ['serve', '-h'], ['help', 'serve'], ['serve', '--port', 'abc', '--help']]) {
      const r = await runCli(args, dir.dir);
      expect(r).toMatchObject({ code: 0, stderr: '' });
      expect(r.stdout).toMatch(USAGE);
      expect(r.stdout).toMatch(/--rate-limit/);
    }
  });

  // Asking a command for help never fails on the options it is asking about, and changes nothing.
  it.concurrent.each([
    ['mcp', /^Usage: feedback-board mcp /],
    ['export', /^Usage: feedback-board export /],
    ['import', /feedback-board import --db /],
    ['import-csv', /^Usage: feedback-board import-csv /],
    ['import-canny', /^Usage: feedback-board import-canny /],
    ['backup', /^Usage: feedback-board backup /],
  ])('%s --help, -h and help %s print its usage on stdout and exit 0', { timeout: 90_000 }, async (command, usage) => {
    const scratch = workDir();
    try {
      for (const args of [[command, '--help'], ['help', command], [command, '--db', 'x.db', '--nope', '-h']]) {
        const r = await runCli(args, scratch.dir);
        expect(r, args.join(' ')).toMatchObject({ code: 0, stderr: '' });
        expect(r.stdout).toMatch(usage);
      }
      expect(readdirSync(scratch.dir)).toEqual([]);
    } finally {
      scratch.remove();
    }
  });

  it('help for an unknown command exits 2', async () => {
    const r = await runCli(['help', 'frobnicate'], dir.dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/no command "frobnicate"/);
  });

  it('an invalid fixture exits 1 naming the path of the offending field, and serves nothing', async () => {
    const fixture = sampleFixture();
    (fixture.organizations[0]!.boards[0]!.posts![1] as Record<string, unknown>).status = 'done';
    const file = dir.write('invalid.json', fixture);
    const r = await runCli(['serve', '--port', '0', '--fixture', file], dir.dir);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('organizations.0.boards.0.posts.1.status');
    expect(r.stdout).not.toMatch(/listening on/);
  });

  it('a fixture file that is missing or not JSON exits 1 naming the file', async () => {
    const missing = `${dir.dir}/nope.json`;
    const notJson = dir.write('broken.json', '{"organizations": [');
    for (const file of [missing, notJson]) {
      const r = await runCli(['serve', '--port', '0', '--fixture', file], dir.dir);
      expect(r.code).toBe(1);
      expect(r.stderr).toContain(file);
      expect(r.stdout).not.toMatch(/listening on/);
    }
  });

  it('a port already in use exits 1 without a listening line', async () => {
    const first = await startServe(['--port', '0', '--fixture', dir.write('ok.json', sampleFixture())], dir.dir);
    const port = new URL(first.url).port;
    const second = await runCli(['serve', '--port', port, '--memory'], dir.dir);
    expect(second.code).toBe(1);
    expect(second.stdout).not.toMatch(/listening on/);
    expect(second.stderr).toMatch(/EADDRINUSE|in use/);
    expect(await first.stop()).toBe(0);
  });
});
