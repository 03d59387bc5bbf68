/**
 * The stores a service's behaviour is tested on when it should not depend on the store: memory,
 * and SQLite on a file of its own. Each opens a fresh store; `done` removes what it left behind
 * (close the store first).
 */
import { createMemoryStorage } from '../../adapters/memory/index.js';
import { createSqliteStorage } from '../../adapters/sqlite/index.js';
import type { Storage } from '../../src/storage/contract.js';
import { tempDir } from '../adapters/sqlite/helpers.js';

export type OpenStore = () => { storage: Storage; done(): void };

/** `[name, open]` pairs, for `describe.each`. */
export const memoryAndSqlite: Array<[string, OpenStore]> = [
  ['memory', () => ({ storage: createMemoryStorage(), done: () => undefined })],
  [
    'SQLite',
    () => {
      const temp = tempDir();
      return { storage: createSqliteStorage({ path: temp.file() }), done: temp.remove };
    },
  ],
];
