/**
 * Pinning posts: a `team` operation (pin, unpin) that the `write` scope cannot reach, and
 * `pinned_first=true` on a board's list, whose pages are the pinned posts that pass the filters,
 * then the others, each in the sort's order: every page of every sort, filter and size equals the
 * same slice of that order computed from the whole list, on memory and on SQLite.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSqliteStorage } from '../../adapters/sqlite/index.js';
import { createHarness } from '../helpers/harness.js';
import { snapshot } from '../helpers/state.js';

const dir = mkdtempSync(join(tmpdir(), 'fb-pins-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Post = { id: number; pinned: boolean; status: string; title: string };

async function world(store: 'memory' | 'sqlite') {
  const storage = store === 'sqlite' ? { storage: createSqliteStorage({ path: join(dir, `${Math.random()}.db`) }) } : {};
  const h = await createHarness({ ...storage, http: { rateLimit: false } });
  await h.makeBoard('features');
  const posts: Post[] = [];
  for (let i = 0; i < 14; i++) {
    const post = await h.makePost('features', { title: i % 3 === 0 ? `Dark mode ${i}` : `Idea ${i}`, status: i % 2 === 0 ? 'open' : 'planned' });
    posts.push(post as Post);
    h.clock.advance(1000);
  }
  await h.addVotes(posts[3]!.id, 2);
  await h.addVotes(posts[8]!.id, 1);
  for (const index of [2, 3, 9, 12]) {
    const r = await h.req('POST', `/boards/features/posts/${posts[index]!.id}/pin`, { key: h.a.keys.team });
    expect([r.status, r.json.pinned]).toEqual([200, true]);
  }
  return { h, posts };
}

describe.each(['memory', 'sqlite'] as const)('pinned posts (%s)', (store) => {
  it('lists pinned posts first on every page of every sort, filter and page size', async () => {
    const { h } = await world(store);
    for (const filter of ['', '&status=open', '&q=dark']) {
      for (const sort of ['new', 'top']) {
        const whole = (await h.req('GET', `/boards/features/posts?sort=${sort}&limit=100${filter}`)).json as { posts: Post[]; total: number };
        const expected = [...whole.posts.filter((p) => p.pinned), ...whole.posts.filter((p) => !p.pinned)].map((p) => p.id);
        expect(whole.posts.some((p) => p.pinned)).toBe(true);
        for (const limit of [1, 3, 5, 100]) {
          for (let offset = 0; offset <= whole.total; offset += 1) {
            const response = await h.req('GET', `/boards/features/posts?sort=${sort}&pinned_first=true&limit=${limit}&offset=${offset}${filter}`);
            expect(response.status, response.text).toBe(200);
            const page = response.json;
            expect([filter, sort, limit, offset, page.posts.map((p: Post) => p.id), page.total]).toEqual([
              filter, sort, limit, offset, expected.slice(offset, offset + limit), whole.total,
            ]);
          }
        }
      }
    }
  }, 60_000);

  it('unpins, refuses the write scope and another organization, and changes nothing then', async () => {
    const { h, posts } = await world(store);
    const id = posts[2]!.id;
    const before = await snapshot(h.board);
    for (const [method, key, status, code] of [
      ['POST', h.a.keys.write, 403, 'insufficient_scope'],
      ['DELETE', h.a.keys.write, 403, 'insufficient_scope'],
      ['POST', h.b.keys.team, 404, 'not_found'],
    ] as const) {
      const r = await h.req(method, `/boards/features/posts/${id}/pin`, { key });
      expect([method, r.status, r.json.error.code]).toEqual([method, status, code]);
    }
    expect((await h.req('POST', '/boards/features/posts/999/pin', { key: h.a.keys.team })).status).toBe(404);
    expect(await snapshot(h.board)).toEqual(before);
    const r = await h.req('DELETE', `/boards/features/posts/${id}/pin`, { key: h.a.keys.team });
    expect([r.status, r.json.pinned]).toEqual([200, false]);
    const again = await h.req('DELETE', `/boards/features/posts/${id}/pin`, { key: h.a.keys.team });
    expect([again.status, again.json.pinned]).toEqual([200, false]);
    const first = (await h.req('GET', '/boards/features/posts?pinned_first=true&limit=3')).json.posts.map((p: Post) => p.id);
    expect(first).not.toContain(id);
    expect((await h.req('GET', '/boards/features/posts?pinned_first=yes')).status).toBe(422);
  });
});
