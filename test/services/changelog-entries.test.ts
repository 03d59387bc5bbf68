/**
 * Changelog entries through the API: written and published at once or at `publish_at` (by the
 * job, or by a list read after that time), listed to each scope as it may see them; publishing
 * queues one mail per follower of the linked posts however many they follow, honours the mail
 * setting and unsubscribes, and sends `changelog_entry.published`; every refusal (a post of
 * another board or organization, a missing or repeated one, bad limits, a key without the
 * scope, another organization's board) changes nothing.
 */
import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../../adapters/memory/index.js';
import { createHarness, T0 } from '../helpers/harness.js';
import { snapshot } from '../helpers/state.js';

const iso = (ms: number) => new Date(ms).toISOString();
const ENTRIES = '/boards/features/changelog/entries';

async function setup() {
  const storage = createMemoryStorage();
  const h = await createHarness({ storage });
  await h.makeBoard('features');
  await h.makeBoard('ideas');
  const first = await h.makePost('features', { title: 'Dark mode', status: 'shipped' });
  const second = await h.makePost('features', { title: 'Export', status: 'shipped' });
  const elsewhere = await h.makePost('ideas', { title: 'Elsewhere' });
  await h.makeBoard('features', h.b.keys.write);
  const foreign = (await h.req('POST', '/boards/features/posts', { key: h.b.keys.write, body: { title: 'Globex post' } })).json;
  const ann = await h.board.voters.register(h.a.id, { email: 'ann@example.com', name: 'Ann' });
  const cy = await h.board.voters.register(h.a.id, { email: 'cy@example.com', name: 'Cy' });
  const queued = async (voterId: number, postId: number) => {
    const row = await storage.transaction('read', (tx) => tx.getMailQueueRow(voterId, postId));
    return row?.events.map((e) => JSON.parse(e) as Record<string, unknown>) ?? null;
  };
  return { ...h, storage, first, second, elsewhere, foreign, ann, cy, queued };
}

