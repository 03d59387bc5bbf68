/**
 * The storage conformance suite on the SQLite adapter, each test on a new database file: a copy of
 * one the adapter migrated once, as the PostgreSQL suite copies a migrated database (migrating
 * each new file took 17 ms of CPU, copying and opening one 3 ms; a new file's migration is tested
 * in migrations.test.ts); `reopen` closes the file and opens it again through a new connection;
 * `readTables` reads the `fb_` tables through the storage's connection.
 */
import { copyFileSync } from 'node:fs';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSqliteStorage, type SqliteStorage } from '../../../adapters/sqlite/index.js';
import type { Storage } from '../../../src/storage/contract.js';
import { defineStorageConformance } from 'feedback-board/testing';
import { tempDir } from './helpers.js';

const temp = tempDir('fb-sqlite-conformance-');
afterAll(() => temp.remove());

let files = 0;

/** The migrated file every store copies, closed (so whole in itself, without a WAL beside it). */
let migrated: Promise<string> | undefined;
async function newFile(): Promise<string> {
  migrated ??= (async () => {
    const file = temp.file('migrated.db');
    await createSqliteStorage({ path: file }).close();
    return file;
  })();
  const file = temp.file(`storage-${(files += 1)}.db`);
  copyFileSync(await migrated, file);
  return file;
}

defineStorageConformance(
  {
    name: 'sqlite',
    create: async () => createSqliteStorage({ path: await newFile() }),
    reopen: async (storage: Storage) => {
      const file = (storage as SqliteStorage).database.name;
      await storage.close();
      return createSqliteStorage({ path: file });
    },
    readTables: async (storage, names) => {
      const db = (storage as SqliteStorage).database;
      const present = new Set(db.prepare<[], string>("SELECT name FROM sqlite_schema WHERE type = 'table'").pluck().all());
      const found = names.filter((name) => present.has(`fb_${name}`));
      return Object.fromEntries(found.map((name) => [name, db.prepare(`SELECT * FROM fb_${name}`).all() as object[]]));
    },
  },
  { describe, it, expect, beforeEach, afterEach },
);
