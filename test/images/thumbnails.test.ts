/**
 * Thumbnails: with `sharp`, a WebP bounded to the thumbnail side keeping the aspect ratio (never
 * enlarged); with its import made to fail, none at all (the pages then bound the original by its
 * attributes, `boundedSize`).
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { boundedSize, createThumbnailer, inspectImage, THUMBNAIL_SIDE } from '../../src/images/index.js';
import { blackPng, image } from '../helpers/images.js';

describe('thumbnails', () => {
  it('with sharp: a WebP of the image bounded to the thumbnail side, aspect kept', async () => {
    const thumbnailer = createThumbnailer();
    expect(await thumbnailer.available()).toBe(true);
    const made = await thumbnailer.make(await image('png', 800, 400));
    expect(made?.content_type).toBe('image/webp');
    expect(inspectImage(made!.bytes)).toEqual({ ok: true, content_type: 'image/webp', width: THUMBNAIL_SIDE, height: THUMBNAIL_SIDE / 2 });
  });

  it('with sharp: a small image is not enlarged, and bytes it cannot read give no thumbnail', async () => {
    const thumbnailer = createThumbnailer();
    const made = await thumbnailer.make(await image('gif', 20, 10));
    expect((await sharp(made!.bytes).metadata())).toMatchObject({ format: 'webp', width: 20, height: 10 });
    expect(await thumbnailer.make(new Uint8Array([1, 2, 3]))).toBeNull();
  });

  it('with sharp: an image of more than 40 megapixels stored without the inspector gets no thumbnail (it is never decoded)', async () => {
    const thumbnailer = createThumbnailer();
    expect(await thumbnailer.make(blackPng(16_384, 16_384))).toBeNull();
    expect(await thumbnailer.make(blackPng(8_000, 5_000))).toMatchObject({ content_type: 'image/webp' });
  });

  it('without sharp (its import fails): not available, and no thumbnail; the import is tried once', async () => {
    let tries = 0;
    const thumbnailer = createThumbnailer(async () => {
      tries += 1;
      throw new Error("Cannot find package 'sharp'");
    });
    expect(await thumbnailer.available()).toBe(false);
    expect(await thumbnailer.make(await image('png'))).toBeNull();
    expect(tries).toBe(1);
  });

  it('bounds a size to the thumbnail side without enlarging it', () => {
    expect(boundedSize(800, 400)).toEqual({ width: THUMBNAIL_SIDE, height: THUMBNAIL_SIDE / 2 });
    expect(boundedSize(100, 5000)).toEqual({ width: 6, height: THUMBNAIL_SIDE });
    expect(boundedSize(10, 20)).toEqual({ width: 10, height: 20 });
    expect(boundedSize(10_000, 1)).toEqual({ width: THUMBNAIL_SIDE, height: 1 });
  });
});
