/**
 * Publishing changelog entries across processes: 3 Node processes with 4 publishers each (a board
 * over a connection of its own, as `serve`'s job has), on one database file holding 30 entries
 * whose time has come and 5 still waiting. Between them the publishers publish each due entry
 * exactly once: its publication time is written once, each follower of its linked posts has one
 * mail event about it (a follower of both posts too) and its webhook has one message; the waiting
 * entries stay scheduled. No call fails with "database is locked". Built from `dist/` (run
 * `npm run build` first), as the children are plain Node scripts.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createSqliteStorage } from '../../../adapters/sqlite/index.js';
import { createFeedbackBoard } from '../../../src/index.js';
import { runChild } from './children.js';
import { tempDir } from './helpers.js';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const PROCESSES = 3;
const PUBLISHERS_PER_PROCESS = 4;
const DUE = 30;
const WAITING = 5;
const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 10, 21, 9, 0, 0);

const temp = tempDir();
afterAll(() => temp.remove());

type PublisherResult = { published: number; started: number; ended: number } | { error: string };

describe('publishing changelog entries with several processes on one file', () => {
  it(`${PROCESSES * PUBLISHERS_PER_PROCESS} publishers in ${PROCESSES} processes: each due entry published once, with one mail event per follower`, async () => {
    const file = temp.file('changelog.db');
    const storage = createSqliteStorage({ path: file });
    const board = createFeedbackBoard({ storage, clock: { now: () => T0 } });
    const org = await board.dashboard.organizations.create({ name: 'Acme' });
    const team = board.team(org.id);
    await team.api.boards.create({ slug: 'features', name: 'Features' });
    const first = await team.api.posts.create('features', { title: 'Dark mode', status: 'shipped' });
    const second = await team.api.posts.create('features', { title: 'Export', status: 'shipped' });
    const both = await board.voters.register(org.id, { email: 'both@example.com', name: 'Both' });
    const one = await board.voters.register(org.id, { email: 'one@example.com', name: 'One' });
    for (const post of [first, second]) await board.voters.follow(both.id, post.id);
    await board.voters.follow(one.id, second.id);
    const hook = await board.dashboard.webhooks.create(org.id, { url: 'https://hooks.example.com/fb', events: ['changelog_entry.published'] });
    for (let i = 0; i < DUE + WAITING; i++) {
      const publishAt = new Date(T0 + (i < DUE ? HOUR : 3 * HOUR) + i * 1000).toISOString();
      await team.api.changelog.createEntry('features', { title: `Entry ${i}`, body: 'Shipped', post_ids: [first.id, second.id], publish_at: publishAt });
    }
    await board.close();

    const startAt = Date.now() + 2000;
    const perProcess = await Promise.all(
      Array.from({ length: PROCESSES }, () =>
        runChild<PublisherResult>('publisher.mjs', {
          corePath: join(ROOT, 'dist/index.js'), adapterPath: join(ROOT, 'dist/adapters/sqlite/index.js'), file,
          publishers: PUBLISHERS_PER_PROCESS, now: T0 + 2 * HOUR, startAt,
        }),
      ),
    );
    const results = perProcess.flat();

    expect(results.filter((r) => 'error' in r)).toEqual([]);
    expect(results.reduce((sum, r) => sum + ('published' in r ? r.published : 0), 0)).toBe(DUE);
    // In each process the publishers ran at once, not one after another: each started before any ended.
    for (const publishers of perProcess) {
      const runs = publishers.filter((r) => 'published' in r);
      expect(runs).toHaveLength(PUBLISHERS_PER_PROCESS);
      expect(Math.max(...runs.map((r) => r.started))).toBeLessThan(Math.min(...runs.map((r) => r.ended)));
    }

    const check = createSqliteStorage({ path: file });
    await check.transaction('read', async (tx) => {
      const boardRow = (await tx.getBoardBySlug(org.id, 'features'))!;
      const entries = (await tx.listChangelogEntries(boardRow.id, { limit: 500, offset: 0 })).rows;
      expect(entries.filter((e) => e.published_at !== null)).toHaveLength(DUE);
      expect(entries.filter((e) => e.published_at === null)).toHaveLength(WAITING);
      for (const e of entries) if (e.published_at !== null) expect(e.published_at).toBe(new Date(T0 + 2 * HOUR).toISOString());
      const events = async (voterId: number, postId: number) => ((await tx.getMailQueueRow(voterId, postId))?.events ?? []).map((text) => JSON.parse(text) as { entry_id: number });
      const published = entries.filter((e) => e.published_at !== null).map((e) => e.id).sort((a, b) => a - b);
      // Both follows the first linked post: every entry is on that row, none on the second's.
      expect((await events(both.id, first.id)).map((e) => e.entry_id).sort((a, b) => a - b)).toEqual(published);
      expect(await events(both.id, second.id)).toEqual([]);
      expect((await events(one.id, second.id)).map((e) => e.entry_id).sort((a, b) => a - b)).toEqual(published);
      expect((await tx.listWebhookMessages(hook.id, { limit: 500, offset: 0 })).total).toBe(DUE);
    });
    await check.close();
  }, 90_000);
});
