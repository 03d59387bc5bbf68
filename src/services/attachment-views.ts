/**
 * Image attachments as the API shows them (docs/attachments.md): the path they are served at and
 * their presented shape, by post or comment. Reading posts needs only this; checking, storing and
 * serving uploads is attachments.ts, which loads with the writes.
 */
import { ATTACHMENT_EXTENSIONS, type AttachmentRecord } from '../domain/attachments.js';
import type { Attachment } from '../domain/responses.js';
import type { StorageTx } from '../storage/contract.js';
import type { ServiceContext } from './context.js';

/** The path an attachment is served at, below the pages' base: `/attachments/{id}/{sha256}.{ext}`. */
export function attachmentPath(record: AttachmentRecord): string {
  return `/attachments/${record.id}/${record.sha256}.${ATTACHMENT_EXTENSIONS[record.content_type]}`;
}

/** An attachment in the API's shape, its `url` under `baseUrl`. */
export function presentAttachment(record: AttachmentRecord, baseUrl: string): Attachment {
  return {
    id: record.id,
    url: baseUrl + attachmentPath(record),
    filename: record.filename,
    content_type: record.content_type,
    size: record.size,
    width: record.width,
    height: record.height,
  };
}

/** Groups presented attachments by an owner id (`post_id` or `comment_id`), in the order listed. */
function groupBy(records: readonly AttachmentRecord[], owner: 'post_id' | 'comment_id', baseUrl: string): Map<number, Attachment[]> {
  const groups = new Map<number, Attachment[]>();
  for (const record of records) {
    const id = record[owner]!;
    const group = groups.get(id) ?? [];
    group.push(presentAttachment(record, baseUrl));
    groups.set(id, group);
  }
  return groups;
}

/** The presented attachments of these posts, by post id (a post without any is absent). */
export async function attachmentsOfPosts(ctx: ServiceContext, tx: StorageTx, postIds: readonly number[]): Promise<Map<number, Attachment[]>> {
  if (postIds.length === 0) return new Map();
  return groupBy(await tx.listPostAttachments(postIds), 'post_id', ctx.attachmentsBaseUrl());
}

/** The presented attachments of these comments, by comment id (a comment without any is absent). */
export async function attachmentsOfComments(ctx: ServiceContext, tx: StorageTx, commentIds: readonly number[]): Promise<Map<number, Attachment[]>> {
  if (commentIds.length === 0) return new Map();
  return groupBy(await tx.listCommentAttachments(commentIds), 'comment_id', ctx.attachmentsBaseUrl());
}
