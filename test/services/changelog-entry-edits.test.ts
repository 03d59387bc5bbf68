/**
 * Changelog entries edited and deleted through the API: a field given is changed and the others
 * kept; a scheduled entry is moved, or published now (mailed once, its event sent), while a
 * published one keeps its time and is not mailed again; a deleted entry leaves the lists and its
 * mail not sent yet is not sent. Every refusal (a bad field, a post of another board, a time for
 * a published entry, a key without the scope, another organization's entry or board, a scheduled
 * entry asked for with a key that cannot see it) changes nothing.
 */
import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../../adapters/memory/index.js';
import type { MailMessage } from '../../src/mail/mailer.js';
import { createFollowerMailSender } from '../../src/pages/index.js';
import { createHarness, T0 } from '../helpers/harness.js';
import { snapshot } from '../helpers/state.js';

const iso = (ms: number) => new Date(ms).toISOString();
const ENTRIES = '/boards/features/changelog/entries';
const LATER = '2099-01-01T09:00:00.000Z';

async function setup() {
  const storage = createMemoryStorage();
  const h = await createHarness({ storage });
  await h.makeBoard('features');
  await h.makeBoard('ideas');
  const first = await h.makePost('features', { title: 'Dark mode', status: 'shipped' });
  const second = await h.makePost('features', { title: 'Export', status: 'shipped' });
  const elsewhere = await h.makePost('ideas', { title: 'Elsewhere' });
  await h.makeBoard('features', h.b.keys.write);
  const ann = await h.board.voters.register(h.a.id, { email: 'ann@example.com', name: 'Ann' });
  await h.board.voters.follow(ann.id, first.id);
  const hook = await h.board.dashboard.webhooks.create(h.a.id, { url: 'https://hooks.example.com/fb', events: ['changelog_entry.published'] });
  const write = async (body: Record<string, unknown>) => (await h.req('POST', ENTRIES, { body })).json as { id: number; state: string };
  const queued = async () => {
    const row = await storage.transaction('read', (tx) => tx.getMailQueueRow(ann.id, first.id));
    return row?.events.map((e) => JSON.parse(e) as Record<string, unknown>) ?? [];
  };
  const events = async () => (await h.board.dashboard.webhooks.messages(hook.id)).rows.map((m) => JSON.parse(m.payload).data.entry.id as number);
  return { ...h, first, second, elsewhere, ann, write, queued, events };
}

