/**
 * The purge of deleted posts by several processes on one PostgreSQL database: two stores (two
 * pools, as two `serve` processes have) with four purging transactions each, and a restoring one,
 * on 60 posts deleted long enough ago and 10 deleted lately. Each due post is purged by one purger
 * or restored, never both and never twice; the recent ones stay in the trash.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresStorage, type PostgresStorage } from '../../../adapters/postgres/index.js';
import { at, newPost, seedBoard } from '../../../testing/fixtures.js';
import { skipReason, suiteTitle } from '../../helpers/requirements.js';
import { createTestDatabase, dropTestDatabase } from './server.js';

const DUE = 60;
const RECENT = 10;
const PURGERS = 4;

let url: string;
const stores: PostgresStorage[] = [];

const skip = skipReason('postgres-server', 'test/adapters/postgres/purge-concurrent.test.ts');

beforeAll(async () => {
  if (skip !== undefined) return;
  url = await createTestDatabase('fb_purge');
  for (let i = 0; i < 2; i++) stores.push(await createPostgresStorage({ connectionString: url }, { maxConnections: 6 }));
}, 60_000);

afterAll(async () => {
  for (const store of stores) await store.close();
  if (url !== undefined) await dropTestDatabase(url);
});

describe.skipIf(skip !== undefined)(suiteTitle('PostgreSQL: purging deleted posts from two processes at once', skip), () => {
  it('purges each due post once between them, or lets the restorer have it; keeps the recent ones', async () => {
    const [first, second] = stores as [PostgresStorage, PostgresStorage];
    const { organizationId, due, recent } = await first.transaction('write', async (tx) => {
      const { organization, board } = await seedBoard(tx);
      const due: number[] = [];
      const recent: number[] = [];
      for (let i = 0; i < DUE + RECENT; i++) {
        const post = await tx.insertPost(newPost(board.id, { title: `Post ${i}` }));
        const old = i < DUE;
        await tx.trashPost(post.id, { organization_id: organization.id, deleted_at: at(old ? i : 1000 + i), actor_kind: 'system', actor_id: null });
        (old ? due : recent).push(post.id);
      }
      return { organizationId: organization.id, due, recent };
    });
    const purge = async (store: PostgresStorage) => {
      let purged = 0;
      for (;;) {
        const n = await store.transaction('write', (tx) => tx.purgeDeletedPosts(at(500), 5));
        purged += n;
        if (n === 0) return purged;
      }
    };
    const restore = async () => {
      const restored: number[] = [];
      for (const id of due.filter((_, i) => i % 4 === 0)) {
        const post = await second.transaction('write', (tx) => tx.restoreDeletedPost(organizationId, id));
        if (post !== null && typeof post === 'object') restored.push(post.id);
      }
      return restored;
    };
    const [purgedCounts, restored] = await Promise.all([
      Promise.all(Array.from({ length: PURGERS * 2 }, (_, i) => purge(i % 2 === 0 ? first : second))),
      restore(),
    ]);
    expect(purgedCounts.reduce((a, b) => a + b, 0) + restored.length).toBe(DUE);
    await first.transaction('read', async (tx) => {
      const trash = await tx.listDeletedPosts(organizationId, { limit: 500, offset: 0 });
      expect(trash.rows.map((row) => row.post_id).sort((a, b) => a - b)).toEqual(recent);
      for (const id of due) expect([id, (await tx.getPost(id)) !== null]).toEqual([id, restored.includes(id)]);
    });
  }, 60_000);
});
