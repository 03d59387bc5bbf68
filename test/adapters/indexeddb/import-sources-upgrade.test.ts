/** Upgrade step 20: a version 19 database gets the store of what imports made, and keeps its boards. */
import { describe, expect, it } from 'vitest';
import { createIndexedDbStorage, SCHEMA_VERSION } from '../../../adapters/indexeddb/index.js';
import { onDay, seedBoard } from '../../../testing/fixtures.js';
import { declaredStructure, IDBFactory, readStructure, writeAsOlderRelease } from './helpers.js';

describe('indexeddb import sources step', () => {
  it('adds import_sources to a version 19 database, whose boards then take import sources', async () => {
    const factory = new IDBFactory();
    await writeAsOlderRelease(factory, 'imports', 19, async (tx) => void (await seedBoard(tx)));

    const upgraded = await createIndexedDbStorage({ indexedDB: factory, name: 'imports' });
    expect(upgraded.version).toBe(SCHEMA_VERSION);
    const row = { board_id: 1, source_id: 'post:fider:7', record_id: 3, imported_at: onDay(1) };
    await upgraded.transaction('write', (tx) => tx.insertImportSource(row));
    expect(await upgraded.transaction('read', (tx) => tx.listImportSources(1))).toEqual([row]);
    expect(await upgraded.transaction('read', (tx) => tx.getBoard(1))).toMatchObject({ id: 1 });
    await upgraded.close();
    expect(await readStructure(factory, 'imports')).toEqual({ version: SCHEMA_VERSION, structure: declaredStructure() });
  });
});
