/**
 * MCP over Streamable HTTP at `/mcp` of a real `serve` process, driven by the SDK's own Client and
 * StreamableHTTPClientTransport: the same two key headers as `/api/v1`, 401 without a valid key,
 * tools per scope, every tool called, tool errors, and the rate limit shared with `/api/v1`, its
 * 429 a tool error for tool calls and an HTTP 429 for other requests.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startServe, workDir, type Server } from '../helpers/cli.js';
import { ALL_TOOLS, callEveryTool, fixture, KEYS, PROPOSE_TOOLS, READ_TOOLS, textOf, WRITE_TOOLS } from './helpers.js';

const work = workDir();
let server: Server;
let limited: Server;

beforeAll(async () => {
  const file = work.write('fixture.json', fixture([], new Date(Date.now() - 60_000).toISOString()));
  [server, limited] = await Promise.all([
    startServe(['--port', '0', '--fixture', file, '--rate-limit', 'off'], work.dir),
    startServe(['--port', '0', '--fixture', file, '--rate-limit', '6'], work.dir),
  ]);
}, 30_000);
afterAll(async () => {
  expect(await server.stop()).toBe(0);
  expect(await limited.stop()).toBe(0);
  work.remove();
});

/**
 * Every request of this file asks for its connection to be closed after its answer. `serve`
 * announces `Keep-Alive: timeout=5` and closes an idle connection a second after that; fetch
 * (undici) gives an idle connection up 2 s before the announced time, by a timer. On a loaded
 * machine this process's event loop stalls for seconds between two tests, and the request sent when
 * it resumes goes out before that timer has run, on a connection idle for longer than announced,
 * which the server has closed: fetch then fails with "other side closed". A new connection per
 * request never meets a connection the server closed.
 */
const CLOSE = { connection: 'close' } as const;

