/**
 * The custom statuses step: every organization of a database made before it gets the five default
 * statuses (its ids in the categories' order, from the id counter), and every post the default of
 * its status in its organization as its label.
 */
import { describe, expect, it } from 'vitest';
import { openFeedbackDatabase } from '../../../adapters/indexeddb/open.js';
import { createIndexedDbStorage, SCHEMA_VERSION } from '../../../adapters/indexeddb/index.js';
import { SCHEMA_STEPS, storeVersion } from '../../../src/storage/schema/steps.js';
import { newPost, onDay } from '../../../testing/fixtures.js';
import { declaredStructure, IDBFactory, readStructure } from './helpers.js';

const STEP = SCHEMA_STEPS.findIndex((step) => step.description.startsWith('custom statuses'));

describe('indexeddb custom statuses step', () => {
  it("gives each organization its five defaults and each post its organization's default of its status", async () => {
    const factory = new IDBFactory();
    const older = await openFeedbackDatabase({ factory, name: 'statuses', version: storeVersion('indexeddb', STEP) - 1, blockedTimeoutMs: 1000 });
    const tx = older.transaction(['organizations', 'boards', 'posts', 'id_counters'], 'readwrite');
    for (const id of [1, 2]) {
      await tx.objectStore('organizations').put({ id, name: `Org ${id}`, created_at: onDay(1) });
      await tx.objectStore('boards').put({ id, organization_id: id, slug: 'ideas', name: 'Ideas', description: '', welcome_message: '', published: true, logo_url: null, created_at: onDay(1) });
    }
    const posts = [newPost(1, { status: 'planned' }), newPost(2, { status: 'declined', hidden: true }), newPost(2, { status: 'open' })];
    for (const [i, post] of posts.entries()) await tx.objectStore('posts').put({ id: i + 1, ...post, vote_count: 0, comment_count: 0 });
    for (const [table, next] of [['organizations', 3], ['boards', 3], ['posts', 4]] as const) await tx.objectStore('id_counters').put({ table, next });
    await tx.done;
    older.close();

    const storage = await createIndexedDbStorage({ indexedDB: factory, name: 'statuses' });
    expect(storage.version).toBe(SCHEMA_VERSION);
    const statuses = await storage.transaction('read', async (read) => [await read.listStatuses(1), await read.listStatuses(2)]);
    expect(statuses.map((list) => list.map((s) => [s.id, s.name, s.category, s.position, s.is_default]))).toEqual([
      [[1, 'Open', 'open', 0, true], [2, 'Planned', 'planned', 1, true], [3, 'In progress', 'in_progress', 2, true], [4, 'Shipped', 'shipped', 3, true], [5, 'Declined', 'declined', 4, true]],
      [[6, 'Open', 'open', 0, true], [7, 'Planned', 'planned', 1, true], [8, 'In progress', 'in_progress', 2, true], [9, 'Shipped', 'shipped', 3, true], [10, 'Declined', 'declined', 4, true]],
    ]);
    const labels = await storage.transaction('read', async (read) => Promise.all([1, 2, 3].map(async (id) => (await read.getPost(id))!.status_label_id)));
    expect(labels).toEqual([2, 10, 6]);
    // The posts of a label are found by the index the step added.
    expect(await storage.transaction('write', async (write) => {
      const review = await write.insertStatus({ organization_id: 2, name: 'Review', color: '#000000', category: 'open', position: 5, is_default: false });
      await write.updatePost(3, { status: 'open', status_label_id: review.id });
      return [review.id, await write.deleteStatus(review.id)];
    })).toEqual([11, 1]);
    const next = await storage.transaction('write', (write) => write.insertOrganization({ name: 'New', created_at: onDay(2) }));
    expect((await storage.transaction('read', (read) => read.listStatuses(next.id))).map((s) => s.id)).toEqual([12, 13, 14, 15, 16]);
    await storage.close();
    expect(await readStructure(factory, 'statuses')).toEqual({ version: SCHEMA_VERSION, structure: declaredStructure() });
  });
});
