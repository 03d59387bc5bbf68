/**
 * The saved views step: a database made before it keeps its organizations, gains the store of
 * views, and takes views after it.
 */
import { describe, expect, it } from 'vitest';
import { openFeedbackDatabase } from '../../../adapters/indexeddb/open.js';
import { createIndexedDbStorage, SCHEMA_VERSION } from '../../../adapters/indexeddb/index.js';
import { SCHEMA_STEPS, storeVersion } from '../../../src/storage/schema/steps.js';
import { onDay } from '../../../testing/fixtures.js';
import { declaredStructure, IDBFactory, readStructure } from './helpers.js';

const STEP = SCHEMA_STEPS.findIndex((step) => step.description.startsWith('saved views'));

describe('indexeddb saved views step', () => {
  it('keeps the organizations, and stores views after it', async () => {
    expect(STEP).toBeGreaterThanOrEqual(0);
    const factory = new IDBFactory();
    const older = await openFeedbackDatabase({ factory, name: 'views', version: storeVersion('indexeddb', STEP) - 1, blockedTimeoutMs: 1000 });
    expect(older.objectStoreNames.contains('saved_views')).toBe(false);
    const tx = older.transaction(['organizations', 'id_counters'], 'readwrite');
    await tx.objectStore('organizations').put({ id: 1, name: 'Org', created_at: onDay(1) });
    await tx.objectStore('id_counters').put({ table: 'organizations', next: 2 });
    await tx.done;
    older.close();

    const storage = await createIndexedDbStorage({ indexedDB: factory, name: 'views' });
    expect(storage.version).toBe(SCHEMA_VERSION);
    expect((await storage.transaction('read', (read) => read.getOrganization(1)))?.name).toBe('Org');
    const view = await storage.transaction('write', (write) => write.insertSavedView({ organization_id: 1, name: 'Planned', query: 'status=planned', created_at: onDay(2) }));
    expect(await storage.transaction('read', (read) => read.listSavedViews(1))).toEqual([view]);
    await storage.close();
    expect(await readStructure(factory, 'views')).toEqual({ version: SCHEMA_VERSION, structure: declaredStructure() });
  });
});
