/**
 * An application module that keeps a local list of shipped features in step with a board's
 * changelog: what a status page or a "What's new" panel would run on a schedule.
 *
 * It walks every page of the changelog with the typed client, adds what is new, updates what
 * changed and drops what left the changelog (a post moved back out of `shipped`, or hidden).
 * A 429 is waited out through the client's retry, so a sync never fails on a rate limit.
 */
import { createClient, type FeedbackBoardClient, type FetchLike, type Post, type RetryOptions } from 'feedback-board/client';

/** One line of the local changelog. */
export interface ChangelogEntry {
  id: number;
  title: string;
  shippedAt: string;
  votes: number;
  tags: string[];
}

/** What one sync changed (post ids, ascending). */
export interface SyncReport {
  added: number[];
  updated: number[];
  removed: number[];
  /** Entries after the sync. */
  total: number;
}

export interface ChangelogSyncOptions {
  baseUrl: string;
  apiKey: string;
  /** The board whose changelog is mirrored. */
  slug: string;
  /** Posts per page. Default 100. */
  pageSize?: number;
  /** Retry policy; rate limits are always waited out. */
  retry?: RetryOptions;
  /** Another fetch (tests, proxies). */
  fetch?: FetchLike;
}

const toEntry = (post: Post): ChangelogEntry => ({
  id: post.id,
  title: post.title,
  shippedAt: post.shipped_at ?? post.created_at,
  votes: post.vote_count,
  tags: post.tags.map((tag) => tag.name),
});

const same = (a: ChangelogEntry, b: ChangelogEntry) => JSON.stringify(a) === JSON.stringify(b);

/** Mirrors one board's changelog into memory. */
export class ChangelogSync {
  readonly #client: FeedbackBoardClient;
  readonly #slug: string;
  readonly #pageSize: number;
  readonly #entries = new Map<number, ChangelogEntry>();

  constructor(options: ChangelogSyncOptions) {
    this.#client = createClient({
      baseUrl: options.baseUrl,
      apiKey: options.apiKey,
      retry: { retries: 5, ...options.retry },
      ...(options.fetch ? { fetch: options.fetch } : {}),
    });
    this.#slug = options.slug;
    this.#pageSize = options.pageSize ?? 100;
  }

  /** Fetches the whole changelog and applies the differences to the local list. */
  async sync(signal?: AbortSignal): Promise<SyncReport> {
    const fresh = new Map<number, ChangelogEntry>();
    const pages = this.#client.changelog.listAll(this.#slug, { limit: this.#pageSize }, signal ? { signal } : {});
    for await (const post of pages) fresh.set(post.id, toEntry(post));

    const report: SyncReport = { added: [], updated: [], removed: [], total: fresh.size };
    for (const [id, entry] of fresh) {
      const known = this.#entries.get(id);
      if (!known) report.added.push(id);
      else if (!same(known, entry)) report.updated.push(id);
    }
    for (const id of this.#entries.keys()) if (!fresh.has(id)) report.removed.push(id);
    for (const ids of [report.added, report.updated, report.removed]) ids.sort((a, b) => a - b);

    this.#entries.clear();
    for (const [id, entry] of fresh) this.#entries.set(id, entry);
    return report;
  }

  /** The local changelog, newest first. */
  entries(): ChangelogEntry[] {
    return [...this.#entries.values()].sort((a, b) => b.shippedAt.localeCompare(a.shippedAt) || b.id - a.id);
  }
}
