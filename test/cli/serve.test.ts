import { afterEach, describe, expect, it } from 'vitest';
import { call, startServe, waitForLine, workDir, type Server } from '../helpers/cli.js';
import { KEYS, sampleFixture } from '../helpers/fixture.js';

let running: Server[] = [];
let dirs: Array<ReturnType<typeof workDir>> = [];
afterEach(async () => {
  for (const s of running) if (s.child.exitCode === null) await s.stop();
  for (const d of dirs) d.remove();
  running = [];
  dirs = [];
});

async function serve(args: string[], fixture?: unknown) {
  const dir = workDir();
  dirs.push(dir);
  const withFixture = fixture === undefined ? args : [...args, '--fixture', dir.write('fixture.json', fixture)];
  const server = await startServe(['--port', '0', ...withFixture], dir.dir);
  running.push(server);
  return server;
}

describe('feedback-board serve', () => {
  it('prints exactly "listening on http://HOST:PORT" first, serves the fixture over real HTTP, and exits 0 on SIGTERM', async () => {
    const server = await serve([], sampleFixture());
    expect(server.firstLine).toMatch(/^listening on http:\/\/127\.0\.0\.1:[1-9][0-9]*$/);
    const boards = await call(server.api, 'GET', '/boards', KEYS.acmeRead);
    expect(boards.status).toBe(200);
    expect(boards.headers.get('content-type')).toMatch(/^application\/json/);
    expect(boards.headers.get('ratelimit-policy')).toBe('"default";q=120;w=60');
    expect(boards.json.boards.map((b: { slug: string }) => b.slug)).toEqual(['features', 'drafts']);
    const post = await call(server.api, 'POST', '/boards/features/posts', KEYS.acmeWrite, { title: 'Over HTTP' });
    expect(post.status).toBe(201);
    expect((await call(server.api, 'GET', `/boards/features/posts/${post.json.id}`, KEYS.acmeRead)).json.title).toBe('Over HTTP');
    const unauthorized = await call(server.api, 'GET', '/boards', null);
    expect(unauthorized.status).toBe(401);
    expect(unauthorized.headers.get('www-authenticate')).toBe('Bearer realm="feedback-board"');
    expect(await server.stop()).toBe(0);
  });

  it('without a fixture, creates demo data and prints a write key and a propose key that work', async () => {
    const server = await serve([]);
    const write = (await waitForLine(server, /^write key:\s+(fbk_[0-9A-Za-z]{32,})$/))[1]!;
    const propose = (await waitForLine(server, /^propose key:\s+(fbk_[0-9A-Za-z]{32,})$/))[1]!;
    const boards = await call(server.api, 'GET', '/boards', write);
    expect(boards.status).toBe(200);
    const slug = boards.json.boards[0].slug;
    const posts = await call(server.api, 'GET', `/boards/${slug}/posts`, propose);
    expect(posts.json.total).toBeGreaterThan(0);
    const id = posts.json.posts[0].id;
    // The write key decides, the propose key only suggests.
    const proposed = await call(server.api, 'POST', `/boards/${slug}/posts/${id}/propose-status`, propose, { status: 'declined' });
    expect(proposed.status).toBe(200);
    expect((await call(server.api, 'PATCH', `/boards/${slug}/posts/${id}`, propose, { status: 'declined' })).status).toBe(403);
    expect((await call(server.api, 'PATCH', `/boards/${slug}/posts/${id}`, write, { status: 'declined' })).json.status).toBe('declined');
    expect(await server.stop()).toBe(0);
  });

  it('--rate-limit 3 takes effect; --rate-limit off removes the limit', async () => {
    const limited = await serve(['--rate-limit', '3'], sampleFixture());
    for (let i = 0; i < 3; i++) {
      const r = await call(limited.api, 'GET', '/boards', KEYS.acmeRead);
      expect(r.status).toBe(200);
      expect(r.headers.get('ratelimit-policy')).toBe('"default";q=3;w=60');
    }
    const refused = await call(limited.api, 'GET', '/boards', KEYS.acmeRead);
    expect(refused.status).toBe(429);
    expect(refused.json.error.code).toBe('rate_limited');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect((await call(limited.api, 'GET', '/boards', KEYS.acmeWrite)).status).toBe(200);

    const off = await serve(['--rate-limit', 'off'], sampleFixture());
    const replies = await Promise.all(Array.from({ length: 150 }, () => call(off.api, 'GET', '/webhooks', KEYS.acmeRead)));
    expect(replies.every((r) => r.status === 200 && r.headers.get('ratelimit') === null)).toBe(true);
  });

  it('--agent-publishing allows publishing; without it publish is 403 publish_disabled', async () => {
    const plain = await serve([], sampleFixture());
    const refused = await call(plain.api, 'POST', '/boards/drafts/publish', KEYS.acmeWrite);
    expect(refused.status).toBe(403);
    expect(refused.json.error.code).toBe('publish_disabled');
    const publishing = await serve(['--agent-publishing'], sampleFixture());
    const published = await call(publishing.api, 'POST', '/boards/drafts/publish', KEYS.acmeWrite);
    expect(published.status).toBe(200);
    expect(published.json.published).toBe(true);
  });
});
