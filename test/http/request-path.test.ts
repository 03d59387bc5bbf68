import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { requestPath, requestTarget } from '../../src/http/request-path.js';

/** What the handler read before: the URL parser's pathname and query. */
const parsed = (url: string) => {
  const u = new URL(url);
  return { path: u.pathname, query: u.search.slice(1) };
};

// Pieces that the URL parser rewrites (dot segments, backslashes, spaces, non-ASCII, percent
// signs, empty query, fragments) mixed with ordinary path characters.
const piece = fc.constantFrom(
  'api', 'v1', 'boards', 'features', 'posts', '12', '.', '..', '%2e', '%2E.', '%', '%zz', '%2F', ' ', '\\', 'é', '日本',
  '?', '??', '#', '&', '=', 'a=1', 'q=a%20b', '+', ';', '@', ':', '[', ']', '|', '"', '<', '>', '`', '{', '}', '~', '',
);
const tail = fc.array(fc.oneof(piece, fc.constant('/')), { maxLength: 14 }).map((parts) => parts.join(''));
const origin = fc.constantFrom(
  'http://board.test', 'https://board.test:8443', 'http://user:pa%40ss@board.test', 'http://127.0.0.1:3000', 'http://[::1]:80',
  'HTTP://Board.Test', 'https://xn--nxasmq6b.example',
);

describe('requestTarget', () => {
  it('agrees with the URL parser on every serialized http(s) request URL', () => {
    fc.assert(
      fc.property(origin, tail, (o, t) => {
        // Serialized as a Request (or @hono/node-server's `new URL(...).href`) holds it; a
        // Request refuses credentials in its URL, the URL parser keeps them.
        const href = new URL(`${o}/${t}`).href;
        const url = o.includes('@') ? href : new Request(href).url;
        expect(requestTarget(url)).toEqual(parsed(url));
        expect(requestPath(url)).toBe(parsed(url).path);
      }),
      { numRuns: 2000 },
    );
  });

  it('splits path, query and fragment', () => {
    expect(requestTarget('http://h/api/v1/boards?sort=top&limit=5#x?y')).toEqual({ path: '/api/v1/boards', query: 'sort=top&limit=5' });
    expect(requestTarget('http://h/a#b?c')).toEqual({ path: '/a', query: '' });
    expect(requestTarget('http://h/a?')).toEqual({ path: '/a', query: '' });
    expect(requestTarget('https://h:1/')).toEqual({ path: '/', query: '' });
  });

  it('hands any other URL to the URL parser', () => {
    for (const url of ['file:///tmp/x?y', 'ws://h/a?b', 'data:text/plain,hello?x', 'blob:http://h/uuid', 'http://h']) {
      expect(requestTarget(url)).toEqual(parsed(url));
    }
    expect(() => requestTarget('not a url')).toThrow(TypeError);
  });
});
