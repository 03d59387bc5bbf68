/**
 * What `serve` reports on stderr besides requests: an unexpected error, a background loop (the
 * webhook dispatcher, the follower mail sender) that fails, and the same loop working again. One
 * line each in the request log's format: a JSON object (`time`, `level`, `message`, `error`, and
 * `stack` for an error that is not one of the API's) with `--log json`, the same fields separated
 * by spaces otherwise, that stack on the lines after (`--log off` silences requests, never errors). The repeats of a failure are
 * counted by the loops themselves (src/domain/repeated-failures.ts), so an outage of the store is
 * two lines, not a stack trace twice a second.
 */
import { isFeedbackBoardError } from '../src/domain/errors.js';
import type { Logger } from '../src/domain/ports.js';
import type { LogFormat } from './log-format.js';

/** An error and its causes in words, each cause once (a cause's message often repeats in its wrapper's). */
export function errorText(error: unknown): string {
  const parts: string[] = [];
  for (let at: unknown = error, depth = 0; at !== undefined && at !== null && depth < 5; depth++) {
    const text = at instanceof Error ? at.message : String(at);
    if (text !== '' && !parts.some((part) => part.includes(text))) parts.push(text);
    at = at instanceof Error ? at.cause : undefined;
  }
  return parts.join(': ');
}

/** The line of one event in `format` (without its newline). */
export function eventLine(format: LogFormat, level: 'error' | 'info', message: string, error: unknown, time: Date): string {
  const unexpected = error instanceof Error && !isFeedbackBoardError(error);
  if (format === 'json') {
    return JSON.stringify({
      time: time.toISOString(),
      level,
      message,
      ...(error === undefined ? {} : { error: errorText(error) }),
      ...(unexpected && error.stack !== undefined ? { stack: error.stack } : {}),
    });
  }
  const line = `${time.toISOString()} ${level} ${message}${error === undefined ? '' : `: ${errorText(error)}`}`;
  // Read by a person: the stack of a bug follows its line.
  return unexpected && error.stack !== undefined ? `${line}\n${error.stack}` : line;
}

/** The logger of `serve`: each event one line through `write`. */
export function serveLogger(format: LogFormat, write: (line: string) => void = (line) => process.stderr.write(`${line}\n`)): Logger {
  return {
    error: (message, error) => write(eventLine(format, 'error', message, error, new Date())),
    info: (message) => write(eventLine(format, 'info', message, undefined, new Date())),
  };
}
