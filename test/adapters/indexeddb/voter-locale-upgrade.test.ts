/** Upgrade step 17: the voters a version 16 database stored get `locale: null`, and a language can then be set. */
import { describe, expect, it } from 'vitest';
import { createIndexedDbStorage, SCHEMA_VERSION } from '../../../adapters/indexeddb/index.js';
import { newVoter, onDay, seedBoard } from '../../../testing/fixtures.js';
import { declaredStructure, IDBFactory, openRaw, readStructure, writeAsOlderRelease } from './helpers.js';

/** Rewrites every stored voter as a release before the language kept it: without the field. */
async function dropStoredLocales(factory: IDBFactory, name: string, version: number): Promise<void> {
  const db = await openRaw(factory, name, version);
  await new Promise<void>((resolve, reject) => {
    const tx = db.transaction('voters', 'readwrite');
    const cursorRequest = tx.objectStore('voters').openCursor();
    cursorRequest.onsuccess = () => {
      const cursor = cursorRequest.result;
      if (!cursor) return;
      const { locale: _dropped, ...older } = cursor.value as { locale?: unknown };
      cursor.update(older);
      cursor.continue();
    };
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
  });
  db.close();
}

describe('indexeddb voter language step', () => {
  it("gives a version 16 database's voters locale null, which can then be set", async () => {
    const factory = new IDBFactory();
    await writeAsOlderRelease(factory, 'locale', 16, async (tx) => {
      await seedBoard(tx);
      await tx.insertVoter(newVoter(1, { email: 'ada@acme.test', name: 'Ada', created_at: onDay(1) }));
      await tx.insertVoter(newVoter(1, { created_at: onDay(1) }));
    });
    await dropStoredLocales(factory, 'locale', 16);

    const upgraded = await createIndexedDbStorage({ indexedDB: factory, name: 'locale' });
    expect(upgraded.version).toBe(SCHEMA_VERSION);
    expect(await upgraded.transaction('read', (tx) => tx.getVoter(1))).toEqual({
      id: 1, organization_id: 1, email: 'ada@acme.test', name: 'Ada', created_at: onDay(1), locale: null,
    });
    expect(await upgraded.transaction('write', (tx) => tx.setVoterLocale(1, 'ar'))).toBe(true);
    expect((await upgraded.transaction('read', (tx) => tx.getVoterByEmail(1, 'ada@acme.test')))?.locale).toBe('ar');
    expect(await upgraded.transaction('read', (tx) => tx.getVoter(2))).toMatchObject({ id: 2, locale: null });
    await upgraded.close();
    expect(await readStructure(factory, 'locale')).toEqual({ version: SCHEMA_VERSION, structure: declaredStructure() });
  });
});
