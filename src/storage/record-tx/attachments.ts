/** The attachments aggregate over the record store: records in `attachments`, bytes in `attachment_bytes`. */
import type { AttachmentRecord } from '../../domain/attachments.js';
import type { AggregateMethods } from '../contract/registry.js';
import { cloneRow, type RecordStore } from '../record-store.js';
import { byIdAsc } from './shared.js';

/** Deletes the attachments (records and bytes) of a post (`by_post`) or of a comment (`by_comment`). */
export async function deleteAttachmentsOf(store: RecordStore, index: 'by_post' | 'by_comment', ownerId: number): Promise<void> {
  const attachments = store.table('attachments');
  const bytes = store.table('attachment_bytes');
  for (const row of await attachments.getAllFromIndex(index, ownerId)) {
    await bytes.delete(row.id);
    await attachments.delete(row.id);
  }
}

export function attachmentsMethods(store: RecordStore): AggregateMethods<'attachments'> {
  const attachments = store.table('attachments');
  const bytes = store.table('attachment_bytes');

  /** The attachments of the owners, owner by owner in id order, each owner's in id order. */
  async function listOf(index: 'by_post' | 'by_comment' | 'by_held_post', ownerIds: readonly number[]): Promise<AttachmentRecord[]> {
    const rows: AttachmentRecord[] = [];
    for (const ownerId of [...new Set(ownerIds)].sort((a, b) => a - b)) {
      const owned = await attachments.getAllFromIndex(index, ownerId);
      rows.push(...owned.map((row) => cloneRow(row)).sort(byIdAsc));
    }
    return rows;
  }

  return {
    async insertAttachment(row) {
      const { bytes: content, ...fields } = row;
      const record: AttachmentRecord = { id: await store.nextId('attachments'), ...fields };
      await attachments.put(record);
      await bytes.put({ attachment_id: record.id, bytes: content });
      return cloneRow(record);
    },
    async getAttachment(id) {
      const row = await attachments.get(id);
      return row ? cloneRow(row) : null;
    },
    async getAttachmentBytes(id) {
      const row = await bytes.get(id);
      return row ? cloneRow(row).bytes : null;
    },
    listPostAttachments: (postIds) => listOf('by_post', postIds),
    listCommentAttachments: (commentIds) => listOf('by_comment', commentIds),
    listHeldPostAttachments: (heldPostId) => listOf('by_held_post', [heldPostId]),
    async moveHeldPostAttachments(heldPostId, postId) {
      const rows = await attachments.getAllFromIndex('by_held_post', heldPostId);
      for (const row of rows) await attachments.put({ ...cloneRow(row), post_id: postId, held_post_id: null });
      return rows.length;
    },
  };
}
