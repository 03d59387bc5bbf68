/**
 * Every error the API can answer reaches the caller as a FeedbackBoardError with the server's
 * status, code, details and Retry-After, in-process and over real HTTP; answers that are not the
 * envelope, failed fetches and timeouts get the client's own codes.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../../adapters/memory/index.js';
import { createFeedbackBoard } from '../../src/board.js';
import { createClient, FeedbackBoardError, isFeedbackBoardError } from '../../src/client/index.js';
import { ERROR_STATUS, type ErrorCode } from '../../src/domain/errors.js';
import type { Storage } from '../../src/storage/contract.js';
import { FIXTURE, KEYS, frozenClock, makeBoard, rejection, silentLogger, transports, type Endpoint, type Served } from './helpers.js';

type Rewrite = (request: Request) => Request;

/** Sends the client's request changed by `rewrite`, to reach answers the client never provokes itself. */
const rewriting = (endpoint: Endpoint, rewrite: Rewrite) => (request: Request) => endpoint.fetch(rewrite(request));

const withBody = (request: Request, body: string, contentType = 'application/json'): Request =>
  new Request(request.url, {
    method: request.method,
    headers: { authorization: request.headers.get('authorization')!, 'content-type': contentType },
    body,
  });

/** A storage that works until `failing` is set, then fails every transaction. */
function breakableStorage(failure: () => Error = () => new Error('disk on fire')): Storage & { failing: boolean } {
  const inner = createMemoryStorage();
  const storage: Storage & { failing: boolean } = {
    failing: false,
    transaction: ((mode, fn) =>
      storage.failing ? Promise.reject(failure()) : inner.transaction(mode, fn)) as Storage['transaction'],
    close: () => inner.close(),
  };
  return storage;
}

interface Case {
  code: ErrorCode;
  /** Opens what the client talks to and runs the failing call. */
  run(open: (served: Served) => Promise<Endpoint>): Promise<unknown>;
  details?: Array<{ path: string; message: string }>;
  retryAfter?: number;
}

/** A client of a fresh board, its requests optionally rewritten on the way. */
async function boardClient(open: (s: Served) => Promise<Endpoint>, key: keyof typeof KEYS, rewrite?: Rewrite) {
  const { board } = await makeBoard();
  const endpoint = await open(board);
  const fetch = rewrite ? rewriting(endpoint, rewrite) : endpoint.fetch;
  return { client: createClient({ baseUrl: endpoint.baseUrl, apiKey: KEYS[key], fetch }) };
}

