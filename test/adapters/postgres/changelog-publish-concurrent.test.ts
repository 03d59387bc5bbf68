/**
 * Publishing changelog entries from several processes on one PostgreSQL database: two stores (two
 * pools, as two `serve` processes have), four boards on each running the publishing job at once,
 * on 30 entries whose time has come and 5 still waiting. Each due entry is published by exactly one
 * of them, with one mail event per follower (a follower of both linked posts too) and one webhook
 * message; the waiting ones stay scheduled. The publishers contend for the entries: more attempts to
 * publish are made than there are entries (which of them wins each is for the database to say).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresStorage, type PostgresStorage } from '../../../adapters/postgres/index.js';
import { createFeedbackBoard, type Storage } from '../../../src/index.js';
import { skipReason, suiteTitle } from '../../helpers/requirements.js';
import { createTestDatabase, dropTestDatabase } from './server.js';

const DUE = 30;
const WAITING = 5;
const PUBLISHERS = 4;
const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 10, 21, 9, 0, 0);

let url: string;
const stores: PostgresStorage[] = [];

const skip = skipReason('postgres-server', 'test/adapters/postgres/changelog-publish-concurrent.test.ts');

beforeAll(async () => {
  if (skip !== undefined) return;
  url = await createTestDatabase('fb_changelog');
  for (let i = 0; i < 2; i++) stores.push(await createPostgresStorage({ connectionString: url }, { maxConnections: 6 }));
}, 60_000);

afterAll(async () => {
  for (const store of stores) await store.close();
  if (url !== undefined) await dropTestDatabase(url);
});

describe.skipIf(skip !== undefined)(suiteTitle('PostgreSQL: publishing changelog entries from two processes at once', skip), () => {
  it('publishes each due entry once between them, with one mail event per follower; keeps the waiting ones', async () => {
    let now = T0;
    const clock = { now: () => now };
    // Every attempt to publish an entry, won or lost, is counted.
    let attempts = 0;
    const counting = (storage: PostgresStorage): Storage =>
      new Proxy(storage, {
        get(target, name) {
          const value = Reflect.get(target, name) as unknown;
          if (name !== 'transaction') return typeof value === 'function' ? value.bind(target) : value;
          return ((mode, fn) =>
            target.transaction(mode, (tx) =>
              fn(
                new Proxy(tx, {
                  get(t, method) {
                    const inner = Reflect.get(t, method) as unknown;
                    if (method === 'publishChangelogEntry') attempts += 1;
                    return typeof inner === 'function' ? inner.bind(t) : inner;
                  },
                }),
              ),
            )) as Storage['transaction'];
        },
      });
    const [writer, ...publishers] = [stores[0]!, ...Array.from({ length: PUBLISHERS * 2 }, (_, i) => stores[i % 2]!)].map((storage) =>
      createFeedbackBoard({ storage: counting(storage), clock }),
    );
    const org = await writer!.dashboard.organizations.create({ name: 'Acme' });
    const team = writer!.team(org.id);
    await team.api.boards.create({ slug: 'features', name: 'Features' });
    const first = await team.api.posts.create('features', { title: 'Dark mode', status: 'shipped' });
    const second = await team.api.posts.create('features', { title: 'Export', status: 'shipped' });
    const both = await writer!.voters.register(org.id, { email: 'both@example.com', name: 'Both' });
    for (const post of [first, second]) await writer!.voters.follow(both.id, post.id);
    const hook = await writer!.dashboard.webhooks.create(org.id, { url: 'https://hooks.example.com/fb', events: ['changelog_entry.published'] });
    for (let i = 0; i < DUE + WAITING; i++) {
      const publishAt = new Date(T0 + (i < DUE ? HOUR : 3 * HOUR) + i * 1000).toISOString();
      await team.api.changelog.createEntry('features', { title: `Entry ${i}`, body: 'Shipped', post_ids: [first.id, second.id], publish_at: publishAt });
    }
    // Loaded before the race, with nothing due yet, so that every publisher starts at once.
    await Promise.all(publishers.map((board) => board.publishDueChangelogEntries()));
    now = T0 + 2 * HOUR;
    attempts = 0;
    const counts = await Promise.all(publishers.map((board) => board.publishDueChangelogEntries()));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(DUE);
    // Contended: the publishers each read the due entries at once, and tried more of them than there are.
    expect(attempts).toBeGreaterThan(DUE);

    await stores[0]!.transaction('read', async (tx) => {
      const board = (await tx.getBoardBySlug(org.id, 'features'))!;
      const entries = (await tx.listChangelogEntries(board.id, { limit: 500, offset: 0 })).rows;
      const published = entries.filter((e) => e.published_at !== null).map((e) => e.id).sort((a, b) => a - b);
      expect(published).toHaveLength(DUE);
      expect(entries.filter((e) => e.published_at === null)).toHaveLength(WAITING);
      const events = ((await tx.getMailQueueRow(both.id, first.id))?.events ?? []).map((text) => (JSON.parse(text) as { entry_id: number }).entry_id);
      expect(events.sort((a, b) => a - b)).toEqual(published);
      expect(await tx.getMailQueueRow(both.id, second.id)).toBeNull();
      expect((await tx.listWebhookMessages(hook.id, { limit: 500, offset: 0 })).total).toBe(DUE);
    });
  }, 60_000);
});
