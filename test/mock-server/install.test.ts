/**
 * install()/uninstall(): `globalThis.fetch` reaches the mock for the base URL only, every other
 * URL reaches the fetch that was global before, and uninstall() puts that very function back.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createClient } from '../../src/client/index.js';
import { createMockServer, type MockServer } from '../../mock-server/index.js';
import { listen, type RunningServer } from '../../src/node/listen.js';
import { FIXTURE, KEYS, makeMock } from './helpers.js';

const realFetch = globalThis.fetch;
const auth = { authorization: `Bearer ${KEYS.write}` };

describe('install()', () => {
  let mock: MockServer;
  let other: RunningServer;

  beforeEach(async () => {
    mock = makeMock();
    other = await listen(async (request) => new Response(`real server saw ${new URL(request.url).pathname}`));
  });
  afterEach(async () => {
    mock.uninstall();
    globalThis.fetch = realFetch;
    await other.close();
  });

  it('serves the base URL through globalThis.fetch, with every way of calling fetch', async () => {
    mock.install();
    const base = 'http://feedback-board.test/api/v1';
    expect((await fetch(`${base}/boards`, { headers: auth })).status).toBe(200);
    expect((await fetch(new URL(`${base}/boards/features`), { headers: auth })).status).toBe(200);
    const created = await fetch(
      new Request(`${base}/boards/features/posts`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: '{"title":"Via Request"}' }),
    );
    expect(created.status).toBe(201);
    const patched = await fetch(`${base}/boards/features/posts/1`, {
      method: 'PATCH',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ pinned: true }),
    });
    expect(await patched.json()).toMatchObject({ id: 1, pinned: true });
    expect(mock.calls().map((c) => `${c.method} ${c.operation} ${c.status}`)).toEqual([
      'GET listBoards 200',
      'GET getBoard 200',
      'POST createPost 201',
      'PATCH updatePost 200',
    ]);
    expect(mock.calls('createPost')[0]!.body).toEqual({ title: 'Via Request' });
  });

  it('leaves every other URL to the real fetch', async () => {
    mock.install();
    const response = await fetch(`${other.url}/elsewhere`);
    expect(await response.text()).toBe('real server saw /elsewhere');
    expect(mock.calls()).toEqual([]);
  });

  it('passes other URLs, look-alike hosts included, to the fetch that was global at install time', async () => {
    const previous = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => new Response('from the previous fetch'));
    globalThis.fetch = previous;
    mock.install();
    const init = { headers: { 'x-test': '1' } };
    for (const url of ['https://example.com/api/v1/boards', 'http://feedback-board.test.evil.example/api/v1/boards', 'http://feedback-board.testing/x']) {
      expect(await (await fetch(url, init)).text()).toBe('from the previous fetch');
    }
    expect(previous.mock.calls.map((c) => c[0])).toEqual([
      'https://example.com/api/v1/boards',
      'http://feedback-board.test.evil.example/api/v1/boards',
      'http://feedback-board.testing/x',
    ]);
    expect(previous.mock.calls[0]![1]).toBe(init);
    mock.uninstall();
    expect(globalThis.fetch).toBe(previous);
  });

  it('uninstall() restores globalThis.fetch exactly, and twice is harmless', async () => {
    mock.install();
    expect(globalThis.fetch).not.toBe(realFetch);
    mock.install(); // no second layer
    mock.uninstall();
    expect(globalThis.fetch).toBe(realFetch);
    mock.uninstall();
    expect(globalThis.fetch).toBe(realFetch);
    await expect(fetch('http://feedback-board.test/api/v1/boards')).rejects.toThrow(TypeError); // no such host any more
  });

  it('a client using the global fetch, created before install(), reaches the mock', async () => {
    const client = createClient({ baseUrl: 'http://feedback-board.test', apiKey: KEYS.read });
    mock.install();
    expect((await client.boards.list()).boards.map((b) => b.slug)).toEqual(['features', 'drafts']);
  });

  it('an aborted fetch rejects with an AbortError', async () => {
    mock.install();
    mock.delay('*', 300);
    const call = fetch('http://feedback-board.test/api/v1/boards', { headers: auth, signal: AbortSignal.abort() });
    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('with a base URL that has a path, only URLs below that path are routed', async () => {
    const prefixed = createMockServer({ fixture: FIXTURE, baseUrl: 'https://api.example.com/feedback/' });
    expect(prefixed.baseUrl).toBe('https://api.example.com/feedback');
    const previous = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => new Response('passed through'));
    globalThis.fetch = previous;
    prefixed.install();
    try {
      const client = createClient({ baseUrl: 'https://api.example.com/feedback', apiKey: KEYS.read });
      expect((await client.boards.get('features')).name).toBe('Features');
      expect(prefixed.calls()[0]!.path).toBe('/api/v1/boards/features');
      expect(await (await fetch('https://api.example.com/feedbackx/api/v1/boards')).text()).toBe('passed through');
      expect(await (await fetch('https://api.example.com/api/v1/boards')).text()).toBe('passed through');
    } finally {
      prefixed.uninstall();
    }
    expect(globalThis.fetch).toBe(previous);
  });
});
