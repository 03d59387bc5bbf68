/**
 * The activity aggregate of the storage contract: each post's append-only log of changes
 * (see `domain/activity.ts`). Entries are written in the transaction of the change they record,
 * so a rolled-back change leaves none; they go with their post when it is deleted.
 */
import type { ActivityPageQuery, ActivityRecord, NewActivity } from '../../domain/activity.js';
import type { AggregateDefinition } from './shared.js';
import type { ScopeTable } from './scopes.js';

/** Appending to a post's log and reading it back. */
export interface ActivityTx {
  /** Appends an entry to its post's log; the storage assigns the id (ids grow: ordered by time of writing). */
  insertActivity(row: NewActivity): Promise<void>;
  /** The post's newest `limit` entries with an id below `query.before` (every entry when null), id desc. */
  listActivity(postId: number, query: ActivityPageQuery): Promise<ActivityRecord[]>;
}

/** The activity aggregate: which methods write; no generic fallbacks. */
export const ACTIVITY_AGGREGATE = {
  writes: {
    insertActivity: true,
    listActivity: false,
  },
  fallbacks: {},
} satisfies AggregateDefinition<ActivityTx>;

/** What each method locks in a write transaction (see ./scopes.ts). */
export const ACTIVITY_SCOPES = {
  insertActivity: 'post.post_id',
  listActivity: 'post',
} satisfies ScopeTable<ActivityTx>;
