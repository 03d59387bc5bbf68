/**
 * The image inspector: the type and dimensions of real PNG, JPEG, GIF and WebP images read from
 * their bytes; refusals of everything else with a reason and its code: HTML and SVG (whatever the file is
 * called), truncated images, images with a page appended or markup inside (polyglots), a damaged
 * PNG chunk, sides too large, and more pixels in all than 40 megapixels (a decompression bomb).
 */
import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { inspectImage, MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE } from '../../src/images/index.js';
import { blackPng, concat, HTML_PAGE, image, SVG_IMAGE } from '../helpers/images.js';

const ascii = (text: string) => new TextEncoder().encode(text);

/** A PNG chunk with its length and checksum. */
function chunk(type: string, data: Uint8Array): Uint8Array {
  const body = concat(ascii(type), data);
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(body, 4);
  view.setUint32(8 + data.length, crc32(body));
  return out;
}

describe('inspectImage', () => {
  it.each([
    ['png', 'image/png'],
    ['jpeg', 'image/jpeg'],
    ['gif', 'image/gif'],
    ['webp', 'image/webp'],
  ] as const)('reads a %s image: its type and dimensions', async (format, type) => {
    expect(inspectImage(await image(format, 40, 30))).toEqual({ ok: true, content_type: type, width: 40, height: 30 });
  });

  it('refuses HTML and SVG as not an image of an accepted type', () => {
    for (const bytes of [HTML_PAGE, SVG_IMAGE, ascii(''), ascii('GIF8')]) {
      expect(inspectImage(bytes)).toEqual({ ok: false, reason: 'is not a PNG, JPEG, GIF or WebP image', code: 'not_supported' });
    }
  });

  it.each(['png', 'jpeg', 'gif', 'webp'] as const)('refuses a truncated %s image', async (format) => {
    const whole = await image(format, 64, 64);
    for (const cut of [whole.length - 1, Math.floor(whole.length / 2), 30]) {
      const result = inspectImage(whole.slice(0, cut));
      expect(result.ok).toBe(false);
      expect(['unreadable', 'not_whole']).toContain(result.ok ? null : result.code);
    }
  });

  it.each(['png', 'jpeg', 'gif', 'webp'] as const)('refuses a %s image with a page appended', async (format) => {
    const result = inspectImage(concat(await image(format), HTML_PAGE));
    expect(result).toMatchObject({ ok: false });
  });

  it('refuses a GIF carrying a script in a comment block, its trailer intact (a GIF/JavaScript polyglot)', async () => {
    const gif = await image('gif');
    const comment = concat(new Uint8Array([0x21, 0xfe, 30]), concat(ascii('<script>alert(1)</script>    '), new Uint8Array([0])));
    const polyglot = concat(concat(gif.slice(0, gif.length - 1), comment), new Uint8Array([0x3b]));
    expect(inspectImage(polyglot)).toEqual({ ok: false, reason: 'holds markup as well as an image', code: 'holds_markup' });
  });

  it('refuses a PNG whose text chunk holds an HTML page, every checksum right', async () => {
    const png = await image('png');
    const text = chunk('tEXt', concat(ascii('Comment\0'), ascii('<HTML><BODY onload=alert(1)>')));
    const polyglot = concat(concat(png.slice(0, png.length - 12), text), png.slice(png.length - 12));
    expect(inspectImage(polyglot)).toEqual({ ok: false, reason: 'holds markup as well as an image', code: 'holds_markup' });
  });

  it('refuses a PNG with a damaged chunk', async () => {
    const png = await image('png');
    png[png.length - 20] = png[png.length - 20]! ^ 0xff;
    expect(inspectImage(png)).toEqual({ ok: false, reason: 'is not a whole image (truncated, or followed by other data)', code: 'not_whole' });
  });

  it(`refuses an image more than ${MAX_IMAGE_SIDE} pixels on a side`, () => {
    const header = new Uint8Array(13);
    new DataView(header.buffer).setUint32(0, MAX_IMAGE_SIDE + 1);
    new DataView(header.buffer).setUint32(4, 1);
    header.set([8, 2, 0, 0, 0], 8);
    const png = concat(concat(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header)), chunk('IEND', new Uint8Array()));
    expect(inspectImage(png)).toEqual({ ok: false, reason: `is larger than ${MAX_IMAGE_SIDE} pixels on a side`, code: 'too_many_pixels', limit: MAX_IMAGE_SIDE });
  });

  it('refuses a small PNG of 16,384 × 16,384 pixels: every side allowed, but 268 megapixels in all', () => {
    const bomb = blackPng(16_384, 16_384);
    expect(bomb.length).toBeLessThan(64 * 1024);
    expect(inspectImage(bomb)).toEqual({ ok: false, reason: 'has more than 40 megapixels (16384 × 16384 pixels)', code: 'too_many_megapixels', limit: 40 });
  });

  it(`takes up to ${MAX_IMAGE_PIXELS / 1_000_000} megapixels in all, and not one pixel more`, () => {
    expect(inspectImage(blackPng(8_000, 5_000))).toEqual({ ok: true, content_type: 'image/png', width: 8_000, height: 5_000 });
    expect(inspectImage(blackPng(8_000, 5_001))).toMatchObject({ ok: false, code: 'too_many_megapixels' });
    expect(inspectImage(blackPng(16_384, 2_441))).toMatchObject({ ok: true });
    expect(inspectImage(blackPng(16_384, 2_442))).toMatchObject({ ok: false, code: 'too_many_megapixels' });
  });
});
