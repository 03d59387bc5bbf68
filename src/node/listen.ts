/**
 * Serving a fetch handler over real HTTP in Node, through @hono/node-server's request listener
 * (a well-kept Request/Response bridge). Used by the CLI and the mock server's `listen()`.
 *
 * Hardened for the open network: a cap on open connections (idle ones, then the slowest body,
 * give way to new ones), header, request and idle timeouts (which spare a connection whose next
 * request arrived while the event loop was busy: idle-close.ts), a deadline and a minimum rate for
 * request bodies with a per-address share of the connections sending one slowly (slow-bodies.ts), and
 * every request the HTTP layer refuses (malformed, headers
 * over 16 KiB, `GET *`, no Host) answered in the API's JSON envelope. The client address is
 * passed to the handler as `{ clientAddress }` (the failed-authentication throttle uses it): the
 * socket's peer, or, with `trustProxy`, the address the trusted proxies name, whose
 * `X-Forwarded-Proto` and `X-Forwarded-Host` then also make the request's URL. With `requestIds`,
 * the request's id comes beside it as `{ requestId }`.
 */
import { createServer, ServerResponse, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import { getRequestListener } from '@hono/node-server';
import { limitConnections } from './connections.js';
import { classifyClientError, rawErrorAnswer, refuseUnroutable } from './http-errors.js';
import { BODY_READER, IncomingBodyReader, type BodyReader } from './incoming-body.js';
import { spareArrivedRequests } from './idle-close.js';
import { HEADER_READER, RawHeaderReader, RequestIdResponse, requestIdOf, type Answered } from './request-id.js';
import { guardBodies } from './slow-bodies.js';
import { forwardedReader, type ForwardedReader, type TrustProxy } from './trust-proxy.js';

export interface ListenOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Open connections at most (idle ones give way to new ones). Default 1000. */
  maxConnections?: number;
  /** Time for a request's headers to arrive, in ms; then 408. Default 10 000. */
  headersTimeoutMs?: number;
  /** Time for a whole request (headers and body) to arrive, in ms; then 408. Default 60 000. */
  requestTimeoutMs?: number;
  /** A connection with no traffic for this long is closed, in ms. Default 30 000. */
  idleTimeoutMs?: number;
  /** Time for a request's body to arrive once its headers have, in ms; then 408. Default 20 000. */
  bodyTimeoutMs?: number;
  /** A body arriving slower than this many bytes a second (after 2 s) is answered 408. Default 512. */
  minBodyBytesPerSecond?: number;
  /**
   * Slow request bodies (still arriving after a quarter of a second, below
   * `minBodyBytesPerSecond`) that one client address (IPv6: its /64) may send at once; beyond
   * that its slow bodies and its new requests with a body are answered 429. Bodies that arrive
   * with their headers never count. Default a tenth of `maxConnections` (at least 1).
   */
  bodyConnectionsPerAddress?: number;
  /** How long close() lets requests in flight finish before it cuts their connections, in ms. Default 2000. */
  closeGraceMs?: number;
  /**
   * True when this server is all the process does (the `serve` command): the global `Request`
   * and `Response` are then replaced by @hono/node-server's lighter ones, which it writes to the
   * socket without a stream (about twice the requests per second for small answers). Off by
   * default, so that a server started inside an application (the mock server's `listen()`) leaves
   * the application's globals alone.
   */
  ownProcess?: boolean;
  /**
   * The proxies in front of this server, whose `X-Forwarded-For`, `X-Forwarded-Proto` and
   * `X-Forwarded-Host` are believed. Default: none, and those headers are ignored entirely.
   */
  trustProxy?: TrustProxy;
  /**
   * Give every request that reaches the handler an id: its `X-Request-Id` when sane (1..128
   * letters, digits and `._:-`), else a new UUID. It is answered in `X-Request-Id` and passed
   * to the handler as `{ requestId }`. The header is added where the answer's head is written
   * (request-id.ts), so the handler's `Response` is written as it is: reading or changing a
   * `Response`'s headers afterwards costs @hono/node-server's fast path for it. Off by default.
   */
  requestIds?: boolean;
  /**
   * Told of each answer of a request that reached the handler, as the answer's head is written
   * (the server's request log and metrics): its request id, method, URL, status, time taken and
   * headers. It runs in the write's path, so it must be quick and must not throw. Implies
   * `requestIds`.
   */
  onAnswer?: (answer: Answered) => void;
}

/** What the handler gets beside the request: the client's address and, with `requestIds`, the request's id. */
export interface ListenContext {
  clientAddress: string | undefined;
  requestId?: string;
}

/** The defaults of the limits in {@link ListenOptions}. */
export const LISTEN_DEFAULTS: Readonly<Required<Omit<ListenOptions, 'port' | 'host' | 'ownProcess' | 'trustProxy' | 'bodyConnectionsPerAddress' | 'requestIds' | 'onAnswer'>>> =
  Object.freeze({
    maxConnections: 1000,
    headersTimeoutMs: 10_000,
    requestTimeoutMs: 60_000,
    idleTimeoutMs: 30_000,
    bodyTimeoutMs: 20_000,
    minBodyBytesPerSecond: 512,
    closeGraceMs: 2000,
  });

export interface RunningServer {
  /** `http://HOST:PORT`, no trailing slash. */
  url: string;
  host: string;
  port: number;
  server: Server;
  /** Connections open now. */
  readonly connections: number;
  /**
   * Stops accepting connections and closes idle ones; requests in flight finish (for up to
   * `closeGraceMs`, then their connections are cut). Resolves when the server is closed.
   */
  close(): Promise<void>;
}

