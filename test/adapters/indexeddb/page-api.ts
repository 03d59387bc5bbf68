/**
 * What the browser pages put on `globalThis` for the Node side to call through Playwright, and
 * the conformance target both sides register (the page to run it, Node to know its test names).
 */
import type { Storage } from '../../../src/storage/contract.js';
import { defineStorageConformance, type TestApi } from '../../../testing/index.js';
import { recordStoreTables } from '../../../testing/raw-counters.js';
import type { TestResult } from '../../helpers/browser-harness.js';
import { BROWSER_LEFT_TO_FAKE } from '../../helpers/heavy-conformance.js';

/** The conformance page's global. */
export interface ConformancePage {
  /** Runs every registered test, reporting each result as it ends through `reportResult`. */
  run(): Promise<TestResult[]>;
}

/** What the board page wrote through the service, and what it then read back through it. */
export interface BoardSnapshot {
  /** `GET /boards/{slug}/posts?sort=top`, each post with its tags' names. */
  list: { posts: { id: number; title: string; status: string; vote_count: number; tags: string[] }[]; total: number };
  /** `GET .../votes` per post id. */
  votes: Record<number, number>;
  /** `GET /boards/{slug}/posts/{id}` of the claimed post. */
  claimed: { id: number; claim: { agent_label: string; expires_at: string } | null };
  /** The voters' ids, as registering their e-mails again returns them. */
  voterIds: number[];
  /** The IndexedDB database the storage opened and its schema version. */
  database: { name: string; version: number };
}

/** The board page's global. */
export interface BoardPage {
  /** Creates an organization, a key, a board, posts, voters, votes and a claim; returns the key. */
  create(): Promise<{ key: string; snapshot: BoardSnapshot }>;
  /** Opens the storage again (after a reload) and reads everything back with `key`. */
  readBack(key: string): Promise<BoardSnapshot>;
}

/** A storage call's outcome as data: what a tab saw, success or the adapter's error code. */
export type Outcome = { ok: true; version: number } | { ok: false; code: string; message: string };

/** The tabs page's global: one tab's view of a database shared with other tabs. */
export interface TabsPage {
  /** Opens this tab's storage on `name` and reads from it. */
  open(name: string, blockedTimeoutMs?: number): Promise<Outcome>;
  /** A read transaction on this tab's storage. */
  read(): Promise<Outcome>;
  /** Opens `name` at schema version 1 and keeps it open, never closing when asked to (an old release). */
  holdVersion1(name: string): Promise<void>;
  release(): void;
  /**
   * Opens `name` at `version` through plain IndexedDB (a newer release) and closes it; says whether
   * it was blocked (answering after 2 s when it stays blocked).
   */
  openNewer(name: string, version: number): Promise<{ version: number; blocked: boolean }>;
}

export interface PageGlobals {
  conformance?: ConformancePage;
  boardPage?: BoardPage;
  tabsPage?: TabsPage;
  /** Exposed by the Node side: receives each conformance result as it ends. */
  reportResult?: (result: TestResult) => Promise<void>;
}

export const BROWSER_TARGET_NAME = 'indexeddb (Chromium)';

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

/**
 * The rows of the object stores among `names` of the database `name`, read through a connection
 * of their own, under the declarations' table names (see `recordStoreTables`).
 */
export async function readIndexedDbTables(factory: IDBFactory, name: string, names: readonly string[]): Promise<Record<string, readonly object[]>> {
  const db = await request(factory.open(name));
  try {
    const present = names.filter((store) => db.objectStoreNames.contains(store));
    const tx = db.transaction(present, 'readonly');
    const rows = await Promise.all(present.map(async (store) => [store, await request(tx.objectStore(store).getAll())] as const));
    return recordStoreTables(Object.fromEntries(rows));
  } finally {
    db.close();
  }
}

/**
 * Registers the conformance suite for the IndexedDB storage `open(name)` opens: each test on a
 * new database, `reopen` closing it and opening the same name again, `readTables` reading the
 * page's own IndexedDB.
 */
export function defineBrowserConformance(api: TestApi, open: (name: string) => Promise<Storage & { name: string }>): void {
  let databases = 0;
  defineStorageConformance(
    {
      name: BROWSER_TARGET_NAME,
      create: () => open(`conformance-${(databases += 1)}`),
      reopen: async (storage) => {
        const { name } = storage as Storage & { name: string };
        await storage.close();
        return open(name);
      },
      readTables: (storage, names) => readIndexedDbTables(indexedDB, (storage as Storage & { name: string }).name, names),
      skip: Object.fromEntries(BROWSER_LEFT_TO_FAKE.map((name) => [name, 'run on fake-indexeddb and every other store (conformance.test.ts): it repeats statements the page runs in its other tests'])),
    },
    api,
  );
}
