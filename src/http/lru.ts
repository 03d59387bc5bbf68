/**
 * A small least-recently-used map with an optional time to live: what the key cache and the rate
 * limiter need (get, set, delete, size) in a few hundred bytes, where a general LRU library was
 * the largest single package of the browser bundle after zod. A Map keeps insertion order, so
 * re-inserting on use makes its first key the least recently used.
 */
export class SmallLru<K, V> {
  readonly #max: number;
  readonly #ttlMs: number;
  readonly #now: () => number;
  readonly #entries = new Map<K, { value: V; expires: number }>();
  /** The most recently used key: using it again needs no reordering (one client, many requests). */
  #newest: K | undefined;

  /** At most `max` entries (>= 1); each expires `ttlMs` after it was set (no expiry when omitted). */
  constructor(options: { max: number; ttlMs?: number; now?: () => number }) {
    if (!Number.isInteger(options.max) || options.max < 1) throw new RangeError('SmallLru: max must be an integer >= 1');
    this.#max = options.max;
    this.#ttlMs = options.ttlMs ?? Infinity;
    this.#now = options.now ?? (() => performance.now());
  }

  /** The live value, made the most recently used; undefined when absent or expired. */
  get(key: K): V | undefined {
    const entry = this.#entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.expires !== Infinity && entry.expires <= this.#now()) {
      this.delete(key);
      return undefined;
    }
    if (key !== this.#newest) {
      this.#entries.delete(key);
      this.#entries.set(key, entry);
      this.#newest = key;
    }
    return entry.value;
  }

  /** The live value without making it the most recently used; undefined when absent or expired. */
  peek(key: K): V | undefined {
    const entry = this.#entries.get(key);
    return entry === undefined || entry.expires <= this.#now() ? undefined : entry.value;
  }

  /** Live entries from the least to the most recently used (expired ones are skipped, not removed). */
  *oldestFirst(): IterableIterator<[K, V]> {
    const now = this.#now();
    for (const [key, entry] of this.#entries) if (entry.expires > now) yield [key, entry.value];
  }

  /** Sets the value (a new time to live); evicts the least recently used entry beyond `max`. */
  set(key: K, value: V): void {
    this.#entries.delete(key);
    this.#entries.set(key, { value, expires: this.#ttlMs === Infinity ? Infinity : this.#now() + this.#ttlMs });
    this.#newest = key;
    if (this.#entries.size > this.#max) this.#entries.delete(this.#entries.keys().next().value as K);
  }

  /** Removes the entry, if any. */
  delete(key: K): void {
    this.#entries.delete(key);
    if (key === this.#newest) this.#newest = undefined;
  }

  /** Removes every entry. */
  clear(): void {
    this.#entries.clear();
    this.#newest = undefined;
  }

  /** Entries held, expired ones not yet looked up included. */
  get size(): number {
    return this.#entries.size;
  }
}
