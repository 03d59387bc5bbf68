/**
 * The `--log` option of `serve`: its formats and its check, apart from the request log itself so
 * that the command line is checked without loading the operations the log names routes by.
 */

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