const cases: Case[] = [
  {
    code: 'invalid_json',
    run: async (open) => (await boardClient(open, 'write', (r) => withBody(r, '{"title":'))).client.posts.create('features', { title: 'x' }),
  },
  {
    code: 'unauthorized',
    run: async (open) => {
      const { board } = await makeBoard();
      const endpoint = await open(board);
      return createClient({ baseUrl: endpoint.baseUrl, apiKey: 'not-a-key-000000', fetch: endpoint.fetch }).boards.list();
    },
  },
  { code: 'insufficient_scope', run: async (open) => (await boardClient(open, 'propose')).client.posts.update('features', 1, { status: 'shipped' }) },
  { code: 'publish_disabled', run: async (open) => (await boardClient(open, 'write')).client.boards.publish('drafts') },
  { code: 'not_found', run: async (open) => (await boardClient(open, 'beta')).client.posts.get('features', 1) },
  {
    code: 'method_not_allowed',
    run: async (open) => (await boardClient(open, 'read', (r) => new Request(r, { method: 'PUT' }))).client.boards.list(),
  },
  {
    code: 'claim_conflict',
    run: async (open) => {
      const { board } = await makeBoard();
      const endpoint = await open(board);
      const agent = (key: string) => createClient({ baseUrl: endpoint.baseUrl, apiKey: key, fetch: endpoint.fetch });
      await agent(KEYS.propose).agent.claim('features', 1);
      return agent(KEYS.otherAgent).agent.claim('features', 1);
    },
  },
  { code: 'slug_taken', run: async (open) => (await boardClient(open, 'write')).client.boards.create({ slug: 'drafts', name: 'Again' }) },
  {
    code: 'payload_too_large',
    run: async (open) => (await boardClient(open, 'write')).client.posts.create('features', { title: 'big', body: 'x'.repeat(1_100_000) }),
  },
  {
    code: 'unsupported_media_type',
    run: async (open) =>
      (await boardClient(open, 'write', (r) => withBody(r, 'title=x', 'text/plain'))).client.posts.create('features', { title: 'x' }),
  },
  {
    code: 'validation_error',
    details: [{ path: 'limit', message: 'must be between 1 and 500' }],
    run: async (open) => (await boardClient(open, 'read')).client.posts.list('features', { limit: 0 }),
  },
  { code: 'status_unchanged', run: async (open) => (await boardClient(open, 'propose')).client.agent.proposeStatus('features', 1, { status: 'planned' }) },
  {
    code: 'rate_limited',
    retryAfter: 60,
    run: async (open) => {
      const { board } = await makeBoard({ http: { rateLimit: { limit: 2 } } });
      const endpoint = await open(board);
      const client = createClient({ baseUrl: endpoint.baseUrl, apiKey: KEYS.read, fetch: endpoint.fetch });
      await client.boards.list();
      await client.boards.list();
      return client.boards.list();
    },
  },
  {
    code: 'internal_error',
    run: async (open) => {
      const storage = breakableStorage();
      const board = createFeedbackBoard({ storage, clock: frozenClock(), logger: silentLogger });
      await board.loadFixture(FIXTURE);
      const endpoint = await open(board);
      const client = createClient({ baseUrl: endpoint.baseUrl, apiKey: KEYS.read, fetch: endpoint.fetch });
      await client.boards.list(); // the key is now cached, so the failure comes from the operation
      storage.failing = true;
      return client.boards.get('features');
    },
  },
  {
    code: 'service_unavailable',
    run: async (open) => {
      const storage = breakableStorage(
        () => new FeedbackBoardError('service_unavailable', 'The service is unavailable: its storage cannot be used'),
      );
      const board = createFeedbackBoard({ storage, clock: frozenClock(), logger: silentLogger });
      await board.loadFixture(FIXTURE);
      const endpoint = await open(board);
      const client = createClient({ baseUrl: endpoint.baseUrl, apiKey: KEYS.read, fetch: endpoint.fetch });
      await client.boards.list();
      storage.failing = true;
      return client.boards.get('features');
    },
    // The server says when to come back (docs/errors-scopes-limits.md), and the client passes it on.
    retryAfter: 5,
  },
];

it('the cases cover every error code the service has', () => {
  expect(cases.map((c) => c.code).sort()).toEqual(Object.keys(ERROR_STATUS).sort());
});

