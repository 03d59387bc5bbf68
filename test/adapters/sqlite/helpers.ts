/**
 * Shared by the SQLite adapter's tests: real database files in a temporary directory, and a
 * small board to work on.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSqliteStorage, type SqliteStorage } from '../../../adapters/sqlite/index.js';
import type { StorageTx } from '../../../src/storage/contract.js';
import { at, newApiKey, newBoard, newOrganization, newPost } from '../../../testing/fixtures.js';

/** A temporary directory, removed by the returned `remove()`. */
export function tempDir(prefix = 'fb-sqlite-'): { dir: string; file(name?: string): string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return {
    dir,
    file: (name = 'board.db') => join(dir, name),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** Opens storages on files of one temporary directory and closes them all in `cleanup()`. */
export function storageFactory(): {
  open(file?: string): SqliteStorage;
  path(name?: string): string;
  cleanup(): Promise<void>;
} {
  const temp = tempDir();
  const opened: SqliteStorage[] = [];
  return {
    open(file = temp.file()) {
      const storage = createSqliteStorage({ path: file });
      opened.push(storage);
      return storage;
    },
    path: temp.file,
    async cleanup() {
      for (const storage of opened) await storage.close();
      temp.remove();
    },
  };
}

/** The conformance suite's reference instant, as an ISO timestamp. */
export const T0 = at(0);

export { at, newPost };

/** One organization with one write key and one board. */
export async function seedBoard(tx: StorageTx): Promise<{ orgId: number; keyId: number; boardId: number }> {
  const org = await tx.insertOrganization(newOrganization());
  const key = await tx.insertApiKey(newApiKey(org.id));
  const board = await tx.insertBoard(newBoard(org.id));
  return { orgId: org.id, keyId: key.id, boardId: board.id };
}
