/** The mock server's history is bounded: it keeps the last N requests, oldest first. */
import { describe, expect, it } from 'vitest';
import { createMockServer, DEFAULT_HISTORY_LIMIT } from '../../mock-server/index.js';

const KEY = 'history-write-0123456789';
const fixture = { organizations: [{ name: 'Acme', apiKeys: [{ key: KEY, scope: 'write' as const }], boards: [{ slug: 'b', name: 'B' }] }] };

async function getPosts(mock: ReturnType<typeof createMockServer>, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const res = await mock.fetch(`${mock.baseUrl}/api/v1/boards/b/posts?limit=${1 + (i % 500)}`, { headers: { authorization: `Bearer ${KEY}` } });
    expect(res.status).toBe(200);
  }
}

const limits = (mock: ReturnType<typeof createMockServer>) => mock.calls().map((call) => Number(call.query.limit));

describe('mock server history limit', () => {
  it('keeps the last historyLimit requests, oldest first, and starts over after clearCalls()', async () => {
    const mock = createMockServer({ fixture, rateLimit: false, historyLimit: 3 });
    await getPosts(mock, 5);
    expect(limits(mock)).toEqual([3, 4, 5]);
    await getPosts(mock, 1);
    expect(limits(mock)).toEqual([4, 5, 1]);
    mock.clearCalls();
    await getPosts(mock, 2);
    expect(limits(mock)).toEqual([1, 2]);
    await mock.close();
  });

  it(`keeps ${DEFAULT_HISTORY_LIMIT} by default, every request with Infinity, none with 0`, async () => {
    expect(DEFAULT_HISTORY_LIMIT).toBe(1000);
    const bounded = createMockServer({ fixture, rateLimit: false });
    await getPosts(bounded, DEFAULT_HISTORY_LIMIT + 5);
    const kept = limits(bounded);
    expect(kept.length).toBe(DEFAULT_HISTORY_LIMIT);
    expect(kept[0]).toBe(6);
    await bounded.close();
    const unbounded = createMockServer({ fixture, rateLimit: false, historyLimit: Infinity });
    await getPosts(unbounded, 1010);
    expect(unbounded.calls().length).toBe(1010);
    await unbounded.close();
    const none = createMockServer({ fixture, rateLimit: false, historyLimit: 0 });
    await getPosts(none, 3);
    expect(none.calls()).toEqual([]);
    await none.close();
  });

  it('refuses a limit that is not a whole number >= 0', () => {
    for (const bad of [-1, 1.5, Number.NaN]) expect(() => createMockServer({ historyLimit: bad })).toThrow(RangeError);
  });
});