describe.each(transports)('errors $name', (transport) => {
  const opened: Endpoint[] = [];
  const open = async (served: Served) => {
    const endpoint = await transport.open(served);
    opened.push(endpoint);
    return endpoint;
  };
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((e) => e.close()));
  });

  it.each(cases)('$code arrives as a FeedbackBoardError with its status', async (c) => {
    const error = await rejection(c.run(open));
    expect(error).toBeInstanceOf(FeedbackBoardError);
    const e = error as FeedbackBoardError;
    expect(e.code).toBe(c.code);
    expect(e.status).toBe(ERROR_STATUS[c.code]);
    expect(e.name).toBe('FeedbackBoardError');
    expect(e.message.length).toBeGreaterThan(0);
    if (c.details) expect(e.details).toEqual(c.details);
    if (c.code !== 'validation_error') expect(e.details).toBeUndefined();
    expect(e.retryAfter).toBe(c.retryAfter);
  });

  it('an error answer that is not the envelope becomes http_error with the status received', async () => {
    const endpoint = await open({
      fetch: async () => new Response('<h1>Bad gateway</h1>', { status: 502, statusText: 'Bad Gateway', headers: { 'content-type': 'text/html', 'retry-after': '7' } }),
    });
    const error = await rejection(createClient({ baseUrl: endpoint.baseUrl, apiKey: 'k', fetch: endpoint.fetch }).boards.list());
    expect(error).toMatchObject({ name: 'FeedbackBoardError', code: 'http_error', status: 502, retryAfter: 7, message: 'HTTP 502 Bad Gateway' });
    expect(isFeedbackBoardError(error)).toBe(true);
    // Without a reason phrase (HTTP/2 sends none), the status alone.
    const bare = await rejection(createClient({ baseUrl: 'http://svc', apiKey: 'k', fetch: async () => new Response('<h1>Bad gateway</h1>', { status: 502 }) }).boards.list());
    expect(bare).toMatchObject({ code: 'http_error', status: 502, message: 'HTTP 502' });
  });

  it('a success whose body is not JSON becomes http_error', async () => {
    const endpoint = await open({ fetch: async () => new Response('OK', { status: 200 }) });
    await expect(createClient({ baseUrl: endpoint.baseUrl, apiKey: 'k', fetch: endpoint.fetch }).boards.list()).rejects.toMatchObject({
      code: 'http_error',
      status: 200,
      message: 'HTTP 200: the body is not JSON',
    });
  });
});

describe('failures before an answer', () => {
  it('a refused connection is network_error with status 0 and the cause kept', async () => {
    const { board } = await makeBoard();
    const endpoint = await transports[1]!.open(board);
    await endpoint.close(); // nothing listens on that port any more
    const error = await rejection(createClient({ baseUrl: endpoint.baseUrl, apiKey: KEYS.read }).boards.list());
    expect(error).toMatchObject({ code: 'network_error', status: 0 });
    expect((error as Error).cause).toBeInstanceOf(TypeError);
  });

  it('a fetch that throws is network_error', async () => {
    const client = createClient({ baseUrl: 'http://x', apiKey: 'k', fetch: () => Promise.reject(new TypeError('fetch failed')) });
    await expect(client.webhooks.list()).rejects.toMatchObject({ code: 'network_error', status: 0, message: 'GET http://x/api/v1/webhooks failed: fetch failed' });
  });

  it('a refused connection names the request and the cause, without the query', async () => {
    const cause = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' });
    const client = createClient({ baseUrl: 'http://127.0.0.1:9/', apiKey: 'k', fetch: () => Promise.reject(new TypeError('fetch failed', { cause })) });
    await expect(client.posts.list('features', { sort: 'top' })).rejects.toMatchObject({
      code: 'network_error',
      message: 'GET http://127.0.0.1:9/api/v1/boards/features/posts failed: fetch failed (connect ECONNREFUSED 127.0.0.1:9)',
    });
  });

  it('a base URL ending in /api/v1 gets the route error with the address to give instead', async () => {
    const { board } = await makeBoard();
    const endpoint = await transports[1]!.open(board);
    try {
      for (const baseUrl of [`${endpoint.baseUrl}/api/v1`, `${endpoint.baseUrl}/api/v1/`]) {
        const error = await rejection(createClient({ baseUrl, apiKey: KEYS.read }).boards.list());
        expect(error).toMatchObject({
          code: 'not_found',
          status: 404,
          message: `No such route (the client adds /api/v1 to its baseUrl, which already ends in it: give ${endpoint.baseUrl} instead)`,
        });
      }
      // Without the doubled prefix, a missing route says only what the server said.
      const plain = await rejection(createClient({ baseUrl: endpoint.baseUrl, apiKey: KEYS.read }).boards.get('nope'));
      expect((plain as Error).message).not.toMatch(/baseUrl/);
    } finally {
      await endpoint.close();
    }
  });

  it('isFeedbackBoardError recognizes a copy from another package instance by shape', () => {
    const foreign = Object.assign(new Error('x'), { name: 'FeedbackBoardError', code: 'not_found' });
    expect(isFeedbackBoardError(foreign)).toBe(true);
    expect(isFeedbackBoardError(new Error('x'))).toBe(false);
  });
});
