/**
 * One HTTP exchange of the client: send a request through any fetch, read the whole answer under
 * the caller's signal and the timeout, and turn every failure into a {@link FeedbackBoardError}
 * (except the caller's own abort, which propagates as the caller's abort reason).
 */
import { FeedbackBoardError, isFeedbackBoardError, type ErrorDetail } from '../domain/errors.js';

/** Any fetch: the global one, `board.fetch`, a mock's, a runtime's. It receives a `Request`. */
export type FetchLike = (request: Request) => Promise<Response>;

/** A successful answer: its status and parsed JSON body (`undefined` for an empty body). */
export interface Answer {
  status: number;
  data: unknown;
}

/**
 * Seconds in a `Retry-After` header: delta-seconds, or an HTTP date (seconds from `now`, at
 * least 0). `undefined` when absent or unreadable.
 */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | undefined {
  if (value === null) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text);
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

/** What {@link parseJson} answers for a text that is not JSON: a value no JSON text parses to. */
const NOT_JSON: unique symbol = Symbol();

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return NOT_JSON;
  }
}

/**
 * The error an unsuccessful response stands for: rebuilt from the envelope (same `code`,
 * `message` and `details` as the server's error), or `http_error` when the body is not an
 * envelope (a proxy's HTML page, say). `status` is the status received; `retryAfter` comes from
 * the `Retry-After` header.
 */
export function errorFromResponse(response: Response, text: string): FeedbackBoardError {
  const status = response.status;
  const retryAfter = parseRetryAfter(response.headers.get('retry-after'));
  // A text that is not JSON has no envelope either.
  const envelope = readEnvelope(parseJson(text));
  if (envelope) {
    const { code, message, details } = envelope;
    return new FeedbackBoardError(code, message, { status, details, retryAfter });
  }
  // `HTTP 502 Bad Gateway`, or `HTTP 502` without a reason phrase (HTTP/2 has none).
  return new FeedbackBoardError('http_error', `HTTP ${status} ${response.statusText}`.trim(), { status, retryAfter });
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * The API's error envelope `{ error: { code, message, details? } }` (details: `{ path, message }`
 * pairs), checked by hand so that the client carries no schema library; anything else is
 * undefined.
 */
function readEnvelope(value: unknown): { code: string; message: string; details: ErrorDetail[] | undefined } | undefined {
  if (!isRecord(value) || !isRecord(value['error'])) return undefined;
  const { code, message, details } = value['error'];
  if (typeof code !== 'string' || typeof message !== 'string') return undefined;
  const valid =
    details === undefined ||
    (Array.isArray(details) && details.every((d) => isRecord(d) && typeof d['path'] === 'string' && typeof d['message'] === 'string'));
  return valid ? { code, message, details: details as ErrorDetail[] | undefined } : undefined;
}

/** What went wrong, with the cause's words when the error has one (fetch says only "fetch failed"). */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? error.cause.message : '';
  return cause === '' || error.message.includes(cause) ? error.message : `${error.message} (${cause})`;
}

/** The request's method and address without its query, for messages. */
function target(request: Request | undefined): string {
  if (request === undefined) return 'The request';
  const url = new URL(request.url);
  return `${request.method} ${url.origin}${url.pathname}`;
}

/**
 * Runs one exchange. Resolves with the answer of a 2xx; rejects with a FeedbackBoardError for an
 * error status (see {@link errorFromResponse}), `network_error` (status 0) when fetch fails,
 * `timeout` (status 0) after `timeoutMs`, or the caller's abort reason when `signal` aborts. A
 * network error names the request's method and address.
 * The signal and the timeout are enforced here too, so a fetch that ignores signals (an
 * in-process handler) still stops on time.
 */
export async function exchange(
  fetchFn: FetchLike,
  build: (signal: AbortSignal) => Request,
  options: { signal?: AbortSignal | undefined; timeoutMs?: number | undefined },
): Promise<Answer> {
  const { signal, timeoutMs } = options;
  signal?.throwIfAborted();
  const controller = new AbortController();
  const onAbort = () => controller.abort(signal?.reason);
  signal?.addEventListener('abort', onAbort, { once: true });
  let timedOut = false;
  const late = `No answer within ${timeoutMs} ms`;
  const timer =
    timeoutMs === undefined
      ? undefined
      : setTimeout(() => {
          timedOut = true;
          controller.abort(new DOMException(late, 'TimeoutError'));
        }, timeoutMs);
  const stopped = new Promise<never>((_, reject) => {
    controller.signal.addEventListener('abort', () => reject(controller.signal.reason), { once: true });
  });

  let sent: Request | undefined;
  const run = async (): Promise<Answer> => {
    sent = build(controller.signal);
    const response = await fetchFn(sent);
    const text = await response.text();
    if (!response.ok) throw errorFromResponse(response, text);
    if (text === '') return { status: response.status, data: undefined };
    const data = parseJson(text);
    if (data === NOT_JSON) {
      throw new FeedbackBoardError('http_error', `HTTP ${response.status}: the body is not JSON`, {
        status: response.status,
      });
    }
    return { status: response.status, data };
  };

  try {
    return await Promise.race([run(), stopped]);
  } catch (error) {
    if (signal?.aborted) throw signal.reason;
    if (timedOut) {
      throw new FeedbackBoardError('timeout', late, { status: 0, cause: error });
    }
    if (isFeedbackBoardError(error)) throw error;
    throw new FeedbackBoardError('network_error', `${target(sent)} failed: ${describe(error)}`, { status: 0, cause: error });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}
