/**
 * `mock.fetch(url, init)` without a Fetch `Request`. Building one costs more than the mock's own
 * work on a small GET (an `AbortSignal`, a `Headers` list, a body stream), so when the call is of
 * a shape whose `Request` would hold exactly what was given, the mock reads the given values
 * instead. The shape is narrow on purpose:
 *
 * - the URL is a string or `URL` below the mock's base URL, made only of characters URL parsing
 *   keeps as they are, with no dot segment, so `url` is what `new Request(url).url` would be;
 * - `init` is absent or a plain object with nothing but `method` (one of the API's methods, in
 *   any case), `headers` (a plain object of string values or a `Headers`) and `body` (a string,
 *   only with a method that may have one);
 * - header names are tokens, each given once in any case, and values are visible ASCII with no
 *   space at either end, so nothing would be trimmed or refused.
 *
 * Anything else returns null, and the mock builds a `Request` as before: the same answer, errors
 * included (a `TypeError` for what `Request` refuses). A property test compares the two paths.
 */
import { textBodyBytes, type HeaderReader } from '../src/http/body.js';
import type { ApiRequest } from '../src/http/handler.js';
import { lightResponse, type LightResponseInit } from './light-response.js';

const METHODS: Record<string, string> = {
  get: 'GET', head: 'HEAD', post: 'POST', put: 'PUT', patch: 'PATCH', delete: 'DELETE', options: 'OPTIONS',
};

/**
 * Characters URL parsing copies unchanged in a path and in a special scheme's query: no space,
 * quote, apostrophe, `#`, `<`, `>`, backquote, braces, backslash, control or non-ASCII character;
 * `%` only before two hex digits.
 */
const KEPT = /^(?:[A-Za-z0-9\-._~!$&()*+,;=:@/?]|%[0-9A-Fa-f]{2})*$/;
/** A path segment that URL parsing would resolve (`.`, `..`, `%2e` and their mixes). */
const DOT_SEGMENT = /(?:^|\/)(?:\.|%2e)+(?:\/|$)/i;
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** Visible ASCII, with spaces inside only: nothing `Headers` would trim or refuse. */
const PLAIN_VALUE = /^(?:[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?)?$/;

/** Headers as a map of lower-case names: `get` answers as `Headers.get` would. */
class PlainHeaders implements HeaderReader {
  constructor(readonly values: Map<string, string>) {}
  get(name: string): string | null {
    return this.values.get(name.toLowerCase()) ?? null;
  }
}

const NO_HEADERS = new PlainHeaders(new Map());

function plainHeaders(given: unknown): PlainHeaders | null {
  if (given === undefined) return NO_HEADERS;
  const values = new Map<string, string>();
  if (given instanceof Headers) {
    for (const [name, value] of given) values.set(name, value);
    return new PlainHeaders(values);
  }
  if (given === null || typeof given !== 'object' || Object.getPrototypeOf(given) !== Object.prototype) return null;
  // A symbol key makes Request throw: leave that to it.
  if (Object.getOwnPropertySymbols(given).length > 0) return null;
  for (const name in given) {
    if (!Object.hasOwn(given, name)) return null;
    const value = (given as Record<string, unknown>)[name];
    if (typeof value !== 'string' || !TOKEN.test(name) || !PLAIN_VALUE.test(value)) return null;
    const lower = name.toLowerCase();
    if (values.has(lower)) return null;
    values.set(lower, value);
  }
  return new PlainHeaders(values);
}

/** A request the mock serves as given; `text` is its body (null for none). */
export class LightRequest implements ApiRequest {
  constructor(
    readonly method: string,
    readonly url: string,
    readonly headers: HeaderReader,
    readonly text: string | null,
    private readonly init: RequestInit | undefined,
  ) {}

  bodyBytes(maxBytes: number): Uint8Array {
    return textBodyBytes(this.headers, this.text, maxBytes);
  }

  fetchRequest(): Request {
    return new Request(this.url, { ...this.init, method: this.method });
  }

  /** Its answer keeps the handler's text, and builds a Fetch `Response` only if asked for more (light-response.ts). */
  respond(text: string | null, init: LightResponseInit): Response {
    return lightResponse(text, init);
  }
}

/** True when `url` is below `base` and `new Request(url).url` would give it back unchanged. */
export function keepsUrl(url: string, base: string): boolean {
  if (!url.startsWith(base) || url.charCodeAt(base.length) !== 47 /* / */) return false;
  const rest = url.slice(base.length);
  if (!KEPT.test(rest)) return false;
  const query = rest.indexOf('?');
  return !DOT_SEGMENT.test(query < 0 ? rest : rest.slice(0, query));
}

/**
 * The request of `mock.fetch(input, init)` when it can be served without a Fetch `Request`
 * (see above); null otherwise. `base` is the mock's normalized base URL, without a trailing slash.
 */
export function lightRequest(input: unknown, init: RequestInit | undefined, base: string): LightRequest | null {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : null;
  if (url === null || !keepsUrl(url, base)) return null;
  if (init === undefined) return new LightRequest('GET', url, NO_HEADERS, null, init);
  if (init === null || typeof init !== 'object' || Object.getPrototypeOf(init) !== Object.prototype) return null;
  let method = 'GET';
  let headers: PlainHeaders | null = NO_HEADERS;
  let text: string | null = null;
  for (const field in init) {
    const value = (init as Record<string, unknown>)[field];
    if (field === 'method') {
      if (value === undefined) continue;
      const known = typeof value === 'string' ? METHODS[value.toLowerCase()] : undefined;
      if (known === undefined) return null;
      method = known;
    } else if (field === 'headers') {
      headers = plainHeaders(value);
      if (headers === null) return null;
    } else if (field === 'body') {
      if (value === undefined || value === null) continue;
      if (typeof value !== 'string') return null;
      text = value;
    } else if (value !== undefined) {
      return null;
    }
  }
  if (text !== null) {
    if (method === 'GET' || method === 'HEAD') return null; // Request refuses it: let it say so
    // As Request does for a string body sent without a type.
    if (headers.get('content-type') === null) {
      headers = new PlainHeaders(new Map([...headers.values, ['content-type', 'text/plain;charset=UTF-8']]));
    }
  }
  return new LightRequest(method, url, headers, text, init);
}
