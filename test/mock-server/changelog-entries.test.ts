/**
 * The mock server keeps the rules of changelog entries, on its clock: a scheduled entry is listed
 * to a write key only until its time, then published by the first read of the list after it, once; another organization's post is refused, with nothing stored.
 */
import { describe, expect, it } from 'vitest';
import { KEYS, makeMock } from './helpers.js';

describe('changelog entries on the mock server', () => {
  it('a scheduled entry waits for the mock clock, then is published once', async () => {
    const mock = makeMock();
    const writer = mock.client(KEYS.write);
    const reader = mock.client(KEYS.read);
    const entry = await writer.changelog.createEntry('features', { title: 'Soon', body: 'Dark mode', post_ids: [1], publish_at: '2026-11-20T13:00:00Z' });
    expect(entry).toMatchObject({ state: 'scheduled', publish_at: '2026-11-20T13:00:00.000Z', published_at: null });
    expect(await reader.changelog.entries('features')).toEqual({ entries: [], total: 0 });
    expect((await writer.changelog.entries('features')).entries).toEqual([entry]);

    mock.clock.advance(3_600_000);
    const published = { ...entry, state: 'published', published_at: '2026-11-20T13:00:00.000Z' };
    expect(await reader.changelog.entries('features')).toEqual({ entries: [published], total: 1 });
    // Published once: read again later, it keeps the time it was published at.
    mock.clock.advance(60_000);
    expect(await writer.changelog.entries('features')).toEqual({ entries: [published], total: 1 });
  });

  it("another organization's post is refused and nothing is stored", async () => {
    const mock = makeMock();
    const beta = mock.client(KEYS.beta);
    const refused = beta.changelog.createEntry('features', { title: 'News', body: 'x', post_ids: [1] });
    await expect(refused).rejects.toMatchObject({ status: 422, code: 'validation_error' });
    expect(await mock.client(KEYS.write).changelog.entries('features')).toEqual({ entries: [], total: 0 });
  });
});
