/**
 * `serve --auth-throttle off|BURST/PER_MINUTE`: the failed-authentication throttle switched off
 * (a harness checking 401 paths), set tighter than the default, and bad values refused.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { KEYS, sampleFixture } from '../helpers/fixture.js';
import { call, runCli, startServe, workDir, type Server } from '../helpers/cli.js';

let running: Server[] = [];
const dirs: Array<ReturnType<typeof workDir>> = [];
afterEach(async () => {
  for (const s of running) if (s.child.exitCode === null) await s.stop();
  for (const d of dirs.splice(0)) d.remove();
  running = [];
});

async function serveFixture(extra: string[]): Promise<Server> {
  const dir = workDir();
  dirs.push(dir);
  const server = await startServe(['--port', '0', '--fixture', dir.write('f.json', sampleFixture()), ...extra], dir.dir);
  running.push(server);
  return server;
}

async function failures(server: Server, count: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) statuses.push((await call(server.api, 'GET', '/boards', 'fbk_wrong-key-000000')).status);
  return statuses;
}

describe('serve --auth-throttle', () => {
  it('off: every failed authentication is a 401, however many', async () => {
    const server = await serveFixture(['--auth-throttle', 'off']);
    expect(new Set(await failures(server, 60))).toEqual(new Set([401]));
    expect((await call(server.api, 'GET', '/boards', KEYS.acmeWrite)).status).toBe(200);
  });

  it('BURST/PER_MINUTE: the burst-th failure is the last 401, then 429 with Retry-After', async () => {
    const server = await serveFixture(['--auth-throttle', '3/1']);
    expect(await failures(server, 4)).toEqual([401, 401, 401, 429]);
    const refused = await call(server.api, 'GET', '/boards', KEYS.acmeWrite);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });

  it('by default allows 30 failures at once', async () => {
    const server = await serveFixture([]);
    const statuses = await failures(server, 31);
    expect(statuses.filter((s) => s === 401)).toHaveLength(30);
    expect(statuses.at(-1)).toBe(429);
  });

  it.each(['0/30', '30', '30/0', '30/30/1', 'on', '1.5/5', '3/x'])('refuses --auth-throttle %s with exit 2', async (value) => {
    const dir = workDir();
    dirs.push(dir);
    const result = await runCli(['serve', '--port', '0', '--memory', '--auth-throttle', value], dir.dir);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`--auth-throttle takes "off" or BURST/PER_MINUTE such as 30/30, not "${value}"`);
    expect(result.stdout).toBe('');
  });
});
