import { describe, expect, it } from 'vitest';
import { createHarness, send, T0 } from '../helpers/harness.js';

const POLICY = '"default";q=120;w=60';
const parse = (header: string | null) => {
  const m = /^"default";r=(\d+);t=(\d+)$/.exec(header ?? '');
  if (!m) throw new Error(`bad RateLimit header: ${header}`);
  return { r: Number(m[1]), t: Number(m[2]) };
};

describe('rate limit', () => {
  it('accepts 120 requests, then answers 429 rate_limited with Retry-After; headers on every authenticated response', async () => {
    const h = await createHarness();
    await h.makeBoard();
    const seen: number[] = [];
    // Mixed outcomes all count: 200, 404, 405, 422, 403.
    const requests: Array<[string, string, string]> = [['GET', '/boards', h.a.keys.read], ['GET', '/nope', h.a.keys.read], ['PUT', '/boards', h.a.keys.read], ['GET', '/boards/features/posts?limit=0', h.a.keys.read], ['POST', '/boards', h.a.keys.read]];
    for (let i = 0; i < 120; i++) {
      const [method, path, key] = requests[i % requests.length]!;
      // makeBoard used the write key; the read key's window is untouched.
      if (i === 60) h.clock.advance(10_000);
      const r = await send(h.board.fetch, method, path, { key });
      expect(r.status).not.toBe(429);
      expect(r.headers.get('ratelimit-policy')).toBe(POLICY);
      expect(r.headers.get('retry-after')).toBeNull();
      seen.push(parse(r.headers.get('ratelimit')).r);
    }
    expect(seen).toEqual(Array.from({ length: 120 }, (_, i) => 119 - i));
    const limited = await h.req('GET', '/boards', { key: h.a.keys.read });
    expect(limited.status).toBe(429);
    expect(limited.json.error.code).toBe('rate_limited');
    expect(limited.headers.get('content-type')).toMatch(/^application\/json/);
    expect(limited.headers.get('ratelimit-policy')).toBe(POLICY);
    // The oldest request was at T0; it leaves the window at T0 + 60 s, 50 s from now.
    expect(limited.headers.get('retry-after')).toBe('50');
    expect(parse(limited.headers.get('ratelimit'))).toEqual({ r: 0, t: 50 });
    // Other keys have their own window.
    expect((await h.req('GET', '/boards', { key: h.a.keys.propose })).status).toBe(200);
  });

  it('every authenticated answer carries the headers and counts: 201, 204, 400, 409, 413, 415', async () => {
    const h = await createHarness();
    await h.makeBoard();
    const post = await h.makePost('features', { title: 'x' });
    const json = { 'content-type': 'application/json' };
    const replies = [
      await h.req('POST', '/boards/features/posts', { body: { title: 'y' } }),
      await h.req('DELETE', `/boards/features/posts/${post.id}/claim`),
      await h.req('POST', '/boards/features/posts', { raw: '{', headers: json }),
      await h.req('POST', '/boards', { body: { slug: 'features', name: 'again' } }),
      await h.req('POST', '/boards/features/posts', { raw: 'x'.repeat(1024 * 1024 + 1), headers: json }),
      await h.req('POST', '/boards/features/posts', { raw: 'x', headers: { 'content-type': 'text/plain' } }),
    ];
    expect(replies.map((r) => r.status)).toEqual([201, 204, 400, 409, 413, 415]);
    const remaining = replies.map((r) => parse(r.headers.get('ratelimit')).r);
    // The write key made the board and the post first (2 requests).
    expect(remaining).toEqual([117, 116, 115, 114, 113, 112]);
    for (const r of replies) expect(r.headers.get('ratelimit-policy')).toBe(POLICY);
  });

  it('Retry-After is whole seconds, at least 1; refused requests do not count', async () => {
    const h = await createHarness();
    for (let i = 0; i < 120; i++) await h.req('GET', '/boards');
    h.clock.advance(59_500);
    for (let i = 0; i < 10; i++) {
      const r = await h.req('GET', '/boards');
      expect(r.status).toBe(429);
      expect(r.headers.get('retry-after')).toBe('1');
    }
    h.clock.advance(499);
    expect((await h.req('GET', '/boards')).status).toBe(429);
    h.clock.advance(1);
    // The window held 120 from T0; they all leave at once, and the 429s did not count.
    for (let i = 0; i < 120; i++) expect((await h.req('GET', '/boards')).status).toBe(200);
    expect((await h.req('GET', '/boards')).status).toBe(429);
  });

  it('is a rolling window: never more than 120 in any 60 s, no burst of 240 across a window edge', async () => {
    const h = await createHarness();
    h.clock.set(T0 + 59_000);
    let accepted = 0;
    for (let i = 0; i < 120; i++) accepted += (await h.req('GET', '/boards')).status === 200 ? 1 : 0;
    expect(accepted).toBe(120);
    h.clock.set(T0 + 61_000);
    for (let i = 0; i < 120; i++) expect((await h.req('GET', '/boards')).status).toBe(429);
    // Steady traffic: 5 attempts per second for 3 minutes; count acceptances in every 60 s span.
    const g = await createHarness();
    const times: number[] = [];
    for (let s = 0; s < 180; s++) {
      for (let k = 0; k < 5; k++) {
        g.clock.set(T0 + s * 1000 + k * 100);
        if ((await g.req('GET', '/boards')).status === 200) times.push(g.clock.now());
      }
    }
    for (const start of times) expect(times.filter((t) => t >= start && t < start + 60_000).length).toBeLessThanOrEqual(120);
    expect(times.length).toBe(360);
  });

  it('keeps no limiter state for invalid keys, only for authenticated ones', async () => {
    const h = await createHarness();
    expect(h.board.rateLimiter!.size).toBe(0);
    for (let i = 0; i < 200; i++) {
      const r = await send(h.board.fetch, 'GET', '/boards', { key: `fbk_invalid_${i}_0000000000` });
      expect(r.status).toBe(401);
      expect(r.headers.get('ratelimit')).toBeNull();
    }
    expect(h.board.rateLimiter!.size).toBe(0);
    await h.req('GET', '/boards', { key: h.a.keys.read });
    await h.req('GET', '/boards', { key: h.a.keys.read });
    await h.req('GET', '/boards', { key: h.b.keys.read });
    expect(h.board.rateLimiter!.size).toBe(2);
  });

  it('is configurable: limit and window, bounded key count, or off', async () => {
    const small = await createHarness({ http: { rateLimit: { limit: 3, windowMs: 10_000 } } });
    for (let i = 0; i < 3; i++) {
      const r = await small.req('GET', '/boards');
      expect(r.headers.get('ratelimit-policy')).toBe('"default";q=3;w=10');
    }
    const refused = await small.req('GET', '/boards');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('10');
    small.clock.advance(10_000);
    expect((await small.req('GET', '/boards')).status).toBe(200);

    const bounded = await createHarness({ http: { rateLimit: { maxKeys: 2 } } });
    for (const key of [bounded.a.keys.read, bounded.a.keys.propose, bounded.a.keys.write, bounded.b.keys.read]) {
      await bounded.req('GET', '/boards', { key });
    }
    expect(bounded.board.rateLimiter!.size).toBe(2);

    const off = await createHarness({ http: { rateLimit: false } });
    expect(off.board.rateLimiter).toBeNull();
    for (let i = 0; i < 300; i++) {
      const r = await off.req('GET', '/boards');
      expect(r.status).toBe(200);
      if (i === 299) expect(r.headers.get('ratelimit')).toBeNull();
    }
  });
});
