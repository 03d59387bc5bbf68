/** listen(): the same mock (state, history, faults, clock) over real HTTP. */
import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/client/index.js';
import { createMockServer, type ListeningMockServer, type MockServer } from '../../mock-server/index.js';
import { FIXTURE, KEYS, makeMock } from './helpers.js';

describe('listen()', () => {
  let mock: MockServer;
  let server: ListeningMockServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('serves the same board over HTTP as in-process', async () => {
    mock = makeMock();
    server = await mock.listen();
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const overHttp = createClient({ baseUrl: server.url, apiKey: KEYS.write });
    const created = await overHttp.posts.create('features', { title: 'Over HTTP' });
    const inProcess = mock.client(KEYS.write);
    expect(await inProcess.posts.get('features', created.id)).toEqual(created);
    expect(await overHttp.posts.list('features')).toEqual(await inProcess.posts.list('features'));
    expect(mock.calls({ method: 'POST' })).toMatchObject([{ operation: 'createPost', status: 201, body: { title: 'Over HTTP' } }]);
  });

  it('applies faults over HTTP, with the Retry-After header on the wire', async () => {
    mock = makeMock();
    server = await mock.listen();
    mock.fail('listBoards', { status: 429, code: 'rate_limited', retryAfter: 3, times: 1 });
    const response = await fetch(`${server.url}/api/v1/boards`, { headers: { 'x-api-key': KEYS.read } });
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('3');
    expect(await response.json()).toEqual({ error: { code: 'rate_limited', message: 'Injected fault' } });
    const client = createClient({ baseUrl: server.url, apiKey: KEYS.read });
    await expect(client.boards.list()).resolves.toHaveProperty('boards');
  });

  it('runs on the mock clock over HTTP too', async () => {
    mock = makeMock();
    server = await mock.listen();
    const agent = createClient({ baseUrl: server.url, apiKey: KEYS.propose });
    await agent.agent.claim('features', 2, { ttl_seconds: 30 });
    mock.clock.advance(30_000);
    expect((await agent.posts.get('features', 2)).claim).toBeNull();
  });

  it('gives a URL that includes the base path, when the base URL has one', async () => {
    mock = createMockServer({ fixture: FIXTURE, baseUrl: 'http://feedback.test/tools/board' });
    server = await mock.listen();
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/tools\/board$/);
    const client = createClient({ baseUrl: server.url, apiKey: KEYS.read });
    expect((await client.boards.get('features')).slug).toBe('features');
  });

  it('close() of the mock stops its HTTP servers', async () => {
    mock = makeMock();
    const running = await mock.listen();
    await mock.close();
    await expect(fetch(`${running.url}/api/v1/boards`)).rejects.toThrow(TypeError);
  });
});
