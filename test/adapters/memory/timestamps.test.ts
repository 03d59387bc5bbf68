import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatIso, packTimestamp, unpackTimestamp } from '../../../adapters/memory/timestamps.js';

describe('memory store timestamps', () => {
  it('formats milliseconds as toISOString does, from 1970 to 9999', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 253_402_300_799_999 }), (ms) => {
        expect(formatIso(ms)).toBe(new Date(ms).toISOString());
      }),
      { numRuns: 2000 },
    );
  });

  it('packs a canonical ISO string as its milliseconds and reads it back exactly', () => {
    for (const iso of ['1970-01-01T00:00:00.000Z', '2026-11-23T16:59:40.123Z', '2028-02-29T23:59:59.999Z', '9999-12-31T23:59:59.999Z']) {
      expect(packTimestamp(iso)).toBe(Date.parse(iso));
      expect(unpackTimestamp(packTimestamp(iso))).toBe(iso);
    }
  });

  it('keeps as a string every timestamp that would not read back exactly', () => {
    const odd = [
      '2026-11-23T16:59:40Z', // no milliseconds
      '2026-11-23T16:59:40.1230Z', // more digits
      '2026-11-23T17:59:40.123+01:00', // an offset
      '2026-11-23t16:59:40.123z', // lower case
      '2026-02-30T00:00:00.000Z', // a day that does not exist
      '2026-11-23T23:59:60.000Z', // a leap second
      '1969-12-31T23:59:59.999Z', // before 1970
      '+010000-01-01T00:00:00.000Z', // past 9999
      'not a date at all, 24 ch',
      '',
    ];
    for (const value of odd) {
      expect(packTimestamp(value)).toBe(value);
      expect(unpackTimestamp(packTimestamp(value))).toBe(value);
    }
  });

  it('round-trips any string exactly', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.date({ noInvalidDate: true }).map((d) => d.toISOString())), (value) => {
        expect(unpackTimestamp(packTimestamp(value))).toBe(value);
      }),
      { numRuns: 1000 },
    );
  });
});
