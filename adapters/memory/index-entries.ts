/**
 * The entries of one memory index: index key -> the primary keys of its rows, in insertion order.
 *
 * Most index keys hold one or a few rows (a post's comments, a voter's e-mail), where a Set costs
 * about 150 bytes before its first entry. So an entry is the primary key itself while it is
 * alone, a small array up to {@link SMALL_LIMIT} keys, and a Set beyond, where removing by value
 * must stay O(1). A primary key is a number or a string, never an array, so the forms are told
 * apart without a tag.
 */
import { DenseMap } from './dense-map.js';
import type { EncodedKey } from './dense-map.js';

/**
 * Index key -> primary key, or an array or Set of them. A {@link DenseMap}: index keys are
 * mostly ids too (a comment's post), which it keeps in an array.
 */
export type IndexEntries = DenseMap<EncodedKey | EncodedKey[] | Set<EncodedKey>>;

/** The largest array kept before an entry turns into a Set. */
export const SMALL_LIMIT = 32;

/** Adds `primaryKey` under `indexKey` (once). */
export function addEntry(entries: IndexEntries, indexKey: EncodedKey, primaryKey: EncodedKey): void {
  const keys = entries.get(indexKey);
  if (keys === undefined) entries.set(indexKey, primaryKey);
  else if (keys instanceof Set) keys.add(primaryKey);
  else if (!Array.isArray(keys)) {
    if (keys !== primaryKey) entries.set(indexKey, [keys, primaryKey]);
  } else if (!keys.includes(primaryKey)) {
    if (keys.length < SMALL_LIMIT) keys.push(primaryKey);
    else entries.set(indexKey, new Set([...keys, primaryKey]));
  }
}

/** Removes `primaryKey` from under `indexKey`, if there. */
export function removeEntry(entries: IndexEntries, indexKey: EncodedKey, primaryKey: EncodedKey): void {
  const keys = entries.get(indexKey);
  if (keys === undefined) return;
  if (keys instanceof Set) {
    keys.delete(primaryKey);
    if (keys.size === 0) entries.delete(indexKey);
  } else if (!Array.isArray(keys)) {
    if (keys === primaryKey) entries.delete(indexKey);
  } else {
    const at = keys.indexOf(primaryKey);
    if (at < 0) return;
    // splice, not swap-with-last: lookups keep returning rows in insertion order.
    keys.splice(at, 1);
    if (keys.length === 1) entries.set(indexKey, keys[0]!);
  }
}

/** Calls `fn` with each primary key under `indexKey`, oldest first. */
export function forEachEntry(entries: IndexEntries, indexKey: EncodedKey, fn: (primaryKey: EncodedKey) => void): void {
  const keys = entries.get(indexKey);
  if (keys === undefined) return;
  if (typeof keys === 'object') for (const key of keys) fn(key);
  else fn(keys);
}
