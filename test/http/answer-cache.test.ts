/**
 * The answer cache: one post and pages of posts served again from their JSON while the storage's
 * change version stays the same. Every test here asserts what a client sees: a cached answer is
 * never one that a write has made stale, whichever way the write came (API, in-process calls, a
 * write committed while the answer was being built), and never another organization's.
 */
import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../../adapters/memory/index.js';
import { AnswerCache } from '../../src/http/answer-cache.js';
import { createWebhookDispatcher } from '../../src/webhooks/dispatcher.js';
import type { Scope } from '../../src/domain/records.js';
import type { Storage } from '../../src/storage/contract.js';
import { createHarness } from '../helpers/harness.js';

/** The memory storage, counting the transactions each mode opens. */
function countingStorage(options: { version?: boolean } = {}) {
  const inner = createMemoryStorage();
  const opened = { read: 0, write: 0 };
  let afterRead: (() => Promise<void>) | null = null;
  const storage: Storage = {
    async transaction(mode, fn) {
      opened[mode] += 1;
      const result = await inner.transaction(mode, fn);
      // A write of another request that commits right after this read, before the answer is kept.
      if (mode === 'read' && afterRead !== null) {
        const write = afterRead;
        afterRead = null;
        await write();
      }
      return result;
    },
    close: () => inner.close(),
    ...(options.version === false ? {} : { changeVersion: () => inner.changeVersion!() }),
  };
  return { storage, opened, inner, writeAfterNextRead: (write: () => Promise<void>) => void (afterRead = write) };
}

async function postHarness(options: Parameters<typeof countingStorage>[0] = {}, http: { answerCache?: boolean } = {}) {
  const counting = countingStorage(options);
  const h = await createHarness({ storage: counting.storage, http: { rateLimit: false, ...http } });
  await h.makeBoard();
  const post = await h.makePost('features', { title: 'Dark mode', body: 'Please', tags: ['UI'] });
  return { ...h, ...counting, post, path: `/boards/features/posts/${post.id}` };
}

