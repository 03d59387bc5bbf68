import { describe, expect, it } from 'vitest';
import { createHarness, T0, type Harness } from '../helpers/harness.js';

const titles = (r: { json: { posts: Array<{ title: string }> } }) => r.json.posts.map((p) => p.title);

/** Five posts with distinct times, votes and a shared creation instant for tie-breaks. */
async function seeded(): Promise<Harness & { ids: Record<string, number> }> {
  const h = await createHarness();
  await h.makeBoard();
  const ids: Record<string, number> = {};
  const add = async (title: string, body: Record<string, unknown>, votes: number) => {
    const post = await h.makePost('features', { title, ...body });
    ids[title] = post.id;
    await h.addVotes(post.id, votes);
  };
  await add('Alpha', { body: 'Export 100% of data', tags: ['UI'] }, 2);
  h.clock.advance(60_000);
  await add('Beta', { body: 'snake_case names', status: 'planned' }, 5);
  h.clock.advance(60_000);
  await add('Gamma', { body: 'plain text', tags: ['ui', 'Data'] }, 5);
  await add('Delta', { body: 'same instant as Gamma', status: 'planned' }, 0);
  h.clock.advance(60_000);
  await add('ÉCLAIR', { body: 'unicode title' }, 2);
  // Created last but dated first: created_at, not id, decides the order.
  h.clock.set(T0 - 3_600_000);
  await add('Omega', { body: 'backdated' }, 2);
  h.clock.set(T0 + 3_600_000);
  return Object.assign(h, { ids });
}

describe('list posts', () => {
  it('sorts new by default: created_at desc, then id desc', async () => {
    const h = await seeded();
    const r = await h.req('GET', '/boards/features/posts', { key: h.a.keys.read });
    expect(r.status).toBe(200);
    expect(titles(r)).toEqual(['ÉCLAIR', 'Delta', 'Gamma', 'Beta', 'Alpha', 'Omega']);
    expect(r.json.total).toBe(6);
    expect((await h.req('GET', '/boards/features/posts?sort=new')).json).toEqual(r.json);
  });

  it('sorts top: vote_count desc, then created_at desc, then id desc', async () => {
    const h = await seeded();
    const r = await h.req('GET', '/boards/features/posts?sort=top');
    expect(titles(r)).toEqual(['Gamma', 'Beta', 'ÉCLAIR', 'Alpha', 'Omega', 'Delta']);
    expect(r.json.posts.map((p: { vote_count: number }) => p.vote_count)).toEqual([5, 5, 2, 2, 2, 0]);
  });

  it('filters by one status', async () => {
    const h = await seeded();
    expect(titles(await h.req('GET', '/boards/features/posts?status=planned'))).toEqual(['Delta', 'Beta']);
    expect((await h.req('GET', '/boards/features/posts?status=shipped')).json).toEqual({ posts: [], total: 0 });
  });

  it('matches q case-insensitively in title or body, every character literal', async () => {
    const h = await seeded();
    const q = async (value: string) => titles(await h.req('GET', `/boards/features/posts?q=${encodeURIComponent(value)}`));
    expect(await q('EXPORT')).toEqual(['Alpha']);
    expect(await q('%')).toEqual(['Alpha']);
    expect(await q('0%')).toEqual(['Alpha']);
    expect(await q('_')).toEqual(['Beta']);
    expect(await q('e_c')).toEqual(['Beta']);
    expect(await q('a%d')).toEqual([]);
    expect(await q('é')).toEqual(['ÉCLAIR']);
    expect(await q('ÉcL')).toEqual(['ÉCLAIR']);
    expect(await q('gamma')).toEqual(['Delta', 'Gamma']);
    expect(await q('.*')).toEqual([]);
    expect(await q('')).toEqual(['ÉCLAIR', 'Delta', 'Gamma', 'Beta', 'Alpha', 'Omega']);
  });

  it('filters by tag slug or name, case-insensitively; an unknown tag matches nothing', async () => {
    const h = await seeded();
    expect(titles(await h.req('GET', '/boards/features/posts?tag=ui'))).toEqual(['Gamma', 'Alpha']);
    expect(titles(await h.req('GET', '/boards/features/posts?tag=UI'))).toEqual(['Gamma', 'Alpha']);
    expect(titles(await h.req('GET', '/boards/features/posts?tag=DATA'))).toEqual(['Gamma']);
    expect((await h.req('GET', '/boards/features/posts?tag=nope')).json).toEqual({ posts: [], total: 0 });
  });

  it('combines filters, then sorts and pages; total counts every match before paging', async () => {
    const h = await seeded();
    const r = await h.req('GET', '/boards/features/posts?tag=ui&q=t&sort=top');
    expect(titles(r)).toEqual(['Gamma', 'Alpha']);
    const page = await h.req('GET', '/boards/features/posts?limit=2&offset=1');
    expect(titles(page)).toEqual(['Delta', 'Gamma']);
    expect(page.json.total).toBe(6);
    const tail = await h.req('GET', '/boards/features/posts?limit=2&offset=5');
    expect(titles(tail)).toEqual(['Omega']);
    expect(tail.json.total).toBe(6);
    const past = await h.req('GET', '/boards/features/posts?offset=99');
    expect(past.json).toEqual({ posts: [], total: 6 });
    const filtered = await h.req('GET', '/boards/features/posts?status=planned&limit=1');
    expect(filtered.json.total).toBe(2);
    expect(filtered.json.posts).toHaveLength(1);
  });

  it('defaults limit to 100 and allows 500', async () => {
    const h = await createHarness();
    await h.makeBoard();
    for (let i = 0; i < 101; i++) await h.makePost('features', { title: `P${i}` });
    const r = await h.req('GET', '/boards/features/posts');
    expect(r.json.posts).toHaveLength(100);
    expect(r.json.total).toBe(101);
    expect((await h.req('GET', '/boards/features/posts?limit=500')).json.posts).toHaveLength(101);
  });

  it('lists hidden posts with hidden: true, in the list shape (no detail fields)', async () => {
    const h = await seeded();
    await h.board.dashboard.posts.hide(h.ids.Beta!);
    const r = await h.req('GET', '/boards/features/posts');
    expect(r.json.total).toBe(6);
    const beta = r.json.posts.find((p: { title: string }) => p.title === 'Beta');
    expect(beta.hidden).toBe(true);
    expect(r.json.posts.filter((p: { hidden: boolean }) => p.hidden)).toHaveLength(1);
    for (const field of ['queue_rank', 'implementation_evidence', 'claim', 'proposal']) expect(beta).not.toHaveProperty(field);
    expect(beta.tags).toEqual([]);
    const gamma = r.json.posts.find((p: { title: string }) => p.title === 'Gamma');
    expect(gamma.tags.map((t: { name: string }) => t.name)).toEqual(['UI', 'Data']);
  });
});
