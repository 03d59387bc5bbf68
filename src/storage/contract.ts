/**
 * The storage contract. Types only: the core never imports an adapter, and every adapter
 * (memory, SQLite, IndexedDB, or one of your own) implements exactly this.
 *
 * Rules every adapter keeps (the conformance suite in `test/conformance/` checks each):
 *
 * - **Atomic.** `transaction()` runs `fn` with a {@link StorageTx}. If `fn` throws or rejects,
 *   every write it made is undone and the error is rethrown unchanged.
 * - **Serializable writes.** Write transactions never interleave with one another (within a
 *   process, and across processes for a shared file): a read followed by a write inside one
 *   `write` transaction cannot race. Reads see only committed data.
 * - **Copies.** Records returned are copies; mutating one never changes the store, and a record
 *   passed in is never kept by reference.
 * - **Only storage awaits inside.** `fn` awaits nothing but `tx` methods (IndexedDB commits a
 *   transaction as soon as the event loop turns). Hash keys, read the clock and build values
 *   before opening the transaction.
 * - **Ids.** Integer ids are assigned by the storage, starting at 1 for each kind of record and
 *   increasing; an id is never reused after a delete (one rolled back may be).
 * - **Orderings** are exactly those documented on each method; every one ends with `id`.
 * - **Case folding** is {@link foldCase} from `storage/text.ts`, computed in JavaScript, never by
 *   the database (SQLite's `lower()` and `LIKE` fold ASCII only).
 */
import type {
  ApiKeyRecord,
  BoardRecord,
  ClaimRecord,
  CommentRecord,
  EvidenceRecord,
  OrganizationRecord,
  PostRecord,
  PostStatus,
  ReactionRecord,
  TagRecord,
  VoteRecord,
  VoterRecord,
  WebhookAttemptRecord,
  WebhookMessageRecord,
  WebhookRecord,
} from '../domain/records.js';
import type {
  LeasedWebhookMessage,
  WebhookAttemptReport,
  WebhookEventToEnqueue,
  WebhookLeaseRequest,
} from './webhook-outbox.js';

export type { LeasedWebhookMessage, WebhookAttemptReport, WebhookEventToEnqueue, WebhookLeaseRequest };
import type { SharedLimits } from './shared-limits.js';
import type { SessionRecord, SignInLinkRecord, TeamMemberRecord } from '../domain/people.js';

/** `read` transactions must not write; `write` transactions are serialized with one another. */
export type TransactionMode = 'read' | 'write';

/** Where a board keeps its data: a transaction primitive (see the rules above) and `close()`. */
export interface Storage {
  /** Runs `fn` in one transaction; see the rules above. A `read` transaction must not write. */
  transaction<T>(mode: TransactionMode, fn: (tx: StorageTx) => Promise<T>): Promise<T>;
  /** Releases the underlying resources. Further calls reject. */
  close(): Promise<void>;
  /**
   * Optional: a rate limit and key-cache bound shared by every process using this storage (see
   * {@link SharedLimits}); without it the handler limits each process on its own.
   */
  readonly sharedLimits?: SharedLimits;
}

/** One page of a list plus the number of matches before `limit`/`offset` were applied. */
export interface Page<T> {
  rows: T[];
  total: number;
}

/** One page of a list. */
export interface PageQuery {
  /** 1..500 */
  limit: number;
  /** >= 0 */
  offset: number;
}

/** The filters, sort and page of {@link StorageTx.listPosts}. */
export interface PostListQuery extends PageQuery {
  status?: PostStatus;
  /**
   * Already folded with `foldCase`; non-empty. Matches posts where `foldCase(title)` or
   * `foldCase(body)` contains it as a substring. Every character is literal.
   */
  search?: string;
  /** Only posts carrying this tag. */
  tagId?: number;
  /**
   * `new`: created_at desc, id desc.
   * `top`: vote_count desc, created_at desc, id desc.
   */
  sort: 'new' | 'top';
}

/** Who asks for the agent queue, when, and how many posts. */
export interface QueueQuery {
  /** The calling key: its own live claims do not hide a post. */
  apiKeyId: number;
  /** Current time (ISO); a claim is live while now < expires_at. */
  now: string;
  limit: number;
}

/** `from` inclusive, `to` exclusive (ISO timestamps). */
export interface TimeWindow {
  from: string;
  to: string;
}

