import { describe, expect, it } from 'vitest';
import { createHarness, T0 } from '../helpers/harness.js';

const QUEUE_ITEM_FIELDS = ['claim', 'id', 'queue_rank', 'status', 'title', 'vote_count'];

async function queueBoard() {
  const h = await createHarness();
  await h.makeBoard();
  const ids: Record<string, number> = {};
  const add = async (title: string, status: string, votes = 0, queue_rank?: number) => {
    const post = await h.makePost('features', { title, status });
    if (queue_rank !== undefined) await h.req('PATCH', `/boards/features/posts/${post.id}`, { body: { queue_rank } });
    if (votes) await h.addVotes(post.id, votes);
    ids[title] = post.id;
  };
  await add('planned-few', 'planned', 1);
  h.clock.advance(1000);
  await add('planned-many', 'planned', 4);
  await add('planned-many-later', 'planned', 4);
  h.clock.advance(1000);
  await add('planned-many-latest', 'planned', 4);
  await add('rank-2-open', 'open', 0, 2);
  await add('rank-1-progress', 'in_progress', 0, 1);
  await add('rank-2-planned', 'planned', 0, 2);
  await add('open-unranked', 'open', 9);
  await add('progress-unranked', 'in_progress', 9);
  await add('shipped-ranked', 'shipped', 0, 0);
  await add('declined-ranked', 'declined', 0, 0);
  await add('hidden-ranked', 'planned', 0, 0);
  // Created last but dated earliest: created_at, not id, decides among equal votes.
  h.clock.set(T0 - 3_600_000);
  await add('planned-many-backdated', 'planned', 4);
  h.clock.set(T0 + 10_000);
  await h.board.dashboard.posts.hide(ids['hidden-ranked']!);
  return { ...h, ids };
}

const ORDER = ['rank-1-progress', 'rank-2-open', 'rank-2-planned', 'planned-many-backdated', 'planned-many', 'planned-many-later', 'planned-many-latest', 'planned-few'];

describe('agent queue', () => {
  it('ranks first by queue_rank then id, then unranked planned by votes desc, created_at asc, id asc', async () => {
    const h = await queueBoard();
    const r = await h.req('GET', '/boards/features/queue', { key: h.a.keys.read });
    expect(r.status).toBe(200);
    expect(r.json.posts.map((p: { title: string }) => p.title)).toEqual(ORDER);
    expect(r.json.total).toBe(8);
    for (const item of r.json.posts) expect(Object.keys(item).sort()).toEqual(QUEUE_ITEM_FIELDS);
    expect(r.json.posts[0]).toEqual({ id: h.ids['rank-1-progress'], title: 'rank-1-progress', status: 'in_progress', queue_rank: 1, vote_count: 0, claim: null });
  });

  it('defaults limit to 10, pages with limit, and total counts every eligible post', async () => {
    const h = await queueBoard();
    for (let i = 0; i < 5; i++) await h.makePost('features', { title: `more-${i}`, status: 'planned' });
    const all = await h.req('GET', '/boards/features/queue');
    expect(all.json.posts).toHaveLength(10);
    expect(all.json.total).toBe(13);
    const two = await h.req('GET', '/boards/features/queue?limit=2');
    expect(two.json.posts.map((p: { title: string }) => p.title)).toEqual(ORDER.slice(0, 2));
    expect(two.json.total).toBe(13);
  });

  it('hides posts under another key’s live claim; the caller’s own claims stay, with claim filled in', async () => {
    const h = await queueBoard();
    const mine = h.ids['rank-1-progress']!;
    const theirs = h.ids['rank-2-open']!;
    await h.req('POST', `/boards/features/posts/${mine}/claim`, { key: h.a.keys.propose, body: { agent_label: 'me', ttl_seconds: 60 } });
    await h.req('POST', `/boards/features/posts/${theirs}/claim`, { key: h.a.keys.write, body: { ttl_seconds: 60 } });
    const r = await h.req('GET', '/boards/features/queue', { key: h.a.keys.propose });
    expect(r.json.posts.map((p: { title: string }) => p.title)).toEqual(ORDER.filter((t) => t !== 'rank-2-open'));
    expect(r.json.total).toBe(7);
    expect(r.json.posts[0].claim).toEqual({
      post_id: mine, agent_label: 'me', claimed_at: new Date(h.clock.now()).toISOString(), expires_at: new Date(h.clock.now() + 60_000).toISOString(),
    });
    // A third key sees neither claimed post.
    const read = await h.req('GET', '/boards/features/queue', { key: h.a.keys.read });
    expect(read.json.total).toBe(6);
    // Once the claims expire, both are back for everyone, unclaimed.
    h.clock.advance(60_000);
    const later = await h.req('GET', '/boards/features/queue', { key: h.a.keys.read });
    expect(later.json.posts.map((p: { title: string }) => p.title)).toEqual(ORDER);
    expect(later.json.posts.every((p: { claim: unknown }) => p.claim === null)).toBe(true);
  });

  it('follows status and rank changes: shipping removes a post, un-ranking a non-planned one removes it', async () => {
    const h = await queueBoard();
    await h.req('PATCH', `/boards/features/posts/${h.ids['rank-1-progress']}`, { body: { status: 'shipped' } });
    await h.req('PATCH', `/boards/features/posts/${h.ids['rank-2-open']}`, { body: { queue_rank: null } });
    await h.req('PATCH', `/boards/features/posts/${h.ids['rank-2-planned']}`, { body: { queue_rank: null } });
    await h.board.dashboard.posts.unhide(h.ids['hidden-ranked']!);
    const r = await h.req('GET', '/boards/features/queue');
    expect(r.json.posts.map((p: { title: string }) => p.title)).toEqual([
      'hidden-ranked', 'planned-many-backdated', 'planned-many', 'planned-many-later', 'planned-many-latest', 'planned-few', 'rank-2-planned',
    ]);
  });
});
