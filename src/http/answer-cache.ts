/**
 * Answers of the two most frequent reads (one post, a page of posts) kept as their JSON text, and
 * served again while the storage says nothing has changed since (`Storage.changeVersion`). The
 * handler loads this module only over a storage that has a version (memory, SQLite), so a browser
 * bundle over IndexedDB never does.
 *
 * Exact, not a time to live: the version is read before the answer is built, and a kept answer is
 * served only under the very version it was built under. A write that commits while an answer is
 * being built changes the version, so that answer is never served. Versions only move forward: an
 * answer built under an older version than the latest seen is not kept.
 *
 * An answer depends on the organization, the key's scope (which the service checks), the path and
 * query, and the data. One that depends on the time as well is not kept: a post whose claim is
 * live shows it only until it expires, with no write in between.
 *
 * Only a path asked again lately is worth a version read: the first request of a path (among the
 * last 256 new ones, as many as answers are kept) is answered as if there were no cache, and
 * remembered. So reads spread over more posts than the cache holds, each read once in a while
 * (where every lookup would miss), cost a set lookup each, not a statement.
 */
import type { Caller } from '../services/context.js';
import type { Storage } from '../storage/contract.js';
import type { OperationResult } from './bindings.js';
import type { OperationName } from './operations.js';
import type { RequestTarget } from './request-path.js';

/** Most answers kept (the least recently used goes first). */
export const ANSWER_CACHE_ENTRIES = 256;
/** Most characters of JSON kept in all (about 4 MB of memory for the usual one-byte text). */
export const ANSWER_CACHE_LENGTH = 4 * 1024 * 1024;

/** Which operations are cached, and which of their answers may be kept (those that do not depend on the time). */
const CACHED: Partial<Record<OperationName, (body: unknown) => boolean>> = {
  getPost: (body) => (body as { claim: unknown }).claim === null,
  listPosts: () => true,
};

/** What the handler answers: the result, with its JSON when it was kept or served from the cache. */
export type CachedResult = OperationResult & { json?: string };

export class AnswerCache {
  readonly #storage: Pick<Storage, 'changeVersion'>;
  readonly #maxEntries: number;
  readonly #maxLength: number;
  /** Kept answers, each with the version it was built under; older ones wait for their path or eviction. */
  readonly #entries = new Map<string, { version: string; json: string }>();
  /**
   * Paths (with their query) asked lately, by anyone: asked again, they are worth a version read.
   * The oldest goes first, by a ring of the same strings (no iteration of the set).
   */
  readonly #seen = new Set<string>();
  readonly #ring: string[];
  #next = 0;
  #version: string | null = null;
  #length = 0;

  constructor(storage: Pick<Storage, 'changeVersion'>, maxEntries = ANSWER_CACHE_ENTRIES, maxLength = ANSWER_CACHE_LENGTH) {
    this.#storage = storage;
    this.#maxEntries = maxEntries;
    this.#maxLength = maxLength;
    this.#ring = new Array<string>(maxEntries).fill('');
  }

  /**
   * The answer of operation `name` for this caller, path and query: served again when kept under
   * the storage's current version, else built by `build` and kept when it may be.
   */
  answer(name: OperationName, caller: Caller, target: RequestTarget, build: () => Promise<OperationResult>): Promise<CachedResult> {
    if (CACHED[name] === undefined) return build();
    // No new string for a path without a query (one post): the first ask of a path costs a lookup.
    const asked = target.query === '' ? target.path : `${target.path}?${target.query}`;
    if (!this.#seen.has(asked)) {
      this.#seen.delete(this.#ring[this.#next]!);
      this.#seen.add(asked);
      this.#ring[this.#next] = asked;
      this.#next = (this.#next + 1) % this.#ring.length;
      return build();
    }
    return this.#answer(name, `${caller.organizationId} ${caller.scope} ${asked}`, build);
  }

  async #answer(name: OperationName, key: string, build: () => Promise<OperationResult>): Promise<CachedResult> {
    // Before the answer is built: a write committed meanwhile makes a new version.
    const version = await this.#storage.changeVersion!();
    if (version === null) return build();
    const json = this.get(key, version);
    if (json !== undefined) return { status: 200, json };
    const result = await build();
    if (result.status !== 200) return result;
    const built = JSON.stringify(result.body);
    this.set(name, key, version, result.body, built);
    return { ...result, json: built };
  }

  /** The JSON kept for `key`, if the storage is still at the version it was built under. */
  get(key: string, version: string): string | undefined {
    this.#version = version;
    const entry = this.#entries.get(key);
    if (entry === undefined || entry.version !== version) return undefined;
    // Most recently used last: re-inserted.
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.json;
  }

  /**
   * Keeps the answer `json` of operation `name`, built under `version`, when it may be kept: not
   * when a later version was seen since (the answer may predate a write), nor one that depends on
   * the time, nor one longer than a quarter of the cache.
   */
  set(name: OperationName, key: string, version: string, body: unknown, json: string): void {
    if (version !== this.#version || json.length > this.#maxLength / 4 || !CACHED[name]!(body)) return;
    this.#drop(key);
    this.#entries.set(key, { version, json });
    this.#length += json.length;
    while (this.#entries.size > this.#maxEntries || this.#length > this.#maxLength) this.#drop(this.#entries.keys().next().value!);
  }

  #drop(key: string): void {
    const entry = this.#entries.get(key);
    if (entry === undefined) return;
    this.#entries.delete(key);
    this.#length -= entry.json.length;
  }

  /** Answers kept. */
  get size(): number {
    return this.#entries.size;
  }
}