describe('editing and deleting changelog entries', () => {
  it('a published entry: the fields given change, the others stay, and no one is mailed again', async () => {
    const h = await setup();
    const entry = await h.write({ title: 'November', body: 'Dark mode.', post_ids: [h.first.id] });
    expect(await h.queued()).toHaveLength(1);
    h.clock.advance(60_000);
    const edited = await h.req('PATCH', `${ENTRIES}/${entry.id}`, { body: { title: '  November, edited  ', post_ids: [h.second.id, h.first.id] } });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.json).toEqual({
      id: entry.id, title: 'November, edited', body: 'Dark mode.', post_ids: [h.second.id, h.first.id], state: 'published',
      publish_at: null, published_at: iso(T0), created_at: iso(T0),
    });
    expect((await h.req('GET', ENTRIES, { key: h.a.keys.read })).json.entries).toEqual([edited.json]);
    // Still the one mail and the one event of its publication.
    expect(await h.queued()).toHaveLength(1);
    expect(await h.events()).toEqual([entry.id]);
  });

  it('a scheduled entry is moved, then published now by a time not in the future: mailed once, its event sent', async () => {
    const h = await setup();
    const entry = await h.write({ title: 'Soon', body: 'Next.', post_ids: [h.first.id], publish_at: LATER });
    const moved = await h.req('PATCH', `${ENTRIES}/${entry.id}`, { body: { publish_at: '2098-06-01T10:00:00+02:00' } });
    expect(moved.json).toMatchObject({ state: 'scheduled', publish_at: '2098-06-01T08:00:00.000Z', published_at: null });
    expect(await h.queued()).toEqual([]);
    h.clock.advance(5_000);
    const now = await h.req('PATCH', `${ENTRIES}/${entry.id}`, { body: { body: 'Here now.', publish_at: null } });
    expect(now.json).toMatchObject({ state: 'published', body: 'Here now.', publish_at: null, published_at: iso(T0 + 5_000) });
    expect(await h.queued()).toEqual([{ kind: 'changelog', entry_id: entry.id, at: iso(T0 + 5_000) }]);
    expect(await h.events()).toEqual([entry.id]);
    // The job finds nothing left to publish.
    expect(await h.board.publishDueChangelogEntries()).toBe(0);
    expect(await h.queued()).toHaveLength(1);
  });

  it('a deleted entry leaves every list, and its mail not sent yet is not sent', async () => {
    const h = await setup();
    const kept = await h.write({ title: 'Kept', body: 'Stays.', post_ids: [h.first.id] });
    const gone = await h.write({ title: 'Gone', body: 'Withdrawn.', post_ids: [h.first.id] });
    expect(await h.queued()).toHaveLength(2);
    const deleted = await h.req('DELETE', `${ENTRIES}/${gone.id}`);
    expect(deleted.status, deleted.text).toBe(204);
    expect((await h.req('GET', ENTRIES)).json).toMatchObject({ entries: [{ id: kept.id }], total: 1 });
    expect((await h.req('DELETE', `${ENTRIES}/${gone.id}`)).json.error.code).toBe('not_found');
    // The follower's mail goes out naming the entry kept, not the one deleted.
    const sent: MailMessage[] = [];
    const sender = createFollowerMailSender(h.board, { mailer: { send: async (m) => void sent.push(m) }, pagesUrl: 'http://pages.test', clock: h.clock });
    h.clock.advance(3_600_000);
    await sender.sendDue();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain('Kept');
    expect(sent[0]!.text).not.toContain('Gone');
    expect(sent[0]!.text).not.toContain('Withdrawn');
  });

  it('refusals change nothing: bad fields, posts of another board, a time for a published entry, an empty title', async () => {
    const h = await setup();
    const published = await h.write({ title: 'November', body: 'Dark mode.' });
    const scheduled = await h.write({ title: 'Soon', body: 'Next.', publish_at: LATER });
    const cases: [number, unknown, string][] = [
      [published.id, { publish_at: LATER }, 'publish_at'],
      [published.id, { publish_at: null }, 'publish_at'],
      [published.id, { title: '   ' }, 'title'],
      [published.id, { body: '' }, 'body'],
      [published.id, { post_ids: [h.elsewhere.id] }, 'post_ids'],
      [published.id, { post_ids: [h.first.id, h.first.id] }, 'post_ids'],
      [published.id, { post_ids: [999] }, 'post_ids'],
      [scheduled.id, { publish_at: 'tomorrow' }, 'publish_at'],
      [scheduled.id, { title: 'x'.repeat(201) }, 'title'],
      [scheduled.id, { state: 'published' }, 'state'],
    ];
    for (const [id, body, field] of cases) {
      const before = await snapshot(h.board);
      const r = await h.req('PATCH', `${ENTRIES}/${id}`, { body });
      expect(r.status, JSON.stringify(body)).toBe(422);
      expect(r.json.error.code).toBe('validation_error');
      expect(r.json.error.details.map((d: { path: string }) => d.path)).toContain(field);
      expect(await snapshot(h.board)).toEqual(before);
    }
  });

  it("another organization's entry, a read key on a scheduled entry, and a read key on a published one", async () => {
    const h = await setup();
    const published = await h.write({ title: 'November', body: 'Dark mode.' });
    const scheduled = await h.write({ title: 'Soon', body: 'Next.', publish_at: LATER });
    const before = await snapshot(h.board);
    for (const id of [published.id, scheduled.id]) {
      // Globex has a board of the same slug: the entry is not one of its board's.
      for (const method of ['PATCH', 'DELETE'] as const) {
        const r = await h.req(method, `${ENTRIES}/${id}`, { key: h.b.keys.write, body: method === 'PATCH' ? { title: 'Mine now' } : undefined });
        expect([r.status, r.json.error.code]).toEqual([404, 'not_found']);
      }
    }
    // A read key learns nothing of a scheduled entry, and may not change a published one.
    expect((await h.req('DELETE', `${ENTRIES}/${scheduled.id}`, { key: h.a.keys.read })).json.error.code).toBe('not_found');
    expect((await h.req('DELETE', `${ENTRIES}/${published.id}`, { key: h.a.keys.read })).json.error.code).toBe('insufficient_scope');
    expect((await h.req('PATCH', `/boards/ideas/changelog/entries/${published.id}`, { body: { title: 'Elsewhere' } })).json.error.code).toBe('not_found');
    expect(await snapshot(h.board)).toEqual(before);
  });
});
