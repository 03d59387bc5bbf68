/** The attachments aggregate in SQL: records and their bytes (their tables: src/storage/schema/tables-engagement.ts). */
import type { AttachmentRecord } from '../../../src/domain/attachments.js';
import type { AggregateMethods } from '../../../src/storage/contract/registry.js';
import type { SqlSeam } from '../seam.js';
import { allRows, blob, oneRow } from '../statements.js';

export const ATTACHMENT_FIELDS = 'id, organization_id, post_id, comment_id, held_post_id, filename, content_type, size, width, height, sha256, created_at';
const ATTACHMENTS = `SELECT ${ATTACHMENT_FIELDS} FROM fb_attachments`;

export function attachmentsMethods(db: SqlSeam): AggregateMethods<'attachments'> {
  const d = db.dialect;
  const byIds = (column: 'post_id' | 'comment_id') => {
    const one = `${ATTACHMENTS} WHERE ${column} = ? ORDER BY id`;
    const many = `${ATTACHMENTS} WHERE ${column} ${d.inIds('?')} ORDER BY ${column}, id`;
    // One owner (a post's page, every GET of one post) by key, without the list's parse; a list as one value.
    return async (ids: readonly number[]) =>
      ids.length === 0 ? [] : ids.length === 1 ? db.rows<AttachmentRecord>(one, [ids[0]!]) : db.rows<AttachmentRecord>(many, [d.ids(ids)]);
  };
  const insert = `INSERT INTO fb_attachments (organization_id, post_id, comment_id, held_post_id, filename, content_type, size, width, height, sha256, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING ${ATTACHMENT_FIELDS}`;
  return {
    async insertAttachment(row) {
      const inserted = (await db.row<AttachmentRecord>(
        insert,
        [
          row.organization_id, row.post_id, row.comment_id, row.held_post_id, row.filename, row.content_type,
          row.size, row.width, row.height, row.sha256, row.created_at,
        ],
      ))!;
      await db.run('INSERT INTO fb_attachment_bytes (attachment_id, bytes) VALUES (?, ?)', [inserted.id, blob(row.bytes)]);
      return inserted;
    },
    getAttachment: oneRow<AttachmentRecord>(db, `${ATTACHMENTS} WHERE id = ?`),
    async getAttachmentBytes(id) {
      const bytes = await db.value<Buffer>('SELECT bytes FROM fb_attachment_bytes WHERE attachment_id = ?', [id]);
      return bytes === undefined ? null : new Uint8Array(bytes);
    },
    listPostAttachments: byIds('post_id'),
    listCommentAttachments: byIds('comment_id'),
    listHeldPostAttachments: allRows<AttachmentRecord>(db, `${ATTACHMENTS} WHERE held_post_id = ? ORDER BY id`),
    moveHeldPostAttachments: async (heldPostId, postId) =>
      db.run('UPDATE fb_attachments SET post_id = ?, held_post_id = NULL WHERE held_post_id = ?', [postId, heldPostId]),
  };
}
