/** The small LRU of the key cache and rate limiter: recency, the size bound and expiry. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SmallLru } from '../../src/http/lru.js';

describe('SmallLru', () => {
  it('evicts the least recently used entry beyond max; a get counts as a use', () => {
    const lru = new SmallLru<string, number>({ max: 2 });
    lru.set('a', 1);
    lru.set('b', 2);
    expect(lru.get('a')).toBe(1);
    lru.set('c', 3);
    expect([lru.get('a'), lru.get('b'), lru.get('c'), lru.size]).toEqual([1, undefined, 3, 2]);
    lru.set('a', 10);
    lru.set('d', 4);
    expect([lru.get('a'), lru.get('c'), lru.get('d')]).toEqual([10, undefined, 4]);
    lru.delete('a');
    expect([lru.get('a'), lru.size]).toEqual([undefined, 1]);
  });

  it('forgets an entry ttlMs after it was set, and a set starts a new ttl', () => {
    let now = 0;
    const lru = new SmallLru<string, string>({ max: 10, ttlMs: 100, now: () => now });
    lru.set('k', 'v');
    now = 99;
    expect(lru.get('k')).toBe('v');
    lru.set('k', 'w');
    now = 198;
    expect(lru.get('k')).toBe('w');
    now = 199;
    expect(lru.get('k')).toBeUndefined();
    expect(lru.size).toBe(0);
  });

  it('agrees with a plain list model under any sequence of gets, sets, deletes and clears', () => {
    const op = fc.oneof(
      fc.record({ kind: fc.constant('get' as const), key: fc.integer({ min: 0, max: 5 }) }),
      fc.record({ kind: fc.constant('set' as const), key: fc.integer({ min: 0, max: 5 }), value: fc.integer() }),
      fc.record({ kind: fc.constant('delete' as const), key: fc.integer({ min: 0, max: 5 }) }),
      fc.record({ kind: fc.constant('clear' as const), key: fc.constant(0) }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 4 }), fc.array(op, { maxLength: 60 }), (max, ops) => {
        const lru = new SmallLru<number, number>({ max });
        // The model: entries from least to most recently used.
        let model: [number, number][] = [];
        for (const o of ops) {
          const found = model.find(([key]) => key === o.key);
          if (o.kind === 'get') {
            expect(lru.get(o.key)).toBe(found?.[1]);
            if (found) model = [...model.filter(([key]) => key !== o.key), found];
          } else if (o.kind === 'set') {
            lru.set(o.key, o.value);
            model = [...model.filter(([key]) => key !== o.key), [o.key, o.value]];
            if (model.length > max) model = model.slice(1);
          } else if (o.kind === 'delete') {
            lru.delete(o.key);
            model = model.filter(([key]) => key !== o.key);
          } else {
            lru.clear();
            model = [];
          }
          expect(lru.size).toBe(model.length);
        }
      }),
      { seed: 20261123, numRuns: 300 },
    );
  });

  it('peek reads without touching recency; oldestFirst lists live entries least recent first', () => {
    let now = 0;
    const lru = new SmallLru<string, number>({ max: 3, ttlMs: 100, now: () => now });
    lru.set('a', 1);
    now = 10;
    lru.set('b', 2);
    lru.set('c', 3);
    expect(lru.peek('a')).toBe(1);
    expect([...lru.oldestFirst()].map(([k]) => k)).toEqual(['a', 'b', 'c']);
    lru.get('a');
    expect([...lru.oldestFirst()]).toEqual([['b', 2], ['c', 3], ['a', 1]]);
    lru.peek('b');
    now = 50;
    lru.set('d', 4); // peek did not save b: it is still the least recent
    expect([lru.peek('b'), lru.size]).toEqual([undefined, 3]);
    now = 110; // c expired (set at 10), a was set at 0 and expired too
    expect([lru.peek('c'), [...lru.oldestFirst()].map(([k]) => k)]).toEqual([undefined, ['d']]);
    expect(lru.peek('missing')).toBeUndefined();
  });

  it('refuses a bound below one', () => {
    for (const max of [0, -1, 1.5]) expect(() => new SmallLru({ max })).toThrow(RangeError);
  });
});
