/**
 * The moderation aggregate of the storage contract: which boards hold voters' posts for approval,
 * and the held posts themselves (see `domain/held-posts.ts`).
 */
import type { HeldPostDecision, HeldPostRecord, HeldPostState, NewHeldPost } from '../../domain/held-posts.js';
import type { AggregateDefinition } from './shared.js';
import type { ScopeTable } from './scopes.js';

/** Boards' moderation setting and the posts held for approval. */
export interface ModerationTx {
  /** Whether new posts from voters on this board wait for approval; false for a board never set. */
  isBoardModerated(boardId: number): Promise<boolean>;
  /** Turns the board's moderation on or off. */
  setBoardModerated(boardId: number, moderated: boolean): Promise<void>;
  /** Inserts a waiting post (`state: 'waiting'`, empty reason, no decision); the storage assigns its id. */
  insertHeldPost(row: NewHeldPost): Promise<HeldPostRecord>;
  /** The held post, or null. */
  getHeldPost(id: number): Promise<HeldPostRecord | null>;
  /** Records the team's decision; returns the updated record, or null if there is no such held post. */
  decideHeldPost(id: number, decision: HeldPostDecision): Promise<HeldPostRecord | null>;
  /** The organization's held posts in this state, id asc. */
  listHeldPosts(organizationId: number, state: HeldPostState): Promise<HeldPostRecord[]>;
  /** How many of the organization's held posts are in this state (the dashboard's inbox count). */
  countHeldPosts(organizationId: number, state: HeldPostState): Promise<number>;
  /** The voter's held posts created at or after `since` (ISO), any state: created_at asc, id asc. */
  listVoterHeldPosts(voterId: number, since: string): Promise<HeldPostRecord[]>;
}

/** The moderation aggregate: which methods write; no generic fallbacks. */
export const MODERATION_AGGREGATE = {
  writes: {
    isBoardModerated: false,
    setBoardModerated: true,
    insertHeldPost: true,
    getHeldPost: false,
    decideHeldPost: true,
    listHeldPosts: false,
    countHeldPosts: false,
    listVoterHeldPosts: false,
  },
  fallbacks: {},
} satisfies AggregateDefinition<ModerationTx>;

/** What each method locks in a write transaction (see ./scopes.ts). */
export const MODERATION_SCOPES = {
  isBoardModerated: 'board',
  setBoardModerated: 'board',
  insertHeldPost: 'organization.organization_id',
  getHeldPost: 'heldPost',
  decideHeldPost: 'heldPost',
  listHeldPosts: 'organization',
  countHeldPosts: 'organization',
  listVoterHeldPosts: 'voter',
} satisfies ScopeTable<ModerationTx>;
