/**
 * The records the storage layer keeps. Field names are the API's snake_case names where the API
 * shows the field, so that presenting a record is a projection, not a translation.
 *
 * Timestamps are ISO 8601 UTC strings as produced by `Date.prototype.toISOString()`
 * (`2026-11-21T09:30:00.000Z`): fixed width, so string order is time order in every adapter.
 */
import type { FieldValues } from './fields.js';

/** The five post statuses, in roadmap order. */
export const POST_STATUSES = ['open', 'planned', 'in_progress', 'shipped', 'declined'] as const;
/** A post status: `open`, `planned`, `in_progress`, `shipped` or `declined`. */
export type PostStatus = (typeof POST_STATUSES)[number];

/**
 * API key scopes, weakest first: `team` adds the team's own functions (moderation, blocking voters,
 * undoing merges, mail settings) to `write`.
 */
export const SCOPES = ['read', 'propose', 'write', 'team'] as const;
/** An API key scope: `read`, `propose`, `write` or `team` (each allows everything the weaker ones do). */
export type Scope = (typeof SCOPES)[number];

/** The kinds of implementation evidence; `url` and `pr` refs must be absolute http(s) URLs. */
export const EVIDENCE_KINDS = ['branch', 'commit', 'pr', 'transcript', 'url'] as const;
/** A kind of implementation evidence. */
export type EvidenceKind = (typeof EVIDENCE_KINDS)[number];

/** An organization: the owner of boards, API keys, voters and webhooks. */
export interface OrganizationRecord {
  id: number;
  name: string;
  created_at: string;
}

/** A stored API key: its hash and display prefix, never the raw key. */
export interface ApiKeyRecord {
  id: number;
  organization_id: number;
  scope: Scope;
  label: string;
  /** The first characters of the raw key, for display. */
  prefix: string;
  /** Lower-case hex SHA-256 of the raw key. The raw key itself is never stored. */
  hash: string;
  created_at: string;
  revoked_at: string | null;
}

/** A stored board of an organization. */
export interface BoardRecord {
  id: number;
  organization_id: number;
  slug: string;
  name: string;
  description: string;
  welcome_message: string;
  published: boolean;
  logo_url: string | null;
  created_at: string;
}

/** A pending status proposal, kept on its post until confirmed, rejected or overtaken. */
export interface ProposalRecord {
  status: PostStatus;
  note: string;
  proposed_at: string;
  /** The API key whose caller proposed it; null when an integration's event did. */
  proposed_by_api_key_id: number | null;
  /** The connection whose inbound event proposed it; null when an API key's caller did. */
  proposed_by_connection_id: number | null;
}

/** A stored post, with the counters and pending proposal the storage keeps on it. */
export interface PostRecord {
  id: number;
  board_id: number;
  title: string;
  body: string;
  status: PostStatus;
  is_admin: boolean;
  hidden: boolean;
  pinned: boolean;
  queue_rank: number | null;
  shipped_at: string | null;
  created_at: string;
  /** Number of votes; maintained by the storage on insertVote/deleteVote. */
  vote_count: number;
  /** Number of comments (hidden ones included); maintained by the storage on insertComment. */
  comment_count: number;
  proposal: ProposalRecord | null;
  /**
   * The organization's status the post shows (see statuses.ts), always of the category `status`:
   * the storage sets the category's default whenever `status` is written without a label.
   */
  status_label_id: number;
  /** The values of the board's custom fields (see fields.ts), by key; null when it has none. */
  fields: FieldValues | null;
}

/** A tag of a board, shared by the posts that carry it. */
export interface TagRecord {
  id: number;
  board_id: number;
  /** The first spelling the board saw. */
  name: string;
  /** `foldCase(name)`; unique per board. */
  slug: string;
}

/** One piece of implementation evidence attached to a post. */
export interface EvidenceRecord {
  id: number;
  post_id: number;
  kind: EvidenceKind;
  ref: string;
  label: string;
  added_at: string;
  /** Idempotency key of the request that added it, if any; unique per post. */
  action_key: string | null;
}

/**
 * A record an import made from a row of another system (`import-csv`, `import-canny`), by the
 * row's source id: a re-import of the same rows finds it and skips them. `record_id` is the post
 * or comment made for it (the source id says which); it stays when that record is deleted, so a
 * deleted post is not imported again.
 */
export interface ImportSourceRecord {
  board_id: number;
  /** The row's id in its system, with the kind of record and the system (`post:fider:42`). */
  source_id: string;
  record_id: number;
  imported_at: string;
}

/** A claim of a post by an API key, stored until released, taken over or deleted with the post. */
export interface ClaimRecord {
  post_id: number;
  api_key_id: number;
  agent_label: string;
  claimed_at: string;
  expires_at: string;
}

/** A voter of an organization (the voter side of the SDK creates them). */
export interface VoterRecord {
  id: number;
  organization_id: number;
  /** Lower-cased e-mail address; unique per organization. Null for anonymous voters. */
  email: string | null;
  name: string;
  created_at: string;
  /**
   * The language the voter reads the pages in (a language tag of the pages' catalogs, such as
   * `de`): set when they sign in and when they choose one, and used for the mail they get. Null for
   * a voter who never came by the pages (created through the API).
   */
  locale: string | null;
}

/** A voter to insert: the storage assigns the id; `locale` defaults to null. */
export type NewVoterRecord = Omit<VoterRecord, 'id' | 'locale'> & { locale?: string | null };