/** A post of the ship statistics: only what the operation shows of it. */
export interface ShippedPost {
  id: number;
  title: string;
  vote_count: number;
  /** When it shipped (ISO); always set for a shipped post in the window. */
  shipped_at: string;
}

/** Per-day counts; `date` is `YYYY-MM-DD` (UTC). Days without any are omitted. */
export interface DailyCount {
  date: string;
  count: number;
}

/** Everything the analytics operation needs, computed over the board's non-hidden posts. */
export interface AnalyticsAggregate {
  /** Posts created in the window. */
  posts: number;
  /** Votes cast in the window. */
  votes: number;
  /** Comments (hidden ones included) written in the window. */
  comments: number;
  /** Distinct voters who cast a vote in the window. */
  voters: number;
  /** Current status of every non-hidden post; every status present (0 when none). */
  statusBreakdown: Record<PostStatus, number>;
  /** Posts created per UTC day in the window, date asc. */
  postsPerDay: DailyCount[];
  /** Votes cast per UTC day in the window, date asc. */
  votesPerDay: DailyCount[];
  /** Up to 10 posts not shipped or declined: vote_count desc, created_at asc, id asc. */
  topRequests: PostRecord[];
  /** Posts whose status is shipped (all time). */
  shippedTotal: number;
  /** Posts whose status is shipped and whose shipped_at is in the window. */
  shippedInWindow: number;
  /** Posts created in the window that have at least one vote. */
  postsWithVotes: number;
  /** Sum of comment_count over posts created in the window. */
  commentsOnWindowPosts: number;
}

/** A record to insert: everything but the `id`, which the storage assigns. */
export type NewRecord<T extends { id: number }> = Omit<T, 'id'>;
/** A post to insert: its counters start at 0. */
export type NewPost = Omit<PostRecord, 'id' | 'vote_count' | 'comment_count'>;
/** Fields of a post to change; absent fields are unchanged. */
export type PostPatch = Partial<
  Pick<
    PostRecord,
    'title' | 'body' | 'status' | 'hidden' | 'pinned' | 'queue_rank' | 'shipped_at' | 'proposal'
  >
>;
/** Fields of a board to change; absent fields are unchanged. */
export type BoardPatch = Partial<
  Pick<BoardRecord, 'name' | 'description' | 'welcome_message' | 'published' | 'logo_url'>
>;
/** Fields of a webhook to change; absent fields are unchanged. */
export type WebhookPatch = Partial<Pick<WebhookRecord, 'url' | 'description' | 'events' | 'active' | 'secret'>>;

/** A claim to make atomically; see {@link StorageTx.claimPost}. */
export interface ClaimRequest {
  post_id: number;
  api_key_id: number;
  /** Replaces the label when given; a new claim without one gets "". */
  agent_label?: string;
  /** Now (ISO): claimed_at of a new claim and the liveness reference. */
  now: string;
  expires_at: string;
}

/** A claim of the next post of a board's queue; see {@link StorageTx.claimNextPost}. */
export interface ClaimNextRequest {
  board_id: number;
  api_key_id: number;
  /** The new claim's label; "" when absent. */
  agent_label?: string;
  /** Now (ISO): claimed_at of the new claim and the liveness reference. */
  now: string;
  expires_at: string;
}

/** What {@link StorageTx.claimPost} did. */
export type ClaimOutcome =
  /** No claim, or only an expired one: the given claim was stored. */
  | { outcome: 'created'; claim: ClaimRecord }
  /** The same key held a live claim: expires_at (and agent_label when given) updated, claimed_at kept. */
  | { outcome: 'extended'; claim: ClaimRecord }
  /** Another key holds a live claim: nothing changed; `claim` is that key's claim. */
  | { outcome: 'conflict'; claim: ClaimRecord };

/**
 * - `released`: the caller held a live claim; it is gone.
 * - `none`: there was no live claim (an expired one is removed).
 * - `conflict`: another key holds a live claim; nothing changed.
 */
export type ReleaseOutcome = 'released' | 'none' | 'conflict';

/**
 * The reads and writes of one transaction, in the domain's terms. Every adapter implements all of
 * them with the documented results and orderings; the conformance suite checks each.
 */
