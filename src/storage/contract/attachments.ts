/**
 * The attachments aggregate of the storage contract: images attached to posts and comments, their
 * records and their bytes (see `domain/attachments.ts`). Deleting a post deletes its attachments
 * and those of its comments in the same transaction; moving a comment to another post (a merge)
 * keeps its attachments on it; approving a held post hands its attachments to the new post.
 */
import type { AttachmentRecord, NewAttachment } from '../../domain/attachments.js';
import type { AggregateDefinition } from './shared.js';
import type { ScopeTable } from './scopes.js';

/** Attachments of posts and comments. */
export interface AttachmentsTx {
  /** Stores the record and its bytes; the storage assigns the id. The caller checks that its post or comment exists. */
  insertAttachment(row: NewAttachment): Promise<AttachmentRecord>;
  /** The record, or null. */
  getAttachment(id: number): Promise<AttachmentRecord | null>;
  /** The stored bytes of the attachment, or null if there is no such attachment. */
  getAttachmentBytes(id: number): Promise<Uint8Array | null>;
  /** The attachments of these posts (not of their comments): post_id asc, id asc. */
  listPostAttachments(postIds: readonly number[]): Promise<AttachmentRecord[]>;
  /** The attachments of these comments: comment_id asc, id asc. */
  listCommentAttachments(commentIds: readonly number[]): Promise<AttachmentRecord[]>;
  /** The attachments of this held post: id asc. */
  listHeldPostAttachments(heldPostId: number): Promise<AttachmentRecord[]>;
  /** Makes every attachment of the held post the post's (on approval); how many moved. */
  moveHeldPostAttachments(heldPostId: number, postId: number): Promise<number>;
}

/** The attachments aggregate: which methods write; no generic fallbacks. */
export const ATTACHMENTS_AGGREGATE = {
  writes: {
    insertAttachment: true,
    getAttachment: false,
    getAttachmentBytes: false,
    listPostAttachments: false,
    listCommentAttachments: false,
    listHeldPostAttachments: false,
    moveHeldPostAttachments: true,
  },
  fallbacks: {},
} satisfies AggregateDefinition<AttachmentsTx>;

/** What each method locks in a write transaction (see ./scopes.ts). */
export const ATTACHMENTS_SCOPES = {
  insertAttachment: 'organization.organization_id',
  getAttachment: 'attachment',
  getAttachmentBytes: 'attachment',
  listPostAttachments: 'post[]',
  listCommentAttachments: 'comment[]',
  listHeldPostAttachments: 'heldPost',
  moveHeldPostAttachments: 'heldPost',
} satisfies ScopeTable<AttachmentsTx>;
