/**
 * Images on the pages: the file field of the forms that take them, the uploads read from a sent
 * form, the message of a refused upload in the page's language, and the images shown under a
 * post's or a comment's text (each a thumbnail, or the original bounded by its attributes,
 * linking to the original).
 */
import type { UploadRefusalReason } from '../domain/attachments.js';
import { isFeedbackBoardError, type ErrorDetail } from '../domain/errors.js';
import type { Attachment } from '../domain/responses.js';
import type { MessageKey } from '../i18n/catalogs.js';
import { boundedSize } from '../images/thumbnails.js';
import type { AttachmentUpload } from '../services/attachments.js';
import type { PageContext } from './context.js';

/** The form field that carries images. */
export const IMAGES_FIELD = 'images';

/** A size in bytes as the page's language writes it: `5 MiB`, `512 KiB`, `100 bytes` (as the API's `formatBytes`). */
export function sizeText(ctx: PageContext, bytes: number): string {
  const unit = bytes % (1024 * 1024) === 0 ? 'mib' : bytes % 1024 === 0 ? 'kib' : 'bytes';
  const amount = unit === 'mib' ? bytes / (1024 * 1024) : unit === 'kib' ? bytes / 1024 : bytes;
  return ctx.t('images.size', { unit, amount });
}

/** The file field: how many images of which types and size the board takes. */
export function ImagesField(props: { ctx: PageContext; id: string }) {
  const { ctx } = props;
  const { attachmentsPerItem, attachmentBytes } = ctx.board.limits;
  return (
    <div class="field">
      <label for={props.id}>{ctx.t('images.label')}</label>
      <input id={props.id} type="file" name={IMAGES_FIELD} accept="image/png,image/jpeg,image/gif,image/webp" multiple />
      <p class="muted small">{ctx.t('images.hint', { count: attachmentsPerItem, size: sizeText(ctx, attachmentBytes) })}</p>
    </div>
  );
}

/** The images of a sent form (a file field left empty sends none). */
export async function uploadsOf(form: FormData): Promise<AttachmentUpload[]> {
  const files = form.getAll(IMAGES_FIELD).filter((value): value is File => typeof value !== 'string' && (value.size > 0 || value.name !== ''));
  return Promise.all(files.map(async (file) => ({ filename: file.name, bytes: new Uint8Array(await file.arrayBuffer()) })));
}

/** The message of each reason of a refused upload (the error detail's `reason`). */
const REFUSALS: Readonly<Record<UploadRefusalReason, MessageKey>> = {
  too_many: 'images.tooMany',
  not_taken: 'images.notTaken',
  too_large: 'images.tooLarge',
  not_supported: 'images.notSupported',
  unreadable: 'images.unreadable',
  too_many_pixels: 'images.tooManyPixels',
  too_many_megapixels: 'images.tooManyMegapixels',
  not_whole: 'images.notWhole',
  holds_markup: 'images.holdsMarkup',
  refused: 'images.refused',
};

/** The values a refusal's message names, each of the type it must have; null when one is missing. */
function refusalValues(ctx: PageContext, reason: UploadRefusalReason, values: ErrorDetail['values'] = {}): Record<string, string | number> | null {
  const number = (name: string): number | null => {
    const value = values[name];
    return typeof value === 'number' ? value : null;
  };
  if (reason === 'not_taken') return {};
  if (reason === 'too_many') {
    const limit = number('limit');
    const count = number('count');
    return limit === null || count === null ? null : { limit, count };
  }
  const position = number('position');
  const filename = values['filename'];
  if (position === null || typeof filename !== 'string') return null;
  if (reason === 'too_large') {
    const limit = number('limit');
    return limit === null ? null : { position, filename, size: sizeText(ctx, limit) };
  }
  if (reason === 'too_many_pixels' || reason === 'too_many_megapixels') {
    const limit = number('limit');
    return limit === null ? null : { position, filename, limit };
  }
  return { position, filename };
}

/**
 * The message of an upload the board refused (too many, too large, not an image), in the page's
 * language, or null for any other error. It is worded from the reason and values the error's
 * detail carries (the detail's English `message` is the API's): the image's position and name,
 * the limit. A reason this page does not know is an image refused; a detail without the values
 * its message needs gets the general refusal.
 */
export function uploadRefusal(ctx: PageContext, error: unknown): string | null {
  if (!isFeedbackBoardError(error) || error.code !== 'validation_error') return null;
  const detail = error.details?.find((d) => d.path.startsWith('attachments'));
  if (!detail) return null;
  // An unknown reason (an inspector's own code) is an image refused.
  const reason = detail.reason !== undefined && Object.hasOwn(REFUSALS, detail.reason) ? (detail.reason as UploadRefusalReason) : 'refused';
  const values = refusalValues(ctx, reason, detail.values);
  return values === null ? ctx.t('images.notAccepted') : ctx.t(REFUSALS[reason], values);
}

/** The path of an attachment below the pages' base, from its `url`. */
function pathOf(attachment: Attachment): string {
  return attachment.url.slice(attachment.url.lastIndexOf('/attachments/'));
}

/**
 * The images under a post's or a comment's text, each linking to its original; `under` is the
 * prefix of the paths they are served at (the dashboard's, for the team's view of them).
 */
export function AttachmentList(props: { ctx: PageContext; attachments: readonly Attachment[]; under?: string }) {
  const { ctx, attachments } = props;
  if (attachments.length === 0) return null;
  return (
    <ul class="attachments">
      {attachments.map((attachment) => {
        const original = (props.under ?? '') + pathOf(attachment);
        const shown = ctx.thumbnails ? original.replace(/\.[a-z]+$/, '/thumbnail.webp') : original;
        const { width, height } = boundedSize(attachment.width, attachment.height);
        return (
          <li>
            <a href={ctx.href(original)}>
              <img src={ctx.href(shown)} width={width} height={height} alt={attachment.filename} loading="lazy" />
            </a>
          </li>
        );
      })}
    </ul>
  );
}
