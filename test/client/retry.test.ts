/**
 * The client's opt-in retry: none by default; 429s wait for Retry-After (injected sleep), a
 * bounded number of times; network errors and 5xx are retried only when asked and only for GET.
 */
import { describe, expect, it } from 'vitest';
import { createClient, type RetryOptions } from '../../src/client/index.js';
import { KEYS, makeBoard, rejection } from './helpers.js';

type Scripted = Response | Error;

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
const limited = (retryAfter?: string) =>
  json(429, { error: { code: 'rate_limited', message: 'Too many requests' } }, retryAfter ? { 'retry-after': retryAfter } : {});
const down = () => json(503, { error: { code: 'unavailable', message: 'Down for maintenance' } });
const ok = () => json(200, { boards: [] });

/** A fetch that answers from a script (the last entry repeats) and counts the requests. */
function scripted(...script: Scripted[]) {
  const requests: string[] = [];
  const fetch = async (request: Request) => {
    requests.push(request.method);
    const next = script[Math.min(requests.length - 1, script.length - 1)]!;
    if (next instanceof Error) throw next;
    return next.clone();
  };
  return { fetch, requests };
}

function clientWith(fetch: (r: Request) => Promise<Response>, retry?: RetryOptions) {
  const sleeps: number[] = [];
  const sleep = async (ms: number) => void sleeps.push(ms);
  const client = createClient({ baseUrl: 'http://svc', apiKey: 'k', fetch, ...(retry ? { retry: { sleep, ...retry } } : {}) });
  return { client, sleeps };
}

describe('without retry options', () => {
  it('a 429 is thrown at once, with retryAfter', async () => {
    const s = scripted(limited('3'), ok());
    const error = await rejection(clientWith(s.fetch).client.boards.list());
    expect(error).toMatchObject({ code: 'rate_limited', status: 429, retryAfter: 3 });
    expect(s.requests).toHaveLength(1);
  });

  it('a 5xx and a network error are thrown at once', async () => {
    const s = scripted(down(), new TypeError('socket hang up'), ok());
    const { client } = clientWith(s.fetch);
    await expect(client.boards.list()).rejects.toMatchObject({ code: 'unavailable', status: 503 });
    await expect(client.boards.list()).rejects.toMatchObject({ code: 'network_error' });
    expect(s.requests).toHaveLength(2);
  });
});

describe('429', () => {
  it('waits for Retry-After and then returns the answer', async () => {
    const s = scripted(limited('2'), limited('1'), ok());
    const { client, sleeps } = clientWith(s.fetch, {});
    expect(await client.boards.list()).toEqual({ boards: [] });
    expect(sleeps).toEqual([2000, 1000]);
    expect(s.requests).toHaveLength(3);
  });

  it('reads an HTTP-date Retry-After', async () => {
    const at = new Date(Date.now() + 5000).toUTCString();
    const s = scripted(limited(at), ok());
    const { client, sleeps } = clientWith(s.fetch, {});
    await client.boards.list();
    expect(sleeps).toHaveLength(1);
    expect(sleeps[0]).toBeGreaterThanOrEqual(3000);
    expect(sleeps[0]).toBeLessThanOrEqual(6000);
  });

  it('is retried for every method (a 429 means nothing was done)', async () => {
    const s = scripted(limited('1'), json(201, { id: 1 }));
    const { client } = clientWith(s.fetch, {});
    await expect(client.boards.create({ slug: 'x', name: 'X' })).resolves.toEqual({ id: 1 });
    expect(s.requests).toEqual(['POST', 'POST']);
  });

  it('is bounded: after `retries` retries the last 429 is thrown', async () => {
    const s = scripted(limited('1'));
    const { client, sleeps } = clientWith(s.fetch, { retries: 2 });
    await expect(client.boards.list()).rejects.toMatchObject({ code: 'rate_limited', retryAfter: 1 });
    expect(s.requests).toHaveLength(3);
    expect(sleeps).toEqual([1000, 1000]);
  });

  it('retries 3 times by default', async () => {
    const s = scripted(limited('1'));
    await rejection(clientWith(s.fetch, {}).client.boards.list());
    expect(s.requests).toHaveLength(4);
  });

  it('is not retried when Retry-After asks for longer than maxDelayMs', async () => {
    const s = scripted(limited('120'), ok());
    const { client, sleeps } = clientWith(s.fetch, { maxDelayMs: 60_000 });
    await expect(client.boards.list()).rejects.toMatchObject({ code: 'rate_limited', retryAfter: 120 });
    expect(sleeps).toEqual([]);
  });

  it('without Retry-After, backs off exponentially from baseDelayMs', async () => {
    const s = scripted(limited(), limited(), limited(), ok());
    const { client, sleeps } = clientWith(s.fetch, { baseDelayMs: 100 });
    await client.boards.list();
    expect(sleeps).toEqual([100, 200, 400]);
  });

  it('is not retried with retryOn429: false', async () => {
    const s = scripted(limited('1'), ok());
    await expect(clientWith(s.fetch, { retryOn429: false }).client.boards.list()).rejects.toMatchObject({ status: 429 });
    expect(s.requests).toHaveLength(1);
  });

  it("honours a real board's limiter: the retry succeeds once the window has moved", async () => {
    const { board, clock } = await makeBoard({ http: { rateLimit: { limit: 1, windowMs: 10_000 } } });
    const sleeps: number[] = [];
    const sleep = async (ms: number) => {
      sleeps.push(ms);
      clock.advance(ms); // the board's clock moves as the client waits
    };
    const client = createClient({ baseUrl: 'http://b', apiKey: KEYS.read, fetch: board.fetch, retry: { sleep } });
    await client.boards.list();
    expect((await client.boards.get('features')).slug).toBe('features');
    expect(sleeps).toEqual([10_000]);
  });
});

