/**
 * Fault injection: the next N calls of an operation, or every call, answer the given error (after
 * a delay if asked) or wait first; faulted calls change nothing.
 */
import { describe, expect, it } from 'vitest';
import { isFeedbackBoardError } from '../../src/client/index.js';
import { KEYS, makeMock, request } from './helpers.js';

describe('fail()', () => {
  it('answers the next `times` calls of one operation with the error, then lets them through', async () => {
    const mock = makeMock();
    mock.fail('getBoard', { status: 503, code: 'unavailable', message: 'Down for maintenance', times: 2 });
    const client = mock.client(KEYS.read);
    for (let i = 0; i < 2; i++) {
      await expect(client.boards.get('features')).rejects.toMatchObject({ status: 503, code: 'unavailable', message: 'Down for maintenance' });
    }
    expect((await client.boards.get('features')).slug).toBe('features');
    expect(mock.calls('getBoard').map((c) => [c.status, c.faulted])).toEqual([[503, true], [503, true], [200, false]]);
  });

  it('leaves other operations alone', async () => {
    const mock = makeMock();
    mock.fail('listPosts', { status: 500, code: 'internal_error' });
    const client = mock.client(KEYS.read);
    await expect(client.boards.list()).resolves.toHaveProperty('boards');
    await expect(client.posts.list('features')).rejects.toMatchObject({ code: 'internal_error' });
  });

  it("without `times`, answers every call until clearFaults()", async () => {
    const mock = makeMock();
    mock.fail('listWebhooks', { status: 502, code: 'bad_gateway' });
    const client = mock.client(KEYS.read);
    for (let i = 0; i < 5; i++) await expect(client.webhooks.list()).rejects.toMatchObject({ status: 502 });
    mock.clearFaults();
    await expect(client.webhooks.list()).resolves.toHaveProperty('webhooks');
  });

  it("'*' matches every call, unknown routes included", async () => {
    const mock = makeMock();
    mock.fail('*', { status: 500, code: 'internal_error', times: 3 });
    const client = mock.client(KEYS.read);
    await expect(client.boards.list()).rejects.toMatchObject({ status: 500 });
    await expect(client.posts.get('features', 1)).rejects.toMatchObject({ status: 500 });
    const unknown = await request(mock.fetch, `${mock.baseUrl}/api/v1/nothing-here`, KEYS.read);
    expect(unknown.status).toBe(500);
    await expect(client.boards.list()).resolves.toHaveProperty('boards');
  });

  it('a 429 carries Retry-After: 1 second by default, or the given one', async () => {
    const mock = makeMock();
    mock.fail('listBoards', { status: 429, code: 'rate_limited', times: 1 });
    mock.fail('listBoards', { status: 429, code: 'rate_limited', retryAfter: 7, times: 1 });
    mock.fail('listBoards', { status: 503, code: 'unavailable', times: 1 });
    const url = `${mock.baseUrl}/api/v1/boards`;
    const first = await request(mock.fetch, url, KEYS.read);
    const second = await request(mock.fetch, url, KEYS.read);
    const third = await request(mock.fetch, url, KEYS.read);
    expect([first.headers.get('retry-after'), second.headers.get('retry-after'), third.headers.get('retry-after')]).toEqual(['1', '7', null]);
    expect(await second.json()).toEqual({ error: { code: 'rate_limited', message: 'Injected fault' } });
    expect(second.headers.get('content-type')).toContain('application/json');
  });

  it('carries details when given, and the client rebuilds them', async () => {
    const mock = makeMock();
    const details = [{ path: 'title', message: 'must not be empty' }];
    mock.fail('createPost', { status: 422, code: 'validation_error', details, times: 1 });
    const error = await mock.client(KEYS.write).posts.create('features', { title: 'x' }).catch((e: unknown) => e);
    expect(isFeedbackBoardError(error) && error.details).toEqual(details);
  });

  it('a faulted call changes nothing and does not count toward the rate limit', async () => {
    const mock = makeMock({ rateLimit: { limit: 2 } });
    mock.fail('createPost', { status: 500, code: 'internal_error', times: 5 });
    const client = mock.client(KEYS.write);
    for (let i = 0; i < 5; i++) await expect(client.posts.create('features', { title: 'Lost' })).rejects.toMatchObject({ status: 500 });
    const { total } = await client.posts.list('features', { q: 'Lost' });
    expect(total).toBe(0);
    await expect(client.boards.list()).resolves.toHaveProperty('boards'); // second accepted request
  });

  it('applies faults first-registered first', async () => {
    const mock = makeMock();
    mock.fail('getBoard', { status: 500, code: 'first', times: 1 });
    mock.fail('*', { status: 500, code: 'second', times: 1 });
    const client = mock.client(KEYS.read);
    await expect(client.boards.get('features')).rejects.toMatchObject({ code: 'first' });
    await expect(client.boards.get('features')).rejects.toMatchObject({ code: 'second' });
  });

  it("a client with retry rides out an injected 429 after its Retry-After", async () => {
    const mock = makeMock();
    mock.fail('listPosts', { status: 429, code: 'rate_limited', retryAfter: 2, times: 2 });
    const sleeps: number[] = [];
    const client = mock.client(KEYS.read, { retry: { sleep: async (ms) => void sleeps.push(ms) } });
    expect((await client.posts.list('features')).total).toBe(7);
    expect(sleeps).toEqual([2000, 2000]);
    expect(mock.calls('listPosts').map((c) => c.status)).toEqual([429, 429, 200]);
  });

  it('refuses a count or status that makes no sense', () => {
    const mock = makeMock();
    expect(() => mock.fail('getBoard', { status: 500, code: 'x', times: 0 })).toThrow(RangeError);
    expect(() => mock.fail('getBoard', { status: 99, code: 'x' })).toThrow(RangeError);
    expect(() => mock.delay('getBoard', -5)).toThrow(RangeError);
  });
});

describe('delays', () => {
  it('fail() with delayMs waits before answering', async () => {
    const mock = makeMock();
    mock.fail('getPost', { status: 504, code: 'gateway_timeout', delayMs: 60, times: 1 });
    const started = performance.now();
    await expect(mock.client(KEYS.read).posts.get('features', 1)).rejects.toMatchObject({ status: 504 });
    expect(performance.now() - started).toBeGreaterThanOrEqual(55);
  });

  it('delay() waits, then the board answers normally', async () => {
    const mock = makeMock();
    mock.delay('getPost', 60, { times: 1 });
    const client = mock.client(KEYS.read);
    const started = performance.now();
    expect((await client.posts.get('features', 1)).title).toBe('Dark mode');
    expect(performance.now() - started).toBeGreaterThanOrEqual(55);
    await client.posts.get('features', 1);
    expect(mock.calls('getPost').map((c) => c.faulted)).toEqual([true, false]);
  });

  it("a delay longer than the client's timeoutMs is a timeout", async () => {
    const mock = makeMock();
    mock.delay('*', 200);
    await expect(mock.client(KEYS.read, { timeoutMs: 20 }).boards.list()).rejects.toMatchObject({ code: 'timeout', status: 0 });
  });

  it('an abort during a delay rejects the fetch with an AbortError', async () => {
    const mock = makeMock();
    mock.delay('*', 500);
    const call = request(mock.fetch, `${mock.baseUrl}/api/v1/boards`, KEYS.read, { signal: AbortSignal.timeout(20) });
    await expect(call).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(mock.calls()[0]!.status).toBeUndefined();
  });
});
