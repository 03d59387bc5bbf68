/**
 * Real images for the attachment tests, made by `sharp` (a devDependency): a small PNG, JPEG, GIF
 * and WebP of known size, and hostile bytes (HTML and SVG to be named `.png`, polyglots).
 */
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** The formats `image(...)` makes. */
export type ImageFormat = 'png' | 'jpeg' | 'gif' | 'webp';

/** An image of `width` × `height` in `format`, a colour gradient (so it compresses like a picture). */
export async function image(format: ImageFormat, width = 40, height = 30): Promise<Uint8Array> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 3;
      pixels[at] = (x * 255) / width;
      pixels[at + 1] = (y * 255) / height;
      pixels[at + 2] = 128;
    }
  }
  const made = sharp(pixels, { raw: { width, height, channels: 3 } });
  return new Uint8Array(await made.toFormat(format).toBuffer());
}

/** A page that would run script if a browser sniffed it as HTML. */
export const HTML_PAGE = new TextEncoder().encode('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');

/** An SVG image with a script in it. */
export const SVG_IMAGE = new TextEncoder().encode(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
);

/** `a` followed by `b`. */
export function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

/**
 * A whole PNG of `width` × `height` black pixels, 1 bit each, deflated: tiny on disk however many
 * pixels it declares (16,384 × 16,384 is about 33 KB), the shape of a decompression bomb.
 */
export function blackPng(width: number, height: number): Uint8Array {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([1, 0, 0, 0, 0], 8); // bit depth 1, grayscale, deflate, no filter method, no interlace
  // Each row: filter byte 0 and ceil(width / 8) bytes of zeros.
  const pixels = deflateSync(Buffer.alloc((1 + Math.ceil(width / 8)) * height), { level: 9 });
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return new Uint8Array(Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))]));
}
