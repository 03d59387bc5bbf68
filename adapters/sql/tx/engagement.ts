/**
 * The engagement aggregate in SQL: voters, votes, comments and reactions. A post's `vote_count`
 * and `comment_count` are kept on the post row (so that sorts by votes are index walks) and
 * changed by the same transaction as the vote or comment they count.
 */
import type { CommentEditRecord, FollowRecord, VoterBlockRecord, VoterRecord } from '../../../src/domain/records.js';
import type { AggregateMethods } from '../../../src/storage/contract/registry.js';
import type { SqlSeam } from '../seam.js';
import { allRows, allValues, assignments, changedAny, flag, oneRow, oneValue } from '../statements.js';
import { toComment, type CommentRow, type Flag } from './rows.js';

const VOTER_FIELDS = 'id, organization_id, email, name, created_at, locale';
const VOTER = `SELECT ${VOTER_FIELDS} FROM fb_voters`;
/** The columns of a comment record. */
export const COMMENT_FIELDS = 'id, post_id, parent_comment_id, body, is_admin, hidden, voter_id, created_at, edited_at, deleted_at';
const COMMENT_EDIT_FIELDS = 'id, comment_id, body, replaced_at, by_team';
const COMMENT = `SELECT ${COMMENT_FIELDS} FROM fb_comments`;
const INSERT_VOTER = `INSERT INTO fb_voters (organization_id, email, name, created_at, locale) VALUES (?, ?, ?, ?, ?) RETURNING ${VOTER_FIELDS}`;
const INSERT_COMMENT = `INSERT INTO fb_comments (post_id, parent_comment_id, body, is_admin, hidden, voter_id, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING ${COMMENT_FIELDS}`;
const INSERT_COMMENT_EDIT = `INSERT INTO fb_comment_edits (comment_id, body, replaced_at, by_team) VALUES (?, ?, ?, ?) RETURNING ${COMMENT_EDIT_FIELDS}`;

type FollowRow = Omit<FollowRecord, 'following'> & { following: Flag };
type CommentEditRow = Omit<CommentEditRecord, 'by_team'> & { by_team: Flag };
const toCommentEdit = (row: CommentEditRow): CommentEditRecord => ({ ...row, by_team: flag(row.by_team) });

