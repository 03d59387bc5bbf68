/**
 * The custom fields step: every post of a database made before it is rewritten to hold no values
 * (`fields: null`), the store of fields is made, and both take writes after it.
 */
import { describe, expect, it } from 'vitest';
import { openFeedbackDatabase } from '../../../adapters/indexeddb/open.js';
import { createIndexedDbStorage, SCHEMA_VERSION } from '../../../adapters/indexeddb/index.js';
import { SCHEMA_STEPS, storeVersion } from '../../../src/storage/schema/steps.js';
import { newPost, onDay } from '../../../testing/fixtures.js';
import { declaredStructure, IDBFactory, readStructure } from './helpers.js';

const STEP = SCHEMA_STEPS.findIndex((step) => step.description.startsWith('custom fields'));

describe('indexeddb custom fields step', () => {
  it('gives every stored post no values, and stores fields and values after it', async () => {
    const factory = new IDBFactory();
    const older = await openFeedbackDatabase({ factory, name: 'fields', version: storeVersion('indexeddb', STEP) - 1, blockedTimeoutMs: 1000 });
    const tx = older.transaction(['organizations', 'boards', 'posts', 'statuses', 'id_counters'], 'readwrite');
    await tx.objectStore('organizations').put({ id: 1, name: 'Org', created_at: onDay(1) });
    await tx.objectStore('statuses').put({ id: 1, organization_id: 1, name: 'Open', color: '#000000', category: 'open', position: 0, is_default: true });
    await tx.objectStore('boards').put({ id: 1, organization_id: 1, slug: 'ideas', name: 'Ideas', description: '', welcome_message: '', published: true, logo_url: null, created_at: onDay(1) });
    for (const id of [1, 2]) await tx.objectStore('posts').put({ id, ...newPost(1, { title: `Post ${id}` }), vote_count: 0, comment_count: 0, status_label_id: 1 });
    for (const [table, next] of [['organizations', 2], ['boards', 2], ['posts', 3], ['statuses', 2]] as const) await tx.objectStore('id_counters').put({ table, next });
    await tx.done;
    older.close();

    const storage = await createIndexedDbStorage({ indexedDB: factory, name: 'fields' });
    expect(storage.version).toBe(SCHEMA_VERSION);
    const raw = await storage.transaction('read', async (read) => [await read.getPost(1), await read.getPost(2)]);
    expect(raw.map((post) => Object.prototype.hasOwnProperty.call(post, 'fields') && post!.fields === null)).toEqual([true, true]);
    await storage.transaction('write', async (write) => {
      await write.insertField({ board_id: 1, key: 'seats', label: 'Seats', type: 'number', options: [], required: true, position: 0 });
      await write.updatePost(1, { fields: { seats: 4 } });
    });
    expect((await storage.transaction('read', (read) => read.listFields(1))).map((f) => [f.id, f.key, f.required])).toEqual([[1, 'seats', true]]);
    const listed = await storage.transaction('read', (read) => read.listPosts(1, { sort: 'new', limit: 10, offset: 0, field: { key: 'seats', value: 4 } }));
    expect([listed.rows.map((post) => post.id), listed.total]).toEqual([[1], 1]);
    await storage.close();
    expect(await readStructure(factory, 'fields')).toEqual({ version: SCHEMA_VERSION, structure: declaredStructure() });
  });
});
