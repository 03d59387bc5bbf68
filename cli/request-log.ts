/**
 * `serve`'s request log (`--log json|text|off`): one line per request on stderr with the time,
 * request id, method, route pattern, status and duration, and nothing else of the request: no
 * key, cookie, query or other header, no path value (see route-pattern.ts). The request id is the
 * one `listen({ requestIds: true })` gave the request and answered in `X-Request-Id`.
 *
 * A line costs about what pino's costs: it is built as one string from values that need no
 * escaping (a sane request id, the method Node's parser accepted, a pattern made of route words,
 * numbers), without an intermediate object, and queued for a large asynchronous write
 * (log-writer.ts).
 */
import type { Answered } from '../src/node/request-id.js';
import { requestPath } from '../src/http/request-path.js';
import { createLogWriter, type LogWriter } from './log-writer.js';
import { routePattern } from './route-pattern.js';
import type { LogFormat } from './log-format.js';

/** What was served, as the metrics see it. */
export interface Served {
  id: string;
  method: string;
  route: string;
  status: number;
  /** From the request's arrival to its answer's headers, in ms. */
  durationMs: number;
  /** A header of the answer, by its name in any case. */
  header(name: string): string | undefined;
}

/** The log line of one request in `format`, with its newline. */
export function logLine(format: Exclude<LogFormat, 'off'>, time: string, id: string, method: string, route: string, status: number, ms: number): string {
  const duration = millisecondsText(ms);
  return format === 'json'
    ? `{"time":"${time}","id":"${id}","method":"${method}","route":"${route}","status":${status},"ms":${duration}}\n`
    : `${time} ${id} ${method} ${route} ${status} ${duration}ms\n`;
}

/** `000` to `999`: the microseconds of a duration, as written after the point. */
const THOUSANDTHS = Array.from({ length: 1000 }, (_, n) => String(n).padStart(3, '0'));

/**
 * `ms`, a duration to the microsecond, with three decimals (`1.840`): written from two integers,
 * since writing a fractional number costs more than the rest of the line.
 */
export function millisecondsText(ms: number): string {
  const micros = Math.round(ms * 1000);
  if (!Number.isSafeInteger(micros) || micros < 0) return String(ms);
  return `${Math.floor(micros / 1000)}.${THOUSANDTHS[micros % 1000]!}`;
}

/** The line that says `count` lines were dropped because stderr did not keep up. */
function droppedLine(format: Exclude<LogFormat, 'off'>, count: number): string {
  return format === 'json' ? `{"time":"${isoNow()}","dropped_lines":${count}}\n` : `${isoNow()} ${count} log lines dropped\n`;
}

let isoMs = Number.NaN;
let iso = '';
let isoSecond = Number.NaN;
let isoPrefix = '';
/**
 * The time now as an ISO string, made once per millisecond however many lines it stamps: its
 * milliseconds joined to the rest of it, which `toISOString` writes once per second (it formats
 * through a `printf`: half a microsecond, where the join is a few dozen nanoseconds).
 */
export function isoNow(now = Date.now()): string {
  if (now !== isoMs) {
    isoMs = now;
    const second = Math.floor(now / 1000);
    if (second !== isoSecond) {
      isoSecond = second;
      isoPrefix = new Date(second * 1000).toISOString().slice(0, -4); // without "000Z"
    }
    iso = `${isoPrefix}${THOUSANDTHS[now - second * 1000]!}Z`;
  }
  return iso;
}

/** Options of {@link requestObserver}. */
export interface ObserveOptions {
  log: LogFormat;
  /** Where the lines go. Default: a writer to stderr. */
  writer?: LogWriter;
  /** Called with every request served (the metrics). */
  onServed?: (served: Served) => void;
}

/**
 * The request log and the `onServed` hook as `listen`'s `onAnswer` (undefined when there is
 * neither), and the writer its lines go to (null with `--log off`). The line is taken as the
 * answer's head is written, so the log adds no promise and no object to a request.
 */
export function requestObserver(options: ObserveOptions): { onAnswer: ((answer: Answered) => void) | undefined; writer: LogWriter | null } {
  const format = options.log;
  const onServed = options.onServed;
  if (format === 'off' && onServed === undefined) return { onAnswer: undefined, writer: null };
  const writer = format === 'off' ? null : (options.writer ?? createLogWriter({ droppedNote: (count) => droppedLine(format, count) }));
  const onAnswer = (answer: Answered): void => {
    const route = routePattern(requestPath(answer.url));
    if (writer !== null) writer.write(logLine(format as Exclude<LogFormat, 'off'>, isoNow(), answer.requestId, answer.method, route, answer.status, answer.durationMs));
    onServed?.({ id: answer.requestId, method: answer.method, route, status: answer.status, durationMs: answer.durationMs, header: (name) => answer.header(name) });
  };
  return { onAnswer, writer };
}
