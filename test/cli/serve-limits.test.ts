/** `serve --max-connections` and the timeouts, on a real server process. */
import type { Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { call, runCli, startServe, workDir, type Server } from '../helpers/cli.js';
import { KEYS, sampleFixture } from '../helpers/fixture.js';
import { idleConnection, rawRequest } from '../helpers/raw-http.js';

let server: Server | undefined;
let dir: ReturnType<typeof workDir> | undefined;
const sockets: Socket[] = [];
afterEach(async () => {
  for (const s of sockets.splice(0)) s.destroy();
  if (server && server.child.exitCode === null) await server.stop();
  dir?.remove();
});

describe('serve connection limits', () => {
  it('--max-connections 16: 200 idle connections later, a well-behaved client is still served', async () => {
    dir = workDir();
    server = await startServe(['--port', '0', '--max-connections', '16', '--fixture', dir.write('f.json', sampleFixture())], dir.dir);
    const port = Number(new URL(server.url).port);
    for (let round = 0; round < 5; round++) {
      for (let i = 0; i < 40; i++) sockets.push(await idleConnection(port));
      const r = await call(server.api, 'GET', '/boards', KEYS.acmeRead);
      expect(r.status).toBe(200);
    }
    // The server closed the connections that gave way; the client side sees that shortly after
    // (on a loaded machine, later: wait for it, up to 10 s, rather than a fixed time).
    const open = () => sockets.filter((s) => !s.destroyed && s.readyState === 'open').length;
    for (const start = Date.now(); open() > 16 && Date.now() - start < 10_000; ) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(open()).toBeLessThanOrEqual(16);
  });

  it('--headers-timeout 1: a request whose headers never finish gets 408 in the envelope', async () => {
    dir = workDir();
    server = await startServe(['--port', '0', '--headers-timeout', '1', '--memory'], dir.dir);
    const answer = await rawRequest(Number(new URL(server.url).port), 'GET /api/v1/boards HTTP/1.1\r\nHost: x\r\n', 5000);
    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.body).error.code).toBe('request_timeout');
  });

  it('refuses bad values with the usage and exit code 2', async () => {
    dir = workDir();
    for (const args of [['--max-connections', '0'], ['--idle-timeout', 'x'], ['--headers-timeout', '-1']]) {
      const r = await runCli(['serve', '--memory', ...args], dir.dir);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/Usage: feedback-board serve/);
    }
    const help = await runCli(['serve', '--help'], dir.dir);
    expect(help.stdout).toMatch(/--max-connections N[\s\S]*default 1000/);
  });
});
