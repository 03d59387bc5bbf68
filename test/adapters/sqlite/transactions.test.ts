/**
 * The SQLite adapter's transactions: atomicity, serialization on one connection, the guards of a
 * read transaction and of a finished one, closing, and a connection owned by the caller.
 */
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSqliteStorage, SqliteBusyTimeoutError } from '../../../adapters/sqlite/index.js';
import { newPost, seedBoard, storageFactory, T0 } from './helpers.js';

let factory: ReturnType<typeof storageFactory>;
beforeEach(() => {
  factory = storageFactory();
});
afterEach(async () => {
  await factory.cleanup();
});

describe('sqlite transactions', () => {
  it('rolls back every write of a failed transaction and rethrows the same error', async () => {
    const storage = factory.open();
    const { boardId } = await storage.transaction('write', seedBoard);
    const failure = new Error('boom');
    const outcome = storage.transaction('write', async (tx) => {
      const post = await tx.insertPost(newPost(boardId));
      await tx.insertComment({
        post_id: post.id,
        parent_comment_id: null,
        body: 'hi',
        is_admin: true,
        hidden: false,
        voter_id: null,
        created_at: T0,
      });
      await tx.setSetting('agentPublishing', 'true');
      throw failure;
    });
    await expect(outcome).rejects.toBe(failure);
    await storage.transaction('read', async (tx) => {
      expect((await tx.listPosts(boardId, { limit: 10, offset: 0, sort: 'new' })).total).toBe(0);
      expect(await tx.getSetting('agentPublishing')).toBeNull();
    });
    expect(storage.database.prepare('SELECT count(*) AS n FROM fb_comments').get()).toEqual({ n: 0 });
    expect(storage.database.inTransaction).toBe(false);
  });

  it('runs concurrent transactions one after another: no read-modify-write is lost', async () => {
    const storage = factory.open();
    await storage.transaction('write', (tx) => tx.setSetting('counter', '0'));
    const increments = Array.from({ length: 50 }, () =>
      storage.transaction('write', async (tx) => {
        const value = Number(await tx.getSetting('counter'));
        // Yield between the read and the write, where another transaction could slip in.
        await new Promise((resolve) => setTimeout(resolve, 0));
        await tx.setSetting('counter', String(value + 1));
      }),
    );
    await Promise.all(increments);
    expect(await storage.transaction('read', (tx) => tx.getSetting('counter'))).toBe('50');
  });

  it('refuses writes inside a read transaction, and the read transaction leaves no trace', async () => {
    const storage = factory.open();
    const error = await storage
      .transaction('read', (tx) => tx.insertOrganization({ name: 'x', created_at: T0 }))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/insertOrganization\(\) writes/);
    expect(await storage.transaction('read', (tx) => tx.listOrganizations())).toEqual([]);
  });

  it('rejects calls on a transaction object after its transaction has ended', async () => {
    const storage = factory.open();
    const leaked = await storage.transaction('write', async (tx) => tx);
    await expect(leaked.listOrganizations()).rejects.toThrow(/after its transaction ended/);
    await expect(leaked.insertOrganization({ name: 'late', created_at: T0 })).rejects.toThrow(
      /after its transaction ended/,
    );
    expect(await storage.transaction('read', (tx) => tx.listOrganizations())).toEqual([]);
  });

  it('never reuses the id of a deleted record', async () => {
    const storage = factory.open();
    const { boardId } = await storage.transaction('write', seedBoard);
    const ids = await storage.transaction('write', async (tx) => {
      const first = await tx.insertPost(newPost(boardId));
      const second = await tx.insertPost(newPost(boardId));
      await tx.deletePost(second.id);
      const third = await tx.insertPost(newPost(boardId));
      return [first.id, second.id, third.id];
    });
    expect(ids).toEqual([1, 2, 3]);
  });

  it('lets queued transactions finish on close, then rejects new ones', async () => {
    const storage = factory.open();
    const queued = storage.transaction('write', (tx) => tx.insertOrganization({ name: 'queued', created_at: T0 }));
    const closing = storage.close();
    await expect(storage.transaction('read', (tx) => tx.listOrganizations())).rejects.toThrow(/closed/);
    await expect(queued).resolves.toMatchObject({ id: 1, name: 'queued' });
    await closing;
    expect(storage.database.open).toBe(false);
  });

  it('keeps the data of a closed file for the next open', async () => {
    const file = factory.path('reopen.db');
    const first = factory.open(file);
    const { boardId } = await first.transaction('write', seedBoard);
    await first.transaction('write', (tx) => tx.insertPost(newPost(boardId, { title: 'Dark mode 🌙' })));
    await first.close();
    const second = factory.open(file);
    const page = await second.transaction('read', (tx) => tx.listPosts(boardId, { limit: 5, offset: 0, sort: 'top' }));
    expect(page.rows.map((post) => post.title)).toEqual(['Dark mode 🌙']);
  });

  it('uses a connection the caller opened and leaves it open on close', async () => {
    const db = new Database(factory.path('own.db'));
    try {
      db.exec('CREATE TABLE app_table (x INTEGER)');
      const storage = createSqliteStorage({ database: db });
      await storage.transaction('write', (tx) => tx.insertOrganization({ name: 'Acme', created_at: T0 }));
      await storage.close();
      expect(db.open).toBe(true);
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
      expect(db.prepare('SELECT name FROM fb_organizations').all()).toEqual([{ name: 'Acme' }]);
      expect(db.prepare('SELECT count(*) AS n FROM app_table').get()).toEqual({ n: 0 });
      await expect(storage.transaction('read', (tx) => tx.listOrganizations())).rejects.toThrow(/closed/);
    } finally {
      db.close();
    }
  });

  it('waits for another connection\'s write lock without blocking the event loop', async () => {
    const file = factory.path('two.db');
    const first = factory.open(file);
    const { boardId } = await first.transaction('write', seedBoard);
    const second = createSqliteStorage({ path: file }, { busyTimeoutMs: 3000 });
    try {
      let proceed!: () => void;
      const gate = new Promise<void>((resolve) => {
        proceed = resolve;
      });
      let inserted!: () => void;
      const insertedSignal = new Promise<void>((resolve) => {
        inserted = resolve;
      });
      const writing = first.transaction('write', async (tx) => {
        await tx.insertPost(newPost(boardId, { title: 'first' }));
        inserted();
        await gate;
      });
      await insertedSignal;
      // Another connection reads the last committed state, without waiting.
      const seen = await second.transaction('read', (tx) => tx.listPosts(boardId, { limit: 5, offset: 0, sort: 'new' }));
      expect(seen.total).toBe(0);
      // Its write waits for the lock; the first transaction can only finish if that wait leaves
      // the event loop free.
      const waiting = second.transaction('write', async (tx) => {
        const page = await tx.listPosts(boardId, { limit: 5, offset: 0, sort: 'new' });
        await tx.insertPost(newPost(boardId, { title: 'second' }));
        return page.rows.map((post) => post.title);
      });
      setTimeout(proceed, 100);
      await writing;
      expect(await waiting).toEqual(['first']);
      expect(second.busyRetries).toBeGreaterThan(0);
    } finally {
      await second.close();
    }
  });

  it('gives up with SqliteBusyTimeoutError once the busy timeout has passed, while reads go on', async () => {
    const file = factory.path('held.db');
    const storage = createSqliteStorage({ path: file }, { busyTimeoutMs: 150 });
    const holder = new Database(file);
    try {
      holder.exec('BEGIN IMMEDIATE');
      const started = Date.now();
      const error = await storage.transaction('write', (tx) => tx.setSetting('a', 'b')).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SqliteBusyTimeoutError);
      expect(error).toMatchObject({ code: 'SQLITE_BUSY' });
      expect(Date.now() - started).toBeGreaterThanOrEqual(150);
      expect(await storage.transaction('read', (tx) => tx.getSetting('a'))).toBeNull();
      holder.exec('COMMIT');
      await storage.transaction('write', (tx) => tx.setSetting('a', 'b'));
      expect(await storage.transaction('read', (tx) => tx.getSetting('a'))).toBe('b');
    } finally {
      holder.close();
      await storage.close();
    }
  });

  it('works on an in-memory database the caller opened', async () => {
    const db = new Database(':memory:');
    const storage = createSqliteStorage({ database: db });
    const { boardId } = await storage.transaction('write', seedBoard);
    await storage.transaction('write', (tx) => tx.insertPost(newPost(boardId)));
    expect((await storage.transaction('read', (tx) => tx.getPost(1)))?.title).toBe('Dark mode');
    await storage.close();
    db.close();
  });

  it('refuses a caller connection that is inside a transaction', () => {
    const db = new Database(factory.path('busy.db'));
    try {
      db.exec('BEGIN');
      expect(() => createSqliteStorage({ database: db })).toThrow(/inside a transaction/);
    } finally {
      db.close();
    }
  });

  it('refuses invalid options', () => {
    expect(() => createSqliteStorage({ path: factory.path('x.db') }, { busyTimeoutMs: -1 })).toThrow(RangeError);
  });
});
