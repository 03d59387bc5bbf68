/**
 * The path and query of a request URL without a `new URL()` per request.
 *
 * `Request.url` is always a serialized URL (the Fetch spec parses it when the request is built, and
 * @hono/node-server's light requests hold `new URL(...).href`), so dot segments are resolved,
 * backslashes turned into slashes and unsafe characters percent-encoded already. For `http:` and
 * `https:` that serialization is `scheme://authority/path?query#fragment`, whose authority holds no `/`, `?` or `#`: the
 * path starts at the first `/` after `://` and ends at the first `?` or `#`. Any other URL goes
 * through the URL parser.
 */

/** The pieces of a request URL the request path reads. */
export interface RequestTarget {
  /** The URL's pathname, exactly as `new URL(url).pathname`. */
  readonly path: string;
  /** The query without its `?` (empty when there is none), as `new URL(url).search.slice(1)`. */
  readonly query: string;
}

/** Where the path starts in a serialized `http:` or `https:` URL, or -1 for any other URL. */
function pathStart(url: string): number {
  let after: number;
  if (url.startsWith('http://')) after = 7;
  else if (url.startsWith('https://')) after = 8;
  else return -1;
  return url.indexOf('/', after);
}

// The last URL read and its target. A request's URL is read by every layer it passes (serve's
// probes, pages, MCP and log, then the handler), each with the same string: those reads cost a
// comparison, which for the very same string is one of references.
let lastUrl: string | undefined;
let lastTarget: RequestTarget = { path: '', query: '' };

/** The path and query of a serialized request URL (`request.url`). Treat the result as read-only. */
export function requestTarget(url: string): RequestTarget {
  if (url !== lastUrl) {
    lastTarget = parseTarget(url);
    lastUrl = url;
  }
  return lastTarget;
}

function parseTarget(url: string): RequestTarget {
  const start = pathStart(url);
  if (start < 0) {
    const parsed = new URL(url);
    return { path: parsed.pathname, query: parsed.search.slice(1) };
  }
  const hash = url.indexOf('#', start);
  const end = hash < 0 ? url.length : hash;
  const question = url.indexOf('?', start);
  if (question < 0 || question > end) return { path: url.slice(start, end), query: '' };
  return { path: url.slice(start, question), query: url.slice(question + 1, end) };
}

/** Just the pathname of a serialized request URL, as `new URL(url).pathname`. */
export function requestPath(url: string): string {
  return requestTarget(url).path;
}
