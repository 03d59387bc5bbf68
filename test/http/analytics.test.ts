import { describe, expect, it } from 'vitest';
import { createHarness, T0 } from '../helpers/harness.js';

const ms = (iso: string) => Date.parse(iso);

/** See each step's comment: times relative to now = 2026-11-21T09:00Z. */
async function analyticsBoard() {
  const h = await createHarness();
  await h.makeBoard();
  const voters = await Promise.all([1, 2, 3, 4].map((i) => h.board.voters.register(h.a.id, { email: `v${i}@example.com` })));
  const [v1, v2, v3, v4] = voters.map((v) => v.id) as [number, number, number, number];
  const comment = (id: number, n: number) =>
    Promise.all(Array.from({ length: n }, (_, i) => h.req('POST', `/boards/features/posts/${id}/comments`, { body: { body: `c${i}` } })));

  h.clock.set(ms('2026-10-01T12:00:00Z')); // inside 90d only
  const oldShipped = await h.makePost('features', { title: 'old shipped', status: 'shipped' });
  h.clock.set(ms('2026-10-22T23:59:59.999Z')); // the last instant before the 30-day window
  const old = await h.makePost('features', { title: 'old open' });
  await h.board.voters.vote(v1, old.id);
  await comment(old.id, 1);
  h.clock.set(ms('2026-10-23T00:00:00Z')); // the first instant of the 30-day window
  const p1 = await h.makePost('features', { title: 'p1', status: 'planned' });
  await h.board.voters.vote(v2, p1.id);
  await h.board.voters.vote(v3, p1.id);
  await comment(p1.id, 4);
  h.clock.set(ms('2026-11-10T10:00:00Z'));
  const p3 = await h.makePost('features', { title: 'p3' });
  await h.board.voters.vote(v1, p3.id);
  await comment(p3.id, 3);
  await h.board.voters.vote(v4, old.id);
  const hidden = await h.makePost('features', { title: 'hidden', status: 'in_progress' });
  await h.addVotes(hidden.id, 5);
  await comment(hidden.id, 2);
  await h.board.dashboard.posts.hide(hidden.id);
  h.clock.set(ms('2026-11-15T00:00:00Z'));
  await h.req('PATCH', `/boards/features/posts/${p3.id}`, { body: { status: 'shipped' } });
  h.clock.set(ms('2026-11-21T08:00:00Z'));
  const p2 = await h.makePost('features', { title: 'p2', status: 'declined' });
  h.clock.set(T0);
  return { ...h, ids: { oldShipped: oldShipped.id, old: old.id, p1: p1.id, p2: p2.id, p3: p3.id } };
}