export interface StorageTx {
  // ── organizations, keys, settings ──────────────────────────────────────────
  /** Inserts an organization; the storage assigns its id. */
  insertOrganization(row: NewRecord<OrganizationRecord>): Promise<OrganizationRecord>;
  /** The organization, or null. */
  getOrganization(id: number): Promise<OrganizationRecord | null>;
  /** id asc. */
  listOrganizations(): Promise<OrganizationRecord[]>;

  /** Inserts a key record; the storage assigns its id. */
  insertApiKey(row: NewRecord<ApiKeyRecord>): Promise<ApiKeyRecord>;
  /** The key record (revoked ones included), or null. */
  getApiKey(id: number): Promise<ApiKeyRecord | null>;
  /** The key record with this hash (revoked ones included), or null. */
  getApiKeyByHash(hash: string): Promise<ApiKeyRecord | null>;
  /** id asc, revoked keys included. */
  listApiKeys(organizationId: number): Promise<ApiKeyRecord[]>;
  /** Changes a key's label or revocation time; the updated record, or null if there is no such key. */
  updateApiKey(id: number, patch: Partial<Pick<ApiKeyRecord, 'label' | 'revoked_at'>>): Promise<ApiKeyRecord | null>;

  /** A stored setting's value, or null. */
  getSetting(name: string): Promise<string | null>;
  /** `null` removes the setting. */
  setSetting(name: string, value: string | null): Promise<void>;

  // ── boards ─────────────────────────────────────────────────────────────────
  /** The caller has checked that the slug is free in the organization. */
  insertBoard(row: NewRecord<BoardRecord>): Promise<BoardRecord>;
  /** The board, or null. */
  getBoard(id: number): Promise<BoardRecord | null>;
  /** The organization's board with this exact slug, or null. */
  getBoardBySlug(organizationId: number, slug: string): Promise<BoardRecord | null>;
  /** created_at asc, id asc. */
  listBoards(organizationId: number): Promise<BoardRecord[]>;
  /** Absent fields are unchanged; the updated record, or null if there is no such board. */
  updateBoard(id: number, patch: BoardPatch): Promise<BoardRecord | null>;

  // ── posts ──────────────────────────────────────────────────────────────────
  /** vote_count and comment_count start at 0. */
  insertPost(row: NewPost): Promise<PostRecord>;
  /** The post, or null. */
  getPost(id: number): Promise<PostRecord | null>;
  /** Absent fields are unchanged; returns the updated record, or null if there is no such post. */
  updatePost(id: number, patch: PostPatch): Promise<PostRecord | null>;
  /** Deletes the post with its votes, comments (and their reactions), claim, evidence and tag links. */
  deletePost(id: number): Promise<boolean>;
  /** Every post of the board (hidden included) matching the query; see {@link PostListQuery}. */
  listPosts(boardId: number, query: PostListQuery): Promise<Page<PostRecord>>;
  /**
   * The agent queue: posts that are not hidden, not shipped or declined, and not under a live
   * claim of another key. Ranked posts (queue_rank not null, any such status) first by
   * queue_rank asc, id asc; then unranked `planned` posts by vote_count desc, created_at asc,
   * id asc. Unranked posts of other statuses are not in it. `total` counts all eligible posts.
   */
  listQueue(boardId: number, query: QueueQuery): Promise<Page<PostRecord>>;
  /**
   * Non-hidden posts with status open, planned, in_progress or shipped: in that status order,
   * then vote_count desc, then id asc.
   */
  listRoadmap(boardId: number, query: PageQuery): Promise<Page<PostRecord>>;
  /** Non-hidden shipped posts: shipped_at desc, id desc. */
  listChangelog(boardId: number, query: PageQuery): Promise<Page<PostRecord>>;

  // ── tags ───────────────────────────────────────────────────────────────────
  /**
   * For each name, the board's tag whose slug is `foldCase(name)`, created (name as given,
   * next id) when missing. Returns one tag per distinct slug, in order of first appearance.
   */
  ensureTags(boardId: number, names: string[]): Promise<TagRecord[]>;
  /** The board's tag with this slug (already folded), or null. */
  getTagBySlug(boardId: number, slug: string): Promise<TagRecord | null>;
  /** Replaces the post's tag set. */
  setPostTags(postId: number, tagIds: number[]): Promise<void>;
  /** Tags per post, each list by tag id asc; posts without tags map to []. */
  getTagsOfPosts(postIds: number[]): Promise<Map<number, TagRecord[]>>;

