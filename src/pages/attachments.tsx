/**
 * Images on the pages: the file field of the forms that take them, the uploads read from a sent
 * form, the message of a refused upload, and the images shown under a post's or a comment's text
 * (each a thumbnail, or the original bounded by its attributes, linking to the original).
 */
import { isFeedbackBoardError } from '../domain/errors.js';
import type { Attachment } from '../domain/responses.js';
import { boundedSize } from '../images/thumbnails.js';
import { formatBytes, type AttachmentUpload } from '../services/attachments.js';
import type { PageContext } from './context.js';

/** The form field that carries images. */
export const IMAGES_FIELD = 'images';

/** The file field: how many images of which types and size the board takes. */
export function ImagesField(props: { ctx: PageContext; id: string }) {
  const { attachmentsPerItem, attachmentBytes } = props.ctx.board.limits;
  return (
    <div class="field">
      <label for={props.id}>Images (optional)</label>
      <input id={props.id} type="file" name={IMAGES_FIELD} accept="image/png,image/jpeg,image/gif,image/webp" multiple />
      <p class="muted small">
        Up to {attachmentsPerItem} PNG, JPEG, GIF or WebP images, {formatBytes(attachmentBytes)} each.
      </p>
    </div>
  );
}

/** The images of a sent form (a file field left empty sends none). */
export async function uploadsOf(form: FormData): Promise<AttachmentUpload[]> {
  const files = form.getAll(IMAGES_FIELD).filter((value): value is File => typeof value !== 'string' && (value.size > 0 || value.name !== ''));
  return Promise.all(files.map(async (file) => ({ filename: file.name, bytes: new Uint8Array(await file.arrayBuffer()) })));
}

/** The message of an upload the board refused (too many, too large, not an image), or null for any other error. */
export function uploadRefusal(error: unknown): string | null {
  if (!isFeedbackBoardError(error) || error.code !== 'validation_error') return null;
  const detail = error.details?.find((d) => d.path.startsWith('attachments'));
  if (!detail) return null;
  return `Your images were not accepted: ${detail.message}. Nothing was posted.`;
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
