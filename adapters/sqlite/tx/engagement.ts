/**
 * The engagement aggregate in SQL: voters, votes, comments and reactions. A post's `vote_count`
 * and `comment_count` are kept on the post row (so that sorts by votes are index walks) and
 * changed by the same transaction as the vote or comment they count.
 */
import type { FollowRecord, VoterBlockRecord, VoterRecord } from '../../../src/domain/records.js';
import type { AggregateMethods } from '../../../src/storage/contract/registry.js';
import { assignments, bool, idList, type Sql } from '../sql.js';
import { toComment, type CommentRow } from './rows.js';

const VOTER = 'SELECT id, organization_id, email, name, created_at, locale FROM fb_voters';
const COMMENT = `SELECT id, post_id, parent_comment_id, body, is_admin, hidden, voter_id, created_at
  FROM fb_comments`;

export function engagementMethods(sql: Sql): AggregateMethods<'engagement'> {
  const getComment = (id: number) => {
    const row = sql.get<CommentRow>(`${COMMENT} WHERE id = ?`, id);
    return row === undefined ? null : toComment(row);
  };

  return {
    async insertVoter(row) {
      const { id } = sql.get<{ id: number }>(
        'INSERT INTO fb_voters (organization_id, email, name, created_at, locale) VALUES (?, ?, ?, ?, ?) RETURNING id',
        row.organization_id,
        row.email,
        row.name,
        row.created_at,
        row.locale ?? null,
      )!;
      const { organization_id, email, name, created_at } = row;
      return { id, organization_id, email, name, created_at, locale: row.locale ?? null };
    },
    async setVoterLocale(voterId, locale) {
      return sql.run('UPDATE fb_voters SET locale = ? WHERE id = ?', locale, voterId).changes > 0;
    },
    async getVoter(id) {
      return sql.get<VoterRecord>(`${VOTER} WHERE id = ?`, id) ?? null;
    },
    async getVoterByEmail(organizationId, email) {
      return (
        sql.get<VoterRecord>(`${VOTER} WHERE organization_id = ? AND email = ?`, organizationId, email) ??
        null
      );
    },
    async blockVoter(row) {
      sql.run('INSERT INTO fb_voter_blocks (voter_id, blocked_at) VALUES (?, ?) ON CONFLICT DO NOTHING', row.voter_id, row.blocked_at);
    },
    async unblockVoter(voterId) {
      return sql.run('DELETE FROM fb_voter_blocks WHERE voter_id = ?', voterId).changes > 0;
    },
    async listVoterBlocks(voterIds) {
      return sql.all<VoterBlockRecord>(
        'SELECT voter_id, blocked_at FROM fb_voter_blocks WHERE voter_id IN (SELECT value FROM json_each(?)) ORDER BY voter_id',
        idList(voterIds),
      );
    },

    async insertPostAuthor(row) {
      sql.run('INSERT INTO fb_post_authors (post_id, voter_id, created_at) VALUES (?, ?, ?)', row.post_id, row.voter_id, row.created_at);
    },
    async getPostAuthor(postId) {
      return sql.value<number>('SELECT voter_id FROM fb_post_authors WHERE post_id = ?', postId) ?? null;
    },

    async getFollow(postId, voterId) {
      const row = sql.get<Omit<FollowRecord, 'following'> & { following: 0 | 1 }>(
        'SELECT post_id, voter_id, following, updated_at FROM fb_follows WHERE post_id = ? AND voter_id = ?',
        postId,
        voterId,
      );
      return row === undefined ? null : { ...row, following: row.following === 1 };
    },
    async putFollow(row) {
      sql.run(
        `INSERT INTO fb_follows (post_id, voter_id, following, updated_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (post_id, voter_id) DO UPDATE SET following = excluded.following, updated_at = excluded.updated_at`,
        row.post_id,
        row.voter_id,
        bool(row.following),
        row.updated_at,
      );
    },
    async listFollowerIds(postId) {
      return sql.all<{ voter_id: number }>(
        'SELECT voter_id FROM fb_follows WHERE post_id = ? AND following = 1 ORDER BY voter_id',
        postId,
      ).map((row) => row.voter_id);
    },

    async listVoterPostTimes(voterId, since) {
      return sql.all<{ created_at: string }>(
        'SELECT created_at FROM fb_post_authors WHERE voter_id = ? AND created_at >= ? ORDER BY created_at',
        voterId,
        since,
      ).map((row) => row.created_at);
    },
    async listVoterCommentTimes(voterId, since) {
      return sql.all<{ created_at: string }>(
        'SELECT created_at FROM fb_comments WHERE voter_id = ? AND created_at >= ? ORDER BY created_at',
        voterId,
        since,
      ).map((row) => row.created_at);
    },

    async insertVote(row) {
      const added =
        sql.run(
          'INSERT INTO fb_votes (post_id, voter_id, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING',
          row.post_id,
          row.voter_id,
          row.created_at,
        ).changes > 0;
      if (added) sql.run('UPDATE fb_posts SET vote_count = vote_count + 1 WHERE id = ?', row.post_id);
      return added;
    },
    async deleteVote(postId, voterId) {
      const removed =
        sql.run('DELETE FROM fb_votes WHERE post_id = ? AND voter_id = ?', postId, voterId).changes > 0;
      if (removed) sql.run('UPDATE fb_posts SET vote_count = vote_count - 1 WHERE id = ?', postId);
      return removed;
    },
    async listVoterIds(postId) {
      return sql.all<{ voter_id: number }>(
        'SELECT voter_id FROM fb_votes WHERE post_id = ? ORDER BY voter_id',
        postId,
      ).map((row) => row.voter_id);
    },

    async insertComment(row) {
      const { id } = sql.get<{ id: number }>(
        `INSERT INTO fb_comments (post_id, parent_comment_id, body, is_admin, hidden, voter_id, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`,
        row.post_id,
        row.parent_comment_id,
        row.body,
        bool(row.is_admin),
        bool(row.hidden),
        row.voter_id,
        row.created_at,
      )!;
      sql.run('UPDATE fb_posts SET comment_count = comment_count + 1 WHERE id = ?', row.post_id);
      return getComment(id)!;
    },
    async getComment(id) {
      return getComment(id);
    },
    async updateComment(id, patch) {
      const { set, params } = assignments([
        ['body', patch.body],
        ['hidden', patch.hidden === undefined ? undefined : bool(patch.hidden)],
      ]);
      if (set !== '') sql.run(`UPDATE fb_comments SET ${set} WHERE id = ?`, ...params, id);
      return getComment(id);
    },
    async listComments(postId) {
      return sql.all<CommentRow>(`${COMMENT} WHERE post_id = ? ORDER BY created_at, id`, postId).map(toComment);
    },

    async insertReaction(row) {
      return (
        sql.run(
          `INSERT INTO fb_reactions (comment_id, voter_id, reaction, created_at) VALUES (?, ?, ?, ?)
           ON CONFLICT DO NOTHING`,
          row.comment_id,
          row.voter_id,
          row.reaction,
          row.created_at,
        ).changes > 0
      );
    },
    async deleteReaction(commentId, voterId, reaction) {
      return (
        sql.run(
          'DELETE FROM fb_reactions WHERE comment_id = ? AND voter_id = ? AND reaction = ?',
          commentId,
          voterId,
          reaction,
        ).changes > 0
      );
    },
    async getReactionCounts(commentIds) {
      // Each comment's reactions in code-point order (BINARY collation compares UTF-8 bytes, which
      // order like code points), the key order of the returned objects in every adapter.
      const rows = sql.all<{ comment_id: number; reaction: string; count: number }>(
        `SELECT comment_id, reaction, count(*) AS count FROM fb_reactions
          WHERE comment_id IN (SELECT value FROM json_each(?))
          GROUP BY comment_id, reaction
          ORDER BY comment_id, reaction`,
        idList(commentIds),
      );
      const counts = new Map<number, Record<string, number>>();
      for (const { comment_id, reaction, count } of rows) {
        let record = counts.get(comment_id);
        if (record === undefined) {
          record = {};
          counts.set(comment_id, record);
        }
        // defineProperty, not assignment: a reaction named "__proto__" is a key like any other.
        Object.defineProperty(record, reaction, {
          value: count,
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
      return counts;
    },
  };
}