describe('answer cache', () => {
  it('serves the same post again without a read of the storage, byte for byte', async () => {
    const h = await postHarness();
    // Asked once, a path is remembered; asked again, its answer is kept; from then on served.
    const first = await h.req('GET', h.path);
    await h.req('GET', h.path);
    const reads = h.opened.read;
    const again = await h.req('GET', h.path);
    expect(again.status).toBe(200);
    expect(again.text).toBe(first.text);
    expect(again.headers.get('content-type')).toBe(first.headers.get('content-type'));
    expect(h.opened.read).toBe(reads);
    // A page of posts too, under its own query.
    const page = await h.req('GET', '/boards/features/posts?sort=top&limit=10');
    await h.req('GET', '/boards/features/posts?sort=top&limit=10');
    const reads2 = h.opened.read;
    expect((await h.req('GET', '/boards/features/posts?sort=top&limit=10')).text).toBe(page.text);
    expect(h.opened.read).toBe(reads2);
    expect((await h.req('GET', '/boards/features/posts?sort=new&limit=10')).status).toBe(200);
    expect(h.opened.read).toBe(reads2 + 1);
  });

  it('answers anew after every kind of write: API, in-process calls, votes', async () => {
    const h = await postHarness();
    for (let i = 0; i < 2; i++) {
      await h.req('GET', h.path);
      await h.req('GET', '/boards/features/posts');
    }
    expect((await h.req('PATCH', h.path, { body: { title: 'Night mode' } })).status).toBe(200);
    expect((await h.req('GET', h.path)).json.title).toBe('Night mode');
    expect((await h.req('GET', '/boards/features/posts')).json.posts[0].title).toBe('Night mode');

    await h.addVotes(h.post.id, 2);
    expect((await h.req('GET', h.path)).json.vote_count).toBe(2);
    expect((await h.req('GET', '/boards/features/posts')).json.posts[0].vote_count).toBe(2);

    await h.req('POST', `${h.path}/evidence`, { body: { kind: 'pr', ref: 'https://git.example/pr/7', label: 'PR #7' } });
    expect((await h.req('GET', h.path)).json.implementation_evidence).toHaveLength(1);

    await h.req('DELETE', h.path);
    expect((await h.req('GET', h.path)).status).toBe(404);
    expect((await h.req('GET', '/boards/features/posts')).json.posts).toEqual([]);
  });

  it('keeps its answers across the polls of a webhook dispatcher that find nothing due', async () => {
    const h = await postHarness();
    await h.req('GET', h.path);
    const first = await h.req('GET', h.path);
    const dispatcher = createWebhookDispatcher({ storage: h.storage, logger: { error: () => undefined } });
    const writes = h.opened.write;
    // Each empty poll is a write transaction that changes nothing.
    for (let i = 0; i < 3; i++) expect(await dispatcher.deliverDue()).toMatchObject({ attempted: 0 });
    expect(h.opened.write).toBeGreaterThan(writes);
    const reads = h.opened.read;
    expect((await h.req('GET', h.path)).text).toBe(first.text);
    expect(h.opened.read).toBe(reads);
    // A write that changes a row still makes the next answer anew.
    expect((await h.req('PATCH', h.path, { body: { title: 'Night mode' } })).status).toBe(200);
    expect((await h.req('GET', h.path)).json.title).toBe('Night mode');
    expect(h.opened.read).toBeGreaterThan(reads);
  });

  it('never keeps an answer when a write commits between its version and its reads', async () => {
    const h = await postHarness();
    await h.req('GET', h.path);
    await h.req('GET', '/boards/features/posts?limit=1');
    // The write lands after the read that builds this answer, and another request then sees the
    // new version. Were the version read after the answer is built, the answer would be kept
    // under the new version with the old title.
    const api = await h.board.api(h.a.keys.write);
    h.writeAfterNextRead(async () => {
      await api.posts.update('features', h.post.id, { title: 'Renamed meanwhile' });
      expect((await h.req('GET', '/boards/features/posts?limit=1')).json.posts[0].title).toBe('Renamed meanwhile');
    });
    expect((await h.req('GET', h.path)).json.title).toBe('Dark mode');
    expect((await h.req('GET', h.path)).json.title).toBe('Renamed meanwhile');
  });

  it('keeps no post whose claim is live: the claim shows until it expires, then is gone', async () => {
    const h = await postHarness();
    const claim = await h.req('POST', `${h.path}/claim`, { body: { ttl_seconds: 60 } });
    expect(claim.status).toBe(201);
    expect((await h.req('GET', h.path)).json.claim).toEqual(claim.json);
    expect((await h.req('GET', h.path)).json.claim).toEqual(claim.json);
    const reads = h.opened.read;
    expect((await h.req('GET', h.path)).json.claim).toEqual(claim.json);
    expect(h.opened.read).toBe(reads + 1);
    h.clock.advance(61_000);
    expect((await h.req('GET', h.path)).json.claim).toBeNull();
  });

  it('serves no organization the answer kept for another', async () => {
    const h = await postHarness();
    for (let i = 0; i < 3; i++) {
      expect((await h.req('GET', h.path)).status).toBe(200);
      expect((await h.req('GET', '/boards/features/posts')).json.posts).toHaveLength(1);
    }
    // Both paths are kept for the first organization, and asked again: the other is looked up.
    const other = await h.req('GET', h.path, { key: h.b.keys.write });
    expect(other.status).toBe(404);
    expect(other.json.error.code).toBe('not_found');
    // The same slug in the other organization is its own board.
    await h.makeBoard('features', h.b.keys.write);
    for (let i = 0; i < 2; i++) expect((await h.req('GET', '/boards/features/posts', { key: h.b.keys.write })).json.posts).toEqual([]);
    expect((await h.req('GET', '/boards/features/posts')).json.posts).toHaveLength(1);
  });

  it('checks the key before the cache: a wrong key is 401 on a path whose answer is kept', async () => {
    const h = await postHarness();
    for (let i = 0; i < 3; i++) await h.req('GET', h.path);
    expect((await h.req('GET', h.path, { key: 'fbk_not-a-key-00000000' })).status).toBe(401);
  });

  it('is off with answerCache: false, and for a storage without changeVersion', async () => {
    for (const h of [await postHarness({}, { answerCache: false }), await postHarness({ version: false })]) {
      const reads = h.opened.read;
      for (let i = 0; i < 4; i++) await h.req('GET', h.path);
      expect(h.opened.read).toBe(reads + 4);
    }
  });
});

