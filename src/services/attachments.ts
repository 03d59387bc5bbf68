/**
 * Image attachments of posts, comments and held posts (docs/attachments.md): uploads checked
 * before any transaction (how many, how large, the type and size read from the bytes by the
 * board's image inspector, the SHA-256), stored with their owner in the owner's transaction,
 * presented in the API's shape, and read for serving only while the public may see their post.
 */
import {
  ATTACHMENT_EXTENSIONS,
  type AttachmentContentType,
  type AttachmentRecord,
  type NewAttachment,
  type UploadRefusalReason,
} from '../domain/attachments.js';
import { FeedbackBoardError } from '../domain/errors.js';
import { withoutControls } from '../domain/validation.js';
import type { Attachment } from '../domain/responses.js';
import type { StorageTx } from '../storage/contract.js';
import { read, type ServiceContext } from './context.js';

export { attachmentPath, attachmentsOfComments, attachmentsOfPosts, presentAttachment } from './attachment-views.js';

/** One uploaded file: the name the uploader gave and its bytes (any declared type is ignored). */
export interface AttachmentUpload {
  filename: string;
  bytes: Uint8Array;
}

/** An upload that passed every check, ready to store with its owner. */
export interface CheckedAttachment {
  filename: string;
  content_type: AttachmentContentType;
  width: number;
  height: number;
  sha256: string;
  bytes: Uint8Array;
}

/** Who an attachment belongs to. */
export type AttachmentOwner = { post_id: number } | { comment_id: number } | { held_post_id: number };

const MAX_FILENAME_LENGTH = 200;

/**
 * The uploader's file name made safe to keep: the last segment of a path, without control
 * characters or lone surrogates, at most 200 characters; `image.<ext>` when nothing is left.
 * (Bidirectional controls go too, so a name cannot read backwards. Wherever it is shown it is
 * escaped as well; this keeps what is stored plain.)
 */
export function cleanFilename(name: string, type: AttachmentContentType): string {
  const last = name.split(/[/\\]/).pop() ?? '';
  const plain = withoutControls(last).trim();
  const cut = [...plain].slice(0, MAX_FILENAME_LENGTH).join('');
  return cut === '' || cut === '.' || cut === '..' ? `image.${ATTACHMENT_EXTENSIONS[type]}` : cut;
}

async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The 422 of a refused upload: `message` in English, and its `reason` with the `values` the
 * message names, for the pages to say it in their language.
 */
function refused(path: string, message: string, reason: UploadRefusalReason, values: Record<string, string | number> = {}): FeedbackBoardError {
  return new FeedbackBoardError('validation_error', `${path}: ${message}`, { details: [{ path, message, reason, values }] });
}

/**
 * Checks uploads before anything is stored: at most `limits.attachmentsPerItem`, each at most
 * `limits.attachmentBytes` and a whole PNG, JPEG, GIF or WebP image by its bytes. A 422 naming the
 * first file refused (by position and name) otherwise; its detail carries the reason
 * ({@link UploadRefusalReason}) and its values.
 */
export async function checkUploads(ctx: ServiceContext, uploads: readonly AttachmentUpload[]): Promise<CheckedAttachment[]> {
  const { attachmentsPerItem, attachmentBytes } = ctx.limits;
  if (uploads.length > attachmentsPerItem) {
    throw refused('attachments', `at most ${attachmentsPerItem} images may be attached; ${uploads.length} were sent`, 'too_many', {
      limit: attachmentsPerItem,
      count: uploads.length,
    });
  }
  if (uploads.length > 0 && ctx.inspectImage === null) {
    throw refused('attachments', 'this board takes no attachments (no image inspector is configured)', 'not_taken');
  }
  const checked: CheckedAttachment[] = [];
  for (const [index, upload] of uploads.entries()) {
    const path = `attachments[${index}]`;
    // The name as given, without control or bidirectional characters, so no message reads backwards.
    const image = { position: index + 1, filename: [...withoutControls(upload.filename)].slice(0, 80).join('') };
    const label = `image ${image.position} (${image.filename})`;
    if (upload.bytes.length > attachmentBytes) {
      throw refused(path, `${label} is larger than ${formatBytes(attachmentBytes)}`, 'too_large', { ...image, limit: attachmentBytes });
    }
    const found = await ctx.inspectImage!(upload.bytes);
    if (!found.ok) {
      throw refused(path, `${label} ${found.reason}`, found.code ?? 'refused', found.limit === undefined ? image : { ...image, limit: found.limit });
    }
    checked.push({
      filename: cleanFilename(upload.filename, found.content_type),
      content_type: found.content_type,
      width: found.width,
      height: found.height,
      sha256: await sha256Hex(upload.bytes),
      bytes: upload.bytes,
    });
  }
  return checked;
}

/** `5 MiB`, `512 KiB`, `100 bytes`. */
export function formatBytes(bytes: number): string {
  if (bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`;
  if (bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}

/** Stores checked uploads with their owner, inside the owner's write transaction. */
export async function storeAttachments(
  tx: StorageTx,
  organizationId: number,
  owner: AttachmentOwner,
  checked: readonly CheckedAttachment[],
  now: string,
): Promise<AttachmentRecord[]> {
  const stored: AttachmentRecord[] = [];
  for (const file of checked) {
    const row: NewAttachment = {
      organization_id: organizationId,
      post_id: 'post_id' in owner ? owner.post_id : null,
      comment_id: 'comment_id' in owner ? owner.comment_id : null,
      held_post_id: 'held_post_id' in owner ? owner.held_post_id : null,
      filename: file.filename,
      content_type: file.content_type,
      size: file.bytes.length,
      width: file.width,
      height: file.height,
      sha256: file.sha256,
      created_at: now,
      bytes: file.bytes,
    };
    stored.push(await tx.insertAttachment(row));
  }
  return stored;
}

/** An attachment and its bytes, as served. */
export interface ServedAttachment {
  record: AttachmentRecord;
  bytes: Uint8Array;
  /** The board of its post: whoever serves it applies that board's access (docs/private-boards.md). */
  board_id: number;
}

/**
 * The attachment `id` of the organization with this content hash, with its bytes, while the
 * public may see it: its post (or its comment's post) is on a published board, neither hidden
 * nor merged, and a comment of it is not hidden; a held post's is never public. Null otherwise.
 */
export function readPublicAttachment(ctx: ServiceContext, organizationId: number, id: number, sha256: string): Promise<ServedAttachment | null> {
  return read(ctx, async (tx) => {
    const record = await tx.getAttachment(id);
    if (!record || record.organization_id !== organizationId || record.sha256 !== sha256) return null;
    const boardId = await publicBoardOf(tx, record);
    if (boardId === null) return null;
    const bytes = await tx.getAttachmentBytes(id);
    return bytes && { record, bytes, board_id: boardId };
  });
}

/** The id of the published board of the attachment's visible post, or null when the public may not see it. */
async function publicBoardOf(tx: StorageTx, record: AttachmentRecord): Promise<number | null> {
  let postId = record.post_id;
  if (record.comment_id !== null) {
    const comment = await tx.getComment(record.comment_id);
    if (!comment || comment.hidden || comment.deleted_at !== null) return null;
    postId = comment.post_id;
  }
  if (postId === null) return null;
  const post = await tx.getPost(postId);
  if (!post || post.hidden || (await tx.getPostMerge(post.id)) !== null) return null;
  const board = await tx.getBoard(post.board_id);
  return board !== null && board.published ? board.id : null;
}
