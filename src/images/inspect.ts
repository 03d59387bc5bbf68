/**
 * The image inspector this package provides: an upload's type and dimensions read from its bytes
 * alone (never from its name or a header), by the signature and the `image-size` library, which
 * must agree; then the structure checks of `image-structure.ts`. Anything else is refused with a
 * reason a person can read (English) and its code, which the pages say in their language.
 */
import { imageSize } from 'image-size';
import { MAX_IMAGE_PIXELS, type ImageInspection } from '../domain/attachments.js';
import { signatureType, structureProblem } from './image-structure.js';

/** What `image-size` calls each accepted type. */
const LIBRARY_TYPES = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/gif': 'gif', 'image/webp': 'webp' } as const;

/** The largest width or height accepted, in pixels (a decompression bomb is refused before any thumbnail). */
export const MAX_IMAGE_SIDE = 16_384;

const unreadable = (): ImageInspection => ({ ok: false, reason: 'is not a readable image (its header is damaged or cut short)', code: 'unreadable' });

/**
 * Reads the type and dimensions of an upload from its bytes: a PNG, JPEG, GIF or WebP image,
 * whole, with nothing after it and no markup in it, at most {@link MAX_IMAGE_SIDE} pixels a side
 * and {@link MAX_IMAGE_PIXELS} pixels in all.
 */
export function inspectImage(bytes: Uint8Array): ImageInspection {
  const type = signatureType(bytes);
  if (type === null) return { ok: false, reason: 'is not a PNG, JPEG, GIF or WebP image', code: 'not_supported' };
  let size: { width?: number; height?: number; type?: string };
  try {
    size = imageSize(bytes);
  } catch {
    return unreadable();
  }
  const { width = 0, height = 0 } = size;
  if (size.type !== LIBRARY_TYPES[type] || width < 1 || height < 1) {
    return unreadable();
  }
  if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE) {
    return { ok: false, reason: `is larger than ${MAX_IMAGE_SIDE} pixels on a side`, code: 'too_many_pixels', limit: MAX_IMAGE_SIDE };
  }
  if (width * height > MAX_IMAGE_PIXELS) {
    const megapixels = MAX_IMAGE_PIXELS / 1_000_000;
    return { ok: false, reason: `has more than ${megapixels} megapixels (${width} × ${height} pixels)`, code: 'too_many_megapixels', limit: megapixels };
  }
  const problem = structureProblem(bytes, type);
  return problem === null ? { ok: true, content_type: type, width, height } : { ok: false, ...problem };
}
