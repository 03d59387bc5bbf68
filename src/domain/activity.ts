/**
 * A post's activity log: one append-only entry per change to the post, written in the
 * transaction of the change, naming who made it and when (the injected clock). The log goes with
 * the post when it is deleted; a merged post keeps its own. See docs/activity.md.
 */
import type { PostStatus } from './records.js';

/**
 * What happened to the post, a closed set:
 *
 * - `created`: the post was created (by a key, the team, or a voter's submission);
 * - `approved`: the team approved a voter's held post, which made it (moderation; a rejected
 *   held post never becomes a post, so no log records that);
 * - `edited`: its title, body, pin, queue rank, tags or evidence list changed (`fields`);
 * - `status_changed`: its status moved `from` → `to` (a status change, not a proposal);
 * - `proposal_made`: a key proposed status `to` (with `note`);
 * - `proposal_confirmed`: the team confirmed the proposal of key `key_id`: status `from` → `to`;
 * - `proposal_rejected`: the team dropped the pending proposal (of key `key_id`) for `to`;
 * - `claimed`, `released`: a key claimed the post, or released its claim (an expired claim ends
 *   by time alone, with no write, so no entry records it);
 * - `evidence_added`: a key attached evidence (`evidence_id`);
 * - `merged_into`: the post was merged into post `other_post_id`;
 * - `merge_received`: post `other_post_id` was merged into this one;
 * - `unmerged`: the merge of this post into `other_post_id` was undone;
 * - `merge_undone`: the merge of post `other_post_id` into this one was undone;
 * - `hidden`, `shown`: the team hid the post or showed it again;
 * - `team_commented`: the team commented (`comment_id`);
 * - `voted_on_behalf`, `vote_on_behalf_withdrawn`: the team voted on behalf of customer company
 *   `company_id`, or withdrew that vote;
 * - `deleted`, `restored`: the post was deleted (kept for restoring), and restored.
 */
export const ACTIVITY_KINDS = [
  'created',
  'approved',
  'edited',
  'status_changed',
  'proposal_made',
  'proposal_confirmed',
  'proposal_rejected',
  'claimed',
  'released',
  'evidence_added',
  'merged_into',
  'merge_received',
  'unmerged',
  'merge_undone',
  'hidden',
  'shown',
  'team_commented',
  'voted_on_behalf',
  'vote_on_behalf_withdrawn',
  'deleted',
  'restored',
] as const;

/** What happened to the post; see {@link ACTIVITY_KINDS}. */
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/**
 * Who acted, as stored: an API key (`api_key`, its id; an OAuth client acts through the API key
 * of its grant, so its entries name that key), a team member (`team_member`, their id, or null
 * for the team acting in-process with no member named), a voter (`voter`, their id), an
 * integration connection (`connection`, its id: what a tracker's delivery did), or the system
 * (`system`, no id).
 */
export type ActivityActorKind = 'api_key' | 'team_member' | 'voter' | 'connection' | 'system';

/** Who acted: the kind and the id of the key, member, voter or connection (null for the system). */
export interface ActivityActorRef {
  actor_kind: ActivityActorKind;
  actor_id: number | null;
}

/** What an entry adds to its kind; which fields a kind sets is listed at {@link ACTIVITY_KINDS}. */
export interface ActivityDetail {
  from?: PostStatus;
  to?: PostStatus;
  note?: string;
  /** The key whose proposal was confirmed or rejected. */
  key_id?: number;
  other_post_id?: number;
  evidence_id?: number;
  comment_id?: number;
  /** The customer company a vote on behalf of was cast or withdrawn for. */
  company_id?: string;
  /** What an edit changed: `title`, `body`, `pinned`, `queue_rank`, `tags`, `implementation_evidence`. */
  fields?: string[];
}

/** Every field of {@link ActivityDetail}, in the order an entry presents them. */
const DETAIL_FIELDS: { readonly [F in keyof ActivityDetail]-?: true } = {
  from: true, to: true, note: true, key_id: true, other_post_id: true, evidence_id: true, comment_id: true, company_id: true, fields: true,
};

/**
 * `detail` with its fields in one order, whatever order the store kept them in (PostgreSQL's
 * jsonb orders an object's keys by their length), so every store answers the same bytes.
 */
export function orderedDetail(detail: ActivityDetail): ActivityDetail {
  const ordered: Record<string, unknown> = {};
  for (const field of Object.keys(DETAIL_FIELDS) as Array<keyof ActivityDetail>) if (detail[field] !== undefined) ordered[field] = detail[field];
  return ordered as ActivityDetail;
}

/** One stored entry of a post's log. Ids grow with time: newest first is id descending. */
export interface ActivityRecord extends ActivityActorRef {
  id: number;
  post_id: number;
  kind: ActivityKind;
  /** ISO timestamp, from the injected clock. */
  at: string;
  detail: ActivityDetail;
}

/** An entry to append; the storage assigns its id. */
export type NewActivity = Omit<ActivityRecord, 'id'>;

/** A page of a post's log: the newest `limit` entries with an id below `before` (all when null). */
export interface ActivityPageQuery {
  before: number | null;
  /** 1..500 */
  limit: number;
}
