/**
 * Reading a POST's form with a bound on its size: URL-encoded forms up to 64 KiB, and, on the
 * routes that take images, `multipart/form-data` up to what the board's limits allow (its images
 * at their largest plus the text). A body declared larger is refused before it is read, and one
 * that runs past the bound while it streams is cut off there: nothing unbounded is ever kept.
 */

/** The largest URL-encoded form. */
export const MAX_FORM_BYTES = 64 * 1024;

/** Room for each part's headers and boundary in a multipart body. */
const PART_OVERHEAD = 1024;

/** Why a form was not read. */
export type FormRefusal = 'too_large' | 'unreadable';

/** The largest multipart body of a form with `files` images of `fileBytes` each. */
export function maxMultipartBytes(files: number, fileBytes: number): number {
  return MAX_FORM_BYTES + files * (fileBytes + PART_OVERHEAD);
}

/**
 * The body's bytes, null as soon as it passes `limit`, or 'unreadable' when it stops arriving (its
 * client went away, or the server cut a body too slow to arrive): nobody is left to answer, and
 * that is no error of the server's.
 */
async function readBounded(request: Request, limit: number): Promise<Uint8Array | null | 'unreadable'> {
  if (request.body === null) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  for (;;) {
    const read = await reader.read().catch(() => null);
    if (read === null) return 'unreadable';
    const { done, value } = read;
    if (done) break;
    length += value.byteLength;
    if (length > limit) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  const body = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.byteLength;
  }
  return body;
}

/**
 * The form of `request`: URL-encoded always, multipart only when `multipartLimit` is given (the
 * routes that take images), each within its bound. A refusal says whether it was too large or not
 * a form this route reads.
 */
export async function readForm(request: Request, multipartLimit: number | null): Promise<FormData | FormRefusal> {
  const type = request.headers.get('content-type') ?? '';
  const declared = Number(request.headers.get('content-length') ?? '0');
  const multipart = multipartLimit !== null && /^multipart\/form-data\s*;/i.test(type);
  if (!multipart && !type.startsWith('application/x-www-form-urlencoded')) return 'unreadable';
  const limit = multipart ? multipartLimit : MAX_FORM_BYTES;
  if (!(declared <= limit)) return 'too_large';
  const body = await readBounded(request, limit);
  if (body === null) return 'too_large';
  if (body === 'unreadable') return body;
  if (!multipart) {
    const form = new FormData();
    for (const [name, value] of new URLSearchParams(new TextDecoder().decode(body))) form.append(name, value);
    return form;
  }
  try {
    return await new Response(body as Uint8Array<ArrayBuffer>, { headers: { 'content-type': type } }).formData();
  } catch {
    return 'unreadable';
  }
}
