/** The history of requests: what was asked, which operation, what was answered, and filters. */
import { describe, expect, it } from 'vitest';
import { KEYS, makeMock, request } from './helpers.js';

describe('calls()', () => {
  it('records method, path, query, body, operation, status and time', async () => {
    const mock = makeMock();
    const client = mock.client(KEYS.write);
    await client.posts.list('features', { status: 'planned', limit: 2 });
    mock.clock.advance(1000);
    await client.posts.create('features', { title: 'From the test', tags: ['UI'] });
    expect(mock.calls()).toEqual([
      {
        method: 'GET',
        url: 'http://feedback-board.test/api/v1/boards/features/posts?status=planned&limit=2',
        path: '/api/v1/boards/features/posts',
        query: { status: 'planned', limit: '2' },
        body: undefined,
        operation: 'listPosts',
        status: 200,
        faulted: false,
        at: '2026-11-20T12:00:00.000Z',
      },
      {
        method: 'POST',
        url: 'http://feedback-board.test/api/v1/boards/features/posts',
        path: '/api/v1/boards/features/posts',
        query: {},
        body: { title: 'From the test', tags: ['UI'] },
        operation: 'createPost',
        status: 201,
        faulted: false,
        at: '2026-11-20T12:00:01.000Z',
      },
    ]);
  });

  it('filters by operation name, by fields, or by a predicate', async () => {
    const mock = makeMock();
    const agent = mock.client(KEYS.propose);
    const other = mock.client(KEYS.otherAgent);
    await agent.agent.claim('features', 1);
    await other.agent.claim('features', 1).catch(() => undefined);
    await agent.agent.claim('features', 1);
    await agent.posts.get('features', 1);

    expect(mock.calls('claimPost').map((c) => c.status)).toEqual([201, 409, 200]);
    expect(mock.calls({ operation: 'claimPost', status: 409 })).toHaveLength(1);
    expect(mock.calls({ method: 'get' }).map((c) => c.operation)).toEqual(['getPost']);
    expect(mock.calls({ path: '/api/v1/boards/features/posts/1' })).toHaveLength(1);
    expect(mock.calls((c) => (c.status ?? 0) >= 400)).toHaveLength(1);
    expect(mock.calls('deletePost')).toEqual([]);
  });

  it('names no operation for an unknown route or a wrong method', async () => {
    const mock = makeMock();
    await request(mock.fetch, `${mock.baseUrl}/api/v1/nope`, KEYS.read);
    await request(mock.fetch, `${mock.baseUrl}/api/v1/boards`, KEYS.read, { method: 'PUT' });
    expect(mock.calls().map((c) => [c.operation, c.status])).toEqual([[null, 404], [null, 405]]);
    expect(mock.calls({ operation: null })).toHaveLength(2);
  });

  it('upper-cases methods and keeps a body that is not JSON as text', async () => {
    const mock = makeMock();
    const url = `${mock.baseUrl}/api/v1/boards/features/posts/1`;
    const patched = await request(mock.fetch, url, KEYS.write, {
      method: 'patch',
      body: JSON.stringify({ pinned: true }),
      headers: { 'content-type': 'application/json' },
    });
    expect(patched.status).toBe(200);
    await request(mock.fetch, url, KEYS.write, { method: 'PATCH', body: 'pinned=true', headers: { 'content-type': 'text/plain' } });
    expect(mock.calls().map((c) => [c.method, c.operation, c.body, c.status])).toEqual([
      ['PATCH', 'updatePost', { pinned: true }, 200],
      ['PATCH', 'updatePost', 'pinned=true', 415],
    ]);
  });

  it('returns copies, and clearCalls() empties it', async () => {
    const mock = makeMock();
    await mock.client(KEYS.read).boards.list();
    const [call] = mock.calls();
    call!.status = 999;
    call!.query['x'] = 'y';
    expect(mock.calls()[0]).toMatchObject({ status: 200, query: {} });
    mock.clearCalls();
    expect(mock.calls()).toEqual([]);
  });
});
