/**
 * Time limits and cancellation: `timeoutMs` turns a slow answer into code `timeout`, and an
 * aborted signal rejects with the caller's own reason, also with a fetch that ignores signals.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createClient, isFeedbackBoardError } from '../../src/client/index.js';
import { listen, type RunningServer } from '../../src/node/listen.js';
import { rejection } from './helpers.js';

/** Never answers, and ignores the request's signal (like an in-process handler stuck on a lock). */
const hanging = (seen?: Request[]) => (request: Request) => {
  seen?.push(request);
  return new Promise<Response>(() => undefined);
};

describe('timeouts', () => {
  it('a call with no answer within timeoutMs fails with code timeout and status 0', async () => {
    const client = createClient({ baseUrl: 'http://svc', apiKey: 'k', fetch: hanging(), timeoutMs: 30 });
    const started = Date.now();
    const error = await rejection(client.boards.list());
    expect(error).toMatchObject({ name: 'FeedbackBoardError', code: 'timeout', status: 0, message: 'No answer within 30 ms' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
  });

  it('covers reading the body, not only the headers', async () => {
    const endless = new ReadableStream<Uint8Array>({ start: (c) => c.enqueue(new TextEncoder().encode('{"boards":')) });
    const client = createClient({ baseUrl: 'http://svc', apiKey: 'k', fetch: async () => new Response(endless), timeoutMs: 30 });
    await expect(client.boards.list()).rejects.toMatchObject({ code: 'timeout' });
  });

  it('aborts the request it handed to fetch, so a real fetch can drop the connection', async () => {
    const seen: Request[] = [];
    const client = createClient({ baseUrl: 'http://svc', apiKey: 'k', fetch: hanging(seen), timeoutMs: 20 });
    await rejection(client.boards.list());
    expect(seen[0]!.signal.aborted).toBe(true);
  });

  it('a per-call timeoutMs overrides the client one', async () => {
    const slow = async () => {
      await new Promise((r) => setTimeout(r, 60));
      return new Response('{"boards":[]}', { status: 200 });
    };
    const client = createClient({ baseUrl: 'http://svc', apiKey: 'k', fetch: slow, timeoutMs: 10 });
    await expect(client.boards.list({ timeoutMs: 1000 })).resolves.toEqual({ boards: [] });
    await expect(client.boards.list()).rejects.toMatchObject({ code: 'timeout' });
  });

  it('without timeoutMs there is no time limit', async () => {
    const slow = async () => {
      await new Promise((r) => setTimeout(r, 40));
      return new Response('{"boards":[]}');
    };
    await expect(createClient({ baseUrl: 'http://svc', apiKey: 'k', fetch: slow }).boards.list()).resolves.toEqual({ boards: [] });
  });
});

describe('abort', () => {
  it('an already aborted signal rejects with its reason and sends nothing', async () => {
    const seen: Request[] = [];
    const client = createClient({ baseUrl: 'http://svc', apiKey: 'k', fetch: hanging(seen) });
    const error = await rejection(client.boards.list({ signal: AbortSignal.abort() }));
    expect(error).toBeInstanceOf(DOMException);
    expect((error as DOMException).name).toBe('AbortError');
    expect(seen).toHaveLength(0);
  });

  it('aborting during a call rejects with the AbortError, even when fetch ignores the signal', async () => {
    const client = createClient({ baseUrl: 'http://svc', apiKey: 'k', fetch: hanging(), timeoutMs: 5000 });
    const controller = new AbortController();
    const call = client.posts.get('features', 1, { signal: controller.signal });
    setTimeout(() => controller.abort(), 10);
    const error = await rejection(call);
    expect((error as Error).name).toBe('AbortError');
    expect(isFeedbackBoardError(error)).toBe(false);
  });

  it("propagates the caller's own reason", async () => {
    const client = createClient({ baseUrl: 'http://svc', apiKey: 'k', fetch: hanging() });
    const controller = new AbortController();
    const reason = new Error('user navigated away');
    const call = client.boards.list({ signal: controller.signal });
    controller.abort(reason);
    expect(await rejection(call)).toBe(reason);
  });
});

describe('over real HTTP', () => {
  let server: RunningServer | undefined;
  afterEach(async () => {
    server?.server.closeAllConnections();
    await server?.close();
  });

  const slowServer = async (ms: number) => {
    server = await listen(async () => {
      await new Promise((r) => setTimeout(r, ms));
      return new Response('{"boards":[]}', { headers: { 'content-type': 'application/json' } });
    });
    return server.url;
  };

  it('times out against a slow server', async () => {
    const client = createClient({ baseUrl: await slowServer(300), apiKey: 'k', timeoutMs: 30 });
    await expect(client.boards.list()).rejects.toMatchObject({ code: 'timeout', status: 0 });
  });

  it('aborts against a slow server with an AbortError', async () => {
    const client = createClient({ baseUrl: await slowServer(300), apiKey: 'k' });
    const error = await rejection(client.boards.list({ signal: AbortSignal.timeout(20) }));
    expect((error as DOMException).name).toBe('TimeoutError'); // AbortSignal.timeout's own reason
    expect(isFeedbackBoardError(error)).toBe(false);
  });

  it('answers in time when the server is fast enough', async () => {
    const client = createClient({ baseUrl: await slowServer(5), apiKey: 'k', timeoutMs: 2000 });
    await expect(client.boards.list()).resolves.toEqual({ boards: [] });
  });
});