  // ── counts, for the resource limits ────────────────────────────────────────
  /** How many posts the board holds, hidden ones included. */
  countPosts(boardId: number): Promise<number>;
  /** How many tags the board holds. */
  countTags(boardId: number): Promise<number>;

  // ── evidence ───────────────────────────────────────────────────────────────
  /** added_at asc, id asc. */
  listEvidence(postId: number): Promise<EvidenceRecord[]>;
  /** Adds one evidence entry; the storage assigns its id. */
  insertEvidence(row: NewRecord<EvidenceRecord>): Promise<EvidenceRecord>;
  /** Replaces the post's evidence with these rows (new ids, in the given order). */
  replaceEvidence(postId: number, rows: NewRecord<EvidenceRecord>[]): Promise<EvidenceRecord[]>;
  /** The post's evidence entry added with this action key, or null. */
  findEvidenceByActionKey(postId: number, actionKey: string): Promise<EvidenceRecord | null>;

  // ── claims ─────────────────────────────────────────────────────────────────
  /** The stored claim, live or expired, or null. */
  getClaim(postId: number): Promise<ClaimRecord | null>;
  /** Stored claims of these posts (live or expired); posts without one are absent. */
  getClaims(postIds: number[]): Promise<Map<number, ClaimRecord>>;
  /** Atomic claim; see {@link ClaimOutcome}. Exactly one of many concurrent claimants wins. */
  claimPost(request: ClaimRequest): Promise<ClaimOutcome>;
  /**
   * Atomic claim-next: claims for `api_key_id` the first post in queue order (that of
   * {@link StorageTx.listQueue}) that has no live claim of anyone, the caller's own included, and
   * returns the new claim (claimed_at = now; an expired claim of that post is replaced). Null when
   * no such post exists. One step: of concurrent callers, in one process or many, each gets a
   * different post, and none gets null while a post remains that no concurrent call took.
   */
  claimNextPost(request: ClaimNextRequest): Promise<ClaimRecord | null>;
  /** Atomic release by `apiKeyId` at `now`; see {@link ReleaseOutcome}. */
  releaseClaim(postId: number, apiKeyId: number, now: string): Promise<ReleaseOutcome>;

  // ── voters and votes ───────────────────────────────────────────────────────
  /** Inserts a voter; the storage assigns its id. */
  insertVoter(row: NewRecord<VoterRecord>): Promise<VoterRecord>;
  /** The voter, or null. */
  getVoter(id: number): Promise<VoterRecord | null>;
  /** `email` is already lower-cased. */
  getVoterByEmail(organizationId: number, email: string): Promise<VoterRecord | null>;
  /** Adds the vote and increments the post's vote_count; false (and no change) if it exists. */
  insertVote(row: VoteRecord): Promise<boolean>;
  /** Removes the vote and decrements vote_count; false if there was none. */
  deleteVote(postId: number, voterId: number): Promise<boolean>;
  /** Voter ids of the post's votes, voter id asc. */
  listVoterIds(postId: number): Promise<number[]>;

  // ── comments and reactions ─────────────────────────────────────────────────
  /** Increments the post's comment_count. */
  insertComment(row: NewRecord<CommentRecord>): Promise<CommentRecord>;
  /** The comment, or null. */
  getComment(id: number): Promise<CommentRecord | null>;
  /** Changes a comment's `hidden` or `body`; the updated record, or null if there is no such comment. */
  updateComment(id: number, patch: Partial<Pick<CommentRecord, 'hidden' | 'body'>>): Promise<CommentRecord | null>;
  /** Every comment of the post, replies included: created_at asc, id asc. */
  listComments(postId: number): Promise<CommentRecord[]>;
  /** false (and no change) if this voter already reacted so. */
  insertReaction(row: ReactionRecord): Promise<boolean>;
  /** Removes the reaction; false if there was none. */
  deleteReaction(commentId: number, voterId: number, reaction: string): Promise<boolean>;
  /** Reaction counts per comment; comments without reactions are absent. */
  getReactionCounts(commentIds: number[]): Promise<Map<number, Record<string, number>>>;

