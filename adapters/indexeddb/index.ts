/**
 * `feedback-board/adapters/indexeddb`: the storage in the browser's IndexedDB (through `idb`),
 * so that the whole service, fetch handler included, runs in a page or a worker and keeps its
 * data across reloads.
 *
 * ```ts
 * import { createFeedbackBoard } from 'feedback-board';
 * import { createIndexedDbStorage, isIndexedDbStorageError } from 'feedback-board/adapters/indexeddb';
 *
 * let storage;
 * try {
 *   storage = await createIndexedDbStorage({ name: 'my-app-feedback' });
 * } catch (error) {
 *   // Another tab runs a newer release of the application: this page's code is outdated.
 *   if (isIndexedDbStorageError(error) && error.code === 'version_too_new') location.reload();
 *   throw error;
 * }
 * const board = createFeedbackBoard({ storage });
 * const organization = await board.dashboard.organizations.create({ name: 'Acme' });
 * const { key } = await board.dashboard.apiKeys.create(organization.id, { scope: 'write' });
 * const response = await board.fetch(
 *   new Request(new URL('/api/v1/boards', location.origin), { headers: { authorization: `Bearer ${key}` } }),
 * );
 * ```
 *
 * @module feedback-board/adapters/indexeddb
 */
import { IndexedDbStorageError } from './errors.js';
import { openFeedbackDatabase } from './open.js';
import { SCHEMA_VERSION } from './schema.js';
import { IndexedDbStorageImpl, type IndexedDbStorage } from './storage.js';

export { IndexedDbStorageError, isIndexedDbStorageError, type IndexedDbStorageErrorCode } from './errors.js';
export { SCHEMA_VERSION } from './schema.js';
export type { IndexedDbStorage } from './storage.js';

/** Options of {@link createIndexedDbStorage}. */
export interface IndexedDbStorageOptions {
  /** The IndexedDB database name. Default `"feedback-board"`. */
  name?: string;
  /**
   * The IndexedDB factory. Default: the global `indexedDB`. In Node, pass an instance of
   * fake-indexeddb's `IDBFactory` after `import 'fake-indexeddb/auto'`: idb recognizes requests
   * and transactions by the global IndexedDB classes, which that import installs.
   */
  indexedDB?: IDBFactory;
  /**
   * How long opening waits, in ms, when an upgrade is blocked by another tab that keeps an older
   * version open (normally that tab closes its connection at once). Default 3000.
   */
  blockedTimeoutMs?: number;
}

/**
 * Opens (creating or upgrading it as needed) the feedback-board database in IndexedDB.
 *
 * - **Schema.** One object store per table with the indexes that the lookups, the post lists,
 *   the agent queue and the statistics read; upgrades from every older {@link SCHEMA_VERSION}
 *   run on open and keep the data.
 * - **Transactions.** Each spans every store; writes are serialized by IndexedDB, across tabs
 *   too; a `read` transaction is `readonly`. When the function throws, the transaction is
 *   aborted, nothing is written and the error is rethrown. Inside it, await only its methods.
 * - **Ids** come from counters kept in the database and are never reused after a delete.
 * - **Other tabs.** When another tab opens the database at a newer version, this connection is
 *   closed so that it can upgrade; this storage's transactions then reject with
 *   {@link IndexedDbStorageError} `version_changed` (reload the page). Opening a database that a
 *   newer version upgraded rejects with `version_too_new`; an upgrade that another tab keeps
 *   blocking rejects with `upgrade_blocked` after `blockedTimeoutMs`.
 * - `close()` waits for transactions under way, then closes the connection.
 *
 * @throws {@link IndexedDbStorageError} `unavailable`, `version_too_new` or `upgrade_blocked`
 *   (as a rejection).
 */
export async function createIndexedDbStorage(options: IndexedDbStorageOptions = {}): Promise<IndexedDbStorage> {
  const factory = options.indexedDB ?? (globalThis as { indexedDB?: IDBFactory }).indexedDB;
  if (factory === undefined || typeof IDBRequest === 'undefined') {
    throw new IndexedDbStorageError(
      'unavailable',
      'IndexedDB is not available here; in Node, import "fake-indexeddb/auto" and pass its IDBFactory as `indexedDB`',
    );
  }
  const db = await openFeedbackDatabase({
    factory,
    name: options.name ?? 'feedback-board',
    version: SCHEMA_VERSION,
    blockedTimeoutMs: options.blockedTimeoutMs ?? 3000,
  });
  return new IndexedDbStorageImpl(db);
}
