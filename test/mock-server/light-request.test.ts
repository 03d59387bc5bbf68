/**
 * `mock.fetch(url, init)` reads a plain URL and init as given instead of building a Fetch
 * `Request` (mock-server/light-request.ts). These tests hold it to what a `Request` would have
 * given: the same URL and headers, and the same answers, records and errors through the mock.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { keepsUrl, lightRequest } from '../../mock-server/light-request.js';
import { KEYS, makeMock } from './helpers.js';

const BASE = 'http://feedback-board.test';

/** Pieces of URLs, the awkward ones included: dots, percent signs, quotes, spaces, `#`, `\`. */
const urlPiece = fc.constantFrom(
  'api', 'v1', 'boards', 'features', 'posts', '1', '/', '/', '?', '&', '=', '.', '..', '%2e', '%2E', '%41', '%', '%zz',
  '#', "'", '"', ' ', '\\', '\t', '<', '>', '`', '{', '}', '|', '^', '[', ']', '~', '!', '$', '(', ')', '*', '+', ',',
  ';', ':', '@', '-', '_', 'é', '😀', 'Ä', '\n',
);
const urlTail = fc.array(urlPiece, { maxLength: 12 }).map((pieces) => pieces.join(''));

describe('keepsUrl', () => {
  it('accepts only URLs that Request gives back unchanged', () => {
    let accepted = 0;
    fc.assert(
      fc.property(urlTail, (tail) => {
        const url = `${BASE}/${tail}`;
        if (!keepsUrl(url, BASE)) return;
        accepted += 1;
        expect(new Request(url).url).toBe(url);
      }),
      { numRuns: 3000 },
    );
    // The property is about something: a good share of the generated URLs took the light path.
    expect(accepted).toBeGreaterThan(300);
  });

  it('refuses dot segments, fragments, other origins and characters URL parsing would change', () => {
    for (const url of [
      `${BASE}/api/v1/./boards`, `${BASE}/api/v1/%2e%2E/boards`, `${BASE}/api/v1/boards/..`, `${BASE}/api#x`,
      `${BASE}/api/v1/boards?q=it's`, `${BASE}/a b`, `${BASE}/%zz`, `${BASE}/caf\u00e9`, `${BASE}:80/api`,
      'http://FEEDBACK-board.test/api', `${BASE}.evil/api`, `${BASE}`, '/api/v1/boards',
    ]) {
      expect(keepsUrl(url, BASE), url).toBe(false);
    }
    expect(keepsUrl(`${BASE}/api/v1/boards/features/posts?q=a%20b&tag=UX`, BASE)).toBe(true);
    expect(keepsUrl(`${BASE}/api/v1/...`, BASE)).toBe(false); // not a dot segment, but refused all the same
  });
});

// Mostly names and values the light path takes, with the awkward ones often enough to matter.
const headerName = fc.oneof(
  { arbitrary: fc.constantFrom('Authorization', 'X-API-Key', 'Content-Type', 'content-length', 'X-Custom'), weight: 6 },
  { arbitrary: fc.constantFrom('authorization', 'bad name', '\u00e9'), weight: 1 },
);
const headerValue = fc.oneof(
  { arbitrary: fc.constantFrom('Bearer acme-write-0123456789', 'application/json', '12', '', 'a b'), weight: 6 },
  { arbitrary: fc.constantFrom(' padded ', 'a\tb', 'caf\u00e9', 'tab\t', 'trailing\n'), weight: 1 },
);
const headersArb = fc.dictionary(headerName, headerValue, { maxKeys: 4 });
const probes = ['authorization', 'x-api-key', 'content-type', 'content-length', 'x-custom'];

describe('lightRequest', () => {
  it('reads headers as Request would, or leaves the call to Request', () => {
    let light = 0;
    fc.assert(
      fc.property(headersArb, fc.constantFrom(undefined, 'post', 'PATCH', 'get', 'TRACE'), fc.option(fc.string(), { nil: undefined }), (headers, method, body) => {
        const init: RequestInit = { headers, ...(method ? { method } : {}), ...(body !== undefined ? { body } : {}) };
        const url = `${BASE}/api/v1/boards`;
        const got = lightRequest(url, init, BASE);
        if (got === null) return;
        light += 1;
        const request = new Request(url, init);
        for (const name of probes) expect(got.headers.get(name), name).toBe(request.headers.get(name));
        expect(got.method).toBe(request.method.toUpperCase());
        expect(got.url).toBe(request.url);
      }),
      { numRuns: 2000 },
    );
    expect(light).toBeGreaterThan(200);
  });

  it('leaves signals, non-string bodies, Request inputs and unknown init fields to Request', () => {
    const url = `${BASE}/api/v1/boards`;
    expect(lightRequest(url, { signal: new AbortController().signal }, BASE)).toBeNull();
    expect(lightRequest(url, { method: 'POST', body: new Uint8Array(2) }, BASE)).toBeNull();
    expect(lightRequest(url, { method: 'GET', body: '{}' }, BASE)).toBeNull();
    expect(lightRequest(url, { headers: [['a', 'b']] }, BASE)).toBeNull();
    expect(lightRequest(url, { cache: 'no-store' }, BASE)).toBeNull();
    expect(lightRequest(url, { headers: { [Symbol('s')]: 'x' } as unknown as Record<string, string> }, BASE)).toBeNull();
    expect(lightRequest(new Request(url), undefined, BASE)).toBeNull();
    expect(lightRequest(new URL(url), undefined, BASE)?.url).toBe(url);
    expect(lightRequest(url, { signal: undefined, headers: new Headers({ 'X-A': 'b' }) }, BASE)?.headers.get('x-a')).toBe('b');
  });
});

