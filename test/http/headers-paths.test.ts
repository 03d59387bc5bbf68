/**
 * The API headers (no-store, nosniff) are built into every answer's init, on each of the
 * handler's paths, and each answer has its own header object: one answer's headers never leak
 * into the next.
 */
import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../../adapters/memory/index.js';
import { createFeedbackBoard } from '../../src/board.js';
import type { Storage } from '../../src/storage/contract.js';
import { BASE, createHarness, send, testClock } from '../helpers/harness.js';
import { createOpenApiDocument } from '../../src/openapi/index.js';

function expectApiHeaders(headers: Headers): void {
  expect(headers.get('cache-control')).toBe('no-store');
  expect(headers.get('x-content-type-options')).toBe('nosniff');
}

describe('API headers on every path of the handler', () => {
  it('a per-key 429 carries them with its rate-limit headers; a 404 and a 405 keep the rate-limit headers', async () => {
    const h = await createHarness({ http: { rateLimit: { limit: 3, windowMs: 60_000 } } });
    const notFound = await h.req('GET', '/nowhere');
    expect(notFound.status).toBe(404);
    expectApiHeaders(notFound.headers);
    expect(notFound.headers.get('ratelimit')).toBe('"default";r=2;t=60');
    const wrongMethod = await h.req('PUT', '/boards');
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toBe('GET, POST');
    expectApiHeaders(wrongMethod.headers);
    expect(wrongMethod.headers.get('ratelimit')).toBe('"default";r=1;t=60');
    expect((await h.req('GET', '/boards')).status).toBe(200);
    const refused = await h.req('GET', '/boards');
    expect(refused.status).toBe(429);
    expectApiHeaders(refused.headers);
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(refused.headers.get('content-type')).toBe('application/json; charset=utf-8');
  });

  it('the failed-authentication 429 carries them', async () => {
    const h = await createHarness({ http: { authThrottle: { burst: 1, perMinute: 1 } } });
    const context = { clientAddress: '203.0.113.7' };
    const attempt = () => h.board.fetch(new Request(`${BASE}/boards`, { headers: { authorization: 'Bearer wrong-key-0123456789' } }), context);
    const first = await attempt();
    expect(first.status).toBe(401);
    expectApiHeaders(first.headers);
    const throttled = await attempt();
    expect(throttled.status).toBe(429);
    expectApiHeaders(throttled.headers);
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });

  it('a 500 from a storage failure before the route is known carries them', async () => {
    const inner = createMemoryStorage();
    let broken = false;
    const storage: Storage = {
      transaction: (mode, fn) => (broken ? Promise.reject(new Error('disk on fire')) : inner.transaction(mode, fn)),
      close: () => inner.close(),
    };
    const board = createFeedbackBoard({ storage, clock: testClock(), logger: { error: () => undefined }, http: { keyCacheTtlMs: 1 } });
    const org = await board.dashboard.organizations.create({ name: 'Acme' });
    const { key } = await board.dashboard.apiKeys.create(org.id, { scope: 'read' });
    broken = true;
    const r = await send(board.fetch, 'GET', `${BASE}/boards`, { key });
    expect(r.status).toBe(500);
    expect(r.json.error.code).toBe('internal_error');
    expectApiHeaders(r.headers);
  });

  it('the OpenAPI document carries them', async () => {
    const h = await createHarness({ http: { serveOpenApi: createOpenApiDocument } });
    const r = await send(h.board.fetch, 'GET', `${BASE}/openapi.json`, { key: null });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expectApiHeaders(r.headers);
  });

  it('answers do not share header objects: a header of one never shows on the next', async () => {
    const h = await createHarness();
    await h.makeBoard();
    const unauthorized = await h.req('GET', '/boards', { key: null });
    expect(unauthorized.headers.get('www-authenticate')).toBe('Bearer realm="feedback-board"');
    const wrongMethod = await h.req('PUT', '/boards');
    expect(wrongMethod.headers.get('allow')).toBe('GET, POST');
    const ok = await h.req('GET', '/boards/features');
    expect(ok.status).toBe(200);
    expect(ok.headers.get('www-authenticate')).toBeNull();
    expect(ok.headers.get('allow')).toBeNull();
    expect([...ok.headers.keys()].sort()).toEqual(['cache-control', 'content-type', 'ratelimit', 'ratelimit-policy', 'x-content-type-options']);
  });
});
