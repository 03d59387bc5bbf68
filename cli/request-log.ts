/**
 * `serve`'s request log (`--log json|text|off`): one line per request on stderr with the time,
 * request id, method, route pattern, status and duration, and nothing else of the request: no
 * key, cookie, query or other header, no path value (see route-pattern.ts). The request id is the
 * one `listen({ requestIds: true })` gave the request and answered in `X-Request-Id`.
 *
 * A line is written as bytes straight into the writer's buffer from values that need no escaping
 * (log-line.ts), without an intermediate object or string (about 160 ns in a loop), and goes out
 * in a large asynchronous write (log-writer.ts), pino's technique.
 */
import type { Answered } from '../src/node/request-id.js';
import { requestTarget, type RequestTarget } from '../src/http/request-path.js';
import { createLogWriter, type LogWriter } from './log-writer.js';
import { isoNow, LineEncoder, type LineFormat } from './log-line.js';
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

/** The line that says `count` lines were dropped because stderr did not keep up. */
function droppedLine(format: LineFormat, count: number): string {
  return format === 'json' ? `{"time":"${isoNow()}","dropped_lines":${count}}\n` : `${isoNow()} ${count} log lines dropped\n`;
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
  const log = format === 'off' ? null : { writer: options.writer ?? createLogWriter({ droppedNote: (count) => droppedLine(format, count) }), line: new LineEncoder(format) };
  // The route pattern of the last request target: a URL asked again (a post polled, a list
  // refreshed) is parsed into the very same target object, and its pattern is not walked again.
  let routed: RequestTarget | undefined;
  let routedPattern = '';
  const onAnswer = (answer: Answered): void => {
    const target = requestTarget(answer.url);
    if (target !== routed) {
      routedPattern = routePattern(target.path);
      routed = target;
    }
    const route = routedPattern;
    if (log !== null) log.writer.writeLine(log.line.set(Date.now(), answer.requestId, answer.method, route, answer.status, answer.durationMs), log.line);
    onServed?.({ id: answer.requestId, method: answer.method, route, status: answer.status, durationMs: answer.durationMs, header: (name) => answer.header(name) });
  };
  return { onAnswer, writer: log === null ? null : log.writer };
}