describe('AnswerCache', () => {
  const caller = (organizationId: number, scope: Scope) => ({ organizationId, scope, apiKeyId: 1 });
  const storage = { changeVersion: async () => 'v' };
  const keep = (cache: AnswerCache, key: string, version: string, json = `{"k":"${key}"}`) =>
    cache.set('listPosts', key, version, {}, json);

  it('serves an answer only under the version it was built under, and keeps none built under an older one than the latest seen', () => {
    const cache = new AnswerCache(storage);
    expect(cache.get('a', '1')).toBeUndefined();
    keep(cache, 'a', '1');
    expect(cache.get('a', '1')).toBe('{"k":"a"}');
    expect(cache.get('a', '2')).toBeUndefined();
    // Built under version 1 by a request that read it before another saw version 2.
    keep(cache, 'b', '1');
    expect(cache.get('b', '1')).toBeUndefined();
    expect(cache.get('b', '2')).toBeUndefined();
    keep(cache, 'b', '2');
    expect(cache.get('b', '2')).toBe('{"k":"b"}');
  });

  it('reads the version only for a path asked before lately, and then serves it without building', async () => {
    let versions = 0;
    const cache = new AnswerCache({ changeVersion: async () => (versions++, 'v') });
    let builds = 0;
    const build = async () => (builds++, { status: 200, body: { posts: [] } });
    const ask = () => cache.answer('listPosts', caller(1, 'read'), { path: '/boards/b/posts', query: '' }, build);
    expect(await ask()).toEqual({ status: 200, body: { posts: [] } });
    expect([versions, builds]).toEqual([0, 1]);
    expect(await ask()).toEqual({ status: 200, body: { posts: [] }, json: '{"posts":[]}' });
    expect([versions, builds]).toEqual([1, 2]);
    expect(await ask()).toEqual({ status: 200, json: '{"posts":[]}' });
    expect([versions, builds]).toEqual([2, 2]);
    // Another organization or scope on the same path is asked again, but has its own answer.
    const globex = async () => (builds++, { status: 200, body: { posts: ['globex'] } });
    expect(await cache.answer('listPosts', caller(2, 'read'), { path: '/boards/b/posts', query: '' }, globex)).toEqual({ status: 200, body: { posts: ['globex'] }, json: '{"posts":["globex"]}' });
    expect(await cache.answer('listPosts', caller(2, 'read'), { path: '/boards/b/posts', query: '' }, globex)).toEqual({ status: 200, json: '{"posts":["globex"]}' });
    expect(await cache.answer('listPosts', caller(1, 'write'), { path: '/boards/b/posts', query: '' }, globex)).toMatchObject({ body: { posts: ['globex'] } });
    expect(await cache.answer('listPosts', caller(1, 'read'), { path: '/boards/b/posts', query: '' }, build)).toEqual({ status: 200, json: '{"posts":[]}' });
    expect([versions, builds]).toEqual([6, 4]);
    // Another query is another path, asked for the first time; an operation not cached is only built.
    await cache.answer('listPosts', caller(1, 'read'), { path: '/boards/b/posts', query: 'sort=new' }, build);
    expect(await cache.answer('getBoard', caller(1, 'read'), { path: '/boards/b', query: '' }, build)).toEqual({ status: 200, body: { posts: [] } });
    expect([versions, builds]).toEqual([6, 6]);
    // An error is never kept.
    const failing = new AnswerCache({ changeVersion: async () => 'v' });
    const notFound = async () => ({ status: 404, body: { error: 'x' } });
    for (let i = 0; i < 3; i++) expect(await failing.answer('getPost', caller(1, 'read'), { path: '/p', query: '' }, notFound)).toEqual({ status: 404, body: { error: 'x' } });
    expect(failing.size).toBe(0);
  });

  it('remembers as many new paths asked as it keeps answers, the oldest forgotten first', async () => {
    let versions = 0;
    const cache = new AnswerCache({ changeVersion: async () => (versions++, 'v') }, 3);
    const build = async () => ({ status: 200, body: {} });
    const ask = (path: string) => cache.answer('getPost', caller(1, 'read'), { path, query: '' }, build);
    for (let i = 0; i < 3; i++) await ask(`/p/${i}`);
    expect(versions).toBe(0);
    await ask('/p/0');
    expect(versions).toBe(1);
    await ask('/p/3'); // the fourth new path: /p/0 is forgotten
    await ask('/p/0');
    expect(versions).toBe(1);
    await ask('/p/0');
    expect(versions).toBe(2);
  });

  it('keeps at most its entries and its length, the least recently used going first', () => {
    const cache = new AnswerCache(storage, 3, 400);
    cache.get('x', 'v');
    for (const key of ['a', 'b', 'c']) keep(cache, key, 'v');
    expect(cache.get('a', 'v')).toBeDefined();
    keep(cache, 'd', 'v');
    expect(cache.size).toBe(3);
    expect(cache.get('b', 'v')).toBeUndefined();
    expect(cache.get('a', 'v')).toBeDefined();
    // Longer than a quarter of the whole length: not kept.
    keep(cache, 'long', 'v', 'x'.repeat(101));
    expect(cache.get('long', 'v')).toBeUndefined();
    keep(cache, 'e', 'v', 'y'.repeat(100));
    keep(cache, 'f', 'v', 'z'.repeat(100));
    keep(cache, 'g', 'v', 'w'.repeat(100));
    keep(cache, 'h', 'v', 'u'.repeat(100));
    expect(cache.size).toBe(3);
    expect(cache.get('e', 'v')).toBeUndefined();
    expect(cache.get('h', 'v')).toBe('u'.repeat(100));
  });

  it('keeps a post only while it has no live claim', () => {
    const cache = new AnswerCache(storage);
    cache.get('p', 'v');
    cache.set('getPost', 'p', 'v', { claim: { expires_at: 'later' } }, '{}');
    expect(cache.get('p', 'v')).toBeUndefined();
    cache.set('getPost', 'p', 'v', { claim: null }, '{}');
    expect(cache.get('p', 'v')).toBe('{}');
  });
});
