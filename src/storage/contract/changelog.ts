/**
 * The changelog aggregate of the storage contract: the entries the team writes about a board's
 * shipped work, published at once or at a set time (docs/changelog.md). Publishing is one
 * conditional change of one row, so of several processes publishing the same due entry at once,
 * exactly one publishes it.
 */
import type { ChangelogEntryRecord } from '../../domain/changelog-entries.js';
import type { AggregateDefinition, NewRecord, Page, PageQuery } from './shared.js';
import type { ScopeTable } from './scopes.js';

/** The page and filter of {@link ChangelogTx.listChangelogEntries}. */
export interface ChangelogEntryQuery extends PageQuery {
  /** Only the published entries, or only those waiting for their time; absent, both. */
  state?: 'published' | 'scheduled';
}

/** Fields of an entry to change; absent fields are unchanged (its board and organization never change). */
export type ChangelogEntryChanges = Partial<Pick<ChangelogEntryRecord, 'title' | 'body' | 'post_ids' | 'publish_at' | 'published_at'>>;

/** Writing, listing, publishing, editing and deleting changelog entries. */
export interface ChangelogTx {
  /** Stores a new entry; the entry with its id. */
  insertChangelogEntry(row: NewRecord<ChangelogEntryRecord>): Promise<ChangelogEntryRecord>;
  /** The entry, or null. */
  getChangelogEntry(id: number): Promise<ChangelogEntryRecord | null>;
  /**
   * The board's entries, ordered by the time they were or are to be published
   * (`published_at`, else `publish_at`), latest first, then id desc: scheduled entries (in the
   * future) lead, then the published ones newest first.
   */
  listChangelogEntries(boardId: number, query: ChangelogEntryQuery): Promise<Page<ChangelogEntryRecord>>;
  /**
   * The ids of at most `limit` entries not published yet whose `publish_at` is at or before
   * `now`, of every organization (of one board, when `boardId` is given), earliest first.
   */
  listDueChangelogEntries(now: string, limit: number, boardId?: number): Promise<number[]>;
  /**
   * Publishes entry `id` at `now` if it is not published yet; the entry after, or null when it
   * is gone or already published (nothing changes). One conditional statement in SQL: of
   * concurrent publishers, exactly one gets the entry.
   */
  publishChangelogEntry(id: number, now: string): Promise<ChangelogEntryRecord | null>;
  /**
   * Changes entry `id`, if it is still unpublished when `unpublished` is true; the entry after, or
   * null when it is gone (or was published meanwhile, with `unpublished`) and nothing changed.
   */
  updateChangelogEntry(id: number, changes: ChangelogEntryChanges, unpublished: boolean): Promise<ChangelogEntryRecord | null>;
  /** Deletes entry `id`; whether there was one. */
  deleteChangelogEntry(id: number): Promise<boolean>;
}

/** The changelog aggregate: which methods write; no generic fallbacks. */
export const CHANGELOG_AGGREGATE = {
  writes: {
    insertChangelogEntry: true,
    getChangelogEntry: false,
    listChangelogEntries: false,
    listDueChangelogEntries: false,
    publishChangelogEntry: true,
    updateChangelogEntry: true,
    deleteChangelogEntry: true,
  },
  fallbacks: {},
} satisfies AggregateDefinition<ChangelogTx>;

/** What each method locks in a write transaction (see ./scopes.ts). */
export const CHANGELOG_SCOPES = {
  // an entry stays its organization's; the due ones are read across organizations, and each is
  // published under its own organization's lock, by one conditional UPDATE
  insertChangelogEntry: 'organization.organization_id',
  getChangelogEntry: 'none',
  listChangelogEntries: 'board',
  listDueChangelogEntries: 'none',
  publishChangelogEntry: 'changelogEntry',
  updateChangelogEntry: 'changelogEntry',
  deleteChangelogEntry: 'changelogEntry',
} satisfies ScopeTable<ChangelogTx>;
