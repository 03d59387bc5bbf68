/**
 * `feedback-board/images`: what attachments need on a server, kept out of the core. The image
 * inspector that reads an upload's type and dimensions from its bytes (give it to
 * `createFeedbackBoard({ attachments: { inspect: inspectImage } })`), and thumbnails made by the
 * optional `sharp`. See docs/attachments.md.
 */
export { inspectImage, MAX_IMAGE_SIDE } from './inspect.js';
export { MAX_IMAGE_PIXELS } from '../domain/attachments.js';
export { boundedSize, createThumbnailer, THUMBNAIL_SIDE, type SharpLoader, type Thumbnail, type Thumbnailer } from './thumbnails.js';
export type { ImageInspection, ImageInspector, ImageRefusalCode } from '../domain/attachments.js';
