/**
 * Posts held for approval: on a board whose team turned on "new posts from voters wait for
 * approval", a voter's submission is kept here, outside the posts, until the team approves it
 * (then it becomes a post) or rejects it (then it stays here for good). Because a held post is no
 * post, every list, search, queue, roadmap, changelog, statistic, similar-posts answer and feed
 * leaves it out by construction. See docs/errors-scopes-limits.md ("Moderation").
 */
import type { FieldValues } from './fields.js';

/** Where a held post stands: waiting for the team, approved (now a post), or rejected. */
export const HELD_POST_STATES = ['waiting', 'approved', 'rejected'] as const;
/** Where a held post stands: `waiting`, `approved` or `rejected`. */
export type HeldPostState = (typeof HELD_POST_STATES)[number];

/** A voter's submission held for approval, with the team's decision once made. */
export interface HeldPostRecord {
  id: number;
  organization_id: number;
  board_id: number;
  /** The voter who submitted it. */
  voter_id: number;
  title: string;
  body: string;
  /** The slugs of the board's tags the voter chose, in code-unit order. */
  tag_slugs: string[];
  created_at: string;
  state: HeldPostState;
  /** The reason given on rejection; empty otherwise (a reason is optional). */
  reason: string;
  /** When the team approved or rejected it; null while waiting. */
  decided_at: string | null;
  /** The team member who decided, or null (waiting, or decided through the SDK without one). */
  decided_by: number | null;
  /** The post made on approval; null otherwise. */
  post_id: number | null;
  /** The values of the board's custom fields the voter gave (the post's on approval), or null for none. */
  fields: FieldValues | null;
}

/** A held post to insert: waiting, undecided. */
export type NewHeldPost = Pick<HeldPostRecord, 'organization_id' | 'board_id' | 'voter_id' | 'title' | 'body' | 'tag_slugs' | 'created_at'> & {
  /** The voter's values of the board's custom fields; none when absent or null. */
  fields?: FieldValues | null;
};

/** The team's decision on a waiting post. */
export type HeldPostDecision = Pick<HeldPostRecord, 'state' | 'reason' | 'decided_at' | 'decided_by' | 'post_id'>;

/** A held post as the SDK answers it: the record with its tags, and `approval` for its state. */
export interface HeldPost {
  id: number;
  board_id: number;
  voter_id: number;
  title: string;
  body: string;
  tags: { id: number; name: string; slug: string; color: null }[];
  created_at: string;
  /** `waiting` until the team decides; then `approved` (see `post_id`) or `rejected`. */
  approval: HeldPostState;
  /** The reason given on rejection; empty otherwise. */
  reason: string;
  decided_at: string | null;
  decided_by: number | null;
  post_id: number | null;
}

/** The longest rejection reason, in characters. */
export const MAX_REJECTION_REASON = 1000;
