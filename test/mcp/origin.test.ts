/**
 * The Streamable HTTP handler checks `Origin` (DNS rebinding): a request from a browser page of
 * another origin is refused with 403 before anything else, a rebound name that only pretends to
 * be the server is refused too, and requests without `Origin` (agents, not browsers) are served.
 */
import { describe, expect, it } from 'vitest';
import { createMcpHttpHandler } from '../../mcp/index.js';
import { KEYS, makeBoard } from './helpers.js';

const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'origin-test', version: '1.0.0' } },
});

async function handler(allowedOrigins?: string[]) {
  const { board } = await makeBoard();
  return createMcpHttpHandler({ board: { fetch: board.fetch, api: (key) => board.api(key) as never }, ...(allowedOrigins ? { allowedOrigins } : {}) });
}

function post(url: string, origin?: string, key: string = KEYS.read): Request {
  return new Request(url, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${key}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...(origin === undefined ? {} : { origin }),
    },
    body: INITIALIZE,
  });
}

describe('/mcp and Origin', () => {
  it('serves requests without Origin, and from the loopback address the server answers at', async () => {
    const mcp = await handler();
    expect((await mcp(post('http://127.0.0.1:8787/mcp'))).status).toBe(200);
    expect((await mcp(post('http://127.0.0.1:8787/mcp', 'http://127.0.0.1:8787'))).status).toBe(200);
    expect((await mcp(post('http://localhost:8787/mcp', 'http://localhost:8787'))).status).toBe(200);
    expect((await mcp(post('http://[::1]:8787/mcp', 'http://[::1]:8787'))).status).toBe(200);
  });

  it('refuses another origin with 403 in the envelope, before the key is even looked at', async () => {
    const mcp = await handler();
    for (const origin of ['https://evil.example', 'null', 'http://127.0.0.1:9999', 'http://localhost:8787']) {
      const answer = await mcp(post('http://127.0.0.1:8787/mcp', origin));
      expect(answer.status, origin).toBe(403);
      expect(await answer.json()).toMatchObject({ error: { code: 'forbidden_origin' } });
    }
    expect((await mcp(post('http://127.0.0.1:8787/mcp', 'https://evil.example', 'not-a-key'))).status).toBe(403);
  });

  it('refuses a rebound name: a page whose origin matches a Host that is not the server\'s own', async () => {
    const mcp = await handler();
    const answer = await mcp(post('http://rebind.evil.example:8787/mcp', 'http://rebind.evil.example:8787'));
    expect(answer.status).toBe(403);
  });

  it('serves the origins it is given, and refuses a given value that is not an origin', async () => {
    const mcp = await handler(['https://app.example', 'https://feedback.example.com']);
    expect((await mcp(post('https://feedback.example.com/mcp', 'https://feedback.example.com'))).status).toBe(200);
    expect((await mcp(post('https://feedback.example.com/mcp', 'https://app.example'))).status).toBe(200);
    expect((await mcp(post('https://feedback.example.com/mcp', 'https://other.example'))).status).toBe(403);
    await expect(handler(['https://app.example/path'])).rejects.toThrow(TypeError);
    await expect(handler(['*'])).rejects.toThrow(TypeError);
  });
});
