/**
 * MCP over a real Node HTTP server (`listen`), where the body is read straight from Node's message
 * (the reader `listen` leaves on the request) and the transport is handed that very request with
 * its body parsed: the limit still answers 413 before the body is read through, a body that is no
 * JSON still gets JSON-RPC's parse error, and a tool call still acts for its key. The client a key's
 * calls go through is kept between requests; a key revoked meanwhile is refused all the same.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMcpHttpHandler } from '../../mcp/http.js';
import { listen, type RunningServer } from '../../src/node/listen.js';
import { KEYS, makeBoard } from './helpers.js';

let server: RunningServer;
let count: () => Promise<number>;
let board: Awaited<ReturnType<typeof makeBoard>>['board'];

beforeAll(async () => {
  ({ board } = await makeBoard());
  const mcp = createMcpHttpHandler({ board, maxBodyBytes: 4096 });
  server = await listen((request, context) => (new URL(request.url).pathname === '/mcp' ? mcp(request, context) : board.fetch(request, context)));
  count = async () => (await (await board.api(KEYS.write)).posts.list('features', { limit: '1' })).total;
});
afterAll(() => server.close());

const post = (body: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${KEYS.write}`, ...headers },
    body,
  });

const call = (name: string, args: Record<string, unknown>, id = 1) => JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });

describe('MCP over listen', () => {
  it('answers a tool call for its key, and lists tools', async () => {
    const before = await count();
    const created = await post(call('create_post', { slug: 'features', title: 'From MCP over HTTP', body: 'Read from the socket' }));
    expect(created.status).toBe(200);
    const answer = (await created.json()) as { result: { isError?: boolean; structuredContent: { id: number; title: string } } };
    expect(answer.result.isError).toBeUndefined();
    expect(answer.result.structuredContent.title).toBe('From MCP over HTTP');
    expect(await count()).toBe(before + 1);

    const read = (await (await post(call('get_post', { slug: 'features', id: answer.result.structuredContent.id }, 2))).json()) as { id: number; result: { structuredContent: { body: string } } };
    expect(read.id).toBe(2);
    expect(read.result.structuredContent.body).toBe('Read from the socket');

    const listed = (await (await post(JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'tools/list' }))).json()) as { result: { tools: { name: string }[] } };
    expect(listed.result.tools.map((tool) => tool.name)).toContain('create_post');
  });

  it('refuses a body over the limit with 413, declared or not, and stores nothing', async () => {
    const before = await count();
    const big = call('create_post', { slug: 'features', title: 'Too big', body: 'x'.repeat(8000) });
    const declared = await post(big);
    expect(declared.status).toBe(413);
    expect(((await declared.json()) as { error: { code: string } }).error.code).toBe('payload_too_large');
    // Sent in chunks without a length: refused as it arrives.
    const bytes = new TextEncoder().encode(big);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let at = 0; at < bytes.length; at += 1000) controller.enqueue(bytes.subarray(at, at + 1000));
        controller.close();
      },
    });
    const chunked = await fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${KEYS.write}` },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(chunked.status).toBe(413);
    expect(await count()).toBe(before);
  });

  it('refuses a key revoked after its first calls, though a client for it was kept', async () => {
    const [acme] = await board.dashboard.organizations.list();
    const created = await board.dashboard.apiKeys.create(acme!.id, { scope: 'write', label: 'revoked soon' });
    const asKey = { authorization: `Bearer ${created.key}` };
    expect((await post(call('get_post', { slug: 'features', id: 1 }), asKey)).status).toBe(200);
    await board.dashboard.apiKeys.revoke(created.info.id);
    const refused = await post(call('get_post', { slug: 'features', id: 1 }), asKey);
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('unauthorized');
  });

  it('answers a body that is no JSON with the parse error, and one without a key with 401', async () => {
    const broken = await post('{"jsonrpc": "2.0", "id": 1, "method": ');
    expect(broken.status).toBe(400);
    expect(((await broken.json()) as { error: { code: number } }).error.code).toBe(-32700);
    const anonymous = await post(call('get_post', { slug: 'features', id: 1 }), { authorization: '' });
    expect(anonymous.status).toBe(401);
  });
});
