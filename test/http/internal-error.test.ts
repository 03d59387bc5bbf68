import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../../adapters/memory/index.js';
import { createFeedbackBoard } from '../../src/board.js';
import type { Storage, StorageTx } from '../../src/storage/contract.js';
import { BASE, createHarness, send, testClock } from '../helpers/harness.js';

/** Memory storage whose methods named in `failing` reject while `broken` is set. */
function flakyStorage(failing: string[] = ['listBoards', 'listWebhooks']) {
  const inner = createMemoryStorage();
  const state = { broken: false };
  const storage: Storage = {
    transaction: (mode, fn) =>
      inner.transaction(mode, (tx) =>
        fn(new Proxy(tx, {
          get(target, name: keyof StorageTx) {
            if (state.broken && failing.includes(name)) {
              return () => Promise.reject(new Error('SQLITE_CORRUPT: table boards at /var/secret/path'));
            }
            return target[name];
          },
        })),
      ),
    close: () => inner.close(),
  };
  return { storage, state };
}

describe('unexpected errors', () => {
  it('answer 500 internal_error with the envelope; the cause is logged, never returned', async () => {
    const { storage, state } = flakyStorage();
    const logged: unknown[] = [];
    const board = createFeedbackBoard({ storage, clock: testClock(), logger: { error: (message, error) => logged.push([message, error]) } });
    const org = await board.dashboard.organizations.create({ name: 'Acme' });
    const { key } = await board.dashboard.apiKeys.create(org.id, { scope: 'read' });
    expect((await send(board.fetch, 'GET', `${BASE}/boards`, { key })).status).toBe(200);

    state.broken = true;
    for (const path of ['/boards', '/webhooks']) {
      const r = await send(board.fetch, 'GET', `${BASE}${path}`, { key });
      expect(r.status).toBe(500);
      expect(r.headers.get('content-type')).toMatch(/^application\/json/);
      expect(r.json).toEqual({ error: { code: 'internal_error', message: expect.any(String) } });
      expect(r.text).not.toMatch(/SQLITE|secret|corrupt|stack|at /i);
      // Authenticated, so the rate-limit headers are there as on every other answer.
      expect(r.headers.get('ratelimit-policy')).toBe('"default";q=120;w=60');
    }
    expect(logged).toHaveLength(2);
    expect(String((logged[0] as [string, Error])[1].message)).toContain('SQLITE_CORRUPT');

    state.broken = false;
    expect((await send(board.fetch, 'GET', `${BASE}/boards`, { key })).status).toBe(200);
  });

  it('a failing notifier never turns a committed change into an error; the failure is logged', async () => {
    const logged: string[] = [];
    const h = await createHarness({
      notifier: { notify: () => Promise.reject(new Error('smtp down')) },
      logger: { error: (message) => logged.push(message) },
    });
    await h.makeBoard();
    const post = await h.makePost('features', { title: 'x' });
    await h.addVotes(post.id, 2);
    const r = await h.req('PATCH', `/boards/features/posts/${post.id}`, { body: { status: 'shipped', notify_voters: true } });
    expect(r.status).toBe(200);
    expect(r.json.status).toBe('shipped');
    expect((await h.req('GET', `/boards/features/posts/${post.id}`)).json.status).toBe('shipped');
    expect(logged).toHaveLength(2);
  });

  it('a write that fails halfway is rolled back whole', async () => {
    const { storage, state } = flakyStorage(['setPostTags']);
    const board = createFeedbackBoard({ storage, clock: testClock(), logger: { error: () => undefined } });
    const org = await board.dashboard.organizations.create({ name: 'Acme' });
    const { key } = await board.dashboard.apiKeys.create(org.id, { scope: 'write' });
    await send(board.fetch, 'POST', `${BASE}/boards`, { key, body: { slug: 'features', name: 'F' } });
    const post = (await send(board.fetch, 'POST', `${BASE}/boards/features/posts`, { key, body: { title: 'x', tags: ['a'] } })).json;
    state.broken = true;
    // The title is written before the tags; the tag write fails.
    const r = await send(board.fetch, 'PATCH', `${BASE}/boards/features/posts/${post.id}`, { key, body: { title: 'changed', status: 'shipped', tags: ['b'] } });
    expect(r.status).toBe(500);
    state.broken = false;
    const after = (await send(board.fetch, 'GET', `${BASE}/boards/features/posts/${post.id}`, { key })).json;
    expect(after).toEqual(post);
  });
});
