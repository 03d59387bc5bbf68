/**
 * New posts join the search index (FTS5, schema-search.ts) in batches rather than in the write
 * transaction that creates each. FTS5 writes a new segment, its structure record and its totals at
 * every transaction that adds a row: 6 of the 26 pages a new post wrote to the WAL, and about a
 * tenth of a create's CPU. A batch of posts writes them once.
 *
 * The index holds every post up to `fb_search_indexed.through_id`; a search tests the text of the
 * newer ones itself (tx/posts.ts), so a post is found from the commit that creates it, indexed or
 * not. The triggers keep the index in step for the posts it holds (an edit, a delete) and leave
 * the newer ones to the batch, which reads their text as it is then.
 *
 * Each write transaction reads, before it commits, how many posts wait (one probe of each table's
 * last row). From {@link SEARCH_BATCH} waiting, a batch runs right after the commit, as a write
 * transaction of its own; fewer wait at most {@link SEARCH_IDLE_MS}. Any process on the file may
 * run the batch; the write lock serializes them, and the second finds nothing left. A batch never
 * waits for the write lock: when another connection holds it, the batch tries again
 * {@link SEARCH_IDLE_MS} later, so that no read of this process waits behind a write nobody
 * asked for. A batch that fails (a full disk) loses nothing: the posts stay searchable by their
 * text and go with the next batch.
 */
import type { Statement } from 'better-sqlite3';

/** Waiting posts that start a batch as soon as the transaction that made them commits. */
export const SEARCH_BATCH = 32;

/** The longest a post waits for its batch when fewer than {@link SEARCH_BATCH} wait, in ms. */
export const SEARCH_IDLE_MS = 250;

/** The posts newer than the index's last (an estimate: deleted ones count until the next batch). */
export const WAITING_POSTS_SQL = 'SELECT coalesce((SELECT max(id) FROM fb_posts), 0) - through_id FROM fb_search_indexed';

/** The batch: every post newer than the index's last, then the new last. */
export const INDEX_WAITING_POSTS_SQL = `
INSERT INTO fb_posts_search (rowid, title_folded, body_folded)
  SELECT id, title_folded, body_folded FROM fb_posts WHERE id > (SELECT through_id FROM fb_search_indexed) ORDER BY id;
UPDATE fb_search_indexed SET through_id = max(through_id, coalesce((SELECT max(id) FROM fb_posts), 0));
`;

/** After the search index is made again from every post (`'rebuild'`): it holds them all. */
export const INDEXED_THROUGH_NEWEST_SQL = 'UPDATE fb_search_indexed SET through_id = coalesce((SELECT max(id) FROM fb_posts), 0)';

/**
 * What a storage gives its batches: a write transaction of its own, which may fail; it resolves
 * false when it did not run because another connection held the write lock.
 */
export type RunBatch = () => Promise<boolean>;

/** When to run the batches of one connection (see the module's comment). */
export class SearchBatches {
  readonly #waiting: Statement;
  readonly #run: RunBatch;
  #timer: ReturnType<typeof setTimeout> | null = null;
  #running = false;
  /** Posts were made while a batch ran: they get a timer once it ends. */
  #again = false;
  #stopped = false;

  constructor(waiting: Statement, run: RunBatch) {
    this.#waiting = waiting.pluck();
    this.#run = run;
  }

  /** How many posts wait; read inside a write transaction, before its commit. */
  waiting(): number {
    return this.#waiting.get() as number;
  }

  /** Called after a write transaction committed with `waiting` posts waiting. */
  committed(waiting: number): void {
    if (waiting <= 0 || this.#stopped) return;
    if (this.#running) {
      this.#again = true;
      return;
    }
    if (waiting >= SEARCH_BATCH) {
      this.#clearTimer();
      this.#running = true;
      // After the answer of the transaction that filled the batch, not before it.
      setImmediate(() => void this.#batch());
    } else if (this.#timer === null) {
      this.#timer = setTimeout(() => {
        this.#timer = null;
        this.#running = true;
        void this.#batch();
      }, SEARCH_IDLE_MS);
      this.#timer.unref();
    }
  }

  /** No batch starts after this (the storage closes). */
  stop(): void {
    this.#stopped = true;
    this.#clearTimer();
  }

  async #batch(): Promise<void> {
    let again = false;
    try {
      if (!this.#stopped) again = !(await this.#run());
    } catch {
      // Nothing is lost: the posts stay searchable by their text, and the next batch takes them.
    } finally {
      this.#running = false;
      // Posts made meanwhile, or a lock that was taken: a quiet spell, then another try.
      if (this.#again || again) {
        this.#again = false;
        this.committed(1);
      }
    }
  }

  #clearTimer(): void {
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = null;
  }
}
