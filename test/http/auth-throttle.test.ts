/**
 * Failed authentication is throttled per client address: a burst, then a slow trickle, answered
 * 429 in the envelope with Retry-After. Valid keys leave no state; memory is bounded.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_AUTH_THROTTLE } from '../../src/http/auth-throttle.js';
import { BASE, createHarness } from '../helpers/harness.js';

const request = (key: string | null, path = '/boards') =>
  new Request(`${BASE}${path}`, { headers: key === null ? {} : { authorization: `Bearer ${key}` } });

async function call(h: Awaited<ReturnType<typeof createHarness>>, key: string | null, address?: string) {
  const response = await h.board.fetch(request(key), address === undefined ? undefined : { clientAddress: address });
  return { status: response.status, headers: response.headers, json: await response.json() };
}

describe('throttling failed authentication per client address', () => {
  it(`allows a burst of ${DEFAULT_AUTH_THROTTLE.burst} failures, then answers 429 with Retry-After, before looking at the key`, async () => {
    const h = await createHarness();
    for (let i = 0; i < DEFAULT_AUTH_THROTTLE.burst; i++) {
      expect((await call(h, `wrong-key-${i}`, '203.0.113.7')).status).toBe(401);
    }
    const blocked = await call(h, 'wrong-key-x', '203.0.113.7');
    expect(blocked.status).toBe(429);
    expect(blocked.json).toEqual({ error: { code: 'rate_limited', message: expect.stringMatching(/failed authentication/i) } });
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    // While blocked, a valid key from the same address is refused too: otherwise the answer would
    // tell a guesser which key is right.
    expect((await call(h, h.a.keys.read, '203.0.113.7')).status).toBe(429);
    // Other addresses are not affected.
    expect((await call(h, 'wrong', '198.51.100.1')).status).toBe(401);
    expect((await call(h, h.a.keys.read, '198.51.100.2')).status).toBe(200);
    // Time refills the allowance: one failure per 60/perMinute seconds.
    h.clock.advance(Math.ceil(60_000 / DEFAULT_AUTH_THROTTLE.perMinute));
    expect((await call(h, 'wrong-again', '203.0.113.7')).status).toBe(401);
    expect((await call(h, 'wrong-again', '203.0.113.7')).status).toBe(429);
  });

  it('counts requests with no key at all, and groups IPv6 addresses by their /64 and IPv4-mapped ones as IPv4', async () => {
    const h = await createHarness();
    for (let i = 0; i < DEFAULT_AUTH_THROTTLE.burst; i++) {
      const address = i % 2 === 0 ? `2001:db8:1:2::${i.toString(16)}` : `2001:0db8:0001:0002:ffff::${i.toString(16)}`;
      expect((await call(h, null, address)).status).toBe(401);
    }
    expect((await call(h, null, '2001:db8:1:2:abcd::1')).status).toBe(429);
    expect((await call(h, null, '2001:db8:1:3::1')).status).toBe(401);
    for (let i = 0; i < DEFAULT_AUTH_THROTTLE.burst; i++) expect((await call(h, 'x', '::ffff:192.0.2.9')).status).toBe(401);
    expect((await call(h, 'x', '192.0.2.9')).status).toBe(429);
  });

  it('keeps no state for valid keys, none without an address, and a bounded number of addresses', async () => {
    const h = await createHarness({ http: { rateLimit: false, authThrottle: { maxAddresses: 100 } } });
    for (let i = 0; i < 300; i++) expect((await call(h, h.a.keys.read, `10.0.${i >> 8}.${i & 255}`)).status).toBe(200);
    expect(h.board.authThrottle!.size).toBe(0);
    for (let i = 0; i < 100; i++) expect((await call(h, 'wrong')).status).toBe(401);
    expect(h.board.authThrottle!.size).toBe(0);
    for (let i = 0; i < 1000; i++) await call(h, 'wrong', `10.1.${i >> 8}.${i & 255}`);
    expect(h.board.authThrottle!.size).toBeLessThanOrEqual(100);
  });

  it('takes the address from an option of the handler when the application knows it better', async () => {
    const h = await createHarness({
      http: { clientAddress: (r) => r.headers.get('x-forwarded-for')?.split(',')[0]?.trim() ?? null },
    });
    const behindProxy = (key: string) =>
      h.board.fetch(new Request(`${BASE}/boards`, { headers: { authorization: `Bearer ${key}`, 'x-forwarded-for': '192.0.2.50, 10.0.0.1' } }));
    for (let i = 0; i < DEFAULT_AUTH_THROTTLE.burst; i++) expect((await behindProxy('bad')).status).toBe(401);
    expect((await behindProxy('bad')).status).toBe(429);
  });

  it('can be switched off', async () => {
    const h = await createHarness({ http: { authThrottle: false } });
    for (let i = 0; i < DEFAULT_AUTH_THROTTLE.burst * 3; i++) expect((await call(h, 'bad', '203.0.113.9')).status).toBe(401);
  });
});
