/** Schema step 25: a version 24 database gets the table of what imports made, and keeps its boards. */
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SCHEMA_VERSION } from '../../../adapters/sqlite/index.js';
import { migrate, readSchemaVersion } from '../../../adapters/sqlite/migrations.js';
import { storageFactory, T0 } from './helpers.js';

let factory: ReturnType<typeof storageFactory>;
beforeEach(() => {
  factory = storageFactory();
});
afterEach(async () => {
  await factory.cleanup();
});

describe('sqlite import sources step', () => {
  it('adds fb_import_sources to a version 24 database, whose boards then take import sources', async () => {
    const file = factory.path('v24.db');
    const db = new Database(file);
    db.pragma('foreign_keys = ON');
    migrate(db, { target: 24, busyTimeoutMs: 1000 });
    db.exec(`
      INSERT INTO fb_organizations (name, created_at) VALUES ('Acme', '${T0}');
      INSERT INTO fb_boards (organization_id, slug, name, description, welcome_message, published, logo_url, created_at)
        VALUES (1, 'ideas', 'Ideas', '', '', 0, NULL, '${T0}');
    `);
    expect(db.prepare("SELECT count(*) FROM sqlite_schema WHERE name = 'fb_import_sources'").pluck().get()).toBe(0);
    db.close();

    const storage = factory.open(file);
    expect(readSchemaVersion(storage.database)).toBe(SCHEMA_VERSION);
    const row = { board_id: 1, source_id: 'post:fider:7', record_id: 3, imported_at: T0 };
    await storage.transaction('write', (tx) => tx.insertImportSource(row));
    expect(await storage.transaction('read', (tx) => tx.listImportSources(1))).toEqual([row]);
    await expect(storage.transaction('write', (tx) => tx.insertImportSource({ ...row, board_id: 2 }))).rejects.toThrow(/FOREIGN KEY/);
  });
});
