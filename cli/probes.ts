/**
 * What `serve` answers for the machinery around it: `GET /healthz` (the process runs), `GET
 * /readyz` (the store answers a trivial read within {@link READY_TIMEOUT_MS}), and `HEAD` wherever
 * `GET` is answered, API and pages alike: the same status and headers, no body. The probes need
 * no key and reveal nothing but their status.
 */
import type { FeedbackBoard } from '../src/board.js';
import { FeedbackBoardError } from '../src/domain/errors.js';
import { errorResponse, UNAVAILABLE_RETRY_SECONDS, type FetchHandler } from '../src/http/handler.js';
import { requestPath } from '../src/http/request-path.js';

/** How long `/readyz` waits for the store's answer before it says 503. */
export const READY_TIMEOUT_MS = 1000;

const PROBE_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

/** Resolves true when the store answers a trivial read in time, false on an error or no answer. */
function storeAnswers(board: FeedbackBoard): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<boolean>((done) => (timer = setTimeout(() => done(false), READY_TIMEOUT_MS)));
  const read = board.storage.transaction('read', (tx) => tx.getSetting('feedback-board.readiness')).then(
    () => true,
    () => false,
  );
  return Promise.race([read, late]).finally(() => clearTimeout(timer));
}

async function probe(board: FeedbackBoard, path: string): Promise<Response | null> {
  if (path === '/healthz') return new Response('{"status":"ok"}', { headers: PROBE_HEADERS });
  if (path !== '/readyz') return null;
  if (await storeAnswers(board)) return new Response('{"status":"ok"}', { headers: PROBE_HEADERS });
  return errorResponse(new FeedbackBoardError('service_unavailable', 'The service is not ready: its storage does not answer'), {
    'cache-control': 'no-store',
    'retry-after': String(UNAVAILABLE_RETRY_SECONDS),
  });
}

/** `handler` with the probes in front and `HEAD` answered as `GET` without the body. */
export function withProbes(board: FeedbackBoard, handler: FetchHandler): FetchHandler {
  return async (request, context) => {
    const head = request.method === 'HEAD';
    if (request.method !== 'GET' && !head) return handler(request, context);
    const asGet = head ? new Request(request.url, { method: 'GET', headers: request.headers, signal: request.signal }) : request;
    const answer = (await probe(board, requestPath(request.url))) ?? (await handler(asGet, context));
    if (!head) return answer;
    await answer.body?.cancel();
    return new Response(null, { status: answer.status, statusText: answer.statusText, headers: answer.headers });
  };
}
