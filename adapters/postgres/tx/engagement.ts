/**
 * PostgreSQL's own engagement methods (the rest of the aggregate is adapters/sql/tx/engagement.ts):
 * a vote, an unvote and a comment each change the post's count in the same statement (a
 * data-modifying WITH), one round trip where the shared SQL takes two.
 */
import type { AggregateMethods } from '../../../src/storage/contract/registry.js';
import { COMMENT_FIELDS } from '../../sql/tx/engagement.js';
import { toComment, type CommentRow } from '../../sql/tx/rows.js';
import type { PostgresSeam } from '../seam.js';

/** What PostgreSQL answers of the engagement aggregate its own way. */
const INSERT_COMMENT = `WITH added AS (
           INSERT INTO fb_comments (post_id, parent_comment_id, body, is_admin, hidden, voter_id, created_at)
           VALUES (@post, @parent, @body, @is_admin, @hidden, @voter, @created_at) RETURNING ${COMMENT_FIELDS}),
         counted AS (
           UPDATE fb_posts SET comment_count = comment_count + 1 WHERE id = @post RETURNING id)
         SELECT added.* FROM added LEFT JOIN counted ON true`;

export function postgresEngagementMethods(db: PostgresSeam): Pick<AggregateMethods<'engagement'>, 'insertVote' | 'deleteVote' | 'insertComment'> {
  return {
    async insertVote(row) {
      const result = await db.row<{ added: boolean }>(
        `WITH added AS (
           INSERT INTO fb_votes (post_id, voter_id, created_at) VALUES (?, ?, ?)
           ON CONFLICT DO NOTHING RETURNING post_id),
         counted AS (
           UPDATE fb_posts SET vote_count = vote_count + 1 WHERE id IN (SELECT post_id FROM added) RETURNING id)
         SELECT EXISTS (SELECT 1 FROM counted) AS added`,
        [row.post_id, row.voter_id, row.created_at],
      );
      return result!.added;
    },
    async deleteVote(postId, voterId) {
      const result = await db.row<{ removed: boolean }>(
        `WITH removed AS (
           DELETE FROM fb_votes WHERE post_id = ? AND voter_id = ? RETURNING post_id),
         counted AS (
           UPDATE fb_posts SET vote_count = vote_count - 1 WHERE id IN (SELECT post_id FROM removed) RETURNING id)
         SELECT EXISTS (SELECT 1 FROM counted) AS removed`,
        [postId, voterId],
      );
      return result!.removed;
    },
    async insertComment(row) {
      const stored = await db.row<CommentRow>(
        INSERT_COMMENT,
        {
          post: row.post_id,
          parent: row.parent_comment_id,
          body: row.body,
          is_admin: row.is_admin,
          hidden: row.hidden,
          voter: row.voter_id,
          created_at: row.created_at,
        },
      );
      return toComment(stored!);
    },
  };
}
