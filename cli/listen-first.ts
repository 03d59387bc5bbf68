/**
 * `serve` takes its port before it touches any storage: a second start on a busy port (another
 * `serve` on the same database, say) fails before it could create a database, load demo data or
 * replace the running server's demo keys. Requests that arrive while the store is being opened
 * are answered 503 with `Retry-After`, like those of a server whose store is away.
 */
import { FeedbackBoardError } from '../src/domain/errors.js';
import { errorResponse, UNAVAILABLE_RETRY_SECONDS, type FetchHandler } from '../src/http/handler.js';
import { listen, type ListenOptions, type RunningServer } from '../src/node/listen.js';

/** The port could not be taken; nothing was created or changed. The CLI exits 1 with the message. */
export class ListenError extends Error {}

const STARTING = new FeedbackBoardError('service_unavailable', 'The server is starting: try again in a moment');

/** Why listening on `host:port` failed, in words, for the error codes a person can act on. */
function reason(error: NodeJS.ErrnoException, host: string, port: number, option: string): string | undefined {
  if (error.code === 'EADDRINUSE') return `port ${port} on ${host} is in use (another feedback-board serve?): stop it, or choose another ${option}`;
  if (error.code === 'EACCES') return `no permission to listen on ${host}:${port} (ports below 1024 need privileges): choose another ${option}`;
  if (error.code === 'EADDRNOTAVAIL') return `${host} is not an address of this machine: choose another --host`;
  if (error.code === 'ENOTFOUND' || error.code === 'EAI_AGAIN') return `--host ${host} names no address of this machine`;
  return undefined;
}

/**
 * Listens on the port before anything else happens; the server answers 503 until `ready()` hands
 * it the real handler.
 *
 * @throws {@link ListenError} when the port cannot be taken, saying why.
 */
export async function listenFirst(options: ListenOptions & { port: number; host: string }): Promise<{ server: RunningServer; ready(handler: FetchHandler): void }> {
  let current: FetchHandler = async () => errorResponse(STARTING, { 'retry-after': String(UNAVAILABLE_RETRY_SECONDS), 'cache-control': 'no-store' });
  try {
    const server = await listen((request, context) => current(request, context), options);
    return { server, ready: (handler) => void (current = handler) };
  } catch (error) {
    throw listenError(error, options.host, options.port, '--port');
  }
}

/** `error` of listening on `host:port` (for `option`) as a {@link ListenError} when it says why in words, else as it is. */
export function listenError(error: unknown, host: string, port: number, option: string): unknown {
  const said = reason(error as NodeJS.ErrnoException, host, port, option);
  return said === undefined ? error : new ListenError(`${said}; nothing was changed`);
}
