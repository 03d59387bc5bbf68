/**
 * Helpers of the IndexedDB adapter's own tests, on fake-indexeddb: a database's structure read
 * back through raw IndexedDB, and the structure the shared table schema declares.
 */
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { holdOpen } from '../../../adapters/indexeddb/hold.js';
import { openFeedbackDatabase } from '../../../adapters/indexeddb/open.js';
import { IdbRecordStore } from '../../../adapters/indexeddb/record-store.js';
import { IndexedDbStorageImpl } from '../../../adapters/indexeddb/storage.js';
import { DEFAULT_STATUSES } from '../../../src/domain/statuses.js';
import type { StorageTx } from '../../../src/storage/contract.js';
import type { RecordStore, RecordTable, TableName } from '../../../src/storage/record-store.js';
import { createRecordTx } from '../../../src/storage/record-tx.js';
import { ID_COUNTERS_STORE, RECORD_SCHEMA, TABLE_NAMES } from '../../../src/storage/record-store.js';

export { IDBFactory };

/** Per object store: its key path and its indexes (name -> key path and uniqueness). */
export type Structure = Record<string, { keyPath: unknown; indexes: Record<string, { keyPath: unknown; unique: boolean }> }>;

const plain = (keyPath: string | readonly string[]): unknown => (typeof keyPath === 'string' ? keyPath : [...keyPath]);

/** What RECORD_SCHEMA and the id counters store declare; every index non-unique. */
export function declaredStructure(): Structure {
  const structure: Structure = {};
  for (const table of TABLE_NAMES) {
    const { keyPath, indexes } = RECORD_SCHEMA[table];
    structure[table] = {
      keyPath: plain(keyPath),
      indexes: Object.fromEntries(
        Object.entries(indexes as Record<string, string | readonly string[]>).map(([name, path]) => [name, { keyPath: plain(path), unique: false }]),
      ),
    };
  }
  structure[ID_COUNTERS_STORE.name] = { keyPath: ID_COUNTERS_STORE.keyPath, indexes: {} };
  return structure;
}

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

/** Opens `name` at its current version without upgrading it and reads its stores and indexes. */
export async function readStructure(factory: IDBFactory, name: string): Promise<{ version: number; structure: Structure }> {
  const db = await request(factory.open(name));
  try {
    const structure: Structure = {};
    const storeNames = [...db.objectStoreNames];
    if (storeNames.length > 0) {
      const tx = db.transaction(storeNames, 'readonly');
      for (const storeName of storeNames) {
        const store = tx.objectStore(storeName);
        const indexes: Structure[string]['indexes'] = {};
        for (const indexName of [...store.indexNames]) {
          const index = store.index(indexName);
          indexes[indexName] = { keyPath: index.keyPath, unique: index.unique };
        }
        structure[storeName] = { keyPath: store.keyPath, indexes };
      }
    }
    return { version: db.version, structure };
  } finally {
    db.close();
  }
}

/** A storage on the database `name` opened at an older schema `version` (as an older release would). */
export async function openAtVersion(factory: IDBFactory, name: string, version: number): Promise<IndexedDbStorageImpl> {
  return new IndexedDbStorageImpl(await openFeedbackDatabase({ factory, name, version, blockedTimeoutMs: 1000 }));
}

/** Opens `name` at `version` through raw IndexedDB, as code that knows nothing of this adapter. */
export function openRaw(factory: IDBFactory, name: string, version?: number): Promise<IDBDatabase> {
  return request(factory.open(name, version));
}

/**
 * Writes to a database at an older `version` as the release that made it did: the same record
 * transaction over the stores that version has, with the tables it did not have yet (the
 * maintained statistics) read as empty and never written.
 */
export async function writeAsOlderRelease(
  factory: IDBFactory,
  name: string,
  version: number,
  fn: (tx: StorageTx) => Promise<void>,
): Promise<void> {
  const db = await openFeedbackDatabase({ factory, name, version, blockedTimeoutMs: 1000 });
  const stores = [...db.objectStoreNames];
  const tx = db.transaction(stores, 'readwrite');
  const store = new IdbRecordStore(tx as never);
  const absent: RecordTable<TableName> = {
    get: async () => undefined,
    put: async () => undefined,
    delete: async () => undefined,
    getAll: async () => [],
    getAllFromIndex: async () => [],
  };
  // That release had no statuses: today's code finds each organization's defaults under a
  // placeholder id, which the upgrade replaces by the label it gives every post.
  const statuses: RecordTable<'statuses'> = {
    ...(absent as unknown as RecordTable<'statuses'>),
    getAllFromIndex: async (_index: string, organizationId: unknown) =>
      DEFAULT_STATUSES.map((status, position) => ({ id: 0, organization_id: organizationId as number, ...status, position, is_default: true })),
  } as RecordTable<'statuses'>;
  const older: RecordStore = {
    table: <T extends TableName>(table: T) =>
      stores.includes(table) ? store.table(table) : ((table === 'statuses' ? statuses : absent) as unknown as RecordTable<T>),
    nextId: (table) => (stores.includes(table) ? store.nextId(table) : Promise.resolve(0)),
  };
  // Held open as the adapter holds its own, while an aggregate's module loads on its first call.
  await fn(createRecordTx(older, holdOpen(tx as never, stores[0]!)));
  await tx.done;
  db.close();
}