describe('5xx and network errors, only when asked and only for GET', () => {
  it('retries a GET answered 5xx with retryServerErrors, backing off', async () => {
    const s = scripted(down(), down(), ok());
    const { client, sleeps } = clientWith(s.fetch, { retryServerErrors: true });
    expect(await client.boards.list()).toEqual({ boards: [] });
    expect(sleeps).toEqual([250, 500]);
  });

  it('does not retry a 5xx without retryServerErrors, nor a POST with it', async () => {
    const a = scripted(down(), ok());
    await expect(clientWith(a.fetch, { retryNetworkErrors: true }).client.boards.list()).rejects.toMatchObject({ status: 503 });
    expect(a.requests).toHaveLength(1);
    const b = scripted(down(), ok());
    await expect(clientWith(b.fetch, { retryServerErrors: true }).client.posts.create('f', { title: 't' })).rejects.toMatchObject({ status: 503 });
    expect(b.requests).toEqual(['POST']);
  });

  it('retries a GET that failed on the network with retryNetworkErrors, bounded by retries', async () => {
    const s = scripted(new TypeError('ECONNRESET'));
    const { client, sleeps } = clientWith(s.fetch, { retryNetworkErrors: true, retries: 2, maxDelayMs: 300 });
    await expect(client.webhooks.list()).rejects.toMatchObject({ code: 'network_error' });
    expect(s.requests).toHaveLength(3);
    expect(sleeps).toEqual([250, 300]);
  });

  it('does not retry network errors of other methods, nor GETs without retryNetworkErrors', async () => {
    const a = scripted(new TypeError('ECONNRESET'), new Response(null, { status: 204 }));
    await expect(clientWith(a.fetch, { retryNetworkErrors: true }).client.posts.delete('f', 1)).rejects.toMatchObject({ code: 'network_error' });
    expect(a.requests).toEqual(['DELETE']);
    const b = scripted(new TypeError('ECONNRESET'), ok());
    await expect(clientWith(b.fetch, { retryServerErrors: true }).client.boards.list()).rejects.toMatchObject({ code: 'network_error' });
    expect(b.requests).toHaveLength(1);
  });

  it('does not retry 4xx answers other than 429', async () => {
    const s = scripted(json(404, { error: { code: 'not_found', message: 'No such board' } }), ok());
    await expect(
      clientWith(s.fetch, { retryServerErrors: true, retryNetworkErrors: true }).client.boards.get('x'),
    ).rejects.toMatchObject({ code: 'not_found' });
    expect(s.requests).toHaveLength(1);
  });

  it('retries a timed-out GET as a network error', async () => {
    let n = 0;
    const fetch = (request: Request) => (++n === 1 ? new Promise<Response>(() => undefined) : Promise.resolve(ok()));
    const client = createClient({ baseUrl: 'http://svc', apiKey: 'k', fetch, timeoutMs: 20, retry: { retryNetworkErrors: true, sleep: async () => undefined } });
    expect(await client.boards.list()).toEqual({ boards: [] });
    expect(n).toBe(2);
  });
});

describe('abort while waiting', () => {
  it('the default sleep stops when the signal aborts, and the call rejects with its reason', async () => {
    const s = scripted(limited('30'), ok());
    const client = createClient({ baseUrl: 'http://svc', apiKey: 'k', fetch: s.fetch, retry: {} });
    const controller = new AbortController();
    const call = client.boards.list({ signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    const error = await rejection(call);
    expect(error).toBeInstanceOf(DOMException);
    expect((error as DOMException).name).toBe('AbortError');
    expect(s.requests).toHaveLength(1);
  });
});
