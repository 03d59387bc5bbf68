/**
 * `serve`'s request log and request ids (`--log json|text|off`): one line per request on stderr
 * with the time, request id, method, route pattern, status and duration, and nothing else of the
 * request: no key, cookie, query or other header, no path value (see route-pattern.ts). Every
 * answer carries `X-Request-Id`: the client's when it is sane, else one made here.
 */
import { randomUUID } from 'node:crypto';
import { requestPath } from '../src/http/request-path.js';
import { routePattern } from './route-pattern.js';

/** The formats of `--log`. */
export const LOG_FORMATS = ['json', 'text', 'off'] as const;
/** One of {@link LOG_FORMATS}. */
export type LogFormat = (typeof LOG_FORMATS)[number];
/** The format when `--log` is not given: one JSON object a line, for log collectors. */
export const DEFAULT_LOG_FORMAT: LogFormat = 'json';

/** A `--log` value no format has; the CLI prints it with the usage and exits 2. */
export class LogOptionError extends Error {}

/** The `--log` value, checked. */
export function logFormat(value: string | undefined): LogFormat {
  if (value === undefined) return DEFAULT_LOG_FORMAT;
  if ((LOG_FORMATS as readonly string[]).includes(value)) return value as LogFormat;
  throw new LogOptionError(`--log takes json, text or off, not "${value}"`);
}

/** A client's request id is kept when it is 1..128 of these characters (a UUID, a trace id). */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The request id of a request: its `X-Request-Id` when sane, else a new UUID. */
export function requestIdOf(header: string | null): string {
  return header !== null && SANE_REQUEST_ID.test(header) ? header : randomUUID();
}

/** What was served, as the log and the metrics see it. */
export interface Served {
  id: string;
  method: string;
  route: string;
  status: number;
  /** From the request's arrival to its answer's headers, in ms. */
  durationMs: number;
  response: Response;
}

/** The log line of `served` in `format` (without its newline). */
export function logLine(format: Exclude<LogFormat, 'off'>, served: Served, time: Date): string {
  const ms = Math.round(served.durationMs * 1000) / 1000;
  if (format === 'json') {
    return JSON.stringify({ time: time.toISOString(), id: served.id, method: served.method, route: served.route, status: served.status, ms });
  }
  return `${time.toISOString()} ${served.id} ${served.method} ${served.route} ${served.status} ${ms}ms`;
}

/**
 * Lines written together once the current burst of work is done: one write of many lines costs
 * about what one of one line does (stderr on a pipe is written synchronously).
 */
function batchedWriter(write: (text: string) => void): (line: string) => void {
  let pending: string[] = [];
  return (line) => {
    if (pending.length === 0) {
      setImmediate(() => {
        const text = pending.join('');
        pending = [];
        write(text);
      });
    }
    pending.push(`${line}\n`);
  };
}

/** `response` with the request id header (copied first when its headers are immutable). */
function withRequestId(response: Response, id: string): Response {
  try {
    response.headers.set('X-Request-Id', id);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    copy.headers.set('X-Request-Id', id);
    return copy;
  }
}

/** Options of {@link observeRequests}. */
export interface ObserveOptions {
  log: LogFormat;
  /** Where the log goes. Default: stderr. */
  write?: (text: string) => void;
  /** Called with every request served (the metrics). */
  onServed?: (served: Served) => void;
}

/** `fetch` with request ids, the request log and the `onServed` hook around it. */
export function observeRequests(
  fetch: (request: Request, context?: unknown) => Promise<Response>,
  options: ObserveOptions,
): (request: Request, context?: unknown) => Promise<Response> {
  const format = options.log;
  const writeLine = format === 'off' ? null : batchedWriter(options.write ?? ((text) => process.stderr.write(text)));
  const onServed = options.onServed;
  return async (request, context) => {
    const started = performance.now();
    const id = requestIdOf(request.headers.get('x-request-id'));
    const response = withRequestId(await fetch(request, context), id);
    if (writeLine === null && onServed === undefined) return response;
    const served: Served = {
      id,
      method: request.method,
      route: routePattern(requestPath(request.url)),
      status: response.status,
      durationMs: performance.now() - started,
      response,
    };
    if (writeLine !== null) writeLine(logLine(format as Exclude<LogFormat, 'off'>, served, new Date()));
    onServed?.(served);
    return response;
  };
}
