/**
 * Several connections to one database at different schema versions, as tabs running different
 * releases of an application: a newer one upgrades past an open older one (which closes and then
 * says why), an older one refuses a newer database, a tab that never closes blocks an upgrade
 * only for the configured time, and a connection the browser drops is reported.
 */
import { forceCloseDatabase } from 'fake-indexeddb';
import { unwrap } from 'idb';
import { describe, expect, it } from 'vitest';
import { createIndexedDbStorage, SCHEMA_VERSION } from '../../../adapters/indexeddb/index.js';
import { openFeedbackDatabase } from '../../../adapters/indexeddb/open.js';
import { IndexedDbStorageImpl } from '../../../adapters/indexeddb/storage.js';
import { newPost, rejectionOf, seedBoard } from '../../../testing/fixtures.js';
import { IDBFactory, openAtVersion, openRaw, readStructure, writeAsOlderRelease } from './helpers.js';

describe('indexeddb versions across tabs', () => {
  it('closes for a newer version opened elsewhere, which then opens unblocked; this code then refuses the newer database', async () => {
    const factory = new IDBFactory();
    const storage = await createIndexedDbStorage({ indexedDB: factory, name: 'shared' });
    await storage.transaction('write', seedBoard);

    const newer = await openRaw(factory, 'shared', SCHEMA_VERSION + 1);
    expect(newer.version).toBe(SCHEMA_VERSION + 1);
    const changed = await rejectionOf(storage.transaction('read', (tx) => tx.getBoard(1)));
    expect(changed).toMatchObject({ name: 'IndexedDbStorageError', code: 'version_changed' });
    expect((changed as Error).message).toMatch(new RegExp(`upgraded to version ${SCHEMA_VERSION + 1} elsewhere.*reload`));
    newer.close();

    const tooNew = await rejectionOf(createIndexedDbStorage({ indexedDB: factory, name: 'shared' }));
    expect(tooNew).toMatchObject({ name: 'IndexedDbStorageError', code: 'version_too_new' });
    expect((tooNew as Error).message).toMatch(new RegExp(`newer schema than version ${SCHEMA_VERSION}.*reload`));
    await storage.close();
  });

  it('lets a running transaction commit before closing for the newer version', async () => {
    const factory = new IDBFactory();
    const storage = await createIndexedDbStorage({ indexedDB: factory, name: 'shared' });
    const writing = storage.transaction('write', async (tx) => {
      await seedBoard(tx);
      for (let i = 0; i < 10; i++) await tx.insertPost(newPost(1));
    });
    const newer = await openRaw(factory, 'shared', SCHEMA_VERSION + 1);
    await writing;
    const tx = newer.transaction('posts', 'readonly');
    const count = await new Promise((resolve) => {
      const request = tx.objectStore('posts').count();
      request.onsuccess = () => resolve(request.result);
    });
    expect(count).toBe(10);
    newer.close();
  });

  it('says so when the database is deleted elsewhere', async () => {
    const factory = new IDBFactory();
    const storage = await createIndexedDbStorage({ indexedDB: factory, name: 'shared' });
    await new Promise((resolve, reject) => {
      const request = factory.deleteDatabase('shared');
      request.onsuccess = resolve;
      request.onerror = reject;
    });
    await expect(storage.transaction('read', (tx) => tx.getBoard(1))).rejects.toThrow(/deleted elsewhere/);
    await storage.close();
  });

  it('fails an upgrade blocked by an older tab that never closes, and upgrades once it has closed', async () => {
    const factory = new IDBFactory();
    await writeAsOlderRelease(factory, 'shared', 1, async (tx) => void (await seedBoard(tx)));
    // An older release that does not close when asked to.
    const stubborn = await openRaw(factory, 'shared', 1);

    const started = Date.now();
    const blocked = await rejectionOf(createIndexedDbStorage({ indexedDB: factory, name: 'shared', blockedTimeoutMs: 100 }));
    expect(Date.now() - started).toBeGreaterThanOrEqual(90);
    expect(blocked).toMatchObject({ name: 'IndexedDbStorageError', code: 'upgrade_blocked' });
    expect((blocked as Error).message).toMatch(/open at version 1 elsewhere.*close the other tabs/);

    // The pending open completes once the old tab closes, and its connection is closed at once:
    // it does not block a later open (or a delete).
    stubborn.close();
    const storage = await createIndexedDbStorage({ indexedDB: factory, name: 'shared' });
    expect(storage.version).toBe(SCHEMA_VERSION);
    expect((await storage.transaction('read', (tx) => tx.getBoard(1)))?.slug).toBe('features');
    await storage.close();
    expect((await readStructure(factory, 'shared')).version).toBe(SCHEMA_VERSION);
    const deleted = await new Promise((resolve) => {
      const request = factory.deleteDatabase('shared');
      request.onsuccess = () => resolve('deleted');
      request.onblocked = () => resolve('blocked by a connection left open');
    });
    expect(deleted).toBe('deleted');
  });

  it('reports a connection the browser closed', async () => {
    const db = await openFeedbackDatabase({ factory: new IDBFactory(), name: 'shared', version: SCHEMA_VERSION, blockedTimeoutMs: 100 });
    const storage = new IndexedDbStorageImpl(db);
    // fake-indexeddb's types name the class, not an instance, as the argument.
    forceCloseDatabase(unwrap(db) as unknown as Parameters<typeof forceCloseDatabase>[0]);
    await expect(storage.transaction('read', (tx) => tx.getBoard(1))).rejects.toMatchObject({ code: 'connection_lost' });
  });
});
