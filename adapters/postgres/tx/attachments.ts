/** The attachments aggregate in SQL: records and their bytes (schema-attachments.ts). */
import type { AttachmentRecord } from '../../../src/domain/attachments.js';
import type { AggregateMethods } from '../../../src/storage/contract/registry.js';
import { idArray, type Sql } from '../sql.js';

const COLUMNS = 'id, organization_id, post_id, comment_id, held_post_id, filename, content_type, size, width, height, sha256, created_at';
const ATTACHMENTS = `SELECT ${COLUMNS} FROM fb_attachments`;

export function attachmentsMethods(sql: Sql): AggregateMethods<'attachments'> {
  return {
    async insertAttachment(row) {
      const inserted = (await sql.row<AttachmentRecord>(
        `INSERT INTO fb_attachments (organization_id, post_id, comment_id, held_post_id, filename, content_type, size, width, height, sha256, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING ${COLUMNS}`,
        [
          row.organization_id,
          row.post_id,
          row.comment_id,
          row.held_post_id,
          row.filename,
          row.content_type,
          row.size,
          row.width,
          row.height,
          row.sha256,
          row.created_at,
        ],
      ))!;
      const bytes = Buffer.from(row.bytes.buffer, row.bytes.byteOffset, row.bytes.byteLength);
      await sql.run('INSERT INTO fb_attachment_bytes (attachment_id, bytes) VALUES ($1, $2)', [inserted.id, bytes]);
      return inserted;
    },
    async getAttachment(id) {
      return (await sql.row<AttachmentRecord>(`${ATTACHMENTS} WHERE id = $1`, [id])) ?? null;
    },
    async getAttachmentBytes(id) {
      const row = await sql.row<{ bytes: Buffer }>('SELECT bytes FROM fb_attachment_bytes WHERE attachment_id = $1', [id]);
      return row === undefined ? null : new Uint8Array(row.bytes);
    },
    async listPostAttachments(postIds) {
      if (postIds.length === 0) return [];
      return sql.rows<AttachmentRecord>(`${ATTACHMENTS} WHERE post_id = ANY($1::int[]) ORDER BY post_id, id`, [idArray(postIds)]);
    },
    async listCommentAttachments(commentIds) {
      if (commentIds.length === 0) return [];
      return sql.rows<AttachmentRecord>(`${ATTACHMENTS} WHERE comment_id = ANY($1::int[]) ORDER BY comment_id, id`, [
        idArray(commentIds),
      ]);
    },
    async listHeldPostAttachments(heldPostId) {
      return sql.rows<AttachmentRecord>(`${ATTACHMENTS} WHERE held_post_id = $1 ORDER BY id`, [heldPostId]);
    },
    async moveHeldPostAttachments(heldPostId, postId) {
      return sql.run('UPDATE fb_attachments SET post_id = $2, held_post_id = NULL WHERE held_post_id = $1', [heldPostId, postId]);
    },
  };
}
