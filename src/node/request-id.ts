/**
 * Request ids of `listen({ requestIds: true })`: every request that reaches the handler gets one,
 * answered in `X-Request-Id`, so a client, a proxy and the server's log name the same request
 * the same way.
 */
import { randomFillSync } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { ServerResponse, type OutgoingHttpHeader, type OutgoingHttpHeaders } from 'node:http';

/** A client's request id is kept when it is 1..128 of these characters (a UUID, a trace id). */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * The request id of a request whose `X-Request-Id` header is `header` (as Node parsed it): the
 * header when sane, else a new UUID. A sane id holds no character that JSON or a log line would
 * have to escape, so it can be written out as it is.
 */
export function requestIdOf(header: string | string[] | null | undefined): string {
  return typeof header === 'string' && SANE_REQUEST_ID.test(header) ? header : newRequestId();
}

/** The ids' random bytes, read from the CSPRNG 256 ids at a time (as Node's `randomUUID` does). */
const POOL = new Uint8Array(16 * 256);
let pooled = POOL.length;
/** The char codes of a byte's two hex digits, by the byte. */
const HIGH = new Uint8Array(256);
const LOW = new Uint8Array(256);
for (let byte = 0; byte < 256; byte += 1) {
  const hex = byte.toString(16).padStart(2, '0');
  HIGH[byte] = hex.charCodeAt(0);
  LOW[byte] = hex.charCodeAt(1);
}

/**
 * A new random (version 4) UUID, as `crypto.randomUUID` makes it, but made as one flat string.
 * `randomUUID` joins twenty pieces, and the tree of strings that makes had to be flattened into a
 * new string before the answer's header could check it or the log write it. Made and checked, an
 * id cost 2.8 K instructions a request, and costs 1.2 K (callgrind); 320 ns against 105 ns in a loop.
 */
export function newRequestId(): string {
  if (pooled === POOL.length) {
    randomFillSync(POOL);
    pooled = 0;
  }
  const r = POOL;
  const o = pooled;
  pooled += 16;
  const version = (r[o + 6]! & 0x0f) | 0x40;
  const variant = (r[o + 8]! & 0x3f) | 0x80;
  // prettier-ignore
  return String.fromCharCode(
    HIGH[r[o]!]!, LOW[r[o]!]!, HIGH[r[o + 1]!]!, LOW[r[o + 1]!]!, HIGH[r[o + 2]!]!, LOW[r[o + 2]!]!, HIGH[r[o + 3]!]!, LOW[r[o + 3]!]!, 0x2d,
    HIGH[r[o + 4]!]!, LOW[r[o + 4]!]!, HIGH[r[o + 5]!]!, LOW[r[o + 5]!]!, 0x2d,
    HIGH[version]!, LOW[version]!, HIGH[r[o + 7]!]!, LOW[r[o + 7]!]!, 0x2d,
    HIGH[variant]!, LOW[variant]!, HIGH[r[o + 9]!]!, LOW[r[o + 9]!]!, 0x2d,
    HIGH[r[o + 10]!]!, LOW[r[o + 10]!]!, HIGH[r[o + 11]!]!, LOW[r[o + 11]!]!, HIGH[r[o + 12]!]!, LOW[r[o + 12]!]!,
    HIGH[r[o + 13]!]!, LOW[r[o + 13]!]!, HIGH[r[o + 14]!]!, LOW[r[o + 14]!]!, HIGH[r[o + 15]!]!, LOW[r[o + 15]!]!,
  );
}

type Head = OutgoingHttpHeaders | OutgoingHttpHeader[] | undefined;

/** An answer as its head is written, told to `listen`'s `onAnswer`. Valid during that call only. */
export interface Answered {
  /** The request's id, as answered in `X-Request-Id`. */
  readonly requestId: string;
  readonly method: string;
  /** The request's URL as the handler was given it. */
  readonly url: string;
  readonly status: number;
  /** From the request reaching the handler to its answer's head, in ms (to the microsecond). */
  readonly durationMs: number;
  /** A header of the answer, by its name in any case. */
  header(name: string): string | undefined;
}

/**
 * A `ServerResponse` that answers `requestId` in `X-Request-Id`, and tells `observer` of the answer
 * as its head is written. The header joins the head object the handler's bridge passes to
 * `writeHead` (the bridge adds `Content-Length` to that object too), rather than being set
 * beforehand with `setHeader`: Node would then merge every header of that object into its own
 * table, one checked `setHeader` at a time. It is written in lower case, as a `Headers` object names
 * it, so a head made from one never carries the name twice.
 *
 * The response is its own {@link Answered}: telling the observer allocates nothing and needs no
 * promise per request (a log that waited for each handler's `Response` would).
 */
