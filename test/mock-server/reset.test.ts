/**
 * reset(): back to the fixture in one call (same data, same ids, clock at its start, nothing
 * recorded or pending), fast enough to run before every test.
 */
import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../../adapters/memory/index.js';
import { createMockServer } from '../../mock-server/index.js';
import { FIXTURE, KEYS, makeMock } from './helpers.js';

describe('reset()', () => {
  it('brings the data back, and ids start over', async () => {
    const mock = makeMock();
    const client = mock.client(KEYS.write);
    const before = await client.posts.list('features');
    const created = await client.posts.create('features', { title: 'Temporary' });
    await client.posts.delete('features', 2);
    await client.posts.update('features', 1, { status: 'declined' });
    await client.boards.create({ slug: 'extra', name: 'Extra' });
    await mock.client(KEYS.propose).agent.claim('features', 3);

    await mock.reset();
    expect(await client.posts.list('features')).toEqual(before);
    expect((await client.boards.list()).boards.map((b) => b.slug)).toEqual(['features', 'drafts']);
    expect((await client.posts.get('features', 3)).claim).toBeNull();
    const again = await client.posts.create('features', { title: 'Temporary' });
    expect(again.id).toBe(created.id);
    expect(again).toEqual(created);
  });

  it('sets the clock back and forgets history, faults, notifications and rate-limit state', async () => {
    const mock = makeMock({ rateLimit: { limit: 2 } });
    const client = mock.client(KEYS.write);
    await client.posts.update('features', 1, { status: 'in_progress', notify_voters: true });
    await client.boards.list();
    await expect(client.boards.list()).rejects.toMatchObject({ status: 429 });
    mock.fail('*', { status: 500, code: 'internal_error' });
    mock.clock.advance(10_000);
    expect(mock.notifications()).toHaveLength(2);

    await mock.reset();
    expect(mock.clock.date().toISOString()).toBe('2026-11-20T12:00:00.000Z');
    expect(mock.calls()).toEqual([]);
    expect(mock.notifications()).toEqual([]);
    await expect(client.boards.list()).resolves.toHaveProperty('boards'); // no fault, limiter empty
    await expect(client.boards.list()).resolves.toHaveProperty('boards');
  });

  it('keeps dashboard and voters working on the new data', async () => {
    const mock = makeMock();
    const { organizations } = await mock.loaded();
    const made = await mock.dashboard.apiKeys.create(organizations[0]!.id, { scope: 'read' });
    await expect(mock.client(made.key).boards.list()).resolves.toHaveProperty('boards');
    await mock.reset();
    await expect(mock.client(made.key).boards.list()).rejects.toMatchObject({ code: 'unauthorized' });
    const remade = await mock.dashboard.apiKeys.create(organizations[0]!.id, { scope: 'read' });
    expect(remade.info.id).toBe(made.info.id);
    const voter = await mock.voters.register(organizations[0]!.id, { email: 'new@example.com' });
    expect((await mock.voters.vote(voter.id, 1)).vote_count).toBe(3);
  });

  it('makes a fresh storage with the given factory each time', async () => {
    let made = 0;
    const mock = createMockServer({ fixture: FIXTURE, storage: () => (made++, createMemoryStorage()) });
    await mock.loaded();
    await mock.reset();
    await mock.reset();
    expect(made).toBe(3);
  });
});
