/**
 * A new database is made from the shared table schema at once, not by running every upgrade step:
 * it has exactly the object stores (key paths, key generators) and indexes (key paths, uniqueness,
 * multi-entry) of a database upgraded through every released step, one open per step or in one go.
 */
import { describe, expect, it } from 'vitest';
import { createIndexedDbStorage, SCHEMA_VERSION } from '../../../adapters/indexeddb/index.js';
import { declaredStructure, IDBFactory, openAtVersion, openRaw } from './helpers.js';

/** Every store and index of `name` as raw IndexedDB reports them, at its current version. */
async function catalogOf(factory: IDBFactory, name: string): Promise<unknown> {
  const db = await openRaw(factory, name);
  try {
    const names = [...db.objectStoreNames];
    const tx = db.transaction(names, 'readonly');
    return {
      version: db.version,
      stores: names.map((storeName) => {
        const store = tx.objectStore(storeName);
        const indexes = [...store.indexNames].map((indexName) => {
          const index = store.index(indexName);
          return { name: indexName, keyPath: index.keyPath, unique: index.unique, multiEntry: index.multiEntry };
        });
        return { name: storeName, keyPath: store.keyPath, autoIncrement: store.autoIncrement, indexes };
      }),
    };
  } finally {
    db.close();
  }
}

async function upgraded(factory: IDBFactory, name: string, versions: readonly number[]): Promise<unknown> {
  for (const version of versions) await (await openAtVersion(factory, name, version)).close();
  await (await createIndexedDbStorage({ indexedDB: factory, name })).close();
  return catalogOf(factory, name);
}

describe('indexeddb new database', () => {
  it('has the stores and indexes of databases upgraded through every released step', async () => {
    const factory = new IDBFactory();
    const made = await upgraded(factory, 'new', []);
    expect((made as { stores: unknown[] }).stores).toHaveLength(Object.keys(declaredStructure()).length);
    expect(made).toEqual(await upgraded(factory, 'stepwise', Array.from({ length: SCHEMA_VERSION - 1 }, (_, i) => i + 1)));
    expect(made).toEqual(await upgraded(factory, 'from-first', [1]));
  });
});
