/**
 * Attachments as the team sees them on its dashboard: any image of the organization, whatever
 * its post's visibility (hidden, merged, on a draft board, or held for approval), so that the team
 * can judge what it moderates. The public reads through `readPublicAttachment` instead, which
 * answers only while the public may see the post (docs/attachments.md).
 */
import type { AttachmentRecord } from '../domain/attachments.js';
import type { Attachment } from '../domain/responses.js';
import { presentAttachment, type ServedAttachment } from './attachments.js';
import { read, type ServiceContext } from './context.js';
import type { StorageTx } from '../storage/contract.js';

/** The attachment `id` of the organization with this content hash, with its bytes; null when there is none. */
export function readTeamAttachment(ctx: ServiceContext, organizationId: number, id: number, sha256: string): Promise<ServedAttachment | null> {
  return read(ctx, async (tx) => {
    const record = await tx.getAttachment(id);
    if (!record || record.organization_id !== organizationId || record.sha256 !== sha256) return null;
    const boardId = await boardOf(tx, record);
    const bytes = boardId === null ? null : await tx.getAttachmentBytes(id);
    return bytes && { record, bytes, board_id: boardId! };
  });
}

/** The board of the post, comment or held post the attachment belongs to; null when that is gone. */
async function boardOf(tx: StorageTx, record: AttachmentRecord): Promise<number | null> {
  if (record.held_post_id !== null) return (await tx.getHeldPost(record.held_post_id))?.board_id ?? null;
  const postId = record.comment_id !== null ? (await tx.getComment(record.comment_id))?.post_id : record.post_id;
  return postId == null ? null : ((await tx.getPost(postId))?.board_id ?? null);
}

/** The images of the organization's held post `heldPostId`, in the order attached (none for another organization's). */
export function heldPostAttachments(ctx: ServiceContext, organizationId: number, heldPostId: number): Promise<Attachment[]> {
  return read(ctx, async (tx) => {
    const held = await tx.getHeldPost(heldPostId);
    if (!held || held.organization_id !== organizationId) return [];
    const records: AttachmentRecord[] = await tx.listHeldPostAttachments(heldPostId);
    return records.map((record) => presentAttachment(record, ctx.attachmentsBaseUrl()));
  });
}
