/**
 * Shared by the SQLite adapter's tests: real database files in a temporary directory, and a
 * small board to work on.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSqliteStorage, type SqliteStorage } from '../../adapters/sqlite/index.js';
import type { NewPost, StorageTx } from '../../src/storage/contract.js';

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

export const T0 = '2026-11-01T09:00:00.000Z';

/** `T0` plus `minutes`, as an ISO timestamp. */
export function at(minutes: number): string {
  return new Date(Date.parse(T0) + minutes * 60_000).toISOString();
}

export function newPost(boardId: number, fields: Partial<NewPost> = {}): NewPost {
  return {
    board_id: boardId,
    title: 'A post',
    body: '',
    status: 'open',
    is_admin: true,
    hidden: false,
    pinned: false,
    queue_rank: null,
    shipped_at: null,
    created_at: T0,
    proposal: null,
    ...fields,
  };
}

/** One organization with one write key and one board. */
export async function seedBoard(tx: StorageTx): Promise<{ orgId: number; keyId: number; boardId: number }> {
  const org = await tx.insertOrganization({ name: 'Acme', created_at: T0 });
  const key = await tx.insertApiKey({
    organization_id: org.id,
    scope: 'write',
    label: 'CI',
    prefix: 'fbk_abcd',
    hash: 'a'.repeat(64),
    created_at: T0,
    revoked_at: null,
  });
  const board = await tx.insertBoard({
    organization_id: org.id,
    slug: 'features',
    name: 'Features',
    description: '',
    welcome_message: '',
    published: false,
    logo_url: null,
    created_at: T0,
  });
  return { orgId: org.id, keyId: key.id, boardId: board.id };
}