  // ── statistics ─────────────────────────────────────────────────────────────
  /**
   * Non-hidden posts whose status is shipped and whose shipped_at is in the window
   * (shipped_at desc, id desc), and the number of distinct voters of those posts. A window from
   * one UTC midnight to another (a month or an ISO week) can be answered from per-day
   * aggregates, so its cost follows the posts shipped in it, not the votes ever cast on them.
   */
  shipStats(boardId: number, window: TimeWindow): Promise<{ posts: ShippedPost[]; voterCount: number }>;
  /**
   * Every figure of the analytics operation for the window; see {@link AnalyticsAggregate}. The
   * window runs from one UTC midnight to another (a RangeError otherwise): adapters answer it from
   * per-day aggregates kept up to date by every write, so its cost does not grow with history.
   */
  analytics(boardId: number, window: TimeWindow): Promise<AnalyticsAggregate>;

  // ── webhooks ───────────────────────────────────────────────────────────────
  /** Inserts a webhook; the storage assigns its id. */
  insertWebhook(row: NewRecord<WebhookRecord>): Promise<WebhookRecord>;
  /** The webhook (with its secret), or null. */
  getWebhook(id: number): Promise<WebhookRecord | null>;
  /** Absent fields are unchanged; the updated record, or null if there is no such webhook. */
  updateWebhook(id: number, patch: WebhookPatch): Promise<WebhookRecord | null>;
  /** Deletes the webhook; false if there was none. */
  deleteWebhook(id: number): Promise<boolean>;
  /** created_at asc, id asc. */
  listWebhooks(organizationId: number): Promise<WebhookRecord[]>;

  // ── webhook outbox (see webhook-outbox.ts) ────────────────────────────────
  /** Enqueues an event's messages; see {@link WebhookEventToEnqueue}. Returns them by webhook id asc. */
  enqueueWebhookMessages(event: WebhookEventToEnqueue): Promise<WebhookMessageRecord[]>;
  /** The message, or null. */
  getWebhookMessage(id: number): Promise<WebhookMessageRecord | null>;
  /** The webhook's messages: created_at desc, id desc. */
  listWebhookMessages(webhookId: number, query: PageQuery): Promise<Page<WebhookMessageRecord>>;
  /** The message's attempts: attempted_at desc, id desc. */
  listWebhookAttempts(messageId: number, query: PageQuery): Promise<Page<WebhookAttemptRecord>>;
  /** Atomic lease of due messages; see {@link WebhookLeaseRequest}. */
  leaseWebhookMessages(request: WebhookLeaseRequest): Promise<LeasedWebhookMessage[]>;
  /** Records an attempt by the lease holder; see {@link WebhookAttemptReport}. */
  recordWebhookAttempt(report: WebhookAttemptReport): Promise<WebhookMessageRecord | null>;
  /**
   * Makes the message due at `now` (pending, lease dropped), whatever its state; its attempts
   * count is kept. The updated message, or null if there is no such message.
   */
  redeliverWebhookMessage(id: number, now: string): Promise<WebhookMessageRecord | null>;
  // ── team members, sessions, one-time sign-in links ─────────────────────────
  /** Inserts a team member; the storage assigns its id. The caller has checked the e-mail is free. */
  insertTeamMember(row: NewRecord<TeamMemberRecord>): Promise<TeamMemberRecord>;
  /** The team member, or null. */
  getTeamMember(id: number): Promise<TeamMemberRecord | null>;
  /** `email` is already lower-cased. */
  getTeamMemberByEmail(organizationId: number, email: string): Promise<TeamMemberRecord | null>;
  /** id asc. */
  listTeamMembers(organizationId: number): Promise<TeamMemberRecord[]>;
  /** Stores a session under its token hash (unique: the caller generates random tokens). */
  insertSession(row: SessionRecord): Promise<void>;
  /** The stored session, expired or not, or null. */
  getSession(tokenHash: string): Promise<SessionRecord | null>;
  /** Ends a session; false if there was none. */
  deleteSession(tokenHash: string): Promise<boolean>;
  /** Stores a one-time link under its token hash, with `used_at: null`. */
  insertSignInLink(row: SignInLinkRecord): Promise<void>;
  /**
   * Uses a link in one atomic step: if it exists, is unused and now < expires_at, sets `used_at`
   * to `now` and returns the updated record; otherwise changes nothing and returns null. Of any
   * number of concurrent calls for one link, in one process or many sharing a store, one wins.
   */
  useSignInLink(tokenHash: string, now: string): Promise<SignInLinkRecord | null>;
  /** Posts of the board (hidden included) with a pending proposal: proposed_at asc, id asc. */
  listProposedPosts(boardId: number): Promise<PostRecord[]>;
}