export function engagementMethods(db: SqlSeam): AggregateMethods<'engagement'> {
  const d = db.dialect;
  const getComment = oneRow(db, `${COMMENT} WHERE id = ?`, toComment);
  const voterBlocks = `SELECT voter_id, blocked_at FROM fb_voter_blocks WHERE voter_id ${d.inIds('?')} ORDER BY voter_id`;
  const reactionCounts = `SELECT comment_id, reaction, CAST(count(*) AS INTEGER) AS count FROM fb_reactions
          WHERE comment_id ${d.inIds('?')}
          GROUP BY comment_id, reaction
          ORDER BY comment_id, reaction`;

  return {
    async insertVoter(row) {
      return (await db.row<VoterRecord>(
        INSERT_VOTER,
        [row.organization_id, row.email, row.name, row.created_at, row.locale ?? null],
      ))!;
    },
    async setVoterLocale(voterId, locale) {
      return (await db.run('UPDATE fb_voters SET locale = ? WHERE id = ?', [locale, voterId])) > 0;
    },
    getVoter: oneRow<VoterRecord>(db, `${VOTER} WHERE id = ?`),
    getVoterByEmail: oneRow<VoterRecord>(db, `${VOTER} WHERE organization_id = ? AND email = ?`),
    async blockVoter(row) {
      await db.run('INSERT INTO fb_voter_blocks (voter_id, blocked_at) VALUES (?, ?) ON CONFLICT DO NOTHING', [row.voter_id, row.blocked_at]);
    },
    unblockVoter: changedAny(db, 'DELETE FROM fb_voter_blocks WHERE voter_id = ?'),
    async listVoterBlocks(voterIds) {
      if (voterIds.length === 0) return [];
      return db.rows<VoterBlockRecord>(voterBlocks, [d.ids(voterIds)]);
    },

    async insertPostAuthor(row) {
      await db.run('INSERT INTO fb_post_authors (post_id, voter_id, created_at) VALUES (?, ?, ?)', [row.post_id, row.voter_id, row.created_at]);
    },
    getPostAuthor: oneValue<number>(db, 'SELECT voter_id FROM fb_post_authors WHERE post_id = ?'),

    getFollow: oneRow(
      db,
      'SELECT post_id, voter_id, following, updated_at FROM fb_follows WHERE post_id = ? AND voter_id = ?',
      (row: FollowRow): FollowRecord => ({ ...row, following: flag(row.following) }),
    ),
    async putFollow(row) {
      await db.run(
        `INSERT INTO fb_follows (post_id, voter_id, following, updated_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (post_id, voter_id) DO UPDATE SET following = excluded.following, updated_at = excluded.updated_at`,
        [row.post_id, row.voter_id, d.bool(row.following), row.updated_at],
      );
    },
    listFollowerIds: allValues<number>(db, `SELECT voter_id FROM fb_follows WHERE post_id = ? AND following = ${d.true} ORDER BY voter_id`),

    listVoterPostTimes: allValues<string>(
      db,
      'SELECT created_at FROM fb_post_authors WHERE voter_id = ? AND created_at >= ? ORDER BY created_at',
    ),
    listVoterCommentTimes: allValues<string>(
      db,
      'SELECT created_at FROM fb_comments WHERE voter_id = ? AND created_at >= ? ORDER BY created_at',
    ),

    async insertVote(row) {
      const added =
        (await db.run('INSERT INTO fb_votes (post_id, voter_id, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING', [
          row.post_id,
          row.voter_id,
          row.created_at,
        ])) > 0;
      if (added) await db.run('UPDATE fb_posts SET vote_count = vote_count + 1 WHERE id = ?', [row.post_id]);
      return added;
    },
    async deleteVote(postId, voterId) {
      const removed = (await db.run('DELETE FROM fb_votes WHERE post_id = ? AND voter_id = ?', [postId, voterId])) > 0;
      if (removed) await db.run('UPDATE fb_posts SET vote_count = vote_count - 1 WHERE id = ?', [postId]);
      return removed;
    },
    listVoterIds: allValues<number>(db, 'SELECT voter_id FROM fb_votes WHERE post_id = ? ORDER BY voter_id'),

    async insertComment(row) {
      const stored = await db.row<CommentRow>(
        INSERT_COMMENT,
        [row.post_id, row.parent_comment_id, row.body, d.bool(row.is_admin), d.bool(row.hidden), row.voter_id, row.created_at],
      );
      await db.run('UPDATE fb_posts SET comment_count = comment_count + 1 WHERE id = ?', [row.post_id]);
      return toComment(stored!);
    },
    getComment,
    async updateComment(id, patch) {
      const { set, params } = assignments([
        ['body', patch.body],
        ['hidden', patch.hidden === undefined ? undefined : d.bool(patch.hidden)],
        ['edited_at', patch.edited_at],
        ['deleted_at', patch.deleted_at],
      ]);
      if (set === '') return getComment(id);
      const row = await db.row<CommentRow>(`UPDATE fb_comments SET ${set} WHERE id = ? RETURNING ${COMMENT_FIELDS}`, [...params, id]);
      return row === undefined ? null : toComment(row);
    },
    listComments: allRows(db, `${COMMENT} WHERE post_id = ? ORDER BY created_at, id`, toComment),
    async insertCommentEdit(row) {
      const stored = await db.row<CommentEditRow>(
        INSERT_COMMENT_EDIT,
        [row.comment_id, row.body, row.replaced_at, d.bool(row.by_team)],
      );
      return toCommentEdit(stored!);
    },
    listCommentEdits: allRows(db, `SELECT ${COMMENT_EDIT_FIELDS} FROM fb_comment_edits WHERE comment_id = ? ORDER BY id`, toCommentEdit),

    insertReaction: async (row) =>
      (await db.run('INSERT INTO fb_reactions (comment_id, voter_id, reaction, created_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING', [
        row.comment_id,
        row.voter_id,
        row.reaction,
        row.created_at,
      ])) > 0,
    deleteReaction: changedAny(db, 'DELETE FROM fb_reactions WHERE comment_id = ? AND voter_id = ? AND reaction = ?'),
    async getReactionCounts(commentIds) {
      const counts = new Map<number, Record<string, number>>();
      if (commentIds.length === 0) return counts;
      // Each comment's reactions in code-point order (SQLite's BINARY collation and the column's
      // "C" collation in PostgreSQL compare UTF-8 bytes, which order like code points), the key
      // order of the returned objects in every adapter.
      const rows = await db.rows<{ comment_id: number; reaction: string; count: number }>(reactionCounts, [d.ids(commentIds)]);
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
