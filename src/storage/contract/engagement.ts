/** The engagement aggregate of the storage contract: voters, their votes, comments and reactions. */
import type {
  CommentEditRecord,
  CommentRecord,
  FollowRecord,
  NewCommentRecord,
  NewVoterRecord,
  PostAuthorRecord,
  ReactionRecord,
  VoteRecord,
  VoterBlockRecord,
  VoterRecord,
} from '../../domain/records.js';
import type { AggregateDefinition, NewRecord } from './shared.js';
import type { ScopeTable } from './scopes.js';

/**
 * Voters and what they do on posts. Votes and comments keep their post's `vote_count` and
 * `comment_count` in the same transaction.
 */
export interface EngagementTx {
  /** Inserts a voter; the storage assigns its id. */
  insertVoter(row: NewVoterRecord): Promise<VoterRecord>;
  /** Sets the voter's language (null: none); false (and no change) if there is no such voter. */
  setVoterLocale(voterId: number, locale: string | null): Promise<boolean>;
  /** The voter, or null. */
  getVoter(id: number): Promise<VoterRecord | null>;
  /** `email` is already lower-cased. */
  getVoterByEmail(organizationId: number, email: string): Promise<VoterRecord | null>;
  /** Blocks a voter that exists (a block already there keeps its time). */
  blockVoter(row: VoterBlockRecord): Promise<void>;
  /** Lifts a voter's block; false if there was none. */
  unblockVoter(voterId: number): Promise<boolean>;
  /** The blocks of those of these voters who are blocked, voter id asc. */
  listVoterBlocks(voterIds: number[]): Promise<VoterBlockRecord[]>;

  /** Records the voter who submitted a post (once, right after inserting it). */
  insertPostAuthor(row: PostAuthorRecord): Promise<void>;
  /** The voter who submitted the post, or null for a post of the board team. */
  getPostAuthor(postId: number): Promise<number | null>;

  /** The voter's follow record of the post, or null when they never followed or unfollowed it. */
  getFollow(postId: number, voterId: number): Promise<FollowRecord | null>;
  /** Inserts or replaces the voter's follow record of the post. */
  putFollow(row: FollowRecord): Promise<void>;
  /** Voter ids with `following: true` on the post, voter id asc. */
  listFollowerIds(postId: number): Promise<number[]>;

  /** When the voter submitted each post at or after `since`, oldest first (deleted posts are gone). */
  listVoterPostTimes(voterId: number, since: string): Promise<string[]>;
  /** When the voter wrote each comment at or after `since`, oldest first (comments of deleted posts are gone). */
  listVoterCommentTimes(voterId: number, since: string): Promise<string[]>;

  /** Adds the vote and increments the post's vote_count; false (and no change) if it exists. */
  insertVote(row: VoteRecord): Promise<boolean>;
  /** Removes the vote and decrements vote_count; false if there was none. */
  deleteVote(postId: number, voterId: number): Promise<boolean>;
  /** Voter ids of the post's votes, voter id asc. */
  listVoterIds(postId: number): Promise<number[]>;

  /** Increments the post's comment_count. */
  insertComment(row: NewCommentRecord): Promise<CommentRecord>;
  /** The comment, or null. */
  getComment(id: number): Promise<CommentRecord | null>;
  /**
   * Changes a comment's `hidden`, `body`, `edited_at` or `deleted_at`; the updated record, or null
   * if there is no such comment. The post's comment_count is unchanged (a deleted comment keeps
   * its place).
   */
  updateComment(id: number, patch: Partial<Pick<CommentRecord, 'hidden' | 'body' | 'edited_at' | 'deleted_at'>>): Promise<CommentRecord | null>;
  /** Keeps an earlier body of a comment; the storage assigns its id. */
  insertCommentEdit(row: NewRecord<CommentEditRecord>): Promise<CommentEditRecord>;
  /** The comment's earlier bodies, oldest first (id asc). */
  listCommentEdits(commentId: number): Promise<CommentEditRecord[]>;
  /** Every comment of the post, replies included: created_at asc, id asc. */
  listComments(postId: number): Promise<CommentRecord[]>;

  /** false (and no change) if this voter already reacted so. */
  insertReaction(row: ReactionRecord): Promise<boolean>;
  /** Removes the reaction; false if there was none. */
  deleteReaction(commentId: number, voterId: number, reaction: string): Promise<boolean>;
  /** Reaction counts per comment; comments without reactions are absent. */
  getReactionCounts(commentIds: number[]): Promise<Map<number, Record<string, number>>>;
}

/** The engagement aggregate: which methods write; no generic fallbacks. */
export const ENGAGEMENT_AGGREGATE = {
  writes: {
    insertVoter: true,
    setVoterLocale: true,
    getVoter: false,
    getVoterByEmail: false,
    blockVoter: true,
    unblockVoter: true,
    listVoterBlocks: false,
    insertPostAuthor: true,
    getPostAuthor: false,
    getFollow: false,
    putFollow: true,
    listFollowerIds: false,
    listVoterPostTimes: false,
    listVoterCommentTimes: false,
    insertVote: true,
    deleteVote: true,
    listVoterIds: false,
    insertComment: true,
    getComment: false,
    updateComment: true,
    insertCommentEdit: true,
    listCommentEdits: false,
    listComments: false,
    insertReaction: true,
    deleteReaction: true,
    getReactionCounts: false,
  },
  fallbacks: {},
} satisfies AggregateDefinition<EngagementTx>;

/** What each method locks in a write transaction (see ./scopes.ts). */
export const ENGAGEMENT_SCOPES = {
  insertVoter: 'organization.organization_id',
  setVoterLocale: 'voter',
  getVoter: 'voter',
  getVoterByEmail: 'organization',
  blockVoter: 'voter.voter_id',
  unblockVoter: 'voter',
  listVoterBlocks: 'voter[]',
  insertPostAuthor: 'post.post_id',
  getPostAuthor: 'post',
  getFollow: 'post',
  putFollow: 'post.post_id',
  listFollowerIds: 'post',
  listVoterPostTimes: 'voter',
  listVoterCommentTimes: 'voter',
  insertVote: 'post.post_id',
  deleteVote: 'post',
  listVoterIds: 'post',
  insertComment: 'post.post_id',
  getComment: 'comment',
  updateComment: 'comment',
  insertCommentEdit: 'comment.comment_id',
  listCommentEdits: 'comment',
  listComments: 'post',
  insertReaction: 'comment.comment_id',
  deleteReaction: 'comment',
  getReactionCounts: 'comment[]',
} satisfies ScopeTable<EngagementTx>;