describe('changelog entries', () => {
  it('an entry without publish_at is published at once; a follower of both linked posts is mailed once', async () => {
    const h = await setup();
    const hook = await h.board.dashboard.webhooks.create(h.a.id, { url: 'https://hooks.example.com/fb', events: ['changelog_entry.published'] });
    for (const post of [h.first, h.second]) await h.board.voters.follow(h.ann.id, post.id);
    await h.board.voters.follow(h.cy.id, h.second.id);
    const created = await h.req('POST', ENTRIES, { body: { title: '  November  ', body: 'Dark mode and **export**.', post_ids: [h.second.id, h.first.id] } });
    expect(created.status, created.text).toBe(201);
    expect(created.json).toEqual({
      id: 1, title: 'November', body: 'Dark mode and **export**.', post_ids: [h.second.id, h.first.id], state: 'published',
      publish_at: null, published_at: iso(T0), created_at: iso(T0),
    });
    const event = { kind: 'changelog', entry_id: 1, at: iso(T0) };
    // Ann follows both: one event, on the row of the first linked post she follows.
    expect(await h.queued(h.ann.id, h.second.id)).toEqual([event]);
    expect(await h.queued(h.ann.id, h.first.id)).toBeNull();
    expect(await h.queued(h.cy.id, h.second.id)).toEqual([event]);
    const messages = (await h.board.dashboard.webhooks.messages(hook.id)).rows.map((m) => JSON.parse(m.payload));
    expect(messages.map((m) => [m.type, m.data.board.slug, m.data.entry])).toEqual([['changelog_entry.published', 'features', created.json]]);
    expect((await h.req('GET', ENTRIES, { key: h.a.keys.read })).json).toEqual({ entries: [created.json], total: 1 });
  });

  it('a scheduled entry is listed to write keys only, and published once by the job when its time comes', async () => {
    const h = await setup();
    await h.board.voters.follow(h.ann.id, h.first.id);
    const at = iso(T0 + 3_600_000);
    const created = await h.req('POST', ENTRIES, { body: { title: 'Soon', body: 'Next week', post_ids: [h.first.id], publish_at: '2026-11-21T11:00:00+01:00' } });
    expect(created.json).toMatchObject({ state: 'scheduled', publish_at: at, published_at: null });
    expect(await h.queued(h.ann.id, h.first.id)).toBeNull();
    expect((await h.req('GET', ENTRIES, { key: h.a.keys.read })).json).toEqual({ entries: [], total: 0 });
    expect((await h.req('GET', ENTRIES, { key: h.a.keys.propose })).json).toEqual({ entries: [], total: 0 });
    expect((await h.req('GET', `${ENTRIES}?state=scheduled`, { key: h.a.keys.read })).json).toEqual({ entries: [], total: 0 });
    expect((await h.req('GET', ENTRIES, { key: h.a.keys.write })).json).toEqual({ entries: [created.json], total: 1 });
    expect((await h.req('GET', `${ENTRIES}?state=published`, { key: h.a.keys.team })).json.total).toBe(0);

    h.clock.advance(3_599_000);
    expect(await h.board.publishDueChangelogEntries()).toBe(0);
    h.clock.advance(1000);
    expect(await h.board.publishDueChangelogEntries()).toBe(1);
    expect(await h.board.publishDueChangelogEntries()).toBe(0);
    expect(await h.queued(h.ann.id, h.first.id)).toEqual([{ kind: 'changelog', entry_id: created.json.id, at }]);
    const listed = (await h.req('GET', ENTRIES, { key: h.a.keys.read })).json;
    expect(listed).toEqual({ entries: [{ ...created.json, state: 'published', published_at: at }], total: 1 });
  });

  it('a list read after publish_at publishes the due entry, whether or not the job ran', async () => {
    const h = await setup();
    await h.board.voters.follow(h.ann.id, h.first.id);
    await h.req('POST', ENTRIES, { body: { title: 'Soon', body: 'x', post_ids: [h.first.id], publish_at: iso(T0 + 60_000) } });
    h.clock.advance(61_000);
    const listed = (await h.req('GET', ENTRIES, { key: h.a.keys.read })).json;
    expect(listed.entries.map((e: { state: string; published_at: string }) => [e.state, e.published_at])).toEqual([['published', iso(T0 + 61_000)]]);
    expect(await h.queued(h.ann.id, h.first.id)).toHaveLength(1);
    expect(await h.board.publishDueChangelogEntries()).toBe(0);
  });

  it('a publish_at in the past publishes now; entries are listed newest first and paged', async () => {
    const h = await setup();
    const past = await h.req('POST', ENTRIES, { body: { title: 'Past', body: 'x', publish_at: '2020-01-01T00:00:00Z' } });
    expect(past.json).toMatchObject({ state: 'published', publish_at: '2020-01-01T00:00:00.000Z', published_at: iso(T0) });
    h.clock.advance(1000);
    const later = (await h.req('POST', ENTRIES, { body: { title: 'Later', body: 'y' } })).json;
    const page = (await h.req('GET', `${ENTRIES}?limit=1&offset=1`, { key: h.a.keys.read })).json;
    expect(page).toEqual({ entries: [past.json], total: 2 });
    expect((await h.req('GET', ENTRIES)).json.entries.map((e: { id: number }) => e.id)).toEqual([later.id, past.json.id]);
  });

  it('the mail setting turned off, or a follower unsubscribed from every linked post they follow: no mail, the entry still published', async () => {
    const h = await setup();
    for (const voter of [h.ann, h.cy]) await h.board.voters.follow(voter.id, h.first.id);
    await h.board.voters.follow(h.cy.id, h.second.id);
    const board = await h.storage.transaction('read', (tx) => tx.getBoardBySlug(h.a.id, 'features'));
    // Cy unsubscribed from the first post only: the entry reaches Cy through the second.
    await h.storage.transaction('write', (tx) => tx.putMailUnsubscribe({ board_id: board!.id, address: 'cy@example.com', post_id: h.first.id, created_at: iso(T0) }));
    const entry = (await h.req('POST', ENTRIES, { body: { title: 'A', body: 'x', post_ids: [h.first.id, h.second.id] } })).json;
    expect(await h.queued(h.ann.id, h.first.id)).toHaveLength(1);
    expect(await h.queued(h.cy.id, h.first.id)).toBeNull();
    expect(await h.queued(h.cy.id, h.second.id)).toEqual([{ kind: 'changelog', entry_id: entry.id, at: iso(T0) }]);

    await h.board.team(h.a.id).api.mail.updateSettings({ changelog: false });
    h.clock.advance(1000);
    const quiet = await h.req('POST', ENTRIES, { body: { title: 'B', body: 'y', post_ids: [h.first.id] } });
    expect(quiet.json.state).toBe('published');
    expect(await h.queued(h.ann.id, h.first.id)).toHaveLength(1);
  });

  it('every refusal answers a clear error and changes nothing', async () => {
    const h = await setup();
    await h.board.voters.follow(h.ann.id, h.first.id);
    const before = await snapshot(h.board);
    const refused = async (body: unknown, key = h.a.keys.write, path = ENTRIES) => {
      const r = await h.req('POST', path, { key, body });
      return [r.status, r.json.error.code, r.json.error.details?.[0] ?? null];
    };
    const valid = { title: 'T', body: 'B' };
    expect(await refused({ ...valid, post_ids: [h.elsewhere.id] })).toEqual([422, 'validation_error', { path: 'post_ids', message: `post ${h.elsewhere.id} is not a post of the board features` }]);
    expect(await refused({ ...valid, post_ids: [h.first.id, h.foreign.id] })).toEqual([422, 'validation_error', { path: 'post_ids', message: `post ${h.foreign.id} is not a post of the board features` }]);
    expect(await refused({ ...valid, post_ids: [9999] })).toEqual([422, 'validation_error', { path: 'post_ids', message: 'post 9999 is not a post of the board features' }]);
    expect(await refused({ ...valid, post_ids: [h.first.id, h.first.id] })).toEqual([422, 'validation_error', { path: 'post_ids', message: `post ${h.first.id} is listed twice` }]);
    expect((await refused({ ...valid, post_ids: Array.from({ length: 51 }, (_, i) => i + 1) }))[2]).toMatchObject({ path: 'post_ids' });
    expect((await refused({ ...valid, title: '   ' }))[2]).toMatchObject({ path: 'title' });
    expect((await refused({ ...valid, title: 'x'.repeat(201) }))[2]).toMatchObject({ path: 'title' });
    expect((await refused({ ...valid, body: '' }))[2]).toMatchObject({ path: 'body' });
    expect((await refused({ ...valid, body: 'x'.repeat(20_001) }))[2]).toMatchObject({ path: 'body' });
    expect(await refused({ ...valid, publish_at: 'tomorrow' })).toEqual([422, 'validation_error', { path: 'publish_at', message: 'must be a date-time with its offset, such as 2026-12-01T09:00:00Z' }]);
    for (const publish_at of ['2026-12-01T09:00:00', '2026-02-30T09:00:00Z', '2026-13-01T09:00:00Z', '2026-12-01T25:00:00Z', 1_800_000_000]) {
      expect((await refused({ ...valid, publish_at }))[2], String(publish_at)).toMatchObject({ path: 'publish_at' });
    }
    expect((await refused({ ...valid, draft: true }))[1]).toBe('validation_error');
    expect((await refused(valid, h.a.keys.propose)).slice(0, 2)).toEqual([403, 'insufficient_scope']);
    expect((await refused(valid, h.a.keys.write, '/boards/nope/changelog/entries')).slice(0, 2)).toEqual([404, 'not_found']);
    // Globex's key names its own board "features": Acme's posts are not its posts.
    expect((await refused({ ...valid, post_ids: [h.first.id] }, h.b.keys.write)).slice(0, 2)).toEqual([422, 'validation_error']);
    expect((await h.req('GET', `${ENTRIES}?limit=0`)).status).toBe(422);
    expect((await h.req('GET', `${ENTRIES}?state=draft`)).status).toBe(422);
    expect(await snapshot(h.board)).toEqual(before);
    expect(await h.queued(h.ann.id, h.first.id)).toBeNull();
  });

  it("another organization's entries are never listed", async () => {
    const h = await setup();
    await h.req('POST', ENTRIES, { body: { title: 'Acme news', body: 'x', post_ids: [h.first.id] } });
    const globex = await h.req('GET', ENTRIES, { key: h.b.keys.team });
    expect(globex.json).toEqual({ entries: [], total: 0 });
    await h.req('POST', ENTRIES, { key: h.b.keys.write, body: { title: 'Globex news', body: 'y', post_ids: [h.foreign.id] } });
    expect((await h.req('GET', ENTRIES, { key: h.a.keys.read })).json.entries.map((e: { title: string }) => e.title)).toEqual(['Acme news']);
  });
});
