/**
 * The {@link Storage} on one IndexedDB connection.
 *
 * Transactions follow IndexedDB's rules:
 *
 * - Every transaction spans every object store. IndexedDB runs readwrite transactions whose
 *   scopes overlap one after another, in the order they were created, and starts a readonly
 *   transaction only after the readwrite ones created before it that overlap it: with one scope
 *   for all, writes are serialized (a read followed by a write cannot race) and reads see only
 *   committed data, with no lock of our own, across tabs too.
 * - `read` transactions are `readonly`: a write in one is refused by IndexedDB.
 * - `fn` may await nothing but the transaction's methods, or IndexedDB commits early (a later
 *   request then fails with `transaction_inactive`).
 * - A JavaScript throw does not abort an IndexedDB transaction: when `fn` throws or rejects, the
 *   transaction is aborted here, so nothing it wrote is kept, and `fn`'s error is rethrown
 *   unchanged once the abort is complete. `tx.done`, which rejects on abort, is observed from the
 *   moment the transaction is created, so an abort never becomes an unhandled rejection.
 */
import type { IDBPDatabase } from 'idb';
import type { Storage, StorageTx, TransactionMode } from '../../src/storage/contract.js';
import { createRecordTx } from '../../src/storage/record-tx.js';
import { IndexedDbStorageError } from './errors.js';
import { holdOpen } from './hold.js';
import { IdbRecordStore, type StorageTransaction } from './record-store.js';
import { STORE_NAMES } from './schema.js';

/** How a transaction ended: `done` settled, as a value that never rejects. */
type Ending = { committed: true } | { committed: false; error: unknown };

/** A {@link Storage} on IndexedDB, with the database's name and schema version. */
export interface IndexedDbStorage extends Storage {
  /** The IndexedDB database name. */
  readonly name: string;
  /** The schema version the database was opened at (the IndexedDB version). */
  readonly version: number;
}

export class IndexedDbStorageImpl implements IndexedDbStorage {
  readonly name: string;
  readonly version: number;
  readonly #db: IDBPDatabase;
  /** Why the storage takes no more transactions; undefined while it does. */
  #unavailable: IndexedDbStorageError | undefined;
  /** The endings of the transactions under way, which `close()` waits for. */
  readonly #running = new Set<Promise<Ending>>();
  /** The stores every transaction spans: all of them, as far as this database's version has them. */
  readonly #storeNames: string[];

  constructor(db: IDBPDatabase) {
    this.#db = db;
    this.#storeNames = STORE_NAMES.filter((name) => db.objectStoreNames.contains(name));
    this.name = db.name;
    this.version = db.version;
    // Another connection wants to upgrade or delete the database: close this one at once, so that
    // it is not blocked. Transactions already running finish first.
    db.addEventListener('versionchange', (event) => {
      const deleted = event.newVersion === null;
      this.#unavailable ??= new IndexedDbStorageError(
        'version_changed',
        deleted
          ? `the database "${this.name}" was deleted elsewhere (another tab or window); reload to start over`
          : `the database "${this.name}" was upgraded to version ${event.newVersion} elsewhere (a newer version of the application in another tab or window); reload to run the newer code`,
      );
      db.close();
    });
    // Fired only when the browser closes the connection itself, never after db.close().
    db.addEventListener('close', () => {
      this.#unavailable ??= new IndexedDbStorageError(
        'connection_lost',
        `the browser closed the connection to the database "${this.name}" (storage cleared or failing); reload to open it again`,
      );
    });
  }

  transaction<T>(mode: TransactionMode, fn: (tx: StorageTx) => Promise<T>): Promise<T> {
    if (this.#unavailable !== undefined) return Promise.reject(this.#unavailable);
    let tx: StorageTransaction;
    try {
      tx = this.#db.transaction(this.#storeNames, mode === 'write' ? 'readwrite' : 'readonly') as StorageTransaction;
    } catch (error) {
      return Promise.reject(error);
    }
    const ending: Promise<Ending> = tx.done.then(
      () => ({ committed: true }),
      (error: unknown) => ({ committed: false, error }),
    );
    this.#running.add(ending);
    void ending.then(() => this.#running.delete(ending));
    return run(tx, this.#storeNames[0]!, ending, fn);
  }

  /** Transactions under way finish first; closing twice is not an error. */
  async close(): Promise<void> {
    this.#unavailable ??= new IndexedDbStorageError('closed', `the storage of the database "${this.name}" is closed`);
    await Promise.all([...this.#running]);
    this.#db.close();
  }
}

async function run<T>(tx: StorageTransaction, anyStore: string, ending: Promise<Ending>, fn: (tx: StorageTx) => Promise<T>): Promise<T> {
  let result: T;
  try {
    result = await fn(createRecordTx(new IdbRecordStore(tx), holdOpen(tx, anyStore)));
  } catch (error) {
    abort(tx);
    await ending;
    throw error;
  }
  const end = await ending;
  // fn resolved, yet the transaction was aborted: a request failed (fn caught its error), or the
  // commit itself failed (quota, disk). Nothing was written.
  if (!end.committed) throw end.error;
  return result;
}

/** Aborts unless the transaction has already ended (it committed early, or a request failed). */
function abort(tx: StorageTransaction): void {
  try {
    tx.abort();
  } catch {
    // InvalidStateError: already committed or aborted; `ending` tells which.
  }
}
