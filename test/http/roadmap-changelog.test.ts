import { describe, expect, it } from 'vitest';
import { createHarness } from '../helpers/harness.js';

const titles = (r: { json: { posts: Array<{ title: string }> } }) => r.json.posts.map((p) => p.title);

async function board() {
  const h = await createHarness();
  await h.makeBoard();
  const ids: Record<string, number> = {};
  const add = async (title: string, status: string, votes = 0) => {
    const post = await h.makePost('features', { title, status });
    ids[title] = post.id;
    await h.addVotes(post.id, votes);
  };
  await add('shipped-a', 'shipped', 1);
  await add('open-1', 'open', 1);
  await add('declined', 'declined', 50);
  await add('planned-3', 'planned', 3);
  await add('open-5', 'open', 5);
  await add('progress', 'in_progress', 0);
  await add('open-1b', 'open', 1);
  await add('hidden-open', 'open', 99);
  await add('planned-3b', 'planned', 3);
  await h.board.dashboard.posts.hide(ids['hidden-open']!);
  return { ...h, ids };
}

const ROADMAP = ['open-5', 'open-1', 'open-1b', 'planned-3', 'planned-3b', 'progress', 'shipped-a'];

describe('roadmap', () => {
  it('lists non-hidden open, planned, in_progress, shipped posts in that order, then votes desc, then id asc', async () => {
    const h = await board();
    const r = await h.req('GET', '/boards/features/roadmap', { key: h.a.keys.read });
    expect(r.status).toBe(200);
    expect(titles(r)).toEqual(ROADMAP);
    expect(r.json.total).toBe(7);
    expect(Object.keys(r.json.posts[0])).not.toContain('queue_rank');
  });

  it('pages with limit and offset; total counts everything before paging', async () => {
    const h = await board();
    const page = await h.req('GET', '/boards/features/roadmap?limit=3&offset=2');
    expect(titles(page)).toEqual(ROADMAP.slice(2, 5));
    expect(page.json.total).toBe(7);
    expect((await h.req('GET', '/boards/features/roadmap?offset=7')).json).toEqual({ posts: [], total: 7 });
    for (let i = 0; i < 100; i++) await h.makePost('features', { title: `bulk ${i}` });
    expect((await h.req('GET', '/boards/features/roadmap')).json.posts).toHaveLength(100);
    expect((await h.req('GET', '/boards/features/roadmap?limit=500')).json.posts).toHaveLength(107);
  });

  it('follows hiding and status changes', async () => {
    const h = await board();
    await h.board.dashboard.posts.unhide(h.ids['hidden-open']!);
    await h.req('PATCH', `/boards/features/posts/${h.ids['open-5']}`, { body: { status: 'declined' } });
    expect(titles(await h.req('GET', '/boards/features/roadmap'))).toEqual([
      'hidden-open', 'open-1', 'open-1b', 'planned-3', 'planned-3b', 'progress', 'shipped-a',
    ]);
  });
});

describe('changelog', () => {
  it('lists non-hidden shipped posts by shipped_at desc, then id desc, with limit and offset', async () => {
    const h = await board();
    h.clock.advance(60_000);
    const ship = (title: string) => h.req('PATCH', `/boards/features/posts/${h.ids[title]}`, { body: { status: 'shipped' } });
    await ship('open-1');
    await ship('planned-3');
    h.clock.advance(60_000);
    await ship('progress');
    await ship('hidden-open');
    const r = await h.req('GET', '/boards/features/changelog', { key: h.a.keys.read });
    expect(r.status).toBe(200);
    expect(titles(r)).toEqual(['progress', 'planned-3', 'open-1', 'shipped-a']);
    expect(r.json.total).toBe(4);
    expect(r.json.posts.map((p: { shipped_at: string }) => p.shipped_at)).toEqual(
      [...r.json.posts.map((p: { shipped_at: string }) => p.shipped_at)].sort().reverse(),
    );
    const page = await h.req('GET', '/boards/features/changelog?limit=2&offset=1');
    expect(titles(page)).toEqual(['planned-3', 'open-1']);
    expect(page.json.total).toBe(4);
    // Un-shipping takes a post out of the changelog.
    await h.req('PATCH', `/boards/features/posts/${h.ids['progress']}`, { body: { status: 'in_progress' } });
    expect(titles(await h.req('GET', '/boards/features/changelog'))).toEqual(['planned-3', 'open-1', 'shipped-a']);
  });

  it('is empty for a board with nothing shipped', async () => {
    const h = await createHarness();
    await h.makeBoard();
    await h.makePost('features', { title: 'x' });
    expect((await h.req('GET', '/boards/features/changelog')).json).toEqual({ posts: [], total: 0 });
  });
});
