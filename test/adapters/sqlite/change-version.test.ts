/**
 * `changeVersion()` of the SQLite and memory storages: what the handler's answer cache trusts.
 * It must change with every commit that could change an answer (this connection's, another
 * connection's in this process, another process's, a write through `database` itself), stay the
 * same across reads, and never come back to an earlier value.
 */
import { spawnSync } from 'node:child_process';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../../../adapters/memory/index.js';
import { createSqliteStorage } from '../../../adapters/sqlite/index.js';
import { newPost, seedBoard, storageFactory } from './helpers.js';

let factory: ReturnType<typeof storageFactory>;
beforeEach(() => {
  factory = storageFactory();
});
afterEach(() => factory.cleanup());

describe('SQLite changeVersion', () => {
  it('changes with each write transaction of its own that changed a row, not with reads or writes that changed none', async () => {
    const storage = factory.open();
    const seen = new Set<string>();
    const v0 = (await storage.changeVersion())!;
    seen.add(v0);
    await storage.transaction('read', (tx) => tx.listBoards(1));
    expect(await storage.changeVersion()).toBe(v0);
    const { boardId } = await storage.transaction('write', seedBoard);
    const v1 = (await storage.changeVersion())!;
    expect(seen.has(v1)).toBe(false);
    seen.add(v1);
    // A write transaction that changes no row leaves it: the outbox polls lease nothing most of
    // the time, and each poll is a write transaction.
    await storage.transaction('write', async (tx) => tx.getBoard(boardId));
    const now = new Date().toISOString();
    expect(await storage.transaction('write', (tx) => tx.leaseWebhookMessages({ now, lease_until: now, owner: 'poll', limit: 10 }))).toEqual([]);
    expect(await storage.transaction('write', (tx) => tx.leaseIntegrationCalls({ now, lease_until: now, owner: 'poll', limit: 10 }))).toEqual([]);
    expect(await storage.changeVersion()).toBe(v1);
    await storage.transaction('write', (tx) => tx.insertPost(newPost(boardId, { title: 'kept' })));
    const v2 = (await storage.changeVersion())!;
    expect(seen.has(v2)).toBe(false);
    seen.add(v2);
    // One that fails and is rolled back changes it too: more often than needed is safe.
    await expect(
      storage.transaction('write', async (tx) => {
        await tx.insertPost(newPost(boardId, { title: 'undone' }));
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect(seen.has((await storage.changeVersion())!)).toBe(false);
  });

  it('changes with a write through its own connection, outside its transactions', async () => {
    const storage = factory.open();
    const { boardId } = await storage.transaction('write', seedBoard);
    const before = await storage.changeVersion();
    storage.database.prepare('UPDATE fb_boards SET name = ? WHERE id = ?').run('Renamed', boardId);
    expect(await storage.changeVersion()).not.toBe(before);
  });

  it('changes with a commit of another connection, in this process and in another', async () => {
    const path = factory.path();
    const storage = factory.open(path);
    const { boardId } = await storage.transaction('write', seedBoard);
    const before = await storage.changeVersion();
    const other = new Database(path);
    other.prepare('UPDATE fb_boards SET name = ? WHERE id = ?').run('Elsewhere', boardId);
    other.close();
    const afterOther = await storage.changeVersion();
    expect(afterOther).not.toBe(before);
    const child = spawnSync(
      process.execPath,
      ['-e', `const D = require('better-sqlite3'); new D(process.argv[1]).prepare("UPDATE fb_boards SET name = 'Another process' WHERE id = ?").run(${boardId});`, path],
      { encoding: 'utf8' },
    );
    expect(child.stderr).toBe('');
    expect(child.status).toBe(0);
    const afterChild = await storage.changeVersion();
    expect(afterChild).not.toBe(afterOther);
    expect(afterChild).not.toBe(before);
    expect((await storage.transaction('read', (tx) => tx.getBoard(boardId)))!.name).toBe('Another process');
  });

  it('is null while the application holds a transaction open on a database it passed in, and refuses once closed', async () => {
    const database = new Database(factory.path('passed.db'));
    const storage = createSqliteStorage({ database });
    database.exec('BEGIN');
    expect(await storage.changeVersion()).toBeNull();
    database.exec('COMMIT');
    expect(typeof (await storage.changeVersion())).toBe('string');
    await storage.close();
    await expect(storage.changeVersion()).rejects.toThrow('closed');
    database.close();
  });
});

describe('memory changeVersion', () => {
  it('changes with each write transaction that changed the state, not with reads, writes that changed nothing or undone ones, and refuses once closed', async () => {
    const storage = createMemoryStorage();
    const v0 = await storage.changeVersion();
    await storage.transaction('read', (tx) => tx.listBoards(1));
    expect(await storage.changeVersion()).toBe(v0);
    const { boardId } = await storage.transaction('write', seedBoard);
    const v1 = await storage.changeVersion();
    expect(v1).not.toBe(v0);
    const now = new Date().toISOString();
    expect(await storage.transaction('write', (tx) => tx.leaseWebhookMessages({ now, lease_until: now, owner: 'poll', limit: 10 }))).toEqual([]);
    await storage.transaction('write', (tx) => tx.getBoard(boardId));
    expect(await storage.changeVersion()).toBe(v1);
    // Undone: the state is what it was under v1, so answers kept under v1 still hold.
    await expect(
      storage.transaction('write', async (tx) => {
        await tx.insertPost(newPost(boardId, { title: 'undone' }));
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect(await storage.changeVersion()).toBe(v1);
    expect(await storage.transaction('read', (tx) => tx.listPosts(boardId, { sort: 'new', limit: 10, offset: 0 }))).toMatchObject({ total: 0 });
    await storage.transaction('write', (tx) => tx.insertPost(newPost(boardId, { title: 'kept' })));
    const v2 = await storage.changeVersion();
    expect([v0, v1]).not.toContain(v2);
    await storage.close();
    await expect(storage.changeVersion()).rejects.toThrow('closed');
  });
});
