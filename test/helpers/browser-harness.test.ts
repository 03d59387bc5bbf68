/**
 * The in-page test runner, checked in Node: its matchers fail where vitest's do, failures are
 * recorded with their message, hooks run in vitest's order, and timeouts and skips are reported.
 * A harness that passed everything would make the browser run prove nothing.
 */
import { describe, expect, it } from 'vitest';
import { createHarness, equals, expect as pageExpect } from './browser-harness.js';

describe('in-page harness', () => {
  it('toEqual agrees with vitest on the values the suite compares', () => {
    const cases: [unknown, unknown][] = [
      [{ a: 1, b: [1, 2] }, { a: 1, b: [1, 2] }],
      [{ a: 1, b: undefined }, { a: 1 }],
      [[1, 2], [1, 2, 3]],
      [[1, [2]], [1, [3]]],
      [{ a: 1 }, { a: 1, b: 2 }],
      [{ a: null }, { a: undefined }],
      [[], {}],
      [0, -0],
      [NaN, NaN],
      ['1', 1],
      [new Map([[1, { x: 1 }]]), new Map([[1, { x: 1 }]])],
      [new Map([[1, { x: 1 }]]), new Map([[1, { x: 2 }]])],
      [new Map([[1, 1]]), new Map([[2, 1]])],
      [new Set([1, 2]), new Set([2, 1])],
      [new Set([{ a: 1 }]), new Set([{ a: 2 }])],
      [new Date(5), new Date(5)],
      [new Date(5), new Date(6)],
      [{ nested: { deep: ['x', { y: 'z' }] } }, { nested: { deep: ['x', { y: 'Z' }] } }],
    ];
    const vitestEquals = (a: unknown, b: unknown): boolean => {
      try {
        expect(a).toEqual(b);
        return true;
      } catch {
        return false;
      }
    };
    for (const [a, b] of cases) expect({ a, b, equal: equals(a, b) }).toEqual({ a, b, equal: vitestEquals(a, b) });
    expect(cases.filter(([a, b]) => equals(a, b)).length).toBeGreaterThan(3);
    expect(cases.filter(([a, b]) => !equals(a, b)).length).toBeGreaterThan(3);
  });

  it('matchers throw on a mismatch, and .not inverts them', async () => {
    const fails = (fn: () => void) => expect(fn).toThrow(/expected/);
    fails(() => pageExpect(1).toBe(2));
    fails(() => pageExpect({}).toBe({}));
    fails(() => pageExpect([1]).toEqual([2]));
    fails(() => pageExpect(0).toBeNull());
    fails(() => pageExpect([1, 2]).toHaveLength(3));
    fails(() => pageExpect([1, 2]).toContain(3));
    fails(() => pageExpect('abc').toContain('d'));
    fails(() => pageExpect(1).toBeGreaterThan(1));
    fails(() => pageExpect(0).toBeGreaterThanOrEqual(1));
    fails(() => pageExpect(1).toBeLessThan(1));
    fails(() => pageExpect(0).toBeTruthy());
    fails(() => pageExpect('x').toBeFalsy());
    fails(() => pageExpect(1).not.toBe(1));
    fails(() => pageExpect([1]).not.toEqual([1]));
    pageExpect(1).not.toBe(2);
    pageExpect([1, 2]).toContain(2);
    pageExpect({ a: [1] }).toEqual({ a: [1] });
    await expect(pageExpect(Promise.resolve(1)).rejects.toThrow()).rejects.toThrow(/resolved/);
    await expect(pageExpect(Promise.reject(new Error('boom'))).rejects.toThrow('bang')).rejects.toThrow(/match/);
    await pageExpect(Promise.reject(new Error('boom'))).rejects.toThrow(/bo+m/);
    await pageExpect(Promise.reject(new Error('boom'))).rejects.toThrow();
  });

  it('records every result, runs hooks outer to inner and back even when a test fails', async () => {
    const harness = createHarness();
    const { api } = harness;
    const log: string[] = [];
    api.describe('outer', () => {
      api.beforeEach(() => void log.push('before outer'));
      api.afterEach(() => void log.push('after outer'));
      api.describe('inner', () => {
        api.beforeEach(async () => void log.push('before inner'));
        api.afterEach(() => void log.push('after inner'));
        api.it('passes', () => void log.push('body'));
        api.it('fails', async () => {
          api.expect({ a: 1 }).toEqual({ a: 2 });
        });
        api.it('times out', () => new Promise(() => undefined), 30);
        api.it.skip!('is skipped (skipped: a reason)', () => {
          throw new Error('never run');
        });
      });
    });
    expect(harness.names()).toEqual([
      'outer > inner > passes',
      'outer > inner > fails',
      'outer > inner > times out',
      'outer > inner > is skipped (skipped: a reason)',
    ]);
    const results = await harness.run();
    expect(results.map(({ name, status }) => [name.split(' > ').at(-1), status])).toEqual([
      ['passes', 'passed'],
      ['fails', 'failed'],
      ['times out', 'failed'],
      ['is skipped (skipped: a reason)', 'skipped'],
    ]);
    expect(results[1]!.error).toMatch(/expected: \{"a":1\} to equal \{"a":2\}/);
    expect(results[2]!.error).toMatch(/timed out after 30 ms/);
    expect(log.slice(0, 5)).toEqual(['before outer', 'before inner', 'body', 'after inner', 'after outer']);
    expect(log.slice(5)).toEqual(['before outer', 'before inner', 'after inner', 'after outer', 'before outer', 'before inner', 'after inner', 'after outer']);
  });
});
