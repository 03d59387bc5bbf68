/**
 * `serve` behind a real reverse proxy (node:http, started here, adding `X-Forwarded-For` and
 * `X-Forwarded-Proto`): with `--trust-proxy 1` the failed-authentication throttle counts the
 * clients the proxy names, not the proxy; without it a forged `X-Forwarded-For` changes nothing.
 */
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { KEYS, sampleFixture } from '../helpers/fixture.js';
import { startServe, waitForLine, workDir, type Server } from '../helpers/cli.js';

let running: Server[] = [];
let proxies: HttpServer[] = [];
const dirs: Array<ReturnType<typeof workDir>> = [];
afterEach(async () => {
  for (const s of running) if (s.child.exitCode === null) await s.stop();
  for (const p of proxies) await new Promise((done) => p.close(done));
  for (const d of dirs.splice(0)) d.remove();
  running = [];
  proxies = [];
});

/** A reverse proxy to `target` that appends the client's address to X-Forwarded-For and says https. */
async function startProxy(target: string): Promise<string> {
  const upstream = new URL(target);
  const proxy = createServer((incoming, outgoing) => {
    const forwardedFor = [incoming.headers['x-forwarded-for'], incoming.socket.remoteAddress].filter(Boolean).join(', ');
    const headers = { ...incoming.headers, 'x-forwarded-for': forwardedFor, 'x-forwarded-proto': 'https' };
    const forward = httpRequest({ host: upstream.hostname, port: upstream.port, method: incoming.method, path: incoming.url, headers }, (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(outgoing);
    });
    forward.on('error', () => outgoing.destroy());
    incoming.pipe(forward);
  });
  proxies.push(proxy);
  await new Promise<void>((done) => proxy.listen(0, '127.0.0.1', done));
  return `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
}

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

/** A request from the local address `from` (any 127.x.y.z is this machine). */
function send(url: string, from: string, headers: Record<string, string>, method = 'GET', body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers, localAddress: from, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function serveFixture(extra: string[]): Promise<Server> {
  const dir = workDir();
  dirs.push(dir);
  const server = await startServe(['--port', '0', '--fixture', dir.write('f.json', sampleFixture()), ...extra], dir.dir);
  running.push(server);
  return server;
}

/** Fails authentication from `from` until refused with 429; resolves with the number of 401s. */
async function spendThrottle(url: string, from: string, headers: () => Record<string, string> = () => ({})): Promise<number> {
  for (let failures = 0; failures < 100; failures++) {
    const answer = await send(`${url}/api/v1/boards`, from, { ...headers(), authorization: 'Bearer fbk_wrong-key-000000' });
    if (answer.status === 429) return failures;
    expect(answer.status).toBe(401);
  }
  throw new Error('never throttled');
}

describe('serve behind a reverse proxy', () => {
  it('with --trust-proxy 1, one address that spends its throttle leaves another client\'s valid key working', async () => {
    const server = await serveFixture(['--trust-proxy', '1']);
    const proxy = await startProxy(server.url);
    expect(await spendThrottle(proxy, '127.0.0.2')).toBe(30);
    const valid = { authorization: `Bearer ${KEYS.acmeWrite}` };
    expect((await send(`${proxy}/api/v1/boards`, '127.0.0.2', valid)).status).toBe(429);
    expect((await send(`${proxy}/api/v1/boards`, '127.0.0.3', valid)).status).toBe(200);
    // The proxy said https: the pages' cookies are Secure.
    const page = await send(`${proxy}/sign-in`, '127.0.0.3', {});
    expect(page.status).toBe(200);
    expect((page.headers['set-cookie'] ?? [])[0]).toMatch(/; Secure$/);
  });

  it('with --trust-proxy, X-Forwarded-Host does not choose the origin of mailed links', async () => {
    const server = await serveFixture(['--trust-proxy', '1', '--public-url', 'https://feedback.example.com']);
    const proxy = await startProxy(server.url);
    const headers = { 'x-forwarded-host': 'evil.example' };
    const form = await send(`${proxy}/sign-in`, '127.0.0.2', headers);
    const cookie = (form.headers['set-cookie'] ?? [])[0]!.split(';')[0]!;
    const csrf = /name="csrf" value="([^"]+)"/.exec(form.text)![1]!;
    const body = new URLSearchParams({ csrf, email: 'someone@example.com' }).toString();
    const posted = await send(`${proxy}/sign-in`, '127.0.0.2', { ...headers, cookie, 'content-type': 'application/x-www-form-urlencoded' }, 'POST', body);
    expect(posted.status).toBe(200);
    const link = (await waitForLine(server, /^sign-in link for someone@example\.com: (\S+)$/))[1]!;
    expect(link.startsWith('https://feedback.example.com/sign-in/link?token=')).toBe(true);
  });

  it('without --trust-proxy, a forged X-Forwarded-For changes nothing', async () => {
    const server = await serveFixture([]);
    let forged = 0;
    // Every failure claims another address; all of them are the one socket address all the same.
    expect(await spendThrottle(server.url, '127.0.0.2', () => ({ 'x-forwarded-for': `198.51.100.${++forged % 250}` }))).toBe(30);
    const valid = { authorization: `Bearer ${KEYS.acmeWrite}`, 'x-forwarded-for': '203.0.113.50' };
    expect((await send(`${server.url}/api/v1/boards`, '127.0.0.2', valid)).status).toBe(429);
    expect((await send(`${server.url}/api/v1/boards`, '127.0.0.3', valid)).status).toBe(200);
    // Nor does X-Forwarded-Proto make the pages' cookies Secure.
    const page = await send(`${server.url}/sign-in`, '127.0.0.3', { 'x-forwarded-proto': 'https' });
    expect((page.headers['set-cookie'] ?? [])[0]).not.toMatch(/Secure/);
  });

  it('refuses a bad --trust-proxy with exit 2', async () => {
    const dir = workDir();
    dirs.push(dir);
    const { runCli } = await import('../helpers/cli.js');
    const result = await runCli(['serve', '--port', '0', '--memory', '--trust-proxy', '10.0.0.0/40'], dir.dir);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--trust-proxy takes a hop count or CIDR ranges: .*"10\.0\.0\.0\/40"/);
  });
});
