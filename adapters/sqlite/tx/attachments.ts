/** The attachments aggregate in SQL: records and their bytes (schema-attachments.ts). */
import type { AttachmentRecord } from '../../../src/domain/attachments.js';
import type { AggregateMethods } from '../../../src/storage/contract/registry.js';
import { blob, idList, type Sql } from '../sql.js';

const COLUMNS = 'id, organization_id, post_id, comment_id, held_post_id, filename, content_type, size, width, height, sha256, created_at';
const ATTACHMENTS = `SELECT ${COLUMNS} FROM fb_attachments`;

export function attachmentsMethods(sql: Sql): AggregateMethods<'attachments'> {
  return {
    async insertAttachment(row) {
      const inserted = sql.get<AttachmentRecord>(
        `INSERT INTO fb_attachments (organization_id, post_id, comment_id, held_post_id, filename, content_type, size, width, height, sha256, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING ${COLUMNS}`,
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
      )!;
      sql.run('INSERT INTO fb_attachment_bytes (attachment_id, bytes) VALUES (?, ?)', inserted.id, blob(row.bytes));
      return inserted;
    },
    async getAttachment(id) {
      return sql.get<AttachmentRecord>(`${ATTACHMENTS} WHERE id = ?`, id) ?? null;
    },
    async getAttachmentBytes(id) {
      const bytes = sql.value<Buffer>('SELECT bytes FROM fb_attachment_bytes WHERE attachment_id = ?', id);
      return bytes === undefined ? null : new Uint8Array(bytes);
    },
    async listPostAttachments(postIds) {
      // One post (a post's page, every GET of one post) by key, without json_each's parse; a list through json_each.
      if (postIds.length === 1) return sql.all<AttachmentRecord>(`${ATTACHMENTS} WHERE post_id = ? ORDER BY id`, postIds[0]!);
      if (postIds.length === 0) return [];
      // Most boards have no images: one probe of the index between the page's lowest and highest
      // id spares a page of posts the parse and the probes of json_each.
      let low = postIds[0]!;
      let high = low;
      for (const id of postIds) {
        if (id < low) low = id;
        else if (id > high) high = id;
      }
      if (sql.value<number>('SELECT EXISTS (SELECT 1 FROM fb_attachments WHERE post_id BETWEEN ? AND ?)', low, high) === 0) return [];
      return sql.all<AttachmentRecord>(
        `${ATTACHMENTS} WHERE post_id IN (SELECT value FROM json_each(?)) ORDER BY post_id, id`,
        idList(postIds),
      );
    },
    async listCommentAttachments(commentIds) {
      return sql.all<AttachmentRecord>(
        `${ATTACHMENTS} WHERE comment_id IN (SELECT value FROM json_each(?)) ORDER BY comment_id, id`,
        idList(commentIds),
      );
    },
    async listHeldPostAttachments(heldPostId) {
      return sql.all<AttachmentRecord>(`${ATTACHMENTS} WHERE held_post_id = ? ORDER BY id`, heldPostId);
    },
    async moveHeldPostAttachments(heldPostId, postId) {
      return sql.run('UPDATE fb_attachments SET post_id = ?, held_post_id = NULL WHERE held_post_id = ?', postId, heldPostId).changes;
    },
  };
}
