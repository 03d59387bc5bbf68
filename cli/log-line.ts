/**
 * The request log's line, in its two formats:
 *
 *     {"time":"2026-11-30T20:13:51.123Z","id":"…","method":"GET","route":"/api/v1/boards/{slug}/posts/{id}","status":200,"ms":0.412}
 *     2026-11-30T20:13:51.123Z … GET /api/v1/boards/{slug}/posts/{id} 200 0.412ms
 *
 * {@link logLine} makes it as a string. {@link LineEncoder} writes the same bytes straight into
 * the log writer's buffer, which is what `serve` does for every request: a line made as a string
 * is a tree of a dozen pieces that must be flattened into a new string before it is encoded, and
 * that cost more than the rest of the line. The encoder copies bytes it keeps (the time up to its
 * second; the method, route and status of recent lines), encodes the request id, and writes the
 * milliseconds and the duration digit by digit: 160 ns a line against 310 ns (a loop of lines
 * like a GET's, Node 20).
 *
 * No value needs escaping: the request id is a sane one (letters, digits, `.`, `_`, `:`, `-`),
 * the method one Node's parser accepted, the route a pattern of route words (route-pattern.ts).
 */
import type { LineSource } from './log-writer.js';
import { encodeInto } from './log-writer.js';
import type { LogFormat } from './log-format.js';

/** A format of the log that writes lines. */
export type LineFormat = Exclude<LogFormat, 'off'>;

/** The log line of one request in `format`, with its newline. */
export function logLine(format: LineFormat, time: string, id: string, method: string, route: string, status: number, ms: number): string {
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
      isoPrefix = secondPrefix(second);
    }
    iso = `${isoPrefix}${THOUSANDTHS[now - second * 1000]!}Z`;
  }
  return iso;
}

/** The ISO string of the second `second` (since the epoch) up to its milliseconds: `2026-11-30T20:13:51.`. */
function secondPrefix(second: number): string {
  return new Date(second * 1000).toISOString().slice(0, -4); // without "000Z"
}

/** The bytes of the line around its values, in one format. */
interface Frame {
  /** Before the time. */
  readonly start: string;
  /** After the time's milliseconds, before the id. */
  readonly afterTime: Buffer;
  /** After the id, before the duration: the method, route and status with what joins them. */
  middle(method: string, route: string, status: number): string;
  /** After the duration, with the newline. */
  readonly end: Buffer;
}

const FRAMES: Readonly<Record<LineFormat, Frame>> = {
  json: {
    start: '{"time":"',
    afterTime: Buffer.from('Z","id":"'),
    middle: (method, route, status) => `","method":"${method}","route":"${route}","status":${status},"ms":`,
    end: Buffer.from('}\n'),
  },
  text: {
    start: '',
    afterTime: Buffer.from('Z '),
    middle: (method, route, status) => ` ${method} ${route} ${status} `,
    end: Buffer.from('ms\n'),
  },
};

/** How many middles (method, route, status) an encoder keeps as bytes: a server answers few kinds of request at once. */
const KEPT_MIDDLES = 16;

/** The longest a line's time and duration can be written, in bytes (a time past the year 9999, a duration of days). */
const TIME_AND_DURATION_BYTES = 64;

/** A kept middle: the method, route and status it was made of (compared by identity first), as bytes. */
interface Middle {
  readonly method: string;
  readonly route: string;
  readonly status: number;
  readonly bytes: Buffer;
}

/**
 * Writes a request's line straight into a buffer as `logLine` would make it (see the file's
 * comment): `writer.writeLine(encoder.set(...), encoder)`. One encoder serves every line, one at a
 * time: the values are those of the last `set`.
 */
export class LineEncoder implements LineSource {
  readonly #format: LineFormat;
  readonly #frame: Frame;
  #now = 0;
  #id = '';
  #method = '';
  #route = '';
  #status = 0;
  #durationMs = 0;
  #second = Number.NaN;
  /** The frame's start and the time up to its milliseconds, of the second {@link #second}. */
  #head: Buffer = Buffer.alloc(0);
  readonly #middles: Middle[] = [];
  #nextMiddle = 0;
  /** The middle of the line being written. */
  #middle: Buffer = Buffer.alloc(0);

