/**
 * The origin of mailed links and of the pages' Origin check under `serve`: the configured public
 * origin (`--public-url`, else the listen address), never the request's `Host` header. A request
 * for a team member's sign-in link sent with `Host: evil.example` must not mail a link to
 * evil.example (one click would hand the token over).
 */
import { request as httpRequest } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { startServe, waitForLine, workDir, type Server } from '../helpers/cli.js';

let running: Server[] = [];
const dirs: Array<ReturnType<typeof workDir>> = [];
afterEach(async () => {
  for (const s of running) if (s.child.exitCode === null) await s.stop();
  for (const d of dirs.splice(0)) d.remove();
  running = [];
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** One request with headers fetch() will not send as given (`Host`). */
function send(url: string, method: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** The sign-in form's CSRF cookie and token, fetched with `headers`. */
async function signInForm(base: string, headers: Record<string, string>): Promise<{ cookie: string; csrf: string; setCookie: string }> {
  const form = await send(`${base}/sign-in`, 'GET', headers);
  const setCookie = (form.headers['set-cookie'] as string[] | undefined)?.[0] ?? '';
  return { cookie: setCookie.split(';')[0]!, csrf: /name="csrf" value="([^"]+)"/.exec(form.text)![1]!, setCookie };
}

async function askForLink(base: string, headers: Record<string, string>, email: string): Promise<Answer> {
  const { cookie, csrf } = await signInForm(base, headers);
  const body = new URLSearchParams({ csrf, email }).toString();
  return send(`${base}/sign-in`, 'POST', { ...headers, cookie, 'content-type': 'application/x-www-form-urlencoded' }, body);
}

async function serveDemo(extra: string[] = []): Promise<Server> {
  const dir = workDir();
  dirs.push(dir);
  const server = await startServe(['--port', '0', '--memory', ...extra], dir.dir);
  running.push(server);
  return server;
}

describe('serve: the origin of mailed links', () => {
  it('mails the team member a link on the listen address, whatever Host the request names', async () => {
    const server = await serveDemo();
    const answer = await askForLink(server.url, { host: 'evil.example' }, 'team@localhost');
    expect(answer.status).toBe(200);
    const link = (await waitForLine(server, /^sign-in link for team@localhost: (\S+)$/))[1]!;
    expect(link.startsWith(`${server.url}/sign-in/link?token=`)).toBe(true);
    expect(link).not.toContain('evil.example');
  });

  it('refuses a form whose Origin is the forged Host: the Origin check uses the same origin', async () => {
    const server = await serveDemo();
    const answer = await askForLink(server.url, { host: 'evil.example', origin: 'http://evil.example' }, 'team@localhost');
    expect(answer.status).toBe(403);
    await new Promise((r) => setTimeout(r, 200));
    expect(server.lines.some((l) => l.startsWith('sign-in link for'))).toBe(false);
  });

  it('with --public-url, mails and prints links on that origin, accepts only it as Origin, and sets Secure cookies', async () => {
    const server = await serveDemo(['--public-url', 'https://feedback.example.com']);
    const printed = (await waitForLine(server, /^team sign-in: (\S+)$/))[1]!;
    expect(printed.startsWith('https://feedback.example.com/sign-in/link?token=')).toBe(true);

    const form = await signInForm(server.url, {});
    expect(form.setCookie).toMatch(/; Secure$/);
    const fromListenAddress = await askForLink(server.url, { origin: server.url }, 'team@localhost');
    expect(fromListenAddress.status).toBe(403);
    const fromPublic = await askForLink(server.url, { host: 'evil.example', origin: 'https://feedback.example.com' }, 'team@localhost');
    expect(fromPublic.status).toBe(200);
    const link = (await waitForLine(server, /^sign-in link for team@localhost: (\S+)$/))[1]!;
    expect(link.startsWith('https://feedback.example.com/sign-in/link?token=')).toBe(true);
  });

  it('with --public-url, every address printed is the public one; the first line alone names the listen address', async () => {
    const server = await serveDemo(['--public-url', 'https://feedback.example.com', '--metrics']);
    await waitForLine(server, /^team sign-in: /);
    expect(server.firstLine).toMatch(/^listening on http:\/\/127\.0\.0\.1:\d+$/);
    const addresses = server.lines.slice(1).flatMap((line) => line.match(/https?:\/\/[^\s)]+/g) ?? []);
    expect(addresses.length).toBeGreaterThanOrEqual(5);
    expect(addresses.filter((address) => !/^https:\/\/feedback\.example\.com(\/|$)/.test(address))).toEqual([]);
    for (const label of ['public URL', 'API', 'MCP', 'metrics', 'pages', 'team sign-in']) {
      expect(server.lines.some((line) => line.startsWith(`${label}: https://feedback.example.com`)), label).toBe(true);
    }
  });

  it('without --public-url, the addresses printed are the listen address', async () => {
    const server = await serveDemo();
    await waitForLine(server, /^team sign-in: /);
    const addresses = server.lines.flatMap((line) => line.match(/https?:\/\/[^\s)]+/g) ?? []);
    expect(addresses.filter((address) => !address.startsWith(server.url))).toEqual([]);
    expect(server.lines.some((line) => line.startsWith('public URL:'))).toBe(false);
    expect(server.lines).toContain(`API: ${server.url}/api/v1  (send "Authorization: Bearer <key>")`);
  });

  it('with --public-url, /mcp serves browser pages of that origin and still refuses others', async () => {
    const server = await serveDemo(['--public-url', 'https://feedback.example.com']);
    const call = (origin: string) =>
      send(`${server.url}/mcp`, 'POST', { origin, 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, '{"jsonrpc":"2.0","id":1,"method":"tools/list"}');
    const fromPublic = await call('https://feedback.example.com');
    // Past the Origin check, the missing key is what is refused.
    expect([fromPublic.status, JSON.parse(fromPublic.text).error.code]).toEqual([401, 'unauthorized']);
    const fromElsewhere = await call('https://evil.example');
    expect([fromElsewhere.status, JSON.parse(fromElsewhere.text).error.code]).toEqual([403, 'forbidden_origin']);
  });

  it.each([
    ['ftp://feedback.example.com', /--public-url takes an http or https origin/],
    ['https://feedback.example.com/board', /--public-url takes an http or https origin/],
    ['not a url', /--public-url takes an http or https origin/],
    ['https://user:pw@feedback.example.com', /--public-url takes an http or https origin/],
  ])('refuses --public-url %s with exit 2 and starts nothing', async (value, message) => {
    const dir = workDir();
    dirs.push(dir);
    const { runCli } = await import('../helpers/cli.js');
    const result = await runCli(['serve', '--port', '0', '--memory', '--public-url', value], dir.dir);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(result.stdout).toBe('');
  });
});
