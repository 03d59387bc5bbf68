/**
 * IndexedDB's transaction rules as the adapter applies them: a throw aborts (and never leaves an
 * unhandled rejection behind), `read` is readonly, a request after an early commit is named for
 * what it is, ids are distinct within one transaction's concurrent inserts, and `close()` lets
 * running transactions finish.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createIndexedDbStorage, type IndexedDbStorage } from '../../../adapters/indexeddb/index.js';
import { newPost, rejectionOf, seedBoard, TestAbort } from '../../../testing/fixtures.js';
import { IDBFactory } from './helpers.js';

describe('indexeddb transactions', () => {
  let storage: IndexedDbStorage;
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown): void => {
    unhandled.push(reason);
  };

  beforeEach(async () => {
    unhandled.length = 0;
    process.on('unhandledRejection', onUnhandled);
    storage = await createIndexedDbStorage({ indexedDB: new IDBFactory() });
    await storage.transaction('write', seedBoard);
  });
  afterEach(async () => {
    process.off('unhandledRejection', onUnhandled);
    await storage.close();
  });

  /** Lets every pending event, timer and rejection report run. */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

  it('aborts on a throw: nothing is written, the same error is rethrown, no rejection is left unhandled', async () => {
    const thrown = new TestAbort();
    const caught = await rejectionOf(
      storage.transaction('write', async (tx) => {
        await tx.insertPost(newPost(1, { title: 'Ghost' }));
        await tx.setSetting('ghost', 'yes');
        throw thrown;
      }),
    );
    expect(caught).toBe(thrown);
    // A throw before any request, and a rejection in a read transaction, abort as well.
    await expect(storage.transaction('write', async () => Promise.reject(new TestAbort()))).rejects.toBeInstanceOf(TestAbort);
    await expect(
      storage.transaction('read', async (tx) => {
        await tx.getPost(1);
        throw new TestAbort();
      }),
    ).rejects.toBeInstanceOf(TestAbort);
    await settle();
    expect(unhandled).toEqual([]);
    await storage.transaction('read', async (tx) => {
      expect(await tx.getPost(1)).toBeNull();
      expect(await tx.getSetting('ghost')).toBeNull();
    });
    // The aborted insert's id is handed out again: the counter was rolled back with the row.
    expect((await storage.transaction('write', (tx) => tx.insertPost(newPost(1)))).id).toBe(1);
  });

  it('runs read transactions readonly: a write in one is refused and nothing is kept', async () => {
    const error = await rejectionOf(storage.transaction('read', (tx) => tx.setSetting('mode', 'x')));
    expect((error as Error).name).toBe('ReadOnlyError');
    await expect(storage.transaction('read', (tx) => tx.insertPost(newPost(1)))).rejects.toThrow();
    await settle();
    expect(unhandled).toEqual([]);
    expect(await storage.transaction('read', (tx) => tx.getSetting('mode'))).toBeNull();
    expect(await storage.transaction('read', (tx) => tx.getPost(1))).toBeNull();
  });

  it('names the error of a request made after the transaction committed early', async () => {
    const error = await rejectionOf(
      storage.transaction('write', async (tx) => {
        await tx.setSetting('first', '1');
        // Waiting for a timer returns to the event loop: IndexedDB commits the transaction. The
        // wait is long enough for fake-indexeddb's commit, which takes several loop turns, to
        // finish first even on a loaded machine.
        await new Promise((resolve) => setTimeout(resolve, 50));
        await tx.setSetting('second', '2');
      }),
    );
    expect(error).toMatchObject({ name: 'IndexedDbStorageError', code: 'transaction_inactive' });
    expect((error as Error).message).toMatch(/await nothing but/);
    expect(await storage.transaction('read', (tx) => tx.getSetting('second'))).toBeNull();
    // The same for an insert, whose first request is for its id.
    const late = storage.transaction('write', async (tx) => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      return tx.insertPost(newPost(1));
    });
    await expect(late).rejects.toMatchObject({ code: 'transaction_inactive' });
  });

  it('hands out distinct ids to concurrent inserts within one transaction, and continues after them', async () => {
    const posts = await storage.transaction('write', (tx) =>
      Promise.all([tx.insertPost(newPost(1)), tx.insertPost(newPost(1)), tx.insertPost(newPost(1))]),
    );
    expect(posts.map((post) => post.id)).toEqual([1, 2, 3]);
    expect((await storage.transaction('write', (tx) => tx.insertPost(newPost(1)))).id).toBe(4);
  });

  it('lets running transactions commit when closed, then rejects new ones with code closed', async () => {
    const running = storage.transaction('write', async (tx) => {
      for (let i = 0; i < 20; i++) await tx.insertPost(newPost(1));
      return (await tx.listPosts(1, { sort: 'new', limit: 1, offset: 0 })).total;
    });
    const closed = storage.close();
    expect(await running).toBe(20);
    await closed;
    await storage.close();
    await expect(storage.transaction('read', (tx) => tx.getPost(1))).rejects.toMatchObject({ code: 'closed' });
  });
});
