/**
 * A transaction that waits for something IndexedDB knows nothing of (a module of the record store
 * loading on the first call of one of its aggregates) stays open while it waits, on the raw
 * `holdOpen` and through the adapter: what it wrote before and after the wait commits together,
 * or not at all. Without the hold, IndexedDB commits during the wait and the next request fails:
 * the first test shows that, so the others can fail.
 */
import { openDB, type IDBPDatabase } from 'idb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createIndexedDbStorage, type IndexedDbStorage } from '../../../adapters/indexeddb/index.js';
import { holdOpen } from '../../../adapters/indexeddb/hold.js';
import type { StorageTransaction } from '../../../adapters/indexeddb/record-store.js';
import { rejectionOf, seedBoard, TestAbort } from '../../../testing/fixtures.js';
import { IDBFactory } from './helpers.js';

/** Resolves after `ms`, on a timer: later than any request IndexedDB has pending. */
const after = <T>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

describe('holdOpen on a raw IndexedDB transaction', () => {
  let db: IDBPDatabase;
  let databases = 0;
  beforeEach(async () => {
    // idb opens on the global indexedDB (fake-indexeddb's here): a database of its own per test.
    db = await openDB(`hold-${++databases}`, 1, { upgrade: (up) => void up.createObjectStore('rows') });
  });
  afterEach(() => db.close());

  const rows = () => db.getAllKeys('rows');
  const begin = () => db.transaction(['rows'], 'readwrite') as unknown as StorageTransaction;

  it('without it, the transaction commits while it waits and its next request fails', async () => {
    const tx = begin();
    await tx.objectStore('rows').put('a', 1);
    await after(30, null);
    // The transaction has finished: IndexedDB refuses even to hand out its object store.
    await expect((async () => tx.objectStore('rows').put('b', 2))()).rejects.toMatchObject({ name: expect.stringMatching(/^(InvalidStateError|TransactionInactiveError)$/) });
    expect(await rows()).toEqual([1]);
  });

  it('keeps the transaction open across a wait on a timer, and resolves with the value waited for', async () => {
    const tx = begin();
    const hold = holdOpen(tx, 'rows');
    await tx.objectStore('rows').put('a', 1);
    expect(await hold(after(30, 'loaded'))).toBe('loaded');
    await tx.objectStore('rows').put('b', 2);
    await tx.done;
    expect(await rows()).toEqual([1, 2]);
  });

  it('rejects with the error of a wait that fails, the transaction still open to abort: nothing is kept', async () => {
    const tx = begin();
    const hold = holdOpen(tx, 'rows');
    await tx.objectStore('rows').put('a', 1);
    const failure = new TestAbort();
    expect(await rejectionOf(hold(after(30, null).then(() => Promise.reject(failure))))).toBe(failure);
    tx.abort();
    await expect(tx.done).rejects.toBeTruthy();
    expect(await rows()).toEqual([]);
  });
});

describe('a record store aggregate loaded on its first call, on IndexedDB', () => {
  let storage: IndexedDbStorage;
  beforeEach(async () => {
    storage = await createIndexedDbStorage({ indexedDB: new IDBFactory() });
  });
  afterEach(() => storage.close());

  it('loads inside a transaction that wrote before the call: both writes commit, and an abort after it keeps neither', async () => {
    // The team members' aggregate (sign-in and sessions) is one of those a browser loads later.
    const { organization } = await storage.transaction('write', async (tx) => {
      const seeded = await seedBoard(tx);
      await tx.insertTeamMember({ organization_id: seeded.organization.id, email: 'ana@example.com', name: 'Ana', created_at: '2024-01-01T00:00:00.000Z' });
      return seeded;
    });
    await storage.transaction('read', async (tx) => {
      expect(await tx.getBoardBySlug(organization.id, 'features')).not.toBeNull();
      expect((await tx.listTeamMembers(organization.id)).map((member) => member.email)).toEqual(['ana@example.com']);
    });
    const thrown = new TestAbort();
    const caught = await rejectionOf(
      storage.transaction('write', async (tx) => {
        await tx.setSetting('before', 'yes');
        await tx.insertTeamMember({ organization_id: organization.id, email: 'bo@example.com', name: 'Bo', created_at: '2024-01-01T00:00:00.000Z' });
        throw thrown;
      }),
    );
    expect(caught).toBe(thrown);
    await storage.transaction('read', async (tx) => {
      expect(await tx.getSetting('before')).toBeNull();
      expect((await tx.listTeamMembers(organization.id)).map((member) => member.email)).toEqual(['ana@example.com']);
    });
  });
});
