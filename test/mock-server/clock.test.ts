/**
 * The mock clock drives the board: claims lapse, rate-limit slots free up and statistics move
 * only when the test moves time.
 */
import { describe, expect, it } from 'vitest';
import { createMockClock, DEFAULT_CLOCK_START } from '../../mock-server/index.js';
import { KEYS, makeMock } from './helpers.js';

describe('createMockClock', () => {
  it('starts frozen at the default instant', async () => {
    const clock = createMockClock();
    expect(clock.date().toISOString()).toBe('2026-11-20T12:00:00.000Z');
    expect(DEFAULT_CLOCK_START).toBe('2026-11-20T12:00:00.000Z');
    await new Promise((r) => setTimeout(r, 5));
    expect(clock.now()).toBe(Date.parse(DEFAULT_CLOCK_START));
  });

  it('moves only by advance() and set(), and reset() goes back to the start', () => {
    const clock = createMockClock('2026-01-01T00:00:00Z');
    expect(clock.advance(1500)).toBe(Date.parse('2026-01-01T00:00:01.500Z'));
    clock.set(new Date('2027-03-04T05:06:07Z'));
    expect(clock.date().toISOString()).toBe('2027-03-04T05:06:07.000Z');
    clock.set(Date.parse('2020-01-01T00:00:00Z'));
    expect(clock.date().toISOString()).toBe('2020-01-01T00:00:00.000Z');
    clock.reset();
    expect(clock.date().toISOString()).toBe('2026-01-01T00:00:00.000Z');
  });

  it("'real' follows the real time, shifted by advance()", () => {
    const clock = createMockClock('real');
    expect(Math.abs(clock.now() - Date.now())).toBeLessThan(50);
    clock.advance(3_600_000);
    expect(Math.abs(clock.now() - (Date.now() + 3_600_000))).toBeLessThan(50);
    clock.set('2030-01-01T00:00:00Z');
    expect(Math.abs(clock.now() - Date.parse('2030-01-01T00:00:00Z'))).toBeLessThan(50);
  });

  it('refuses going back with advance() and dates that are not dates', () => {
    const clock = createMockClock();
    expect(() => clock.advance(-1)).toThrow(RangeError);
    expect(() => clock.set('not a date')).toThrow(TypeError);
    expect(() => createMockClock('yesterday')).toThrow(TypeError);
  });
});

describe('the board runs on the mock clock', () => {
  it('a claim lapses when its TTL has passed, and another agent can take the post', async () => {
    const mock = makeMock();
    const one = mock.client(KEYS.propose);
    const two = mock.client(KEYS.otherAgent);
    const { claim } = await one.agent.claim('features', 1, { ttl_seconds: 60 });
    expect(claim).toMatchObject({ claimed_at: '2026-11-20T12:00:00.000Z', expires_at: '2026-11-20T12:01:00.000Z' });

    mock.clock.advance(59_999);
    await expect(two.agent.claim('features', 1)).rejects.toMatchObject({ code: 'claim_conflict' });
    expect((await one.posts.get('features', 1)).claim).not.toBeNull();

    mock.clock.advance(1); // live while now < expires_at
    expect((await one.posts.get('features', 1)).claim).toBeNull();
    const taken = await two.agent.claim('features', 1);
    expect(taken.created).toBe(true);
    expect(taken.claim.claimed_at).toBe('2026-11-20T12:01:00.000Z');
  });

  it('rate-limit slots free up as the clock moves', async () => {
    const mock = makeMock({ rateLimit: { limit: 3 } });
    const client = mock.client(KEYS.read);
    for (let i = 0; i < 3; i++) await client.boards.list();
    await expect(client.boards.list()).rejects.toMatchObject({ code: 'rate_limited', status: 429, retryAfter: 60 });
    mock.clock.advance(59_000);
    await expect(client.boards.list()).rejects.toMatchObject({ retryAfter: 1 });
    mock.clock.advance(1_000);
    await expect(client.boards.list()).resolves.toMatchObject({ boards: expect.any(Array) });
  });

  it('rateLimit: false switches the limit off', async () => {
    const client = makeMock({ rateLimit: false }).client(KEYS.read);
    for (let i = 0; i < 130; i++) await client.webhooks.list();
    await expect(client.webhooks.list()).resolves.toHaveProperty('webhooks');
  });

  it('statistics follow the clock', async () => {
    const mock = makeMock();
    const client = mock.client(KEYS.read);
    const november = await client.stats.shipStats('features');
    expect(november).toMatchObject({ period_label: 'November 2026', shipped_count: 3 });
    mock.clock.set('2026-12-05T08:00:00Z');
    expect(await client.stats.shipStats('features')).toMatchObject({ period_label: 'December 2026', shipped_count: 0 });
    const week = await client.stats.shipStats('features', { period: 'week' });
    expect(week.period_label).toBe('Week of 2026-11-30');
  });

  it('new objects and fixture objects without a timestamp carry the clock time', async () => {
    const mock = makeMock({ clock: '2026-06-01T10:00:00Z' });
    const client = mock.client(KEYS.write);
    expect((await client.boards.get('drafts')).created_at).toBe('2026-06-01T10:00:00.000Z');
    mock.clock.advance(90_000);
    expect((await client.posts.create('features', { title: 'Later' })).created_at).toBe('2026-06-01T10:01:30.000Z');
  });
});
