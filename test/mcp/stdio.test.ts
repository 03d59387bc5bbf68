/**
 * `feedback-board mcp` as a real child process on stdio, driven by the SDK's own Client and
 * StdioClientTransport: against a SQLite file of its own (`--db`) and against a running `serve`
 * (`--url`, through the typed client, where the rate limit's 429 comes back as a tool error), and
 * its command line: help, flag errors and a missing key (exit 2), a refused key (exit 1).
 */
import { spawn } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSqliteStorage } from '../../adapters/sqlite/index.js';
import { createFeedbackBoard } from '../../src/board.js';
import { CLI, assertBuilt, startServe, workDir, type Server } from '../helpers/cli.js';
import { ALL_TOOLS, callEveryTool, fixture, KEYS, PROPOSE_TOOLS, READ_TOOLS, textOf, WRITE_TOOLS } from './helpers.js';

const work = workDir();
let db: string;

/** A SQLite file loaded with the MCP fixture, its shipped post shipped a minute ago. */
async function loadedDatabase(name: string): Promise<string> {
  const file = join(work.dir, name);
  const board = createFeedbackBoard({ storage: createSqliteStorage({ path: file }) });
  await board.loadFixture(fixture([], new Date(Date.now() - 60_000).toISOString()));
  await board.close();
  return file;
}

beforeAll(async () => {
  assertBuilt();
  db = await loadedDatabase('mcp.db');
});
afterAll(() => work.remove());

/** The SDK Client connected to `feedback-board mcp <args>` with the key in the environment. */
async function connectStdio(args: string[], key: string) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CLI, 'mcp', ...args],
    env: { PATH: process.env['PATH'] ?? '', FEEDBACK_BOARD_API_KEY: key },
    stderr: 'pipe',
  });
  const client = new Client({ name: 'stdio-test', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

/** A port of 127.0.0.1 that nothing listens on: taken, then given back. */
function closedPort(): Promise<number> {
  return new Promise((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => done(port));
    });
  });
}

/** Runs the CLI to its end with exactly `env`. */
function run(args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [CLI, ...args], { env: { PATH: process.env['PATH'] ?? '', ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('close', (code) => {
      clearTimeout(timer);
      done({ code, stdout, stderr });
    });
  });
}

describe('feedback-board mcp --db (stdio)', () => {
  it.each([
    ['read', KEYS.read, READ_TOOLS],
    ['propose', KEYS.propose, PROPOSE_TOOLS],
    ['write', KEYS.write, WRITE_TOOLS],
    ['team', KEYS.team, ALL_TOOLS],
  ])('lists the tools of a %s key', async (_scope, key, expected) => {
    const client = await connectStdio(['--db', db], key);
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(expected);
    await client.close();
  }, 30_000);

  it('calls every tool, each structured result valid for its output schema', async () => {
    const client = await connectStdio(['--db', await loadedDatabase('every-tool.db')], KEYS.team);
    expect([...(await callEveryTool(client))].sort()).toEqual([...ALL_TOOLS].sort());
    await client.close();
  }, 30_000);

  it('answers API errors as tool errors and keeps serving', async () => {
    const client = await connectStdio(['--db', db], KEYS.propose);
    const missing = await client.callTool({ name: 'get_post', arguments: { slug: 'features', id: 404 } });
    expect([missing.isError, textOf(missing)]).toEqual([true, 'not_found: Post not found']);
    const scope = await client.callTool({ name: 'delete_post', arguments: { slug: 'features', id: 1 } });
    expect([scope.isError, textOf(scope)]).toEqual([true, 'insufficient_scope: This operation needs a key with write scope']);
    const invalid = await client.callTool({ name: 'create_comment', arguments: { slug: 'features', id: 1, body: '' } });
    expect(invalid.isError).toBe(true);
    expect(textOf(invalid)).toMatch(/^validation_error: [\s\S]*\n {2}at body: /);
    expect((await client.callTool({ name: 'get_board', arguments: { slug: 'features' } })).isError).toBeFalsy();
    await client.close();
  }, 30_000);
});

