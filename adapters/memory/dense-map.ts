/**
 * A Map from primary keys to values that keeps small non-negative integer keys in an array.
 * Ids handed out by `nextId` run 1, 2, 3, ...: in an array a row costs one 8-byte slot, where a
 * Map entry costs three slots plus its share of the buckets, and up to twice that while the
 * table waits to grow. Other keys (strings, negative or fractional numbers, and integers far past
 * the array's end, which would leave a long run of empty slots) go to an ordinary Map; a key is
 * in one of the two, never both. -0 and 0 are one key, as in a Map.
 *
 * Iteration visits the array in key order, then the Map in insertion order.
 */
/** A primary or index key as a Map key: the value itself, or a string for a compound key. */
export type EncodedKey = string | number;

/** Integer keys below this go to the array. */
const SLOT_LIMIT = 2 ** 31 - 1;

/** How far past the array's end (besides its own length) a key still extends the array. */
const MAX_GAP = 1024;

const isSlot = (key: EncodedKey): key is number => typeof key === 'number' && Number.isInteger(key) && key >= 0 && key < SLOT_LIMIT;

/** Primary key -> value, small integer keys in an array (see above). */
export class DenseMap<V> {
  readonly #slots: (V | undefined)[] = [];
  readonly #map = new Map<EncodedKey, V>();

  get(key: EncodedKey): V | undefined {
    if (isSlot(key) && key < this.#slots.length) {
      const value = this.#slots[key];
      if (value !== undefined) return value;
    }
    return this.#map.size === 0 ? undefined : this.#map.get(key);
  }

  /** `value` is never undefined. */
  set(key: EncodedKey, value: V): void {
    const slots = this.#slots;
    if (!isSlot(key) || key > 2 * slots.length + MAX_GAP) {
      this.#map.set(key, value);
      return;
    }
    // A key that was far past the end when first set may be in the Map.
    if (this.#map.size !== 0) this.#map.delete(key);
    if (key < slots.length) slots[key] = value;
    else {
      // Empty slots up to the key, so that the array grows by push and stays a fast array.
      while (slots.length < key) slots.push(undefined);
      slots.push(value);
    }
  }

  delete(key: EncodedKey): void {
    if (isSlot(key) && key < this.#slots.length) this.#slots[key] = undefined;
    if (this.#map.size !== 0) this.#map.delete(key);
  }

  *entries(): IterableIterator<[EncodedKey, V]> {
    const slots = this.#slots;
    for (let key = 0; key < slots.length; key++) {
      const value = slots[key];
      if (value !== undefined) yield [key, value];
    }
    yield* this.#map.entries();
  }

  /** Every value, in iteration order. */
  values(): V[] {
    const values: V[] = [];
    for (const value of this.#slots) if (value !== undefined) values.push(value);
    for (const value of this.#map.values()) values.push(value);
    return values;
  }
}
