import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../../adapters/memory/index.js';
import { createFeedbackBoard } from '../../src/board.js';
import { BASE, createHarness, send, testClock, type Harness } from '../helpers/harness.js';

const raw = (h: Harness, headers: Record<string, string>, path = '/boards', method = 'GET') =>
  send(h.board.fetch, method, path, { key: null, headers });

function expectUnauthorized(r: Awaited<ReturnType<typeof raw>>) {
  expect(r.status).toBe(401);
  expect(r.headers.get('www-authenticate')).toBe('Bearer realm="feedback-board"');
  expect(r.headers.get('content-type')).toMatch(/^application\/json(;|$)/);
  expect(r.json).toEqual({ error: { code: 'unauthorized', message: expect.any(String) } });
  expect(r.json.error.message.length).toBeGreaterThan(0);
}

describe('authentication', () => {
  it('accepts Authorization: Bearer (scheme case-insensitive) and X-API-Key', async () => {
    const h = await createHarness();
    const key = h.a.keys.read;
    const accepted: Array<Record<string, string>> = [
      { authorization: `Bearer ${key}` },
      { authorization: `bearer ${key}` },
      { authorization: `BEARER ${key}` },
      { 'x-api-key': key },
      { authorization: `Bearer ${key}`, 'x-api-key': key },
    ];
    for (const headers of accepted) {
      const r = await raw(h, headers);
      expect(r.status, JSON.stringify(headers)).toBe(200);
      expect(r.json).toEqual({ boards: [] });
    }
  });

  it('refuses a missing, unknown or malformed key with 401 and WWW-Authenticate', async () => {
    const h = await createHarness();
    const key = h.a.keys.read;
    const cases: Array<Record<string, string>> = [
      {},
      { authorization: 'Bearer fbk_unknownunknownunknownunknownunknown' },
      { 'x-api-key': 'fbk_nope' },
      { authorization: `Basic ${key}` },
      { authorization: `Token ${key}` },
      { authorization: key },
      { authorization: 'Bearer' },
      { authorization: 'Bearer ' },
      { authorization: `Bearer ${key} extra` },
      { 'x-api-key': '' },
      { authorization: '' },
      { authorization: `Bearer ${key}`, 'x-api-key': h.a.keys.write },
      { authorization: `Bearer ${key}`, 'x-api-key': 'fbk_other' },
      { authorization: `Basic ${key}`, 'x-api-key': key },
      { authorization: `Bearer ${key.toUpperCase()}` },
    ];
    const bodies = new Set<string>();
    for (const headers of cases) {
      const r = await raw(h, headers);
      expectUnauthorized(r);
      bodies.add(r.text);
    }
    // One answer for every failure: nothing tells which keys exist.
    expect(bodies.size).toBe(1);
  });

  it('answers 401 before everything else: unknown routes, wrong methods, bad bodies, other organizations', async () => {
    const h = await createHarness();
    await h.makeBoard('features', h.b.keys.write);
    const big = 'x'.repeat(2 * 1024 * 1024);
    const cases: Array<[string, string, Record<string, string>, BodyInit | undefined]> = [
      ['GET', '/nope', {}, undefined],
      ['GET', 'http://board.test/elsewhere', {}, undefined],
      ['PUT', '/boards', {}, undefined],
      ['GET', '/boards/features', {}, undefined],
      ['POST', '/boards', { 'content-type': 'application/json' }, '{not json'],
      ['POST', '/boards', { 'content-type': 'text/plain' }, 'hello'],
      ['POST', '/boards', { 'content-type': 'application/json' }, big],
      ['DELETE', '/boards/features/posts/1', {}, undefined],
    ];
    for (const [method, path, headers, body] of cases) {
      for (const auth of [{}, { authorization: 'Bearer wrong-key-000' }] as Array<Record<string, string>>) {
        const r = await send(h.board.fetch, method, path, { key: null, headers: { ...headers, ...auth }, ...(body === undefined ? {} : { raw: body }) });
        expectUnauthorized(r);
      }
    }
  });

  it('a revoked key is a 401 like an unknown one', async () => {
    const h = await createHarness();
    const unknown = await raw(h, { authorization: 'Bearer fbk_never_issued_0000' });
    await h.board.dashboard.apiKeys.revoke(h.a.keys.ids.read);
    const revoked = await raw(h, { authorization: `Bearer ${h.a.keys.read}` });
    expectUnauthorized(revoked);
    expect(revoked.text).toBe(unknown.text);
  });

  it('a key revoked in this process is refused at once, however it was sent before', async () => {
    const h = await createHarness();
    const read = h.a.keys.read;
    // In the key cache under both forms of the header, beside another key of the organization.
    const sent: Array<Record<string, string>> = [{ authorization: `Bearer ${read}` }, { 'x-api-key': read }, { authorization: `Bearer ${h.a.keys.write}` }];
    for (const headers of sent) {
      expect((await raw(h, headers)).status).toBe(200);
    }
    await h.board.dashboard.apiKeys.revoke(h.a.keys.ids.read);
    expectUnauthorized(await raw(h, { authorization: `Bearer ${read}` }));
    expectUnauthorized(await raw(h, { 'x-api-key': read }));
    expect((await raw(h, { authorization: `Bearer ${h.a.keys.write}` })).status).toBe(200);
  });

  it('the key cache answers only the key exactly as sent, and sees a revocation made elsewhere once its TTL is over', async () => {
    // Two boards on one store stand for two processes on one database; each has its own key cache.
    const storage = createMemoryStorage();
    const ttlMs = 200;
    const here = createFeedbackBoard({ storage, clock: testClock(), http: { keyCacheTtlMs: ttlMs } });
    const elsewhere = createFeedbackBoard({ storage, clock: testClock(), http: { keyCacheTtlMs: ttlMs } });
    const org = await here.dashboard.organizations.create({ name: 'Acme' });
    const { key, info } = await here.dashboard.apiKeys.create(org.id, { scope: 'read' });
    const get = (sent: string) => send(here.fetch, 'GET', `${BASE}/boards`, { key: null, headers: { authorization: `Bearer ${sent}` } });
    expect((await get(key)).status).toBe(200);
    // Cached now: neither a near form of it nor another string is taken for it.
    for (const near of [key.toUpperCase(), `${key}x`, key.slice(0, -1)]) expectUnauthorized(await get(near));
    await elsewhere.dashboard.apiKeys.revoke(info.id);
    const revokedAt = performance.now();
    // The other process's revocation is seen once the entry read before it has expired.
    let status = (await get(key)).status;
    while (status === 200 && performance.now() - revokedAt < 10 * ttlMs) {
      await new Promise((done) => setTimeout(done, 20));
      status = (await get(key)).status;
    }
    expect(status).toBe(401);
    expect(performance.now() - revokedAt).toBeLessThan(10 * ttlMs);
  });

  it('scopes a key to its organization: the same slug names different boards for different keys', async () => {
    const h = await createHarness();
    await h.req('POST', '/boards', { body: { slug: 'features', name: 'Acme features' } });
    await h.req('POST', '/boards', { key: h.b.keys.write, body: { slug: 'features', name: 'Globex features' } });
    expect((await h.req('GET', '/boards/features', { key: h.a.keys.read })).json.name).toBe('Acme features');
    expect((await h.req('GET', '/boards/features', { key: h.b.keys.read })).json.name).toBe('Globex features');
    expect((await h.req('GET', '/boards', { key: h.b.keys.read })).json.boards).toHaveLength(1);
  });
});
