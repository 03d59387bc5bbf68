/**
 * `serve`'s options from environment variables: each variable acts as its flag, a flag wins over
 * its variable (and `--db`/`--memory` over each other's), and a bad value is refused like the
 * flag's, starting nothing.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { envArguments, EnvOptionError, envName } from '../../cli/env-options.js';
import { CLI, call, workDir } from '../helpers/cli.js';
import { KEYS, sampleFixture } from '../helpers/fixture.js';

const dirs: Array<ReturnType<typeof workDir>> = [];
const children: Array<ReturnType<typeof spawn>> = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGTERM');
  for (const d of dirs.splice(0)) d.remove();
});

/** Starts the CLI with `env` added; resolves with its first stdout line, or its exit and stderr. */
function run(args: string[], env: Record<string, string>, cwd: string): Promise<{ line?: string; code?: number | null; stderr: string }> {
  const child = spawn(process.execPath, [CLI, ...args], { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let stderr = '';
  let stdout = '';
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  return new Promise((done) => {
    child.stdout!.on('data', (c: Buffer) => {
      stdout += c.toString();
      if (stdout.includes('\n')) done({ line: stdout.split('\n')[0]!, stderr });
    });
    child.once('exit', (code) => done({ code, stderr }));
  });
}

describe('envArguments', () => {
  const options = { port: { type: 'string' }, memory: { type: 'boolean' }, db: { type: 'string' }, help: { type: 'boolean' } } as const;

  it('names variables after the options', () => {
    expect(envName('rate-limit')).toBe('FEEDBACK_BOARD_RATE_LIMIT');
  });

  it('turns variables into flags placed before the command line, leaving out the ones the command line gives', () => {
    expect(envArguments(options, { FEEDBACK_BOARD_PORT: '9000', FEEDBACK_BOARD_MEMORY: 'true' }, [])).toEqual(['--port=9000', '--memory']);
    expect(envArguments(options, { FEEDBACK_BOARD_PORT: '9000' }, ['--port', '1'])).toEqual([]);
    expect(envArguments(options, { FEEDBACK_BOARD_DB: 'x.db' }, ['--memory'])).toEqual([]);
    expect(envArguments(options, { FEEDBACK_BOARD_MEMORY: '1' }, ['--db=y.db'])).toEqual([]);
    expect(envArguments(options, { FEEDBACK_BOARD_MEMORY: '0', FEEDBACK_BOARD_PORT: '', FEEDBACK_BOARD_HELP: '1' }, [])).toEqual([]);
  });

  it('refuses a switch variable that is neither 1/true nor 0/false', () => {
    expect(() => envArguments(options, { FEEDBACK_BOARD_MEMORY: 'yes' }, [])).toThrow(EnvOptionError);
  });
});

describe('serve with environment variables', () => {
  it('takes its options from the variables', async () => {
    const dir = workDir();
    dirs.push(dir);
    const fixture = dir.write('f.json', sampleFixture());
    const started = await run(['serve'], { FEEDBACK_BOARD_PORT: '0', FEEDBACK_BOARD_FIXTURE: fixture, FEEDBACK_BOARD_RATE_LIMIT: '2' }, dir.dir);
    const url = /^listening on (http:\/\/\S+)$/.exec(started.line ?? '')?.[1];
    expect(url, started.stderr).toBeDefined();
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await call(`${url}/api/v1`, 'GET', '/boards', KEYS.acmeWrite)).status);
    expect(statuses).toEqual([200, 200, 429]);
  });

  it('lets a flag win over its variable, --memory over FEEDBACK_BOARD_DB included', async () => {
    const dir = workDir();
    dirs.push(dir);
    const started = await run(['serve', '--port', '0', '--memory', '--host', '127.0.0.1'], { FEEDBACK_BOARD_PORT: '1', FEEDBACK_BOARD_DB: 'env.db', FEEDBACK_BOARD_HOST: '203.0.113.1' }, dir.dir);
    expect(started.line).toMatch(/^listening on http:\/\/127\.0\.0\.1:(?!1$)[0-9]+$/);
    expect(existsSync(join(dir.dir, 'env.db'))).toBe(false);
  });

  it.each([
    [{ FEEDBACK_BOARD_PORT: 'abc' }, /--port takes 0\.\.65535, not "abc"/],
    [{ FEEDBACK_BOARD_MEMORY: 'yes' }, /FEEDBACK_BOARD_MEMORY takes 1, true, 0 or false, not "yes"/],
    [{ FEEDBACK_BOARD_AUTH_THROTTLE: 'never' }, /--auth-throttle takes "off"/],
  ])('refuses %j with exit 2 and starts nothing', async (env, message) => {
    const dir = workDir();
    dirs.push(dir);
    const result = await run(['serve'], env, dir.dir);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
  });
});
