/**
 * The table API of `src/storage/record-store.ts` over one IndexedDB transaction: each table is
 * the object store of the same name, each index the store's index of the same name.
 *
 * Every method issues its request at once and awaits nothing else, so the transaction stays
 * active across the calls of a StorageTx method. Rows read are structured clones, so they are
 * the caller's; `put` stores a structured clone, so the row passed in is never kept.
 */
import type { IDBPObjectStore, IDBPTransaction } from 'idb';
import {
  ID_COUNTERS_STORE,
  type IdTable,
  type IndexKey,
  type IndexName,
  type ReadonlyRow,
  type RecordStore,
  type RecordTable,
  type TableKey,
  type TableName,
  type TableRows,
} from '../../src/storage/record-store.js';
import { IndexedDbStorageError, isDomError } from './errors.js';

/**
 * A transaction of the storage, typed as readwrite for both modes: a `readonly` one refuses every
 * write at run time (IndexedDB's ReadOnlyError), which is all a `read` transaction needs.
 */
export type StorageTransaction = IDBPTransaction<unknown, string[], 'readwrite'>;
type Store = IDBPObjectStore<unknown, string[], string, 'readwrite'>;

/** A row of the id counters store: the next id the table hands out. */
interface IdCounter {
  table: IdTable;
  next: number;
}

/**
 * True for a valid key among record values: a number (not NaN), a string, or an array of them.
 * A lookup by anything else (a compound key with a null part) matches nothing, as in the memory
 * store, where IndexedDB would throw a DataError.
 */
function isKey(value: unknown): value is IDBValidKey {
  if (typeof value === 'string') return true;
  if (typeof value === 'number') return !Number.isNaN(value);
  return Array.isArray(value) && value.every((part) => typeof part === 'string' || (typeof part === 'number' && !Number.isNaN(part)));
}

/**
 * Makes a request. IndexedDB throws TransactionInactiveError synchronously when the transaction
 * has already committed; that is turned into an error saying why it happens.
 */
function request<T>(make: () => Promise<T>): Promise<T> {
  try {
    return make();
  } catch (error) {
    if (!isDomError(error, 'TransactionInactiveError')) throw error;
    throw new IndexedDbStorageError(
      'transaction_inactive',
      'a request was made after its transaction had committed: inside a transaction, await nothing but its own methods (IndexedDB commits as soon as the event loop turns)',
      { cause: error },
    );
  }
}

class IdbTable<T extends TableName> implements RecordTable<T> {
  readonly #open: () => Store;
  #opened: Store | undefined;

  /**
   * The object store is looked up at the first request, so that a transaction of a database at
   * an older version (tests of upgrades) can be built although a later version's stores are missing.
   */
  constructor(open: () => Store) {
    this.#open = open;
  }

  get #store(): Store {
    return (this.#opened ??= this.#open());
  }

  async get(key: TableKey<T>): Promise<ReadonlyRow<TableRows[T]> | undefined> {
    if (!isKey(key)) return undefined;
    return request(() => this.#store.get(key));
  }

  async put(row: ReadonlyRow<TableRows[T]>): Promise<void> {
    await request(() => this.#store.put(row));
  }

  async delete(key: TableKey<T>): Promise<void> {
    if (!isKey(key)) return;
    await request(() => this.#store.delete(key));
  }

  async getAll(): Promise<ReadonlyRow<TableRows[T]>[]> {
    return request(() => this.#store.getAll());
  }

  async getAllFromIndex<I extends IndexName<T>>(index: I, value: IndexKey<T, I>): Promise<ReadonlyRow<TableRows[T]>[]> {
    if (!isKey(value)) return [];
    return request(() => this.#store.index(index).getAll(value));
  }
}

/**
 * The record store of one transaction. Id counters live in their own store and are written in
 * the same transaction as the rows, so an id is never handed out twice by committed
 * transactions, deleted rows included, and an aborted transaction takes its ids back.
 */
export class IdbRecordStore implements RecordStore {
  readonly #tx: StorageTransaction;
  /** Taken while the transaction is active: `objectStore()` throws once it has finished. */
  readonly #counters: Store;
  /** Per table, the last id handed out in this transaction, so concurrent calls never share one. */
  readonly #lastIds = new Map<IdTable, Promise<number>>();
  /** Per table, the highest id handed out in this transaction: what the counter must exceed. */
  readonly #highest = new Map<IdTable, number>();

  constructor(tx: StorageTransaction) {
    this.#tx = tx;
    this.#counters = tx.objectStore(ID_COUNTERS_STORE.name as string);
  }

  table<T extends TableName>(name: T): RecordTable<T> {
    // A database still at an older version (an older release's tab) lacks the newer tables:
    // their methods then reject, while every other table works.
    if (!this.#tx.objectStoreNames.contains(name)) return missingTable(name);
    return new IdbTable<T>(() => this.#tx.objectStore(name as string));
  }

  async nextId(table: IdTable): Promise<number> {
    const counters = this.#counters;
    const previous = this.#lastIds.get(table);
    const id =
      previous === undefined
        ? request(() => counters.get(table)).then((counter: IdCounter | undefined) => counter?.next ?? 1)
        : previous.then((last) => last + 1);
    this.#lastIds.set(table, id);
    const value = await id;
    // Two calls in flight may write their counters in either order: each writes the highest.
    const highest = Math.max(value, this.#highest.get(table) ?? 0);
    this.#highest.set(table, highest);
    const counter: IdCounter = { table, next: highest + 1 };
    await request(() => counters.put(counter));
    return value;
  }
}

function missingTable<T extends TableName>(name: T): RecordTable<T> {
  const fail = () =>
    Promise.reject(new Error(`feedback-board/indexeddb: the database has no table ${name} at its version; open it with this release to upgrade it`));
  return { get: fail, put: fail, delete: fail, getAll: fail, getAllFromIndex: fail };
}