async function connectHttp(target: Server, headers: Record<string, string>) {
  const transport = new StreamableHTTPClientTransport(new URL(`${target.url}/mcp`), { requestInit: { headers: { ...headers, ...CLOSE } } });
  const client = new Client({ name: 'http-test', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

const INITIALIZE = {
  jsonrpc: '2.0', id: 1, method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
};

async function post(target: Server, headers: Record<string, string>, body: unknown) {
  const response = await fetch(`${target.url}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers, ...CLOSE },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, json: text ? JSON.parse(text) : undefined };
}

describe('MCP at /mcp of serve', () => {
  it('is 401 with the API’s envelope without a valid key, for any method', async () => {
    const refused: Record<string, string>[] = [{}, bearer('not-a-key'), { authorization: 'Basic abc' }, { authorization: `Bearer ${KEYS.read}`, 'x-api-key': KEYS.write }];
    for (const headers of refused) {
      const r = await post(server, headers, INITIALIZE);
      expect(r.status).toBe(401);
      // serve has pages here, so /mcp takes OAuth too: the challenge names the resource's metadata.
      expect(r.headers.get('www-authenticate')).toBe(`Bearer realm="feedback-board", resource_metadata="${server.url}/.well-known/oauth-protected-resource"`);
      expect(r.json.error.code).toBe('unauthorized');
    }
    expect((await fetch(`${server.url}/mcp`, { headers: CLOSE })).status).toBe(401);
    await expect(connectHttp(server, {})).rejects.toThrow();
  });

  it.each([
    ['read', KEYS.read, READ_TOOLS],
    ['propose', KEYS.propose, PROPOSE_TOOLS],
    ['write', KEYS.write, WRITE_TOOLS],
    ['team', KEYS.team, ALL_TOOLS],
  ])('lists the tools of a %s key, sent as a Bearer token or as X-API-Key', async (_scope, key, expected) => {
    for (const headers of [bearer(key), { 'x-api-key': key }]) {
      const client = await connectHttp(server, headers);
      expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(expected);
      await client.close();
    }
  });

  it('calls every tool, each structured result valid for its output schema', async () => {
    const client = await connectHttp(server, bearer(KEYS.team));
    expect([...(await callEveryTool(client))].sort()).toEqual([...ALL_TOOLS].sort());
    await client.close();
  });

  it('serves resources and prompts, scope-filtered, through the key’s own API', async () => {
    const read = await connectHttp(server, bearer(KEYS.read));
    const { resources } = await read.listResources();
    expect(resources.slice(0, 3).map((r) => r.uri)).toEqual(['features', 'features/tags', 'features/statuses'].map((p) => `feedback-board://boards/${p}`));
    const post = await read.readResource({ uri: 'feedback-board://boards/features/posts/2' });
    expect(JSON.parse((post.contents[0] as { text: string }).text)).toMatchObject({ id: 2, title: 'Export to CSV' });
    expect((await read.listPrompts()).prompts.map((p) => p.name)).toEqual(['triage_newest_posts', 'draft_release_notes']);
    await read.close();
    const propose = await connectHttp(server, bearer(KEYS.propose));
    expect((await propose.listPrompts()).prompts.map((p) => p.name)).toContain('work_the_queue');
    await propose.close();
  });

  it('answers API errors as tool errors, as /api/v1 would', async () => {
    const client = await connectHttp(server, bearer(KEYS.propose));
    const other = await client.callTool({ name: 'get_board', arguments: { slug: 'secret' } });
    expect([other.isError, textOf(other)]).toEqual([true, 'not_found: Board not found']);
    const scope = await client.callTool({ name: 'update_post', arguments: { slug: 'features', id: 1, pinned: true } });
    expect([scope.isError, textOf(scope)]).toEqual([true, 'insufficient_scope: This operation needs a key with write scope']);
    const invalid = await client.callTool({ name: 'claim_next_post', arguments: { slug: 'features', ttl_seconds: 86_401 } });
    expect(textOf(invalid)).toMatch(/^validation_error: [\s\S]*at ttl_seconds: /);
    await client.close();
    const api = await call(server.api, 'GET', '/boards/features/posts/1', KEYS.read, undefined, CLOSE);
    expect(api.json.pinned).toBe(false);
  });

  it('shares the key’s rate limit with /api/v1: a tool call gets a tool error with the wait, other requests an HTTP 429', async () => {
    const client = await connectHttp(limited, bearer(KEYS.read));
    // initialize and its notification took two of the six slots; spend the rest through /api/v1.
    let remaining = 4;
    while (remaining > 0) {
      const r = await call(limited.api, 'GET', '/boards', KEYS.read, undefined, CLOSE);
      expect(r.status).toBe(200);
      remaining = Number(/r=(\d+)/.exec(r.headers.get('ratelimit') ?? '')?.[1]);
    }
    const tool = await client.callTool({ name: 'list_boards', arguments: {} });
    expect(tool.isError).toBe(true);
    expect(textOf(tool)).toMatch(/^rate_limited: Too many requests for this key\nRetry after [1-9][0-9]* seconds?\.$/);
    const list = await post(limited, bearer(KEYS.read), { jsonrpc: '2.0', id: 2, method: 'tools/list' });
    expect(list.status).toBe(429);
    expect(list.json.error.code).toBe('rate_limited');
    expect(Number(list.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect((await call(limited.api, 'GET', '/boards', KEYS.read, undefined, CLOSE)).status).toBe(429);
    // Another key has its own window.
    expect((await post(limited, bearer(KEYS.write), INITIALIZE)).status).toBe(200);
    await client.close();
  });

  it('refuses other methods with 405 and leaves the API where it was', async () => {
    const r = await fetch(`${server.url}/mcp`, { method: 'DELETE', headers: { ...bearer(KEYS.read), ...CLOSE } });
    expect([r.status, r.headers.get('allow')]).toEqual([405, 'POST']);
    expect((await call(server.api, 'GET', '/boards', KEYS.read, undefined, CLOSE)).status).toBe(200);
  });
});
