import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isoFormatter, toIso } from '../../src/domain/time.js';

const MOST_MS = 8.64e15;

/** What the formatter must give: `toISOString`'s text, or its error. */
function expected(ms: number): string | RangeError {
  try {
    return new Date(ms).toISOString();
  } catch (error) {
    return error as RangeError;
  }
}

function check(format: (ms: number) => string, ms: number): void {
  const want = expected(ms);
  if (typeof want === 'string') expect(format(ms)).toBe(want);
  else expect(() => format(ms)).toThrow(RangeError);
}

describe('isoFormatter', () => {
  it('writes every millisecond across a second, a day and a year as toISOString does', () => {
    const format = isoFormatter();
    const start = Date.UTC(2026, 11, 31, 23, 59, 58, 990);
    for (let t = start; t < start + 2_500; t += 1) check(format, t);
  });

  it('writes any time a Date holds as toISOString does, in any order: before 1970, fractions, six-digit years', () => {
    const format = isoFormatter();
    const time = fc.oneof(
      fc.integer({ min: -MOST_MS, max: MOST_MS }),
      fc.integer({ min: -5_000, max: 5_000 }),
      fc.double({ min: -MOST_MS, max: MOST_MS, noNaN: true }),
      fc.double({ min: -3, max: 3, noNaN: true }),
    );
    fc.assert(
      fc.property(fc.array(time, { minLength: 1, maxLength: 20 }), (times) => {
        for (const t of times) check(format, t);
      }),
      { numRuns: 1_000 },
    );
  });

  it('throws as toISOString does for a time no Date holds, and formats again after', () => {
    const format = isoFormatter();
    for (const bad of [Number.NaN, MOST_MS + 1, -MOST_MS - 1, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
      expect(() => format(bad)).toThrow(RangeError);
      check(format, 0);
    }
    check(format, MOST_MS);
    check(format, -MOST_MS);
    check(format, -0.5);
  });

  it('keeps a cache per formatter: two streams of times do not change each other\'s answers', () => {
    const a = isoFormatter();
    const b = isoFormatter();
    const now = Date.UTC(2026, 10, 30, 12, 0, 0, 0);
    for (let i = 0; i < 50; i += 1) {
      expect(a(now + i)).toBe(new Date(now + i).toISOString());
      expect(b(i * 86_400_001)).toBe(new Date(i * 86_400_001).toISOString());
      expect(toIso(now - i)).toBe(new Date(now - i).toISOString());
    }
  });
});
