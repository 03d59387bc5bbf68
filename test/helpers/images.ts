/**
 * Real images for the attachment tests, made by `sharp` (a devDependency): a small PNG, JPEG, GIF
 * and WebP of known size, and hostile bytes (HTML and SVG to be named `.png`, polyglots).
 */
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
