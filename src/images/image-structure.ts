/**
 * Whether an image's bytes are one whole image of the type its signature names, and nothing more:
 * the signatures of the four accepted types, each format's end (PNG's chunks walked to `IEND` with
 * their checksums, JPEG's end-of-image marker, GIF's trailer, WebP's RIFF length), and a scan for
 * markup that would make the bytes readable as a page or a script. A truncated image fails its
 * end; an image with a page appended fails its end or the scan.
 */
import type { AttachmentContentType, ImageRefusalCode } from '../domain/attachments.js';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function startsWith(bytes: Uint8Array, prefix: readonly number[], at = 0): boolean {
  return prefix.every((byte, i) => bytes[at + i] === byte);
}

const ascii = (text: string): number[] => [...text].map((c) => c.charCodeAt(0));

/** The type named by the bytes' signature, or null for anything else (text, SVG, HTML...). */
export function signatureType(bytes: Uint8Array): AttachmentContentType | null {
  if (startsWith(bytes, PNG_SIGNATURE)) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  return null;
}

const CRC_TABLE = Uint32Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

/** CRC-32 (ISO-HDLC, PNG's chunk checksum) of `bytes[start, end)`. */
function crc32(bytes: Uint8Array, start: number, end: number): number {
  let c = 0xffffffff;
  for (let i = start; i < end; i++) c = CRC_TABLE[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** PNG: every chunk whole with a correct checksum, the last one `IEND`, ending the file. */
function isWholePng(bytes: Uint8Array): boolean {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = PNG_SIGNATURE.length;
  while (at + 12 <= bytes.length) {
    const length = view.getUint32(at);
    const end = at + 12 + length;
    if (end > bytes.length) return false;
    if (crc32(bytes, at + 4, at + 8 + length) !== view.getUint32(at + 8 + length)) return false;
    if (startsWith(bytes, ascii('IEND'), at + 4)) return end === bytes.length;
    at = end;
  }
  return false;
}

/** The whole of the image is there and nothing follows it. */
function endsWhole(bytes: Uint8Array, type: AttachmentContentType): boolean {
  const n = bytes.length;
  switch (type) {
    case 'image/png':
      return isWholePng(bytes);
    case 'image/jpeg':
      return n >= 4 && bytes[n - 2] === 0xff && bytes[n - 1] === 0xd9;
    case 'image/gif':
      return n >= 14 && bytes[n - 1] === 0x3b;
    case 'image/webp': {
      const riffLength = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(4, true);
      return n >= 20 && riffLength + 8 + (riffLength % 2) === n;
    }
  }
}

/**
 * Markup a browser or script engine would act on, lowercase; matched case-insensitively. Each is
 * at least five bytes, so that compressed image data, which looks random, matches one by chance
 * about once in ten thousand 5 MiB images rather than in most of them.
 */
const MARKUP = [
  '<script', '<html', '<body', '<head', '<meta', '<iframe', '<object', '<embed', '<style', '<link',
  '<!doctype', '<?xml', '<svg ', '<svg>', '<svg/', '<svg\n', '<svg\t', '<svg\r',
].map(ascii);

/** True when the bytes hold markup anywhere (compared case-insensitively). */
function holdsMarkup(bytes: Uint8Array): boolean {
  for (let i = bytes.indexOf(0x3c); i !== -1; i = bytes.indexOf(0x3c, i + 1)) {
    for (const pattern of MARKUP) {
      let j = 1;
      while (j < pattern.length && ((bytes[i + j] ?? 0) | (pattern[j]! >= 0x61 ? 0x20 : 0)) === pattern[j]) j++;
      if (j === pattern.length) return true;
    }
  }
  return false;
}

/** Why the bytes are not one whole image of `type` (in English, and its code), or null when they are. */
export function structureProblem(bytes: Uint8Array, type: AttachmentContentType): { reason: string; code: ImageRefusalCode } | null {
  if (!endsWhole(bytes, type)) return { reason: 'is not a whole image (truncated, or followed by other data)', code: 'not_whole' };
  if (holdsMarkup(bytes)) return { reason: 'holds markup as well as an image', code: 'holds_markup' };
  return null;
}