/** One request a test suite might send, valid or not. */
const requestArb = fc.record({
  path: fc.constantFrom(
    '/api/v1/boards', '/api/v1/boards/features/posts', '/api/v1/boards/features/posts/1', '/api/v1/boards/features/posts/99',
    '/api/v1/boards/nope/posts', '/api/v1/boards/features/posts/1/votes', '/api/v1/nowhere', '/elsewhere',
  ),
  query: fc.constantFrom('', '?limit=1', '?sort=top&limit=2', '?limit=x', '?q=a%20b', '?status=planned&status=open'),
  method: fc.constantFrom('GET', 'get', 'POST', 'patch', 'DELETE', 'PUT'),
  key: fc.constantFrom<string | null>(KEYS.write, KEYS.read, KEYS.beta, 'wrong-key-0123456789', null),
  body: fc.constantFrom<string | undefined>(
    undefined, '{"title":"From a test","body":"text"}', '{"voter":{"email":"v@example.com"}}', '{"status":"planned"}',
    'not json', '', '[1]', '{"title":""}',
  ),
  contentType: fc.constantFrom<string | undefined>(undefined, 'application/json', 'text/plain'),
  declaredLength: fc.constantFrom<string | undefined>(undefined, '10', '99999999'),
});

describe('mock.fetch with a URL and plain init', () => {
  it('answers and records exactly as through a Request', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(requestArb, { minLength: 1, maxLength: 8 }), async (sequence) => {
        // Two mocks in the same state; one is sent Requests, the other the URL and init as given.
        const viaRequest = makeMock({ rateLimit: false });
        const viaLight = makeMock({ rateLimit: false });
        let light = 0;
        for (const r of sequence) {
          const headers: Record<string, string> = {};
          if (r.key) headers.Authorization = `Bearer ${r.key}`;
          if (r.contentType) headers['Content-Type'] = r.contentType;
          if (r.declaredLength) headers['Content-Length'] = r.declaredLength;
          const hasBody = r.body !== undefined && r.method.toUpperCase() !== 'GET';
          const init: RequestInit = { method: r.method, headers, ...(hasBody ? { body: r.body } : {}) };
          const url = `${BASE}${r.path}${r.query}`;
          if (lightRequest(url, init, BASE) !== null) light += 1;
          const a = await viaRequest.fetch(new Request(url, { ...init, method: r.method.toUpperCase() }));
          const b = await viaLight.fetch(url, init);
          expect(b.status).toBe(a.status);
          expect([...b.headers]).toEqual([...a.headers]);
          expect(await b.text()).toBe(await a.text());
        }
        expect(light).toBe(sequence.length);
        expect(viaLight.calls()).toEqual(viaRequest.calls());
        await viaRequest.close();
        await viaLight.close();
      }),
      { numRuns: 60 },
    );
  });

  it('refuses what Request refuses, with the same error', async () => {
    const mock = makeMock();
    const url = `${BASE}/api/v1/boards`;
    for (const init of [
      { method: 'GET', body: '{}' },
      { headers: { authorization: 'x\ny' } },
      { method: 'TRACE' },
    ] as RequestInit[]) {
      const expected = (() => {
        try {
          new Request(url, init);
          return null;
        } catch (error) {
          return error;
        }
      })();
      expect(expected).toBeInstanceOf(TypeError);
      await expect(mock.fetch(url, init)).rejects.toThrow((expected as Error).message);
    }
    expect(mock.calls()).toEqual([]);
    await mock.close();
  });

  it('records a URL with a fragment as Request gives it', async () => {
    const mock = makeMock();
    const url = `${BASE}/api/v1/boards#top`;
    const res = await mock.fetch(url, { headers: { authorization: `Bearer ${KEYS.read}` } });
    expect(res.status).toBe(200);
    expect(mock.calls()[0]!.url).toBe(new Request(url).url);
    await mock.close();
  });
});