describe('feedback-board mcp --url (stdio, through the typed client)', () => {
  let server: Server;
  beforeAll(async () => {
    const fixtureFile = work.write('fixture.json', fixture([], new Date(Date.now() - 60_000).toISOString()));
    server = await startServe(['--port', '0', '--fixture', fixtureFile, '--rate-limit', '8'], work.dir);
  }, 30_000);
  afterAll(async () => {
    expect(await server.stop()).toBe(0);
  });

  it('acts as the key against the deployment, and answers the 429 of the rate limit as a tool error with the wait', async () => {
    const client = await connectStdio(['--url', server.url], KEYS.propose);
    // Learning the scope took four requests of the key's eight per minute.
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(PROPOSE_TOOLS);
    const claimed = await client.callTool({ name: 'claim_next_post', arguments: { slug: 'features', agent_label: 'stdio' } });
    expect((claimed.structuredContent as { post: { title: string } }).post.title).toBe('Export to CSV');
    let limited: Awaited<ReturnType<Client['callTool']>> | undefined;
    for (let i = 0; i < 10 && limited === undefined; i++) {
      const result = await client.callTool({ name: 'get_queue', arguments: { slug: 'features' } });
      if (result.isError) limited = result;
    }
    expect(limited?.isError).toBe(true);
    expect(textOf(limited!)).toMatch(/^rate_limited: Too many requests for this key\nRetry after [1-9][0-9]* seconds?\.$/);
    await client.close();
  }, 30_000);

  it('an --url ending in /api/v1 exits 1 saying the API answered, with the address to give instead', async () => {
    const { code, stdout, stderr } = await run(['mcp', '--url', `${server.url}/api/v1`], { FEEDBACK_BOARD_API_KEY: KEYS.write });
    expect([code, stdout]).toEqual([1, '']);
    expect(stderr).toBe(
      `feedback-board: the API at ${server.url}/api/v1 answered 404 not_found: No such route ` +
        `(the client adds /api/v1 to its baseUrl, which already ends in it: give ${server.url} instead)\n`,
    );
  }, 30_000);
});

describe('feedback-board mcp command line', () => {
  it('--help explains both transports and exits 0', async () => {
    const { code, stdout } = await run(['mcp', '--help'], {});
    expect(code).toBe(0);
    expect(stdout).toMatch(/--url URL/);
    expect(stdout).toMatch(/--db FILE/);
    expect(stdout).toMatch(/FEEDBACK_BOARD_API_KEY/);
    expect(stdout).toMatch(/\/mcp/);
  });

  it.each([
    [['mcp', '--db', 'x.db'], {}, /no API key: set FEEDBACK_BOARD_API_KEY or pass --key KEY/],
    [['mcp', '--url', 'http://127.0.0.1:1'], { FEEDBACK_BOARD_API_KEY: '  ' }, /no API key/],
    [['mcp', '--key', 'k'], {}, /give exactly one of --url URL and --db FILE/],
    [['mcp', '--key', 'k', '--url', 'http://a', '--db', 'b'], {}, /give exactly one of --url URL and --db FILE/],
    [['mcp', '--key', 'k', '--url', 'ftp://example.com'], {}, /--url takes an http\(s\) address/],
    [['mcp', '--key', 'k', '--db', 'missing.db'], {}, /--db missing.db is not an existing database file/],
    [['mcp', '--key', 'k', '--db', 'x', '--verbose'], {}, /Unknown option '--verbose'/],
  ])('%j exits 2 with a clear message and the usage', async (args, env, message) => {
    const { code, stdout, stderr } = await run(args as string[], env as Record<string, string>);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toMatch(message);
    expect(stderr).toMatch(/Usage: feedback-board mcp/);
  });

  it('a refused key or an unreachable server exits 1 and says so', async () => {
    const refused = await run(['mcp', '--db', db], { FEEDBACK_BOARD_API_KEY: 'not-a-key-of-this-store' });
    expect([refused.code, refused.stdout]).toEqual([1, '']);
    expect(refused.stderr).toMatch(/the API refused the key/);
    const port = await closedPort();
    const unreachable = await run(['mcp', '--url', `http://127.0.0.1:${port}`], { FEEDBACK_BOARD_API_KEY: KEYS.read });
    expect(unreachable.code).toBe(1);
    expect(unreachable.stderr).toMatch(
      new RegExp(`^feedback-board: cannot reach the API at http://127\\.0\\.0\\.1:${port}: [A-Z]+ http://127\\.0\\.0\\.1:${port}/api/v1/\\S+ failed: fetch failed \\(connect ECONNREFUSED 127\\.0\\.0\\.1:${port}\\)\n$`),
    );
  });
});