export function listen(
  fetch: (request: Request, context?: unknown) => Promise<Response>,
  options: ListenOptions = {},
): Promise<RunningServer> {
  const host = options.host ?? '127.0.0.1';
  const limits = { ...LISTEN_DEFAULTS, ...definedOnly(options) };
  const forwarded = options.trustProxy === undefined ? null : forwardedReader(options.trustProxy);
  const perAddress = options.bodyConnectionsPerAddress ?? Math.max(1, Math.floor(limits.maxConnections / 10));
  if (!Number.isSafeInteger(perAddress) || perAddress < 1) throw new RangeError('feedback-board: bodyConnectionsPerAddress must be a positive integer');
  const onAnswer = options.onAnswer;
  const requestIds = options.requestIds === true || onAnswer !== undefined;
  const bridge = getRequestListener(
    (request, { incoming, outgoing }) => {
      const context: ListenContext = { clientAddress: incoming.socket.remoteAddress };
      (request as Request & { [HEADER_READER]?: RawHeaderReader })[HEADER_READER] = new RawHeaderReader(incoming.rawHeaders);
      if (incoming.method !== 'GET' && incoming.method !== 'HEAD') (request as Request & { [BODY_READER]?: BodyReader })[BODY_READER] = new IncomingBodyReader(incoming);
      if (requestIds) {
        const answer = outgoing as RequestIdResponse;
        context.requestId = answer.requestId = requestIdOf(incoming.headers['x-request-id']);
        if (onAnswer !== undefined) {
          answer.method = request.method;
          answer.url = request.url;
          answer.receivedAt = performance.now();
          answer.observer = onAnswer;
        }
      }
      return forwarded === null ? fetch(request, context) : fetchForwarded(fetch, forwarded, request, context, incoming.headers);
    },
    { overrideGlobalObjects: options.ownProcess === true },
  );
  const server = createServer<typeof IncomingMessage, typeof ServerResponse>(
    {
      ServerResponse: (requestIds ? RequestIdResponse : ServerResponse) as typeof ServerResponse,
      requireHostHeader: false, // answered below, in the envelope
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(limits.headersTimeoutMs / 4))),
    },
    (request, response) => {
      if (refuseUnroutable(request, response)) return;
      const peer = request.socket.remoteAddress ?? '';
      const client = forwarded === null ? peer : forwarded(peer, request.headers).clientAddress;
      if (bodies.admit(request, response, client)) void bridge(request, response);
    },
  );
  const bodies = guardBodies(server, { ...limits, bodyConnectionsPerAddress: perAddress });
  server.timeout = limits.idleTimeoutMs;
  spareArrivedRequests(server);
  server.on('clientError', (error: Error & { code?: string }, socket: Socket) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const { code, message } = classifyClientError(error);
    socket.end(rawErrorAnswer(code, message));
  });
  const connections = limitConnections(server, limits.maxConnections, () => bodies.stalest());
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      const { port } = server.address() as AddressInfo;
      const shownHost = host.includes(':') ? `[${host}]` : host;
      resolve({
        url: `http://${shownHost}:${port}`,
        host,
        port,
        server,
        get connections() {
          return connections.open;
        },
        close: () =>
          new Promise<void>((done, fail) => {
            // A connection still busy when close() is called (a request body being drained after
            // an early 413, say) turns idle later: sweep idle ones until the server is closed, and
            // cut whatever is left after a grace period.
            const sweep = setInterval(() => server.closeIdleConnections(), 25);
            const force = setTimeout(() => server.closeAllConnections(), limits.closeGraceMs);
            server.close((error) => {
              clearInterval(sweep);
              clearTimeout(force);
              if (error) fail(error);
              else done();
            });
            server.closeIdleConnections();
          }),
      });
    });
  });
}

/** Serves `request` as its trusted proxies describe it: their client address, scheme and host. */
function fetchForwarded(
  fetch: (request: Request, context?: unknown) => Promise<Response>,
  read: ForwardedReader,
  request: Request,
  context: ListenContext,
  headers: Record<string, string | string[] | undefined>,
): Promise<Response> {
  const view = read(context.clientAddress ?? '', headers);
  context.clientAddress = view.clientAddress;
  if (view.proto === undefined && view.host === undefined) return fetch(request, context);
  const url = new URL(request.url);
  if (view.proto !== undefined) url.protocol = `${view.proto}:`;
  if (view.host !== undefined) url.host = view.host;
  if (url.href === request.url) return fetch(request, context);
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  const rebased = new Request(url.href, {
    method: request.method,
    headers: request.headers,
    signal: request.signal,
    ...(hasBody ? { body: request.body, duplex: 'half' } : {}),
  } as RequestInit);
  return fetch(rebased, context);
}

function definedOnly(options: ListenOptions): Partial<Record<keyof typeof LISTEN_DEFAULTS, number>> {
  const out: Partial<Record<keyof typeof LISTEN_DEFAULTS, number>> = {};
  for (const name of Object.keys(LISTEN_DEFAULTS) as (keyof typeof LISTEN_DEFAULTS)[]) {
    const value = options[name];
    if (value === undefined) continue;
    if (!Number.isSafeInteger(value) || value < 1) throw new RangeError(`feedback-board: ${name} must be a positive integer`);
    out[name] = value;
  }
  return out;
}
