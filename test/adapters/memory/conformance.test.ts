import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryStorage, type MemoryStorage } from '../../../adapters/memory/index.js';
import type { StorageTx } from '../../../src/storage/contract.js';
import { defineStorageConformance } from 'feedback-board/testing';
import { newPost, seedBoard } from '../../../testing/fixtures.js';
import { recordStoreTables } from '../../../testing/raw-counters.js';

defineStorageConformance(
  {
    name: 'memory',
    create: async () => createMemoryStorage(),
    readTables: async (storage, names) => {
      const tables: Record<string, readonly object[]> = {};
      for (const name of names) {
        const rows = await (storage as MemoryStorage).readTable(name);
        if (rows !== undefined) tables[name] = rows;
      }
      return recordStoreTables(tables);
    },
  },
  { describe, it, expect, beforeEach, afterEach },
);

describe('memory storage', () => {
  it('rejects writes in a read transaction and keeps nothing of them', async () => {
    const storage = createMemoryStorage();
    await expect(
      storage.transaction('read', (tx) => tx.insertOrganization({ name: 'Acme', created_at: '2026-11-01T00:00:00.000Z' })),
    ).rejects.toThrow(/read transaction/);
    expect(await storage.transaction('read', (tx) => tx.listOrganizations())).toEqual([]);
  });

  it('rejects calls on a transaction handle used after its transaction ended', async () => {
    const storage = createMemoryStorage();
    let leaked: StorageTx | undefined;
    await storage.transaction('write', async (tx) => {
      leaked = tx;
      await seedBoard(tx);
    });
    await expect(leaked!.getBoard(1)).rejects.toThrow(/already finished/);
    await expect(leaked!.insertPost(newPost(1))).rejects.toThrow(/already finished/);
    expect(await storage.transaction('read', (tx) => tx.getPost(1))).toBeNull();
  });

  it('hands the ids of a rolled-back transaction out again', async () => {
    const storage = createMemoryStorage();
    await storage.transaction('write', seedBoard);
    await expect(
      storage.transaction('write', async (tx) => {
        await tx.insertPost(newPost(1));
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect((await storage.transaction('write', (tx) => tx.insertPost(newPost(1)))).id).toBe(1);
  });

  it('lets transactions already started finish when closed, and closes idempotently', async () => {
    const storage = createMemoryStorage();
    const running = storage.transaction('write', async (tx) => {
      const { board } = await seedBoard(tx);
      for (let i = 0; i < 10; i++) await tx.insertPost(newPost(board.id));
      return (await tx.listPosts(board.id, { sort: 'new', limit: 1, offset: 0 })).total;
    });
    const closed = storage.close();
    expect(await running).toBe(10);
    await closed;
    await storage.close();
    await expect(storage.transaction('read', (tx) => tx.getPost(1))).rejects.toThrow(/closed/);
  });

  it('lists a board of 130,000 posts in one status', async () => {
    const storage = createMemoryStorage();
    const count = 130_000;
    await storage.transaction('write', async (tx) => {
      const { board } = await seedBoard(tx);
      for (let i = 0; i < count; i++) {
        await tx.insertPost(newPost(board.id, { status: 'planned', created_at: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString() }));
      }
    });
    await storage.transaction('read', async (tx) => {
      const top = await tx.listPosts(1, { sort: 'top', limit: 2, offset: 0 });
      expect([top.total, top.rows.map((post) => post.id)]).toEqual([count, [count, count - 1]]);
      const roadmap = await tx.listRoadmap(1, { limit: 2, offset: count - 1 });
      expect([roadmap.total, roadmap.rows.map((post) => post.id)]).toEqual([count, [count]]);
      const queue = await tx.listQueue(1, { apiKeyId: 1, now: '2026-11-01T00:00:00.000Z', limit: 3 });
      expect([queue.total, queue.rows.map((post) => post.id)]).toEqual([count, [1, 2, 3]]);
    });
  }, 60_000);
});
