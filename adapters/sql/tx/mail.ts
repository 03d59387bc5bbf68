/**
 * The mail aggregate's failed mail and unsubscribes in SQL, and the statement that records a
 * failure (the notification queue's writes are each store's: leasing and recording sends differ,
 * `tx/mail.ts` there). A voter's queue row about a post is read as the record stores' default
 * does (../defaults.ts): one statement by its index.
 */
import type { MailFailureRecord } from '../../../src/storage/contract/mail.js';
import type { AggregateMethods } from '../../../src/storage/contract/registry.js';
import type { SqlSeam } from '../seam.js';
import { flag, pageBounds } from '../statements.js';

const FAILURE = 'SELECT id, organization_id, voter_id, post_id, address, error, attempts, failed_at FROM fb_mail_failures';
const FAILURES_OF_ORGANIZATION = `${FAILURE} WHERE organization_id = ? ORDER BY failed_at DESC, id DESC LIMIT ? OFFSET ?`;

/** A failed mail, kept for the team: organization, voter, post, address, error, attempts, failed at (7 values). */
export const INSERT_MAIL_FAILURE = `INSERT INTO fb_mail_failures (organization_id, voter_id, post_id, address, error, attempts, failed_at)
  VALUES (?, ?, ?, ?, ?, ?, ?)`;

/**
 * Dropping a post's queue rows in one statement, the page of failures, keeping the first of two
 * unsubscribes, and the one read of both unsubscribes every mail checks.
 */
export function mailMethods(
  db: SqlSeam,
): Pick<AggregateMethods<'mail'>, 'dropMailQueueOfPost' | 'listMailFailures' | 'putMailUnsubscribe' | 'isMailUnsubscribed'> {
  return {
    dropMailQueueOfPost: async (postId) => db.run('DELETE FROM fb_mail_queue WHERE post_id = ?', [postId]),
    async listMailFailures(organizationId, query) {
      const { limit, offset } = pageBounds(db.dialect, query);
      const rows = await db.rows<MailFailureRecord>(FAILURES_OF_ORGANIZATION, [
        organizationId,
        limit,
        offset,
      ]);
      const total = await db.value<number>('SELECT CAST(count(*) AS INTEGER) FROM fb_mail_failures WHERE organization_id = ?', [organizationId]);
      return { rows, total: total ?? 0 };
    },
    async putMailUnsubscribe(row) {
      await db.run('INSERT INTO fb_mail_unsubscribes (board_id, address, post_id, created_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING', [
        row.board_id,
        row.address,
        row.post_id,
        row.created_at,
      ]);
    },
    async isMailUnsubscribed(boardId, address, postId) {
      const found = await db.value('SELECT EXISTS (SELECT 1 FROM fb_mail_unsubscribes WHERE board_id = ? AND address = ? AND post_id IN (0, ?))', [
        boardId,
        address,
        postId,
      ]);
      return flag(found);
    },
  };
}
