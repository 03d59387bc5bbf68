import { describe, expect, it } from 'vitest';
import { pooledRandom } from '../../src/node/random.js';

describe("serve's pooled random bytes", () => {
  it('hands out the lengths asked, each a copy of its own, never the same bytes twice across refills', () => {
    const random = pooledRandom();
    const lengths = [0, 1, 48, 1024, 1025, 5000];
    for (const length of lengths) expect(random(length)).toHaveLength(length);
    // 400 ids of 48 bytes: the 4 KiB pool is refilled four times on the way.
    const ids = Array.from({ length: 400 }, () => random(48));
    expect(new Set(ids.map((bytes) => Buffer.from(bytes).toString('hex'))).size).toBe(400);
    expect(new Set(ids.map((bytes) => bytes.buffer)).size).toBe(400);
    const kept = Buffer.from(ids[0]!).toString('hex');
    ids[1]!.fill(0);
    random(48);
    expect(Buffer.from(ids[0]!).toString('hex')).toBe(kept);
  });

  it('gives bytes spread as a CSPRNG spreads them', () => {
    const random = pooledRandom();
    const counts = new Array<number>(256).fill(0);
    let sum = 0;
    for (let i = 0; i < 2048; i++) for (const byte of random(32)) (counts[byte]! += 1), (sum += byte);
    // 65,536 bytes: every value about 256 times, the mean 127.5 (its standard deviation is about 0.29).
    expect(Math.min(...counts)).toBeGreaterThan(150);
    expect(Math.max(...counts)).toBeLessThan(370);
    expect(Math.abs(sum / 65_536 - 127.5)).toBeLessThan(2);
  });

  it('takes any other length as a typed array does (refused with a RangeError, or rounded), and hands out the same afterwards', () => {
    const random = pooledRandom();
    for (const length of [-1, 2 ** 53]) expect(() => random(length)).toThrow(RangeError);
    expect([random(1.5).length, random(Number.NaN).length]).toEqual([new Uint8Array(1.5).length, new Uint8Array(Number.NaN).length]);
    expect(random(16)).toHaveLength(16);
  });
});
