/**
 * Thumbnails of attached images, made by `sharp` when it is installed (an optional peer
 * dependency, imported on first use only), bounded to {@link THUMBNAIL_SIDE} pixels a side and
 * encoded as WebP. Without `sharp` there are no thumbnails: the pages then show the original,
 * bounded by its `width` and `height` attributes (see {@link boundedSize}).
 */

import { MAX_IMAGE_PIXELS } from '../domain/attachments.js';

/** The largest width or height of a thumbnail, in CSS and image pixels. */
export const THUMBNAIL_SIDE = 320;

/** A made thumbnail: its bytes and their type. */
export interface Thumbnail {
  bytes: Uint8Array;
  content_type: 'image/webp';
}

/** The little of `sharp`'s API used here. */
interface SharpPipeline {
  rotate(): SharpPipeline;
  resize(options: { width: number; height: number; fit: 'inside'; withoutEnlargement: boolean }): SharpPipeline;
  webp(options: { quality: number }): SharpPipeline;
  toBuffer(): Promise<Uint8Array>;
}
type SharpFunction = (input: Uint8Array, options: { limitInputPixels: number; animated: boolean }) => SharpPipeline;

/** Imports `sharp`; rejects when it is not installed. */
export type SharpLoader = () => Promise<{ default: unknown }>;

// The specifier is a variable so that bundlers leave the optional peer alone.
const SHARP = 'sharp';
const importSharp: SharpLoader = () => import(/* @vite-ignore */ SHARP) as Promise<{ default: unknown }>;

/** Makes thumbnails; `available()` says whether `sharp` could be loaded (tried once). */
export interface Thumbnailer {
  /** Whether thumbnails can be made here. */
  available(): Promise<boolean>;
  /** The thumbnail of an image, or null when `sharp` is absent or cannot read it. */
  make(bytes: Uint8Array): Promise<Thumbnail | null>;
}

/**
 * A thumbnailer over `sharp`, loaded lazily by `load` (the real import by default; a test passes
 * one that fails to check the fallback).
 */
export function createThumbnailer(load: SharpLoader = importSharp): Thumbnailer {
  let loaded: Promise<SharpFunction | null> | undefined;
  const sharp = (): Promise<SharpFunction | null> =>
    (loaded ??= load().then(
      (module) => module.default as SharpFunction,
      () => null,
    ));
  return {
    available: async () => (await sharp()) !== null,
    async make(bytes) {
      const make = await sharp();
      if (make === null) return null;
      try {
        const side = THUMBNAIL_SIDE;
        // The inspector's bound again: an image stored before it (or loaded from a dump) is
        // never decoded whole.
        const pipeline = make(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, animated: false })
          .rotate()
          .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true })
          .webp({ quality: 80 });
        return { bytes: new Uint8Array(await pipeline.toBuffer()), content_type: 'image/webp' };
      } catch {
        return null;
      }
    },
  };
}

/** `width` × `height` scaled down (never up) to fit {@link THUMBNAIL_SIDE} a side, rounded, at least 1. */
export function boundedSize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, THUMBNAIL_SIDE / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}
