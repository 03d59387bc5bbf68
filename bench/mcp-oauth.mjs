// OAuth access tokens at /mcp (`npm run bench`): the same tool call (get_post) at `/mcp` of a
// running `serve`, through the SDK's Streamable HTTP client, once with an API key and once with
// an OAuth access token of the same scope; the calls alternate, medians after a warm-up. The
// token is obtained the way a client does: registration, PKCE, the consent form of a signed-in
// team member (driven with plain HTTP here), and the token endpoint.
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createFeedbackBoard } from '../dist/index.js';
import { createSqliteStorage } from '../dist/adapters/sqlite/index.js';

const CLI = fileURLToPath(new URL('../dist/cli/main.js', import.meta.url));
const RUNS = Number(process.env.BENCH_MCP_RUNS ?? 300);
const REDIRECT = 'http://127.0.0.1:9/callback';

async function seed(file) {
  const board = createFeedbackBoard({ storage: createSqliteStorage({ path: file }) });
  const org = await board.dashboard.organizations.create({ name: 'Bench' });
  const { key } = await board.dashboard.apiKeys.create(org.id, { scope: 'propose' });
  const { key: write } = await board.dashboard.apiKeys.create(org.id, { scope: 'write' });
  const api = await board.api(write);
  await api.boards.create({ slug: 'bench', name: 'Bench' });
  const post = await api.posts.create('bench', { title: 'Dark mode', body: 'Please', status: 'planned', tags: ['UI'] });
  await board.close();
  return { key, postId: post.id };
}

function startServe(file) {
  const child = spawn(process.execPath, [CLI, 'serve', '--db', file, '--port', '0', '--rate-limit', 'off'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout });
  return new Promise((resolve) => {
    let url;
    lines.on('line', (line) => {
      url ??= /listening on (\S+)/.exec(line)?.[1];
      const link = /^team sign-in: (\S+)$/.exec(line)?.[1];
      if (link) resolve({ child, url, link });
    });
  });
}

const cookieOf = (response, name) => new RegExp(`${name}=([^;]+)`).exec(response.headers.getSetCookie().join('\n'))?.[1];
const csrfOf = (html) => /name="csrf" value="([^"]+)"/.exec(html)[1];

/** Signs the team member in, approves a new client with `propose`, and exchanges the code. */
async function accessToken(serve) {
  const linkPage = await fetch(serve.link);
  const csrfCookie = cookieOf(linkPage, 'fb_csrf');
  const token = new URL(serve.link).searchParams.get('token');
  const form = { 'content-type': 'application/x-www-form-urlencoded', cookie: `fb_csrf=${csrfCookie}` };
  const signedIn = await fetch(`${serve.url}/sign-in/link`, { method: 'POST', redirect: 'manual', headers: form, body: new URLSearchParams({ csrf: csrfOf(await linkPage.text()), token }) });
  const cookie = `fb_csrf=${csrfCookie}; fb_team=${cookieOf(signedIn, 'fb_team')}`;
  const registered = await fetch(`${serve.url}/oauth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ client_name: 'Bench', redirect_uris: [REDIRECT] }) });
  const { client_id } = await registered.json();
  const verifier = randomBytes(32).toString('base64url');
  const params = { client_id, redirect_uri: REDIRECT, response_type: 'code', code_challenge: createHash('sha256').update(verifier).digest('base64url'), code_challenge_method: 'S256' };
  const consent = await fetch(`${serve.url}/oauth/authorize?${new URLSearchParams(params)}`, { headers: { cookie } });
  const approved = await fetch(`${serve.url}/oauth/authorize`, {
    method: 'POST', redirect: 'manual', headers: { ...form, cookie },
    body: new URLSearchParams({ ...params, csrf: csrfOf(await consent.text()), access: 'propose', decision: 'approve' }),
  });
  const code = new URL(approved.headers.get('location')).searchParams.get('code');
  const tokens = await fetch(`${serve.url}/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ grant_type: 'authorization_code', code, code_verifier: verifier, client_id, redirect_uri: REDIRECT }) });
  return (await tokens.json()).access_token;
}

async function mcpClient(url, bearer) {
  const client = new Client({ name: 'bench', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${bearer}` } } }));
  return client;
}

function checked(result) {
  if (result.isError || result.structuredContent?.title !== 'Dark mode') throw new Error(`unexpected tool result ${JSON.stringify(result)}`);
}

const dir = mkdtempSync(join(tmpdir(), 'fb-bench-mcp-oauth-'));
const file = join(dir, 'mcp.db');
try {
  const { key, postId } = await seed(file);
  const serve = await startServe(file);
  const token = await accessToken(serve);
  const args = { name: 'get_post', arguments: { slug: 'bench', id: postId } };
  const withKey = await mcpClient(serve.url, key);
  const withToken = await mcpClient(serve.url, token);
  // The two calls alternate, one of each per iteration, so that whatever slows the machine down
  // hits both alike; the figure compares their medians.
  const call = (client) => async () => checked(await client.callTool(args));
  for (let i = 0; i < 30; i++) {
    await call(withKey)();
    await call(withToken)();
  }
  const keyTimes = [];
  const tokenTimes = [];
  for (let i = 0; i < RUNS; i++) {
    const [first, second] = i % 2 === 0 ? [withKey, withToken] : [withToken, withKey];
    for (const client of [first, second]) {
      const t0 = performance.now();
      await call(client)();
      (client === withKey ? keyTimes : tokenTimes).push(performance.now() - t0);
    }
  }
  const mid = (times) => times.sort((a, b) => a - b)[Math.floor(times.length / 2)];
  const keyMs = mid(keyTimes);
  const tokenMs = mid(tokenTimes);
  await withKey.close();
  await withToken.close();
  serve.child.kill('SIGTERM');
  console.log(`\nOAuth at /mcp: tools/call get_post under serve, median of ${RUNS} calls of each, alternating`);
  console.log(`  API key ${keyMs.toFixed(3)} ms   access token ${tokenMs.toFixed(3)} ms   ${(tokenMs / keyMs).toFixed(2)}× (target ≤ 1.10×)`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
