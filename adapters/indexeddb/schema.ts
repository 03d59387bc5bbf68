/**
 * The IndexedDB schema: one object store per table of {@link RECORD_SCHEMA} with the same primary
 * key path, its indexes under the same names and key paths, and the id counters store. Every
 * index is non-unique: uniqueness (slugs, hashes, e-mails) is the core's to check, as in the
 * other adapters, and a lookup returns every matching row.
 *
 * Versions are the IndexedDB database version. A database at version N was built by exactly the
 * steps 1..N, run in order in the `versionchange` transaction of the open that found an older
 * version (0 for a new database). A released step is never edited: a later change to a table,
 * an index or the stored rows is a new step. Steps name the stores and indexes they add; the key
 * paths come from {@link RECORD_SCHEMA}, and the tests check that a new database and an
 * upgraded one both have exactly the stores and indexes it declares.
 *
 * A new database is made here at once, from the declaration. The steps that upgrade an older one
 * (upgrade-steps.ts) load only when an open finds one: most opens never need them.
 */
import type { IDBPDatabase } from 'idb';
import type { UpgradeTransaction } from './build-aggregates.js';
import {
  ID_COUNTERS_STORE,
  RECORD_SCHEMA,
  TABLE_NAMES,
  type IndexName,
  type KeyPath,
  type TableName,
} from '../../src/storage/record-store.js';
import { SCHEMA_STEP_COUNT } from '../../src/storage/record-schema.js';
import { HISTORY_VERSIONS } from '../../src/storage/schema/versions.js';

/** Indexes a step adds, per table, by name. */
export type IndexesToAdd = { [T in TableName]?: readonly IndexName<T>[] };

/** IndexedDB wants a mutable array for a compound key path. */
function idbKeyPath(keyPath: KeyPath<object> | string | readonly string[]): string | string[] {
  return typeof keyPath === 'string' ? keyPath : [...keyPath];
}

export function addIndexes(tx: UpgradeTransaction, indexes: IndexesToAdd): void {
  for (const [table, names] of Object.entries(indexes) as [TableName, readonly string[]][]) {
    const store = tx.objectStore(table);
    const declared: Readonly<Record<string, string | readonly string[]>> = RECORD_SCHEMA[table].indexes;
    for (const name of names) {
      const keyPath = declared[name];
      if (keyPath === undefined) throw new Error(`feedback-board/indexeddb: no index ${table}.${name} in the schema`);
      store.createIndex(name, idbKeyPath(keyPath), { unique: false });
    }
  }
}

export function createStore(db: IDBPDatabase, table: TableName): void {
  db.createObjectStore(table, { keyPath: idbKeyPath(RECORD_SCHEMA[table].keyPath) });
}


/** The newest schema version: the IndexedDB version this package opens its database at (its history's, then one per shared step). */
export const SCHEMA_VERSION = HISTORY_VERSIONS.indexeddb + SCHEMA_STEP_COUNT;

/** Every object store: each transaction spans all of them (see `storage.ts`). */
export const STORE_NAMES: readonly string[] = [...TABLE_NAMES, ID_COUNTERS_STORE.name];

/**
 * A new database at the newest version, made from {@link RECORD_SCHEMA} at once: every object
 * store with all its indexes, and the id counters. (The steps' rewrites of stored rows and builds
 * of the statistics have nothing to do in an empty database.)
 */
export function createNewDatabase(db: IDBPDatabase, tx: UpgradeTransaction): void {
  for (const table of TABLE_NAMES) createStore(db, table);
  db.createObjectStore(ID_COUNTERS_STORE.name, { keyPath: ID_COUNTERS_STORE.keyPath });
  addIndexes(tx, Object.fromEntries(TABLE_NAMES.map((table) => [table, Object.keys(RECORD_SCHEMA[table].indexes)])));
}
