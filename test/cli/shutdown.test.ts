/**
 * Graceful shutdown of `serve`: on SIGTERM it stops accepting connections, lets the requests in
 * flight finish (for up to `--shutdown-timeout`), closes the store and exits 0.
 */
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { KEYS, sampleFixture } from '../helpers/fixture.js';
import { runCli, startServe, workDir, type Server } from '../helpers/cli.js';

let running: Server[] = [];
const dirs: Array<ReturnType<typeof workDir>> = [];
afterEach(async () => {
  for (const s of running) if (s.child.exitCode === null) s.child.kill('SIGKILL');
  for (const d of dirs.splice(0)) d.remove();
  running = [];
});

/** Whitespace sent ahead of the JSON: 500 bytes every 250 ms, well above the 512 bytes a second a body must keep up. */
const TRICKLE = { bytes: 500, everyMs: 250, total: 16_000 };

/**
 * A POST whose body takes its time, as a slow but steady upload does. It asks
 * `Expect: 100-continue`, so the promise resolves only once the server has read the request's
 * headers (the request is then in flight for the server, not a connection waiting in the listen
 * queue); from then on the body trickles in as leading whitespace, which JSON allows, so the
 * server's minimum body rate is met however long the test waits. `finish()` sends the rest of the
 * body and resolves with the final status.
 */
function slowPost(port: number, title: string): Promise<{ socket: Socket; finish(): Promise<number> }> {
  const body = ' '.repeat(TRICKLE.total) + JSON.stringify({ title });
  return new Promise((ready, fail) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(
        `POST /api/v1/boards/features/posts HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${KEYS.acmeWrite}\r\n` +
          `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n`,
      );
    });
    let sent = 0;
    let trickle: ReturnType<typeof setInterval> | undefined;
    let answer = '';
    const answered = new Promise<number>((done) => {
      socket.on('close', () => {
        clearInterval(trickle);
        const statuses = [...answer.matchAll(/^HTTP\/1\.1 (\d{3})/gm)].map((m) => Number(m[1]));
        done(statuses.filter((status) => status !== 100).at(-1) ?? 0);
      });
    });
    socket.on('data', (chunk) => {
      answer += chunk.toString();
      if (trickle !== undefined || !answer.startsWith('HTTP/1.1 100')) return;
      trickle = setInterval(() => {
        const next = Math.min(TRICKLE.bytes, TRICKLE.total - sent);
        if (next > 0 && socket.writable) socket.write(body.slice(sent, (sent += next)));
      }, TRICKLE.everyMs);
      ready({
        socket,
        finish: () => {
          clearInterval(trickle);
          socket.write(body.slice(sent));
          return answered;
        },
      });
    });
    socket.on('error', fail);
  });
}

describe('serve: graceful shutdown', () => {
  it('SIGTERM during 50 slow requests answers all 50, refuses new connections, then exits 0', async () => {
    const dir = workDir();
    dirs.push(dir);
    const server = await startServe(['--port', '0', '--rate-limit', 'off', '--fixture', dir.write('f.json', sampleFixture())], dir.dir);
    running.push(server);
    const port = Number(new URL(server.url).port);
    const requests = await Promise.all(Array.from({ length: 50 }, (_, i) => slowPost(port, `Slow ${i}`)));
    const exited = new Promise<number | null>((done) => server.child.once('exit', (code) => done(code)));
    server.child.kill('SIGTERM');
    // Past the 2 s a server started inside an application would wait: --shutdown-timeout is 10 s.
    await new Promise((r) => setTimeout(r, 2500));
    await expect(slowPost(port, 'too late')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    expect(server.child.exitCode).toBeNull();
    const statuses = await Promise.all(requests.map((r) => r.finish()));
    expect(statuses).toEqual(Array(50).fill(201));
    expect(await exited).toBe(0);
  });

  it('cuts what is still in flight after --shutdown-timeout and exits 0', async () => {
    const dir = workDir();
    dirs.push(dir);
    const server = await startServe(['--port', '0', '--shutdown-timeout', '1', '--fixture', dir.write('f.json', sampleFixture())], dir.dir);
    running.push(server);
    const stuck = await slowPost(Number(new URL(server.url).port), 'never finished');
    const started = Date.now();
    const exited = new Promise<number | null>((done) => server.child.once('exit', (code) => done(code)));
    server.child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(Date.now() - started).toBeLessThan(8000);
    stuck.socket.destroy();
  });

  it('shuts down gracefully on a SIGTERM sent as soon as the first line is out, while the rest is still printed', async () => {
    // A new file: the demo organization and its pages, whose team sign-in link is printed last.
    const dir = workDir();
    dirs.push(dir);
    const server = await startServe(['--port', '0', '--db', 'board.db'], dir.dir);
    running.push(server);
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
      server.child.once('exit', (code, signal) => done({ code, signal })),
    );
    server.child.kill('SIGTERM');
    expect(await exited).toEqual({ code: 0, signal: null });
  });

  it.each(['0', '3601', 'soon'])('refuses --shutdown-timeout %s with exit 2', async (value) => {
    const dir = workDir();
    dirs.push(dir);
    const result = await runCli(['serve', '--memory', '--shutdown-timeout', value], dir.dir);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`--shutdown-timeout takes an integer from 1 to 3600, not "${value}"`);
  });
});