  constructor(format: LineFormat) {
    this.#format = format;
    this.#frame = FRAMES[format];
  }

  /**
   * Takes the values of the next line (`now` from `Date.now()`, `durationMs` to the microsecond);
   * answers the most bytes it can take.
   */
  set(now: number, id: string, method: string, route: string, status: number, durationMs: number): number {
    this.#now = now;
    this.#id = id;
    this.#method = method;
    this.#route = route;
    this.#status = status;
    this.#durationMs = durationMs;
    this.#middle = this.#middleBytes(method, route, status);
    return TIME_AND_DURATION_BYTES + this.#frame.start.length + this.#frame.afterTime.length + 3 * id.length + this.#middle.length + this.#frame.end.length;
  }

  encodeInto(buffer: Buffer, at: number): number {
    const micros = Math.round(this.#durationMs * 1000);
    if (!Number.isSafeInteger(micros) || micros < 0) return this.#asText(buffer, at);
    const second = Math.floor(this.#now / 1000);
    if (second !== this.#second) {
      this.#second = second;
      this.#head = Buffer.from(`${this.#frame.start}${secondPrefix(second)}`);
    }
    buffer.set(this.#head, at);
    let end = threeDigits(this.#now - second * 1000, buffer, at + this.#head.length);
    end = copyShort(this.#frame.afterTime, buffer, end);
    end += encodeInto(buffer, this.#id, end);
    buffer.set(this.#middle, end);
    end = digits(Math.floor(micros / 1000), buffer, end + this.#middle.length);
    buffer[end] = 0x2e; // "."
    end = threeDigits(micros % 1000, buffer, end + 1);
    return copyShort(this.#frame.end, buffer, end);
  }

  /** The line made as a string and encoded: for values the byte path does not write. */
  #asText(buffer: Buffer, at: number): number {
    return at + encodeInto(buffer, logLine(this.#format, isoNow(this.#now), this.#id, this.#method, this.#route, this.#status, this.#durationMs), at);
  }

  #middleBytes(method: string, route: string, status: number): Buffer {
    const middles = this.#middles;
    for (let i = 0; i < middles.length; i += 1) {
      const kept = middles[i]!;
      if (kept.status === status && kept.route === route && kept.method === method) return kept.bytes;
    }
    const made: Middle = { method, route, status, bytes: Buffer.from(this.#frame.middle(method, route, status)) };
    middles[this.#nextMiddle] = made;
    this.#nextMiddle = (this.#nextMiddle + 1) % KEPT_MIDDLES;
    return made.bytes;
  }
}

/**
 * Copies the few `bytes` into `buffer` from `at`; the offset after them. A loop, for a piece of a
 * few bytes: `set` costs some 15 ns however short the piece, a loop about 0.6 ns a byte.
 */
function copyShort(bytes: Buffer, buffer: Buffer, at: number): number {
  const length = bytes.length;
  for (let i = 0; i < length; i += 1) buffer[at + i] = bytes[i]!;
  return at + length;
}

/** Writes `n` (0 to 999) with three digits; the offset after them. */
function threeDigits(n: number, buffer: Buffer, at: number): number {
  buffer[at] = 0x30 + Math.floor(n / 100);
  buffer[at + 1] = 0x30 + (Math.floor(n / 10) % 10);
  buffer[at + 2] = 0x30 + (n % 10);
  return at + 3;
}

/** Writes `n` (a safe integer, at least 0) in decimal; the offset after it. */
function digits(n: number, buffer: Buffer, at: number): number {
  let length = 1;
  for (let rest = n; rest >= 10; rest = Math.floor(rest / 10)) length += 1;
  for (let i = length - 1, rest = n; i >= 0; i -= 1, rest = Math.floor(rest / 10)) buffer[at + i] = 0x30 + (rest % 10);
  return at + length;
}
