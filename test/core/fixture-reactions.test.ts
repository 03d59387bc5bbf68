/**
 * The fixture's `reactions` check (src/fixture/reactions.ts) stands in for
 * `z.record(text(1, 32), int(0, 10_000))`: on any input it must give the same error details
 * (paths and messages) and, when valid, the same result.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { int, issuesToDetails, safeParse, text } from '../../src/domain/validation.js';
import { reactionCounts } from '../../src/fixture/reactions.js';

const record = z.record(text(1, 32), int(0, 10_000));

function outcome(schema: z.core.$ZodType, input: unknown) {
  const result = safeParse(schema, input);
  return result.success ? { data: result.data } : { details: issuesToDetails(result.error.issues) };
}

const key = fc.oneof(fc.constantFrom('👍', '🎉', '', 'x'.repeat(32), 'x'.repeat(33), '\uD800', 'a\u0000b', '__proto__', 'constructor', '1'), fc.string({ maxLength: 40 }));
const count = fc.oneof(fc.integer({ min: -5, max: 10_005 }), fc.constantFrom(1.5, Number.NaN, Infinity, '3', null, true, [], {}));

describe('fixture reactions', () => {
  it('answers as z.record(text(1, 32), int(0, 10_000)) on generated objects', () => {
    fc.assert(
      fc.property(fc.dictionary(key, count, { maxKeys: 6 }), (input) => {
        expect(outcome(reactionCounts, input)).toEqual(outcome(record, input));
      }),
      { numRuns: 500 },
    );
  });

  it('answers as the record for values that are no plain object, for symbol and non-enumerable keys, and for __proto__', () => {
    const withSymbol = { '👍': 1, [Symbol('s')]: 2 };
    const hidden = Object.defineProperty({ '👍': 1 }, 'secret', { value: 'x', enumerable: false });
    const inputs: unknown[] = ['👍', 3, null, [], [1], new Date(0), new Map([['a', 1]]), Object.create(null), withSymbol, hidden, JSON.parse('{"__proto__": 5, "ok": 1}'), JSON.parse('{"__proto__": "bad"}'), { '': 1, ['x'.repeat(33)]: 'many' }];
    for (const input of inputs) expect({ input, outcome: outcome(reactionCounts, input) }).toEqual({ input, outcome: outcome(record, input) });
    expect(outcome(reactionCounts, { '': 1, ok: 'x' })).toEqual({
      details: [
        { path: '', message: 'Invalid key in record' },
        { path: 'ok', message: 'must be an integer' },
      ],
    });
  });
});
