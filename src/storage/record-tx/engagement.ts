/**
 * The engagement aggregate over the record store: voters, votes, comments and reactions, with the
 * post counters they maintain.
 */
import type { CommentRecord, VoterRecord } from '../../domain/records.js';
import type { AggregateMethods } from '../contract/registry.js';
import { cloneRow, type RecordStore } from '../record-store.js';
import { aggregates } from './aggregates.js';
import { byCreatedAsc, byIdAsc, compareCodePoints, distinct, patched, type StoredPost } from './shared.js';

const COMMENT_PATCH_FIELDS = ['hidden', 'body', 'edited_at', 'deleted_at'] as const;

/** A copy of a stored comment; one stored before comments were edited or deleted has neither time. */
const storedComment = (row: Readonly<CommentRecord>): CommentRecord => ({ ...row, edited_at: row.edited_at ?? null, deleted_at: row.deleted_at ?? null });

export function engagementMethods(store: RecordStore): AggregateMethods<'engagement'> {
  const posts = store.table('posts');
  const voters = store.table('voters');
  const votes = store.table('votes');
  const comments = store.table('comments');
  const reactions = store.table('reactions');
  const edits = store.table('comment_edits');
  const follows = store.table('follows');
  const authors = store.table('post_authors');
  const blocks = store.table('voter_blocks');
  const stats = aggregates(store);

  /**
   * Adds `delta` to one of the post's counters. A vote or comment always belongs to an existing
   * post: one for a missing post is a caller's error, and aborts the transaction. Returns the
   * post as it was before.
   */
  async function bumpCounter(postId: number, counter: 'vote_count' | 'comment_count', delta: number): Promise<StoredPost> {
    const post = await posts.get(postId);
    if (!post) throw new Error(`storage: post ${postId} does not exist`);
    const next =
      counter === 'vote_count'
        ? { ...post, vote_count: post.vote_count + delta }
        : { ...post, comment_count: post.comment_count + delta };
    await posts.put(next);
    await stats.changed('posts', post, next);
    return post;
  }

  return {
    async insertVoter(row) {
      const record: VoterRecord = {
        id: await store.nextId('voters'),
        organization_id: row.organization_id,
        email: row.email,
        name: row.name,
        created_at: row.created_at,
        locale: row.locale ?? null,
      };
      await voters.put(record);
      return cloneRow(record);
    },
    async setVoterLocale(voterId, locale) {
      const voter = await voters.get(voterId);
      if (!voter) return false;
      await voters.put({ ...voter, locale });
      return true;
    },
    async getVoter(id) {
      const row = await voters.get(id);
      return row ? cloneRow(row) : null;
    },
    async getVoterByEmail(organizationId, email) {
      const [first] = (await voters.getAllFromIndex('by_organization_email', [organizationId, email])).sort(byIdAsc);
      return first ? cloneRow(first) : null;
    },
    async blockVoter(row) {
      if (await blocks.get(row.voter_id)) return;
      await blocks.put({ voter_id: row.voter_id, blocked_at: row.blocked_at });
    },
    async unblockVoter(voterId) {
      if (!(await blocks.get(voterId))) return false;
      await blocks.delete(voterId);
      return true;
    },
    async listVoterBlocks(voterIds) {
      const found = [];
      for (const id of distinct(voterIds).sort((a, b) => a - b)) {
        const row = await blocks.get(id);
        if (row) found.push(cloneRow(row));
      }
      return found;
    },

    async insertPostAuthor(row) {
      await authors.put({ post_id: row.post_id, voter_id: row.voter_id, created_at: row.created_at });
    },
    async getPostAuthor(postId) {
      return (await authors.get(postId))?.voter_id ?? null;
    },

    async getFollow(postId, voterId) {
      const row = await follows.get([postId, voterId]);
      return row ? cloneRow(row) : null;
    },
    async putFollow(row) {
      await follows.put({ post_id: row.post_id, voter_id: row.voter_id, following: row.following, updated_at: row.updated_at });
    },
    async listFollowerIds(postId) {
      const rows = await follows.getAllFromIndex('by_post', postId);
      return rows.filter((row) => row.following).map((row) => row.voter_id).sort((a, b) => a - b);
    },

    async listVoterPostTimes(voterId, since) {
      const rows = await authors.getAllFromIndex('by_voter', voterId);
      return rows.map((row) => row.created_at).filter((at) => at >= since).sort();
    },
    async listVoterCommentTimes(voterId, since) {
      const rows = await comments.getAllFromIndex('by_voter', voterId);
      return rows.map((row) => row.created_at).filter((at) => at >= since).sort();
    },

    async insertVote(row) {
      if (await votes.get([row.post_id, row.voter_id])) return false;
      const post = await bumpCounter(row.post_id, 'vote_count', 1);
      await stats.added('votes', row, post);
      await votes.put({ post_id: row.post_id, voter_id: row.voter_id, created_at: row.created_at });
      return true;
    },
    async deleteVote(postId, voterId) {
      const vote = await votes.get([postId, voterId]);
      if (!vote) return false;
      await votes.delete([postId, voterId]);
      const post = await bumpCounter(postId, 'vote_count', -1);
      await stats.removed('votes', vote, post);
      return true;
    },
    async listVoterIds(postId) {
      const rows = await votes.getAllFromIndex('by_post', postId);
      return rows.map((vote) => vote.voter_id).sort((a, b) => a - b);
    },

    async insertComment(row) {
      const post = await bumpCounter(row.post_id, 'comment_count', 1);
      await stats.added('comments', row, post);
      const record: CommentRecord = {
        id: await store.nextId('comments'),
        post_id: row.post_id,
        parent_comment_id: row.parent_comment_id,
        body: row.body,
        is_admin: row.is_admin,
        hidden: row.hidden,
        voter_id: row.voter_id,
        created_at: row.created_at,
        edited_at: null,
        deleted_at: null,
      };
      await comments.put(record);
      return cloneRow(record);
    },
    async getComment(id) {
      const row = await comments.get(id);
      return row ? storedComment(row) : null;
    },
    async updateComment(id, patch) {
      const row = await comments.get(id);
      if (!row) return null;
      const next = patched<CommentRecord, (typeof COMMENT_PATCH_FIELDS)[number]>(row, patch, COMMENT_PATCH_FIELDS);
      await comments.put(next);
      return storedComment(next);
    },
    async listComments(postId) {
      const rows = await comments.getAllFromIndex('by_post', postId);
      return rows.sort(byCreatedAsc).map(storedComment);
    },
    async insertCommentEdit(row) {
      const record = { id: await store.nextId('comment_edits'), ...row };
      await edits.put(record);
      return { ...record };
    },
    async listCommentEdits(commentId) {
      return (await edits.getAllFromIndex('by_comment', commentId)).sort(byIdAsc).map((row) => cloneRow(row));
    },

    async insertReaction(row) {
      const key: [number, number, string] = [row.comment_id, row.voter_id, row.reaction];
      if (await reactions.get(key)) return false;
      await reactions.put({
        comment_id: row.comment_id,
        voter_id: row.voter_id,
        reaction: row.reaction,
        created_at: row.created_at,
      });
      return true;
    },
    async deleteReaction(commentId, voterId, reaction) {
      const key: [number, number, string] = [commentId, voterId, reaction];
      if (!(await reactions.get(key))) return false;
      await reactions.delete(key);
      return true;
    },
    /** Each comment's reactions are added to its counts in code-point order. */
    async getReactionCounts(commentIds) {
      const result = new Map<number, Record<string, number>>();
      for (const commentId of distinct(commentIds)) {
        const rows = await reactions.getAllFromIndex('by_comment', commentId);
        if (rows.length === 0) continue;
        const tally = new Map<string, number>();
        for (const row of rows) tally.set(row.reaction, (tally.get(row.reaction) ?? 0) + 1);
        const counts: Record<string, number> = {};
        for (const reaction of [...tally.keys()].sort(compareCodePoints)) {
          // Defined, not assigned: a reaction named `__proto__` is a count like any other.
          Object.defineProperty(counts, reaction, {
            value: tally.get(reaction),
            enumerable: true,
            writable: true,
            configurable: true,
          });
        }
        result.set(commentId, counts);
      }
      return result;
    },
  };
}

/** The aggregate's factory, as the record transaction loads it. */
export default engagementMethods;
