/**
 * The storage `feedback-board serve` runs on: a SQLite file by default (`./feedback.db`, or
 * `--db FILE`), memory with `--memory` or with `--fixture` and no `--db`.
 */
import { stat } from 'node:fs/promises';
import { createMemoryStorage } from '../../adapters/memory/index.js';
import type { Storage } from '../storage/contract.js';

export const DEFAULT_DB_FILE = './feedback.db';

export interface StorageChoice {
  db?: string | undefined;
  memory: boolean;
  fixture: boolean;
}

export interface OpenedStorage {
  storage: Storage;
  /** True when the storage holds no organization yet (demo data or a fixture may be loaded). */
  fresh: boolean;
  description: string;
}

export class StorageChoiceError extends Error {}

async function isEmpty(storage: Storage): Promise<boolean> {
  return storage.transaction('read', async (tx) => (await tx.listOrganizations()).length === 0);
}

export async function openStorage(choice: StorageChoice): Promise<OpenedStorage> {
  if (choice.memory && choice.db !== undefined) throw new StorageChoiceError('--memory and --db exclude each other');
  if (choice.memory || (choice.fixture && choice.db === undefined)) {
    return { storage: createMemoryStorage(), fresh: true, description: 'memory (the data is gone when the server stops)' };
  }
  const file = choice.db ?? DEFAULT_DB_FILE;
  if ((await stat(file).catch(() => null))?.isDirectory()) throw new StorageChoiceError(`--db ${file} is a directory`);
  let sqlite: typeof import('../../adapters/sqlite/index.js');
  try {
    sqlite = await import('../../adapters/sqlite/index.js');
  } catch (error) {
    throw new StorageChoiceError(
      `SQLite storage needs the better-sqlite3 package (npm install better-sqlite3), or run with --memory. (${(error as Error).message})`,
    );
  }
  const storage = sqlite.createSqliteStorage({ path: file });
  const fresh = await isEmpty(storage);
  if (choice.fixture && !fresh) {
    await storage.close();
    throw new StorageChoiceError(`--fixture loads into a new, empty database, but ${file} already holds data`);
  }
  return { storage, fresh, description: `SQLite file ${file}` };
}
