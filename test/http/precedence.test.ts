import { describe, expect, it } from 'vitest';
import { createHarness, send } from '../helpers/harness.js';
import { snapshot } from '../helpers/state.js';

const MiB = 1024 * 1024;
const huge = JSON.stringify({ title: 'x'.repeat(MiB) });

async function world() {
  const h = await createHarness({ http: { rateLimit: { limit: 1000 } } });
  await h.makeBoard();
  await h.makeBoard('theirs', h.b.keys.write);
  const post = await h.makePost('features', { title: 'Mine', status: 'planned' });
  const theirPost = await h.makePost('theirs', { title: 'Theirs' }, h.b.keys.write);
  const posts = `/boards/features/posts`;
  return { ...h, post, theirPost, posts, one: `${posts}/${post.id}` };
}

type World = Awaited<ReturnType<typeof world>>;

async function expectCode(h: World, r: Promise<{ status: number; json: any }>, status: number, code: string) {
  const before = await snapshot(h.board);
  const reply = await r;
  expect(reply.status).toBe(status);
  expect(reply.json.error.code).toBe(code);
  expect(await snapshot(h.board)).toEqual(before);
}

describe('error precedence (docs/errors-scopes-limits.md#errors)', () => {
  it('429 comes after 401 and before the route', async () => {
    const h = await createHarness({ http: { rateLimit: { limit: 2 } } });
    await h.req('GET', '/boards');
    await h.req('GET', '/boards');
    for (const [method, path] of [['GET', '/nope'], ['PUT', '/boards'], ['GET', '/boards/nope'], ['GET', '/boards']]) {
      const r = await h.req(method!, path!);
      expect(r.status).toBe(429);
      expect(r.json.error.code).toBe('rate_limited');
    }
    expect((await send(h.board.fetch, 'GET', '/nope', { key: 'not-a-key-0000' })).status).toBe(401);
  });

  it('404 for the board or post comes before 413, 415, 400, 403 and 422', async () => {
    const h = await world();
    const cases: Array<[string, string, Record<string, unknown>]> = [
      ['POST', '/boards/nope/posts', { raw: huge, headers: { 'content-type': 'application/json' } }],
      ['POST', '/boards/theirs/posts', { raw: 'hello', headers: { 'content-type': 'text/plain' } }],
      ['POST', `${h.posts}/${h.theirPost.id}/comments`, { raw: '{bad', headers: { 'content-type': 'application/json' } }],
      ['PATCH', `${h.posts}/9999`, { key: h.a.keys.read, body: { title: 'x' } }],
      ['PATCH', `/boards/theirs/posts/${h.theirPost.id}`, { key: h.a.keys.propose, body: { status: 'bogus' } }],
      ['POST', '/boards/theirs/publish', { key: h.a.keys.read }],
      ['GET', '/boards/theirs/posts?limit=0', {}],
      ['GET', '/boards/nope/queue?limit=1&limit=2', {}],
      ['POST', `${h.posts}/${h.theirPost.id}/claim`, { body: { ttl_seconds: 0 } }],
      ['POST', `${h.posts}/${h.theirPost.id}/propose-status`, { body: { status: 'open' } }],
    ];
    for (const [method, path, options] of cases) await expectCode(h, h.req(method, path, options), 404, 'not_found');
  });

  it('413 comes before 415 and 400; 415 before 400; 400 before 403', async () => {
    const h = await world();
    await expectCode(h, h.req('POST', h.posts, { raw: huge, headers: { 'content-type': 'text/plain' } }), 413, 'payload_too_large');
    await expectCode(h, h.req('POST', h.posts, { key: h.a.keys.read, raw: `{${'x'.repeat(MiB)}`, headers: { 'content-type': 'application/json' } }), 413, 'payload_too_large');
    await expectCode(h, h.req('POST', h.posts, { raw: '{bad', headers: { 'content-type': 'text/plain' } }), 415, 'unsupported_media_type');
    await expectCode(h, h.req('POST', h.posts, { key: h.a.keys.read, raw: '{"title": 5', headers: { 'content-type': 'application/json' } }), 400, 'invalid_json');
    await expectCode(h, h.req('PATCH', h.one, { key: h.a.keys.propose, raw: '[1]', headers: { 'content-type': 'application/json' } }), 400, 'invalid_json');
  });

  it('403 comes before 422 (insufficient_scope before publish_disabled), 422 before 409', async () => {
    const h = await world();
    await expectCode(h, h.req('POST', h.posts, { key: h.a.keys.read, body: { title: '', bogus: 1 } }), 403, 'insufficient_scope');
    await expectCode(h, h.req('POST', h.posts, { key: h.a.keys.propose, body: { title: '', status: 'planned' } }), 403, 'insufficient_scope');
    await expectCode(h, h.req('PATCH', h.one, { key: h.a.keys.propose, body: { status: 'nonsense' } }), 403, 'insufficient_scope');
    await expectCode(h, h.req('POST', '/boards', { key: h.a.keys.propose, body: { slug: 'features' } }), 403, 'insufficient_scope');
    await expectCode(h, h.req('POST', `${h.one}/claim`, { key: h.a.keys.read, body: { ttl_seconds: -5 } }), 403, 'insufficient_scope');
    await expectCode(h, h.req('POST', '/boards/features/publish', { key: h.a.keys.propose }), 403, 'insufficient_scope');
    await expectCode(h, h.req('POST', '/boards/features/publish'), 403, 'publish_disabled');
    // 422 before 409: a taken slug with an invalid name, a claimed post with a bad ttl.
    await expectCode(h, h.req('POST', '/boards', { body: { slug: 'features', name: '' } }), 422, 'validation_error');
    await h.req('POST', `${h.one}/claim`, { key: h.a.keys.propose });
    await expectCode(h, h.req('POST', `${h.one}/claim`, { key: h.a.keys.write, body: { ttl_seconds: 0 } }), 422, 'validation_error');
    await expectCode(h, h.req('POST', `${h.one}/claim`, { key: h.a.keys.write }), 409, 'claim_conflict');
    await expectCode(h, h.req('POST', '/boards', { body: { slug: 'features', name: 'ok' } }), 409, 'slug_taken');
  });

  it('operations that take no body ignore one, whatever its type or content', async () => {
    const h = await world();
    const garbage = { raw: '\u0000 not json', headers: { 'content-type': 'text/plain' } };
    expect((await h.req('POST', '/boards/features/unpublish', garbage)).status).toBe(200);
    expect((await h.req('DELETE', `${h.one}/claim`, { key: h.a.keys.propose, ...garbage })).status).toBe(204);
    expect((await h.req('POST', '/boards/features/publish', garbage)).json.error.code).toBe('publish_disabled');
    expect((await h.req('DELETE', h.one, garbage)).status).toBe(204);
  });

  it('never answers 5xx for any of these', async () => {
    const h = await world();
    const bodies = ['', '{}', '[]', 'null', '{"a":', '\u00ff', '{"title":"\\ud800"}', '{"__proto__":{"x":1}}', huge];
    const paths = ['/boards', h.posts, h.one, `${h.one}/claim`, `${h.one}/evidence`, `${h.one}/propose-status`, `${h.one}/comments`];
    for (const path of paths) {
      for (const method of ['POST', 'PATCH', 'PUT', 'DELETE']) {
        if (method === 'DELETE' && path === h.one) continue; // keep the post for the other paths
        for (const raw of bodies) {
          const r = await h.req(method, path, { raw, headers: { 'content-type': 'application/json' } });
          expect(r.status, `${method} ${path} ${raw.slice(0, 20)}`).toBeLessThan(500);
        }
      }
    }
  });
});