describe('analytics', () => {
  it('30d (default): totals, breakdown, daily series, top requests, velocity and engagement', async () => {
    const h = await analyticsBoard();
    const r = await h.req('GET', '/boards/features/analytics', { key: h.a.keys.read });
    expect(r.status).toBe(200);
    const a = r.json;
    expect(a.period).toBe('30d');
    expect(a.totals).toEqual({ posts: 3, votes: 4, comments: 7, voters: 4 });
    expect(a.status_breakdown).toEqual({ open: 1, planned: 1, in_progress: 0, shipped: 2, declined: 1 });
    expect(a.posts_over_time).toHaveLength(30);
    expect(a.votes_over_time).toHaveLength(30);
    expect(a.posts_over_time[0]).toEqual({ date: '2026-10-23', post_count: 1 });
    expect(a.posts_over_time[29]).toEqual({ date: '2026-11-21', post_count: 1 });
    const nonZero = (series: Array<{ date: string } & Record<string, unknown>>, field: string) =>
      Object.fromEntries(series.filter((e) => e[field] !== 0).map((e) => [e.date, e[field]]));
    expect(nonZero(a.posts_over_time, 'post_count')).toEqual({ '2026-10-23': 1, '2026-11-10': 1, '2026-11-21': 1 });
    expect(nonZero(a.votes_over_time, 'vote_count')).toEqual({ '2026-10-23': 2, '2026-11-10': 2 });
    const dates = a.posts_over_time.map((e: { date: string }) => e.date);
    expect(new Set(dates).size).toBe(30);
    expect([...dates].sort()).toEqual(dates);
    expect(a.votes_over_time.map((e: { date: string }) => e.date)).toEqual(dates);
    // Equal votes: older first.
    expect(a.top_requests).toEqual([
      { id: h.ids.old, title: 'old open', status: 'open', vote_count: 2, comment_count: 1, created_at: '2026-10-22T23:59:59.999Z', shipped_at: null },
      { id: h.ids.p1, title: 'p1', status: 'planned', vote_count: 2, comment_count: 4, created_at: '2026-10-23T00:00:00.000Z', shipped_at: null },
    ]);
    // One shipped in the window: 1 / (30 / 7) = 0.2333 → 0.23 per week, 1 per month.
    expect(a.ship_velocity).toEqual({ shipped_total: 2, shipped_per_week: 0.23, shipped_per_month: 1 });
    // Posts of the window: p1 (4 comments, votes), p3 (3, votes), p2 (0, none): 7 / 3 → 2.33; 2 of 3 → 66.7.
    expect(a.engagement).toEqual({ comments_per_post: 2.33, posts_with_votes_percent: 66.7 });
  });

  it('90d: exactly 90 days and the wider window', async () => {
    const h = await analyticsBoard();
    const a = (await h.req('GET', '/boards/features/analytics?period=90d')).json;
    expect(a.period).toBe('90d');
    expect(a.posts_over_time).toHaveLength(90);
    expect(a.votes_over_time).toHaveLength(90);
    expect(a.posts_over_time[0].date).toBe('2026-08-24');
    expect(a.posts_over_time[89].date).toBe('2026-11-21');
    expect(a.totals).toEqual({ posts: 5, votes: 5, comments: 8, voters: 4 });
    // Two shipped in the window: 2 / (90 / 7) = 0.1556 → 0.16; 2 / 3 → 0.67.
    expect(a.ship_velocity).toEqual({ shipped_total: 2, shipped_per_week: 0.16, shipped_per_month: 0.67 });
    // 8 comments on 5 posts → 1.6; 3 of 5 with votes → 60.
    expect(a.engagement).toEqual({ comments_per_post: 1.6, posts_with_votes_percent: 60 });
    const sum = (s: Array<Record<string, number>>, f: string) => s.reduce((n, e) => n + e[f]!, 0);
    expect(sum(a.posts_over_time, 'post_count')).toBe(a.totals.posts);
    expect(sum(a.votes_over_time, 'vote_count')).toBe(a.totals.votes);
  });

  it('is all zeros for an empty board, with the full series', async () => {
    const h = await createHarness();
    await h.makeBoard();
    const a = (await h.req('GET', '/boards/features/analytics?period=30d')).json;
    expect(a).toEqual({
      period: '30d',
      totals: { posts: 0, votes: 0, comments: 0, voters: 0 },
      status_breakdown: { open: 0, planned: 0, in_progress: 0, shipped: 0, declined: 0 },
      posts_over_time: a.posts_over_time,
      votes_over_time: a.votes_over_time,
      top_requests: [],
      ship_velocity: { shipped_total: 0, shipped_per_week: 0, shipped_per_month: 0 },
      engagement: { comments_per_post: 0, posts_with_votes_percent: 0 },
    });
    expect(a.posts_over_time).toHaveLength(30);
    expect(a.posts_over_time.every((e: { post_count: number }) => e.post_count === 0)).toBe(true);
    expect(a.votes_over_time.every((e: { vote_count: number }) => e.vote_count === 0)).toBe(true);
  });

  it('top_requests holds at most 10 posts, never shipped or declined, by votes desc then created_at asc', async () => {
    const h = await createHarness();
    await h.makeBoard();
    const expected: string[] = [];
    for (let i = 0; i < 14; i++) {
      h.clock.advance(1000);
      const status = i === 0 ? 'shipped' : i === 1 ? 'declined' : 'open';
      const post = await h.makePost('features', { title: `p${i}`, status });
      await h.addVotes(post.id, i % 3);
    }
    for (const votes of [2, 1, 0]) for (let i = 2; i < 14; i++) if (i % 3 === votes) expected.push(`p${i}`);
    const a = (await h.req('GET', '/boards/features/analytics')).json;
    expect(a.top_requests.map((p: { title: string }) => p.title)).toEqual(expected.slice(0, 10));
    expect(a.engagement.posts_with_votes_percent).toBe(64.3); // 9 of 14 posts have votes
  });
});
