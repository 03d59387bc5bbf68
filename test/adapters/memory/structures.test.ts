import { describe, expect, it } from 'vitest';
import { DenseMap, type EncodedKey } from '../../../adapters/memory/dense-map.js';
import { addEntry, forEachEntry, removeEntry, SMALL_LIMIT, type IndexEntries } from '../../../adapters/memory/index-entries.js';

const keysOf = (entries: IndexEntries, indexKey: EncodedKey): EncodedKey[] => {
  const keys: EncodedKey[] = [];
  forEachEntry(entries, indexKey, (key) => keys.push(key));
  return keys;
};

describe('memory index entries', () => {
  it('keeps one key as itself, a few in an array, many in a Set, always in insertion order', () => {
    const entries: IndexEntries = new DenseMap();
    addEntry(entries, 'a', 5);
    expect(entries.get('a')).toBe(5);
    addEntry(entries, 'a', 5);
    expect(entries.get('a')).toBe(5);
    addEntry(entries, 'a', 'x');
    expect(entries.get('a')).toEqual([5, 'x']);
    const many = Array.from({ length: SMALL_LIMIT + 5 }, (_, i) => 100 + i);
    for (const key of many) addEntry(entries, 'a', key);
    expect(entries.get('a')).toBeInstanceOf(Set);
    expect(keysOf(entries, 'a')).toEqual([5, 'x', ...many]);
    removeEntry(entries, 'a', 'x');
    removeEntry(entries, 'a', 999);
    expect(keysOf(entries, 'a')).toEqual([5, ...many]);
    for (const key of [5, ...many]) removeEntry(entries, 'a', key);
    expect(entries.get('a')).toBeUndefined();
  });

  it('removes from an array in place and falls back to a single key', () => {
    const entries: IndexEntries = new DenseMap();
    for (const key of [1, 2, 3]) addEntry(entries, 7, key);
    removeEntry(entries, 7, 2);
    expect(keysOf(entries, 7)).toEqual([1, 3]);
    removeEntry(entries, 7, 1);
    expect(entries.get(7)).toBe(3);
    removeEntry(entries, 7, 4);
    expect(entries.get(7)).toBe(3);
    removeEntry(entries, 7, 3);
    expect(entries.get(7)).toBeUndefined();
    expect([...entries.entries()]).toEqual([]);
    expect(keysOf(entries, 7)).toEqual([]);
  });
});

describe('memory dense map', () => {
  it('answers as a Map does for ids, odd numbers, strings and far keys', () => {
    const dense = new DenseMap<string>();
    const model = new Map<EncodedKey, string>();
    const keys: EncodedKey[] = [1, 2, 0, -0, 3000, 2 ** 31 + 5, 2 ** 40, -1, 1.5, '1', 'a', 10, 2 ** 31 - 2, 5000];
    for (const [i, key] of keys.entries()) {
      dense.set(key, `v${i}`);
      model.set(key, `v${i}`);
    }
    for (const key of [...keys, 4, 'b', 2 ** 31 + 6]) expect(dense.get(key)).toBe(model.get(key));
    expect(new Map(dense.entries())).toEqual(model);
    expect(dense.values().sort()).toEqual([...model.values()].sort());
    for (const key of [1, -0, 2 ** 40, '1', 3000]) {
      dense.delete(key);
      model.delete(key);
    }
    dense.delete(123_456);
    for (const key of keys) expect(dense.get(key)).toBe(model.get(key));
    expect(new Map(dense.entries())).toEqual(model);
  });

  it('moves a key first set far past the end into the array once the array reaches it', () => {
    const dense = new DenseMap<number>();
    dense.set(3000, 1);
    for (let id = 0; id < 2000; id++) dense.set(id, id);
    dense.set(3000, 2);
    expect(dense.get(3000)).toBe(2);
    expect([...dense.entries()].filter(([key]) => key === 3000)).toEqual([[3000, 2]]);
    dense.delete(3000);
    expect(dense.get(3000)).toBeUndefined();
  });
});
