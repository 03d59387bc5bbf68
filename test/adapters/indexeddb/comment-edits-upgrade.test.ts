/**
 * The step of comments edited and deleted on IndexedDB: comments a database of the version before
 * stored (without the two times) read as neither edited nor deleted, and can then be edited, their
 * earlier body kept in the new object store.
 */
import { describe, expect, it } from 'vitest';
import { createIndexedDbStorage, SCHEMA_VERSION } from '../../../adapters/indexeddb/index.js';
import { newComment, newPost, onDay, seedBoard } from '../../../testing/fixtures.js';
import { declaredStructure, IDBFactory, openRaw, readStructure, writeAsOlderRelease } from './helpers.js';

const BEFORE = SCHEMA_VERSION - 1;

/** Rewrites every stored comment as the release before kept it: without `edited_at` and `deleted_at`. */
async function dropEditTimes(factory: IDBFactory, name: string): Promise<void> {
  const db = await openRaw(factory, name, BEFORE);
  await new Promise<void>((resolve, reject) => {
    const tx = db.transaction('comments', 'readwrite');
    const cursorRequest = tx.objectStore('comments').openCursor();
    cursorRequest.onsuccess = () => {
      const cursor = cursorRequest.result;
      if (!cursor) return;
      const { edited_at: _edited, deleted_at: _deleted, ...older } = cursor.value as Record<string, unknown>;
      cursor.update(older);
      cursor.continue();
    };
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
  });
  db.close();
}

describe('indexeddb step of comments edited and deleted', () => {
  it('reads the comments stored before as neither edited nor deleted, and edits them', async () => {
    const factory = new IDBFactory();
    await writeAsOlderRelease(factory, 'comments', BEFORE, async (tx) => {
      await seedBoard(tx);
      await tx.insertPost(newPost(1));
      await tx.insertComment(newComment(1, { body: 'Stored before', created_at: onDay(1) }));
    });
    await dropEditTimes(factory, 'comments');

    const upgraded = await createIndexedDbStorage({ indexedDB: factory, name: 'comments' });
    expect(upgraded.version).toBe(SCHEMA_VERSION);
    expect(await upgraded.transaction('read', (tx) => tx.getComment(1))).toMatchObject({ body: 'Stored before', edited_at: null, deleted_at: null });
    expect(await upgraded.transaction('read', (tx) => tx.listComments(1))).toMatchObject([{ id: 1, edited_at: null, deleted_at: null }]);
    await upgraded.transaction('write', async (tx) => {
      await tx.insertCommentEdit({ comment_id: 1, body: 'Stored before', replaced_at: onDay(2), by_team: true });
      await tx.updateComment(1, { body: 'Edited after', edited_at: onDay(2) });
    });
    expect(await upgraded.transaction('read', (tx) => tx.getComment(1))).toMatchObject({ body: 'Edited after', edited_at: onDay(2), deleted_at: null });
    expect(await upgraded.transaction('read', (tx) => tx.listCommentEdits(1))).toEqual([
      { id: 1, comment_id: 1, body: 'Stored before', replaced_at: onDay(2), by_team: true },
    ]);
    await upgraded.close();
    expect(await readStructure(factory, 'comments')).toEqual({ version: SCHEMA_VERSION, structure: declaredStructure() });
  });
});
