/**
 * Image attachments of posts and comments: the stored record (metadata; the bytes are kept beside
 * it and read on their own) and the image types accepted. An attachment belongs to exactly one
 * post, comment or post held for approval, and goes with it; a comment's attachments follow the
 * comment when a merge moves it, a held post's become the post's when it is approved. See
 * docs/attachments.md.
 */

/** The image types an attachment may hold, read from its bytes (never from its name or a header). */
export const ATTACHMENT_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

/** One of {@link ATTACHMENT_CONTENT_TYPES}. */
export type AttachmentContentType = (typeof ATTACHMENT_CONTENT_TYPES)[number];

/** An image attached to a post, a comment or a held post: exactly one of the three ids is set. */
export interface AttachmentRecord {
  id: number;
  organization_id: number;
  /** The post it is attached to, or null. */
  post_id: number | null;
  /** The comment it is attached to, or null. */
  comment_id: number | null;
  /** The post held for approval it is attached to, or null (it becomes the post's on approval). */
  held_post_id: number | null;
  /** The file name the uploader gave, as given (escaped wherever it is shown). */
  filename: string;
  content_type: AttachmentContentType;
  /** Bytes. */
  size: number;
  /** Pixels, read from the image. */
  width: number;
  height: number;
  /** SHA-256 of the bytes, lowercase hex: the served URL and the `ETag` carry it. */
  sha256: string;
  created_at: string;
}

/** An attachment to store: its record without the id, and its bytes. */
export interface NewAttachment extends Omit<AttachmentRecord, 'id'> {
  bytes: Uint8Array;
}

/**
 * The most pixels an attached image may have, width × height: 40 megapixels (a 7,680 × 5,120
 * photo). A small file can declare far more (a 1 MB PNG of 16,384 × 16,384 decodes to 268
 * million pixels, about 1 GB), so the bound is on what decoding costs, not only on each side.
 */
export const MAX_IMAGE_PIXELS = 40_000_000;

/**
 * Why an inspector refused an upload, for a program: not one of the four types, a damaged or cut
 * header, more pixels a side than the inspector takes, more megapixels in all than it takes, not
 * one whole image, markup in the bytes.
 */
export type ImageRefusalCode = 'not_supported' | 'unreadable' | 'too_many_pixels' | 'too_many_megapixels' | 'not_whole' | 'holds_markup';

/**
 * What an image inspector found in an upload's bytes: its type and size, or why it is refused:
 * `reason` in English (the API's message), and optionally its `code` (with `limit`: the pixels a
 * side for `too_many_pixels`, the megapixels for `too_many_megapixels`), by which the pages say
 * it in their language.
 */
export type ImageInspection =
  | { ok: true; content_type: AttachmentContentType; width: number; height: number }
  | { ok: false; reason: string; code?: ImageRefusalCode; limit?: number };

/**
 * The `reason` of the error detail of a refused upload (`ErrorDetail.reason`), with its `values`:
 * `too_many` (`limit`, `count`), `not_taken` (the board takes no images), `too_large` (`position`,
 * `filename`, `limit` in bytes), an inspector's code (`position`, `filename`; `limit` too for
 * `too_many_pixels` and `too_many_megapixels`), or `refused` for an inspector's refusal without a code.
 */
export type UploadRefusalReason = 'too_many' | 'not_taken' | 'too_large' | ImageRefusalCode | 'refused';

/**
 * Reads an upload's type and dimensions from its bytes alone, refusing anything that is not a
 * whole PNG, JPEG, GIF or WebP image (`inspectImage` of `feedback-board/images` is the one this
 * package provides). The board is given one in its options; without it, uploads are refused. It
 * may answer through a promise: an inspector that loads its decoder on its first upload, say.
 */
export type ImageInspector = (bytes: Uint8Array) => ImageInspection | Promise<ImageInspection>;

/** The extension of each content type, as served URLs end. */
export const ATTACHMENT_EXTENSIONS: Readonly<Record<AttachmentContentType, string>> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
};
