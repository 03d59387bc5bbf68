/**
 * The tabs page: one tab of an application whose other tabs run other releases. Two pages of
 * the same origin share the database, as two tabs do.
 */
import type { IDBPDatabase } from 'idb';
import { createIndexedDbStorage, isIndexedDbStorageError, type IndexedDbStorage } from '../../../../adapters/indexeddb/index.js';
import { openFeedbackDatabase } from '../../../../adapters/indexeddb/open.js';
import type { Outcome, PageGlobals } from '../page-api.js';

let storage: IndexedDbStorage | undefined;
let held: IDBPDatabase | undefined;

function failure(error: unknown): Outcome {
  if (isIndexedDbStorageError(error)) return { ok: false, code: error.code, message: error.message };
  throw error;
}

const page = globalThis as PageGlobals;
page.tabsPage = {
  async open(name, blockedTimeoutMs) {
    try {
      storage = await createIndexedDbStorage(blockedTimeoutMs === undefined ? { name } : { name, blockedTimeoutMs });
      await storage.transaction('read', (tx) => tx.listOrganizations());
      return { ok: true, version: storage.version };
    } catch (error) {
      return failure(error);
    }
  },
  async read() {
    try {
      await storage!.transaction('read', (tx) => tx.listOrganizations());
      return { ok: true, version: storage!.version };
    } catch (error) {
      return failure(error);
    }
  },
  async holdVersion1(name) {
    held = await openFeedbackDatabase({ factory: indexedDB, name, version: 1, blockedTimeoutMs: 1000 });
  },
  release() {
    held?.close();
  },
  openNewer(name, version) {
    return new Promise((resolve, reject) => {
      let blocked = false;
      const request = indexedDB.open(name, version);
      // Blocked for good when the other tab does not close: answer instead of hanging.
      request.onblocked = () => {
        blocked = true;
        setTimeout(() => resolve({ version, blocked }), 2000);
      };
      request.onsuccess = () => {
        request.result.close();
        resolve({ version, blocked });
      };
      request.onerror = () => reject(request.error);
    });
  },
};
