// MCP tool call overhead (`npm run bench`): the same operation (get_post) as an MCP tool call over
// stdio and as a typed-client call, median of many sequential calls after a warm-up:
//
// - against a running `serve` over HTTP: `feedback-board mcp --url` (stdio, then the typed client
//   inside it) versus the typed client straight to the server;
// - on a SQLite file: `feedback-board mcp --db` (stdio, then the in-process API) versus the typed
//   client over `board.fetch` in this process.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { createFeedbackBoard } from '../dist/index.js';
import { createClient } from '../dist/client/index.js';
import { createSqliteStorage } from '../dist/adapters/sqlite/index.js';
import { median as medianOf } from './median.mjs';

const CLI = fileURLToPath(new URL('../dist/cli/main.js', import.meta.url));
const RUNS = Number(process.env.BENCH_MCP_RUNS ?? 300);
const median = (fn) => medianOf(fn, { runs: RUNS, warmup: 30 });


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
  return new Promise((resolve) => {
    createInterface({ input: child.stdout }).once('line', (line) => resolve({ child, url: /listening on (\S+)/.exec(line)[1] }));
  });
}

async function mcpClient(args, key) {
  const client = new Client({ name: 'bench', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [CLI, 'mcp', ...args], env: { PATH: process.env.PATH ?? '', FEEDBACK_BOARD_API_KEY: key }, stderr: 'ignore' }));
  return client;
}

function checked(result) {
  if (result.isError || result.structuredContent?.title !== 'Dark mode') throw new Error(`unexpected tool result ${JSON.stringify(result)}`);
}

const dir = mkdtempSync(join(tmpdir(), 'fb-bench-mcp-'));
const file = join(dir, 'mcp.db');
try {
  const { key, postId } = await seed(file);
  const args = { slug: 'bench', id: postId };
  console.log(`\nMCP tool call overhead: get_post, median of ${RUNS} sequential calls`);

  const serve = await startServe(file);
  const http = createClient({ baseUrl: serve.url, apiKey: key });
  const overUrl = await mcpClient(['--url', serve.url], key);
  const clientHttp = await median(() => http.posts.get('bench', postId));
  const mcpHttp = await median(async () => checked(await overUrl.callTool({ name: 'get_post', arguments: args })));
  await overUrl.close();
  serve.child.kill('SIGTERM');
  console.log(`  against serve (HTTP):  typed client ${clientHttp.toFixed(3)} ms   MCP stdio --url ${mcpHttp.toFixed(3)} ms   ${(mcpHttp / clientHttp).toFixed(2)}× (+${(mcpHttp - clientHttp).toFixed(3)} ms)`);

  const board = createFeedbackBoard({ storage: createSqliteStorage({ path: file }), http: { rateLimit: false } });
  const local = createClient({ baseUrl: 'http://bench.local', apiKey: key, fetch: board.fetch });
  const overDb = await mcpClient(['--db', file], key);
  const clientLocal = await median(() => local.posts.get('bench', postId));
  const mcpLocal = await median(async () => checked(await overDb.callTool({ name: 'get_post', arguments: args })));
  await overDb.close();
  await board.close();
  console.log(`  on the SQLite file:    typed client ${clientLocal.toFixed(3)} ms   MCP stdio --db  ${mcpLocal.toFixed(3)} ms   ${(mcpLocal / clientLocal).toFixed(2)}× (+${(mcpLocal - clientLocal).toFixed(3)} ms)`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
