/**
 * The agent aggregate of the storage contract: what coding agents work with. The queue they take
 * posts from, their claims, the evidence of their work, and the posts they proposed a status for.
 */
import type { ClaimRecord, EvidenceRecord, PostRecord } from '../../domain/records.js';
import type { AggregateDefinition, NewRecord, Page } from './shared.js';
import type { ScopeTable } from './scopes.js';

/** Who asks for the agent queue, when, and how many posts. */
export interface QueueQuery {
  /** The calling key: its own live claims do not hide a post. */
  apiKeyId: number;
  /** Current time (ISO); a claim is live while now < expires_at. */
  now: string;
  limit: number;
}

/** A claim to make atomically; see {@link AgentTx.claimPost}. */
export interface ClaimRequest {
  post_id: number;
  api_key_id: number;
  /** Replaces the label when given; a new claim without one gets "". */
  agent_label?: string;
  /** Now (ISO): claimed_at of a new claim and the liveness reference. */
  now: string;
  expires_at: string;
}

/** A claim of the next post of a board's queue; see {@link AgentTx.claimNextPost}. */
export interface ClaimNextRequest {
  board_id: number;
  api_key_id: number;
  /** The new claim's label; "" when absent. */
  agent_label?: string;
  /** Now (ISO): claimed_at of the new claim and the liveness reference. */
  now: string;
  expires_at: string;
}

/** What {@link AgentTx.claimPost} did. */
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

/** The agent workflow: the queue, claims, implementation evidence and proposals. */
export interface AgentTx {
  /**
   * The agent queue: posts that are not hidden, not shipped or declined, and not under a live
   * claim of another key. Ranked posts (queue_rank not null, any such status) first by
   * queue_rank asc, id asc; then unranked `planned` posts by vote_count desc, created_at asc,
   * id asc. Unranked posts of other statuses are not in it. `total` counts all eligible posts.
   */
  listQueue(boardId: number, query: QueueQuery): Promise<Page<PostRecord>>;
  /** Posts of the board (hidden included) with a pending proposal: proposed_at asc, id asc. */
  listProposedPosts(boardId: number): Promise<PostRecord[]>;

  /** added_at asc, id asc. */
  listEvidence(postId: number): Promise<EvidenceRecord[]>;
  /** Adds one evidence entry; the storage assigns its id. */
  insertEvidence(row: NewRecord<EvidenceRecord>): Promise<EvidenceRecord>;
  /** Replaces the post's evidence with these rows (new ids, in the given order). */
  replaceEvidence(postId: number, rows: NewRecord<EvidenceRecord>[]): Promise<EvidenceRecord[]>;
  /**
   * The post's evidence entry added with this action key (the lowest id if several), or null.
   * Optional: the fallback looks through {@link AgentTx.listEvidence}.
   */
  findEvidenceByActionKey(postId: number, actionKey: string): Promise<EvidenceRecord | null>;

  /** The stored claim, live or expired, or null. */
  getClaim(postId: number): Promise<ClaimRecord | null>;
  /**
   * Stored claims of these posts (live or expired); posts without one are absent. Optional: the
   * fallback reads each with {@link AgentTx.getClaim}.
   */
  getClaims(postIds: number[]): Promise<Map<number, ClaimRecord>>;
  /** Atomic claim; see {@link ClaimOutcome}. Exactly one of many concurrent claimants wins. */
  claimPost(request: ClaimRequest): Promise<ClaimOutcome>;
  /**
   * Atomic claim-next: claims for `api_key_id` the first post in queue order (that of
   * {@link AgentTx.listQueue}) that has no live claim of anyone, the caller's own included, and
   * returns the new claim (claimed_at = now; an expired claim of that post is replaced). Null when
   * no such post exists. One step: of concurrent callers, in one process or many, each gets a
   * different post, and none gets null while a post remains that no concurrent call took.
   *
   * Optional: the fallback takes the first post of the queue as a key that holds no claim sees it
   * and claims it with {@link AgentTx.claimPost}. Inside a write transaction, which no other write
   * interleaves with (a rule of every storage), the two calls are one step.
   */
  claimNextPost(request: ClaimNextRequest): Promise<ClaimRecord | null>;
  /** Atomic release by `apiKeyId` at `now`; see {@link ReleaseOutcome}. */
  releaseClaim(postId: number, apiKeyId: number, now: string): Promise<ReleaseOutcome>;
}

/** An API key id no key has (ids start at 1), so that the queue treats every live claim as another key's. */
const NO_KEY = 0;

/** The agent aggregate: which methods write, and the fallbacks of the claim and evidence lookups. */
export const AGENT_AGGREGATE = {
  writes: {
    listQueue: false,
    listProposedPosts: false,
    listEvidence: false,
    insertEvidence: true,
    replaceEvidence: true,
    findEvidenceByActionKey: false,
    getClaim: false,
    getClaims: false,
    claimPost: true,
    claimNextPost: true,
    releaseClaim: true,
  },
  fallbacks: {
    findEvidenceByActionKey: (self) => async (postId, actionKey) => {
      let found: EvidenceRecord | null = null;
      for (const entry of await self.listEvidence(postId)) {
        if (entry.action_key === actionKey && (found === null || entry.id < found.id)) found = entry;
      }
      return found;
    },
    getClaims: (self) => async (postIds) => {
      const claims = new Map<number, ClaimRecord>();
      for (const postId of new Set(postIds)) {
        const claim = await self.getClaim(postId);
        if (claim !== null) claims.set(postId, claim);
      }
      return claims;
    },
    claimNextPost: (self) => async (request) => {
      const [next] = (await self.listQueue(request.board_id, { apiKeyId: NO_KEY, now: request.now, limit: 1 })).rows;
      if (next === undefined) return null;
      const { board_id: _board, ...claim } = request;
      const claimed = await self.claimPost({ ...claim, post_id: next.id });
      // The queue showed no live claim on the post, and nothing wrote in between.
      if (claimed.outcome !== 'created') {
        throw new Error(`storage: post ${next.id} was first in the queue but claimPost answered ${claimed.outcome}`);
      }
      return claimed.claim;
    },
  },
} satisfies AggregateDefinition<AgentTx>;

/** What each method locks in a write transaction (see ./scopes.ts). */
export const AGENT_SCOPES = {
  listQueue: 'board',
  listProposedPosts: 'board',
  listEvidence: 'post',
  insertEvidence: 'post.post_id',
  replaceEvidence: 'post',
  findEvidenceByActionKey: 'post',
  getClaim: 'post',
  getClaims: 'post[]',
  claimPost: 'post.post_id',
  claimNextPost: 'board.board_id',
  releaseClaim: 'post',
} satisfies ScopeTable<AgentTx>;