/**
 * The voter who submitted a post. Posts of the board team (API, dashboard) have none, and their
 * `is_admin` is true; a voter's post has this record and `is_admin: false`.
 */
export interface PostAuthorRecord {
  post_id: number;
  voter_id: number;
  /** The post's `created_at`: a voter's recent posts are counted by it (the per-voter limits). */
  created_at: string;
}

/**
 * Whether one voter follows one post. A voter follows the posts they submit, vote for or comment
 * on unless a record of theirs for that post says otherwise: an explicit unfollow is kept
 * (`following: false`) so that a later vote or comment does not follow the post again.
 */
export interface FollowRecord {
  post_id: number;
  voter_id: number;
  following: boolean;
  /** When the record was last written. */
  updated_at: string;
}

/** A block of a voter by the board team: a blocked voter cannot submit, vote, comment or react. */
export interface VoterBlockRecord {
  voter_id: number;
  blocked_at: string;
}

/** One voter's vote on one post. */
export interface VoteRecord {
  post_id: number;
  voter_id: number;
  created_at: string;
}

/** A comment or reply on a post, by the board team or by a voter. */
export interface CommentRecord {
  id: number;
  post_id: number;
  parent_comment_id: number | null;
  body: string;
  is_admin: boolean;
  hidden: boolean;
  /** The voter who wrote it; null for comments of the board team. */
  voter_id: number | null;
  created_at: string;
  /** When its body was last changed, or null. */
  edited_at: string | null;
  /** When it was deleted, or null: a deleted comment keeps its place and its replies, not its body. */
  deleted_at: string | null;
}

/** A new comment: neither edited nor deleted yet. */
export type NewCommentRecord = Omit<CommentRecord, 'id' | 'edited_at' | 'deleted_at'>;

/** An earlier body of a comment, kept for the team when an edit or a deletion replaced it. */
export interface CommentEditRecord {
  id: number;
  comment_id: number;
  body: string;
  /** When the body was replaced (by an edit, or emptied by the deletion). */
  replaced_at: string;
  /** True when the team replaced it, false when the comment's voter did. */
  by_team: boolean;
}

/** One voter's reaction (an emoji or short text) to a comment. */
export interface ReactionRecord {
  comment_id: number;
  voter_id: number;
  reaction: string;
  created_at: string;
}

/** A webhook of an organization, with its signing secret. */
export interface WebhookRecord {
  id: number;
  organization_id: number;
  url: string;
  description: string;
  events: string[];
  active: boolean;
  /** Signing secret. Never returned by the HTTP API. */
  secret: string;
  created_at: string;
}

/** Where a webhook message stands: waiting for an attempt, delivered, or given up on. */
export type WebhookMessageStatus = 'pending' | 'delivered' | 'failed';

/**
 * One event for one webhook, written in the transaction of the change it reports (the outbox),
 * and kept with its delivery state until the webhook is deleted.
 */
export interface WebhookMessageRecord {
  id: number;
  webhook_id: number;
  /** `msg_…`: the `webhook-id` header, the same on every attempt. */
  msg_id: string;
  /** The event name, e.g. `post.created`. */
  event_type: string;
  /** The exact body sent: `{"type","timestamp","data"}` as JSON text. */
  payload: string;
  status: WebhookMessageStatus;
  /** Attempts made so far. */
  attempts: number;
  /** When the next attempt is due; null once delivered or failed. */
  next_attempt_at: string | null;
  /** A dispatcher holds the message until this time; null when nobody does. */
  lease_until: string | null;
  /** Who holds the lease (a dispatcher's random id); null when nobody does. */
  lease_owner: string | null;
  created_at: string;
}

/** One delivery attempt of a webhook message, as the dispatcher recorded it. */
export interface WebhookAttemptRecord {
  id: number;
  message_id: number;
  webhook_id: number;
  /** When the request started. */
  attempted_at: string;
  /** The answer's HTTP status; null when none came (timeout, network error, refused target). */
  status_code: number | null;
  /** Why the attempt failed without a 2xx answer, in a few words; null on success. */
  error: string | null;
  duration_ms: number;
  /** The first 1 KiB of the answer's body (UTF-8, decoded leniently); "" when none. */
  response_body: string;
  /** A 2xx answer within the timeout. */
  success: boolean;
}

/**
 * What merging one post into another did, kept so that unmerging restores exactly the state
 * before (docs/errors-scopes-limits.md#merging-posts). The merged post itself keeps its votes,
 * evidence, tags and follows; it is stored hidden, which keeps it out of every visible list and
 * count, and this record keeps it out of the lists that show hidden posts.
 */
export interface PostMergeRecord {
  /** The merged post. */
  source_id: number;
  /** The post it was merged into. */
  target_id: number;
  /** The board of the merged post. */
  board_id: number;
  merged_at: string;
  /** The merged post's `hidden` before the merge, restored by unmerging. */
  source_hidden: boolean;
  /** Voters whose vote the merge added to the target (voters of both are not among them). */
  votes_added: number[];
  /** The comments the merge moved from the source to the target, replies included. */
  comment_ids: number[];
  /** The evidence entries the merge added to the target (copies of the source's). */
  evidence_ids: number[];
  /** The claim on the source that the merge released, if one was live. */
  claim: ClaimRecord | null;
}
