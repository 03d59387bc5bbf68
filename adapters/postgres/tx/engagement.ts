/**
 * The engagement aggregate in SQL: voters, votes, comments and reactions. A post's `vote_count` and `comment_count` are kept on the post row
 * (so that sorts by votes are index walks) and changed by the same statement as the vote or
 * comment they count (a data-modifying WITH), so each method is one round trip.
 */
import type { CommentRecord, FollowRecord, VoterBlockRecord, VoterRecord } from '../../../src/domain/records.js';
import type { AggregateMethods } from '../../../src/storage/contract/registry.js';
import { assignments, idArray, type Sql } from '../sql.js';

const VOTER_COLUMNS = 'id, organization_id, email, name, created_at, locale';
const COMMENT_COLUMNS = 'id, post_id, parent_comment_id, body, is_admin, hidden, voter_id, created_at';

export function engagementMethods(sql: Sql): AggregateMethods<'engagement'> {
  const getComment = async (id: number) =>
    (await sql.row<CommentRecord>(`SELECT ${COMMENT_COLUMNS} FROM fb_comments WHERE id = $1`, [id])) ?? null;

  return {
    async insertVoter(row) {
      return (await sql.row<VoterRecord>(
        `INSERT INTO fb_voters (organization_id, email, name, created_at, locale) VALUES ($1, $2, $3, $4, $5) RETURNING ${VOTER_COLUMNS}`,
        [row.organization_id, row.email, row.name, row.created_at, row.locale ?? null],
      ))!;
    },
    async setVoterLocale(voterId, locale) {
      return (await sql.run('UPDATE fb_voters SET locale = $1 WHERE id = $2', [locale, voterId])) > 0;
    },
    async getVoter(id) {
      return (await sql.row<VoterRecord>(`SELECT ${VOTER_COLUMNS} FROM fb_voters WHERE id = $1`, [id])) ?? null;
    },
    async getVoterByEmail(organizationId, email) {
      return (
        (await sql.row<VoterRecord>(`SELECT ${VOTER_COLUMNS} FROM fb_voters WHERE organization_id = $1 AND email = $2`, [
          organizationId,
          email,
        ])) ?? null
      );
    },
    async blockVoter(row) {
      await sql.run('INSERT INTO fb_voter_blocks (voter_id, blocked_at) VALUES ($1, $2) ON CONFLICT DO NOTHING', [row.voter_id, row.blocked_at]);
    },
    async unblockVoter(voterId) {
      return (await sql.run('DELETE FROM fb_voter_blocks WHERE voter_id = $1', [voterId])) > 0;
    },
    async listVoterBlocks(voterIds) {
      if (voterIds.length === 0) return [];
      return sql.rows<VoterBlockRecord>(
        'SELECT voter_id, blocked_at FROM fb_voter_blocks WHERE voter_id = ANY($1::int[]) ORDER BY voter_id',
        [idArray(voterIds)],
      );
    },

    async insertPostAuthor(row) {
      await sql.run('INSERT INTO fb_post_authors (post_id, voter_id, created_at) VALUES ($1, $2, $3)', [row.post_id, row.voter_id, row.created_at]);
    },
    async getPostAuthor(postId) {
      return (await sql.row<{ voter_id: number }>('SELECT voter_id FROM fb_post_authors WHERE post_id = $1', [postId]))?.voter_id ?? null;
    },

    async getFollow(postId, voterId) {
      return (
        (await sql.row<FollowRecord>(
          'SELECT post_id, voter_id, following, updated_at FROM fb_follows WHERE post_id = $1 AND voter_id = $2',
          [postId, voterId],
        )) ?? null
      );
    },
    async putFollow(row) {
      await sql.run(
        `INSERT INTO fb_follows (post_id, voter_id, following, updated_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (post_id, voter_id) DO UPDATE SET following = excluded.following, updated_at = excluded.updated_at`,
        [row.post_id, row.voter_id, row.following, row.updated_at],
      );
    },
    async listFollowerIds(postId) {
      const rows = await sql.rows<{ voter_id: number }>(
        'SELECT voter_id FROM fb_follows WHERE post_id = $1 AND following ORDER BY voter_id',
        [postId],
      );
      return rows.map((row) => row.voter_id);
    },

    async listVoterPostTimes(voterId, since) {
      const rows = await sql.rows<{ created_at: string }>(
        'SELECT created_at FROM fb_post_authors WHERE voter_id = $1 AND created_at >= $2 ORDER BY created_at',
        [voterId, since],
      );
      return rows.map((row) => row.created_at);
    },
    async listVoterCommentTimes(voterId, since) {
      const rows = await sql.rows<{ created_at: string }>(
        'SELECT created_at FROM fb_comments WHERE voter_id = $1 AND created_at >= $2 ORDER BY created_at',
        [voterId, since],
      );
      return rows.map((row) => row.created_at);
    },

    async insertVote(row) {
      const result = await sql.row<{ added: boolean }>(
        `WITH added AS (
           INSERT INTO fb_votes (post_id, voter_id, created_at) VALUES ($1, $2, $3)
           ON CONFLICT DO NOTHING RETURNING post_id),
         counted AS (
           UPDATE fb_posts SET vote_count = vote_count + 1 WHERE id IN (SELECT post_id FROM added) RETURNING id)
         SELECT EXISTS (SELECT 1 FROM counted) AS added`,
        [row.post_id, row.voter_id, row.created_at],
      );
      return result!.added;
    },
    async deleteVote(postId, voterId) {
      const result = await sql.row<{ removed: boolean }>(
        `WITH removed AS (
           DELETE FROM fb_votes WHERE post_id = $1 AND voter_id = $2 RETURNING post_id),
         counted AS (
           UPDATE fb_posts SET vote_count = vote_count - 1 WHERE id IN (SELECT post_id FROM removed) RETURNING id)
         SELECT EXISTS (SELECT 1 FROM counted) AS removed`,
        [postId, voterId],
      );
      return result!.removed;
    },
    async listVoterIds(postId) {
      const rows = await sql.rows<{ voter_id: number }>('SELECT voter_id FROM fb_votes WHERE post_id = $1 ORDER BY voter_id', [postId]);
      return rows.map((row) => row.voter_id);
    },

    async insertComment(row) {
      const stored = await sql.row<CommentRecord>(
        `WITH added AS (
           INSERT INTO fb_comments (post_id, parent_comment_id, body, is_admin, hidden, voter_id, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${COMMENT_COLUMNS}),
         counted AS (
           UPDATE fb_posts SET comment_count = comment_count + 1 WHERE id = $1 RETURNING id)
         SELECT added.* FROM added LEFT JOIN counted ON true`,
        [row.post_id, row.parent_comment_id, row.body, row.is_admin, row.hidden, row.voter_id, row.created_at],
      );
      return stored!;
    },
    getComment,
    async updateComment(id, patch) {
      const { set, params } = assignments([
        ['body', patch.body],
        ['hidden', patch.hidden],
      ], 2);
      if (set === '') return getComment(id);
      return (await sql.row<CommentRecord>(`UPDATE fb_comments SET ${set} WHERE id = $1 RETURNING ${COMMENT_COLUMNS}`, [id, ...params])) ?? null;
    },
    async listComments(postId) {
      return sql.rows<CommentRecord>(`SELECT ${COMMENT_COLUMNS} FROM fb_comments WHERE post_id = $1 ORDER BY created_at, id`, [postId]);
    },

    async insertReaction(row) {
      return (
        (await sql.run(
          `INSERT INTO fb_reactions (comment_id, voter_id, reaction, created_at) VALUES ($1, $2, $3, $4)
           ON CONFLICT DO NOTHING`,
          [row.comment_id, row.voter_id, row.reaction, row.created_at],
        )) > 0
      );
    },
    async deleteReaction(commentId, voterId, reaction) {
      return (
        (await sql.run('DELETE FROM fb_reactions WHERE comment_id = $1 AND voter_id = $2 AND reaction = $3', [
          commentId,
          voterId,
          reaction,
        ])) > 0
      );
    },
    async getReactionCounts(commentIds) {
      const counts = new Map<number, Record<string, number>>();
      if (commentIds.length === 0) return counts;
      // Each comment's reactions in code-point order (the column's "C" collation compares UTF-8
      // bytes, which order like code points), the key order of the returned objects in every adapter.
      const rows = await sql.rows<{ comment_id: number; reaction: string; count: number }>(
        `SELECT comment_id, reaction, count(*)::int AS count FROM fb_reactions
          WHERE comment_id = ANY($1::int[])
          GROUP BY comment_id, reaction
          ORDER BY comment_id, reaction`,
        [idArray(commentIds)],
      );
      for (const { comment_id, reaction, count } of rows) {
        let record = counts.get(comment_id);
        if (record === undefined) {
          record = {};
          counts.set(comment_id, record);
        }
        // defineProperty, not assignment: a reaction named "__proto__" is a key like any other.
        Object.defineProperty(record, reaction, { value: count, enumerable: true, writable: true, configurable: true });
      }
      return counts;
    },
  };
}
