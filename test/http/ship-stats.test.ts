import { describe, expect, it } from 'vitest';
import { createHarness, T0 } from '../helpers/harness.js';

/** Ships posts at given instants (the clock is moved there and back to T0). */
async function shippedBoard() {
  const h = await createHarness();
  await h.makeBoard();
  const ids: Record<string, number> = {};
  const shipAt = async (title: string, when: string, votes: number[] = []) => {
    h.clock.set(Date.parse('2026-09-01T00:00:00Z'));
    const post = await h.makePost('features', { title, status: 'planned' });
    ids[title] = post.id;
    for (const voter of votes) await h.board.voters.vote(voter, post.id);
    h.clock.set(Date.parse(when));
    await h.req('PATCH', `/boards/features/posts/${post.id}`, { body: { status: 'shipped' } });
  };
  const v = await Promise.all([1, 2, 3, 4].map((i) => h.board.voters.register(h.a.id, { email: `v${i}@example.com` })));
  const [v1, v2, v3, v4] = v.map((x) => x.id) as [number, number, number, number];
  await shipAt('october', '2026-10-31T23:59:59.999Z', [v4]);
  await shipAt('month-start', '2026-11-01T00:00:00.000Z', [v1, v2]);
  await shipAt('sunday-before', '2026-11-15T23:59:59.999Z', []);
  await shipAt('monday', '2026-11-16T00:00:00.000Z', [v2, v3]);
  await shipAt('monday-twin', '2026-11-16T00:00:00.000Z', [v3]);
  await shipAt('sunday-end', '2026-11-22T23:59:59.999Z', [v1]);
  await shipAt('next-monday', '2026-11-23T00:00:00.000Z', [v4]);
  await shipAt('december', '2026-12-01T00:00:00.000Z', [v4]);
  await shipAt('unshipped', '2026-11-18T00:00:00.000Z', [v4]);
  await h.req('PATCH', `/boards/features/posts/${ids['unshipped']}`, { body: { status: 'planned' } });
  await shipAt('hidden', '2026-11-18T00:00:00.000Z', [v4]);
  await h.board.dashboard.posts.hide(ids['hidden']!);
  h.clock.set(T0);
  return { ...h, ids };
}

const names = (posts: Array<{ title: string }>) => posts.map((p) => p.title);

describe('ship-stats', () => {
  it('defaults to the current calendar month (UTC), labelled like "November 2026"', async () => {
    const h = await shippedBoard();
    const r = await h.req('GET', '/boards/features/ship-stats', { key: h.a.keys.read });
    expect(r.status).toBe(200);
    expect(Object.keys(r.json).sort()).toEqual(['period', 'period_label', 'posts', 'shipped_count', 'voter_count']);
    expect(r.json.period).toBe('month');
    expect(r.json.period_label).toBe('November 2026');
    expect(names(r.json.posts)).toEqual(['next-monday', 'sunday-end', 'monday-twin', 'monday', 'sunday-before', 'month-start']);
    expect(r.json.shipped_count).toBe(6);
    // v1, v2, v3 (month-start, monday, monday-twin, sunday-end) and v4 (next-monday).
    expect(r.json.voter_count).toBe(4);
    expect(r.json.posts[0]).toEqual({ id: h.ids['next-monday'], title: 'next-monday', vote_count: 1, shipped_at: '2026-11-23T00:00:00.000Z' });
    expect((await h.req('GET', '/boards/features/ship-stats?period=month')).json).toEqual(r.json);
  });

  it('period=week is the ISO week from Monday 00:00 UTC, labelled like "Week of 2026-11-16"', async () => {
    const h = await shippedBoard();
    const r = await h.req('GET', '/boards/features/ship-stats?period=week');
    expect(r.json).toMatchObject({ period: 'week', period_label: 'Week of 2026-11-16', shipped_count: 3, voter_count: 3 });
    expect(names(r.json.posts)).toEqual(['sunday-end', 'monday-twin', 'monday']);
    for (const p of r.json.posts) expect(Object.keys(p).sort()).toEqual(['id', 'shipped_at', 'title', 'vote_count']);
  });

  it('the week of a Monday is that Monday, and of a Sunday the Monday before, across a year end', async () => {
    const h = await createHarness();
    await h.makeBoard();
    const at = async (iso: string, period: string) => {
      h.clock.set(Date.parse(iso));
      return (await h.req('GET', `/boards/features/ship-stats?period=${period}`)).json.period_label;
    };
    expect(await at('2026-11-16T00:00:00Z', 'week')).toBe('Week of 2026-11-16');
    expect(await at('2026-11-15T23:59:59.999Z', 'week')).toBe('Week of 2026-11-09');
    expect(await at('2027-01-03T12:00:00Z', 'week')).toBe('Week of 2026-12-28');
    expect(await at('2027-01-03T12:00:00Z', 'month')).toBe('January 2027');
    expect(await at('2026-12-31T23:59:59.999Z', 'month')).toBe('December 2026');
    expect(await at('2026-05-01T00:00:00Z', 'month')).toBe('May 2026');
  });

  it('is zero for a period with nothing shipped', async () => {
    const h = await shippedBoard();
    h.clock.set(Date.parse('2027-02-10T00:00:00Z'));
    expect((await h.req('GET', '/boards/features/ship-stats')).json).toEqual({
      period: 'month', period_label: 'February 2027', shipped_count: 0, voter_count: 0, posts: [],
    });
  });

  it('refuses unknown and empty period values with 422', async () => {
    const h = await shippedBoard();
    for (const q of ['period=year', 'period=Month', 'period=', 'period=week&period=month']) {
      const r = await h.req('GET', `/boards/features/ship-stats?${q}`);
      expect(r.status, q).toBe(422);
      expect(r.json.error.details[0].path).toBe('period');
    }
  });
});
