/**
 * Guessing keys at `/mcp` is throttled like guessing them at `/api/v1`: the MCP handler refuses an
 * invalid key through the API with the runtime's context, so failures count against the client's
 * address and a throttled address is answered 429 in the envelope.
 */
import { describe, expect, it } from 'vitest';
import { createMcpHttpHandler } from '../../mcp/index.js';
import { KEYS, makeBoard } from './helpers.js';

const INITIALIZE = {
  jsonrpc: '2.0', id: 1, method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
};

function request(key: string) {
  return new Request('http://board.test/mcp', {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify(INITIALIZE),
  });
}

describe('failed authentication at /mcp', () => {
  it('counts against the client address: after the burst the address gets 429, others still 401, valid keys still work', async () => {
    const { board } = await makeBoard({ http: { authThrottle: { burst: 3, perMinute: 1 } } });
    const mcp = createMcpHttpHandler({ board: { fetch: board.fetch, api: (key) => board.api(key) as never } });
    const guesser = { clientAddress: '203.0.113.7' };
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await mcp(request(`fbk_guess${i}xxxx`), guesser)).status);
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    const refused = await mcp(request('fbk_guess9xxxx'), guesser);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await refused.json()).error.code).toBe('rate_limited');
    expect((await mcp(request('fbk_guess9xxxx'), { clientAddress: '198.51.100.1' })).status).toBe(401);
    expect((await mcp(request(KEYS.read), { clientAddress: '198.51.100.1' })).status).toBe(200);
  });
});