export class RequestIdResponse extends ServerResponse implements Answered {
  /** The id of the request this answers, once the handler is given the request. */
  requestId: string = '';
  method = '';
  url = '';
  status = 0;
  durationMs = 0;
  /** When the handler was given the request (`performance.now()`). */
  receivedAt = 0;
  /** Told of the answer as its head is written; set with the request id. */
  observer: ((answer: Answered) => void) | undefined = undefined;
  #head: OutgoingHttpHeaders | undefined = undefined;

  header(name: string): string | undefined {
    const wanted = name.toLowerCase();
    let value = this.getHeader(wanted);
    // The head object names its headers as the handler's Response did, in any case.
    if (value === undefined && this.#head !== undefined) {
      for (const key of Object.keys(this.#head)) if (key.toLowerCase() === wanted) value = this.#head[key];
    }
    return value === undefined ? undefined : String(value);
  }

  override writeHead(statusCode: number, statusMessage?: string, headers?: Head): this;
  override writeHead(statusCode: number, headers?: Head): this;
  override writeHead(statusCode: number, messageOrHeaders?: string | Head, headers?: Head): this {
    const head = typeof messageOrHeaders === 'string' ? headers : messageOrHeaders;
    if (this.requestId !== '') {
      if (head !== undefined && !Array.isArray(head)) head['x-request-id'] = this.requestId;
      else this.setHeader('x-request-id', this.requestId);
      if (this.observer !== undefined) this.#tell(statusCode, head);
    }
    return typeof messageOrHeaders === 'string' ? super.writeHead(statusCode, messageOrHeaders, head) : super.writeHead(statusCode, head);
  }

  #tell(statusCode: number, head: Head): void {
    const observer = this.observer!;
    this.observer = undefined; // once, even if a head were written twice
    this.status = statusCode;
    this.durationMs = Math.round((performance.now() - this.receivedAt) * 1000) / 1000;
    this.#head = head !== undefined && !Array.isArray(head) ? head : undefined;
    try {
      observer(this);
    } finally {
      this.#head = undefined;
    }
  }
}

/**
 * The key under which `listen` leaves a request's header reader on the `Request` it hands the
 * handler (the API handler reads it there, by the same `Symbol.for` name).
 */
export const HEADER_READER: unique symbol = Symbol.for('feedback-board.headerReader') as never;

/**
 * A request's headers read from Node's `rawHeaders` (names as sent, then values), as a Fetch
 * `Headers` would answer `get`: any case of the name, repeated fields joined with ", ", spaces
 * and tabs around a value dropped. Reading a header this way spares the handler the `Headers`
 * object @hono/node-server's light request builds from every header on first use (about 3% of a
 * GET's CPU). It is left only on the very `Request` made for the incoming message, so a layer
 * that makes a request of its own is read through that request's own headers.
 */
export class RawHeaderReader {
  constructor(private readonly raw: readonly string[]) {}

  get(name: string): string | null {
    const wanted = LOWER_NAMES.get(name) ?? lowerName(name);
    let found: string | null = null;
    for (let i = 0; i < this.raw.length; i += 2) {
      const key = this.raw[i]!;
      // Most clients send names in lower case (HTTP/2 must): compared as sent first, since V8
      // lower-cases through its runtime even a name that already is (0.2 K instructions a call).
      if (key.length !== wanted.length || (key !== wanted && key.toLowerCase() !== wanted)) continue;
      const value = trimHttpSpace(this.raw[i + 1]!);
      found = found === null ? value : `${found}, ${value}`;
    }
    return found;
  }
}

/**
 * The names code asks for (`authorization`, `x-api-key`, …), lower-cased once: a handful per
 * process, kept up to {@link MOST_NAMES}; any other name is lower-cased each time.
 */
const LOWER_NAMES = new Map<string, string>();
const MOST_NAMES = 64;

function lowerName(name: string): string {
  const lower = name.toLowerCase();
  if (LOWER_NAMES.size < MOST_NAMES) LOWER_NAMES.set(name, lower);
  return lower;
}

/** `value` without the spaces and tabs around it (what Fetch strips; `trim()` would strip more). */
function trimHttpSpace(value: string): string {
  const last = value.length - 1;
  if (last < 0 || (value[0] !== ' ' && value[0] !== '\t' && value[last] !== ' ' && value[last] !== '\t')) return value;
  return value.replace(/^[\t ]+|[\t ]+$/g, '');
}
