/**
 * The purge of deleted posts across processes: 3 Node processes with 4 purging connections each,
 * and one restoring connection, on one database file holding 60 posts deleted long enough ago and
 * 10 deleted lately. Between them the purgers purge each due post at most once, the restorer gets
 * back every due post it reached first, and no due post is both purged and restored; the 10 recent
 * ones stay in the trash. No call fails with "database is locked".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSqliteStorage } from '../../../adapters/sqlite/index.js';
import { buildSqliteAdapter, type BuiltAdapter } from './build-adapter.js';
import { runChild } from './children.js';
import { at, newPost, seedBoard, tempDir } from './helpers.js';

const PROCESSES = 3;
const PURGERS_PER_PROCESS = 4;
const DUE = 60;
const RECENT = 10;

let adapter: BuiltAdapter;
const temp = tempDir();
beforeAll(async () => {
  adapter = await buildSqliteAdapter();
});
afterAll(() => {
  adapter.remove();
  temp.remove();
});

type CallerResult = { purged: number } | { restored: number[] } | { error: string };

describe('purging deleted posts with several processes on one file', () => {
  it(`${PROCESSES * PURGERS_PER_PROCESS} purgers and a restorer in ${PROCESSES} processes: each due post purged or restored, once`, async () => {
    const file = temp.file('purge.db');
    const setup = createSqliteStorage({ path: file });
    const { orgId, due, recent } = await setup.transaction('write', async (tx) => {
      const { orgId, boardId } = await seedBoard(tx);
      const due: number[] = [];
      const recent: number[] = [];
      for (let i = 0; i < DUE + RECENT; i++) {
        const post = await tx.insertPost(newPost(boardId, { title: `Post ${i}` }));
        const old = i < DUE;
        await tx.trashPost(post.id, { organization_id: orgId, deleted_at: at(old ? i : 1000 + i), actor_kind: 'system', actor_id: null });
        (old ? due : recent).push(post.id);
      }
      return { orgId, due, recent };
    });
    await setup.close();

    const startAt = Date.now() + 1500;
    const toRestore = due.filter((_, i) => i % 4 === 0);
    const results = (
      await Promise.all(
        Array.from({ length: PROCESSES }, (_, p) =>
          runChild<CallerResult>('purger.mjs', {
            modulePath: adapter.modulePath, file, before: at(500), batch: 5, purgers: PURGERS_PER_PROCESS,
            restore: p === 0 ? toRestore : [], organizationId: orgId, startAt,
          }),
        ),
      )
    ).flat();

    expect(results.filter((r) => 'error' in r)).toEqual([]);
    const purged = results.reduce((sum, r) => sum + ('purged' in r ? r.purged : 0), 0);
    const restored = results.flatMap((r) => ('restored' in r ? r.restored : []));
    expect(purged + restored.length).toBe(DUE);

    const check = createSqliteStorage({ path: file });
    await check.transaction('read', async (tx) => {
      const trash = await tx.listDeletedPosts(orgId, { limit: 500, offset: 0 });
      expect(trash.rows.map((row) => row.post_id).sort((a, b) => a - b)).toEqual(recent);
      for (const id of due) expect([id, (await tx.getPost(id)) !== null]).toEqual([id, restored.includes(id)]);
    });
    await check.close();
  }, 90_000);
});
