/**
 * The storage conformance suite on the IndexedDB adapter in Node, over fake-indexeddb: each test
 * on a new factory (a new, empty set of databases); `reopen` closes the connection and opens the
 * same database of the same factory again; `readTables` reads its object stores.
 */
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createIndexedDbStorage, type IndexedDbStorage } from '../../../adapters/indexeddb/index.js';
import type { Storage } from '../../../src/storage/contract.js';
import { defineStorageConformance } from 'feedback-board/testing';
import { readIndexedDbTables } from './page-api.js';

const factories = new WeakMap<Storage, IDBFactory>();

async function open(factory: IDBFactory): Promise<IndexedDbStorage> {
  const storage = await createIndexedDbStorage({ name: 'conformance', indexedDB: factory });
  factories.set(storage, factory);
  return storage;
}

defineStorageConformance(
  {
    name: 'indexeddb (fake-indexeddb)',
    create: () => open(new IDBFactory()),
    reopen: async (storage) => {
      await storage.close();
      return open(factories.get(storage)!);
    },
    readTables: (storage, names) => readIndexedDbTables(factories.get(storage)!, 'conformance', names),
  },
  { describe, it, expect, beforeEach, afterEach },
);
