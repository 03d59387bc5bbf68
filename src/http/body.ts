/**
 * Reading a JSON request body under the API's rules (docs/errors-scopes-limits.md): size first (413), then media type (415),
 * then UTF-8 and JSON (400). An absent or empty body counts as `{}`.
 */
import { FeedbackBoardError } from '../domain/errors.js';

export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

/** The one thing the API reads of request headers: a case-insensitive lookup, as `Headers.get`. */
export interface HeaderReader {
  get(name: string): string | null;
}

const utf8Encoder = new TextEncoder();

/** A body over the limit: 413. */
export const tooLarge = (maxBytes: number) => new FeedbackBoardError('payload_too_large', `The body exceeds ${maxBytes} bytes`);

/** Refuses a body whose declared `Content-Length` is over `maxBytes`, before reading any of it. */
export function checkDeclaredLength(headers: HeaderReader, maxBytes: number): void {
  const declared = headers.get('content-length');
  if (declared !== null && Number(declared) > maxBytes) throw tooLarge(maxBytes);
}

/** The bytes of a body given as text, under the same limits as {@link readBodyBytes}. */
export function textBodyBytes(headers: HeaderReader, text: string | null, maxBytes: number): Uint8Array {
  checkDeclaredLength(headers, maxBytes);
  if (text === null) return new Uint8Array(0);
  const bytes = utf8Encoder.encode(text);
  if (bytes.byteLength > maxBytes) throw tooLarge(maxBytes);
  return bytes;
}

/** A body whose stream failed (its client went away, or the server cut it as too slow): a 400, not a fault of ours. */
export const cutShort = () => new FeedbackBoardError('invalid_json', 'The body did not arrive to its end');

/** The body's bytes, refusing more than `maxBytes` without reading the rest. */
export async function readBodyBytes(request: Request, maxBytes: number): Promise<Uint8Array> {
  checkDeclaredLength(request.headers, maxBytes);
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read().catch(() => {
      throw cutShort();
    });
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * The key under which `listen` leaves a reader of the request's body on the `Request` it hands the
 * handlers (src/node/incoming-body.ts), by this `Symbol.for` name.
 */
const BODY_READER = Symbol.for('feedback-board.bodyReader');

/** A request body's reader as `listen` leaves it: null once something else has begun to read the message. */
interface BodyReader {
  read(maxBytes: number): Promise<Uint8Array> | null;
}

/**
 * The body's bytes as {@link readBodyBytes} gives them, read straight from Node's message when
 * `listen` left its reader on the request (no Fetch `Request` built, no web stream); `headers` are
 * the request's as the caller reads them.
 */
export function requestBodyBytes(request: Request, headers: HeaderReader, maxBytes: number): Promise<Uint8Array> {
  const reader = (request as Request & Record<symbol, BodyReader | undefined>)[BODY_READER];
  // A refusal thrown here is the caller's as a rejection would be: it awaits in its try.
  if (reader !== undefined) checkDeclaredLength(headers, maxBytes);
  return reader?.read(maxBytes) ?? readBodyBytes(request, maxBytes);
}

/** `application/json`, with parameters such as charset allowed. */
function isJsonMediaType(contentType: string | null): boolean {
  return contentType !== null && contentType.split(';')[0]!.trim().toLowerCase() === 'application/json';
}

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/** Parses the body as a JSON object; `{}` when it is empty. */
export function parseJsonObject(bytes: Uint8Array, contentType: string | null): Record<string, unknown> {
  if (bytes.byteLength === 0) return {};
  if (!isJsonMediaType(contentType)) {
    throw new FeedbackBoardError('unsupported_media_type', 'Send the body as application/json');
  }
  let value: unknown;
  try {
    value = JSON.parse(utf8.decode(bytes));
  } catch {
    throw new FeedbackBoardError('invalid_json', 'The body is not valid UTF-8 JSON');
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new FeedbackBoardError('invalid_json', 'The body must be a JSON object');
  }
  return value as Record<string, unknown>;
}
