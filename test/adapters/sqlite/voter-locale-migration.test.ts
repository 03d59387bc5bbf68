/** Schema step 20: the voters of a version 19 database get a language, null until one is set. */
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

describe('sqlite voter language step', () => {
  it("gives a version 19 database's voters a language column, null for each stored voter, which can then be set", async () => {
    const file = factory.path('v19.db');
    const db = new Database(file);
    db.pragma('foreign_keys = ON');
    migrate(db, { target: 19, busyTimeoutMs: 1000 });
    db.exec(`
      INSERT INTO fb_organizations (name, created_at) VALUES ('Acme', '${T0}');
      INSERT INTO fb_voters (organization_id, email, name, created_at) VALUES (1, 'ada@acme.test', 'Ada', '${T0}'), (1, NULL, '', '${T0}');
    `);
    expect(db.prepare("SELECT count(*) FROM pragma_table_info('fb_voters') WHERE name = 'locale'").pluck().get()).toBe(0);
    db.close();

    const storage = factory.open(file);
    expect(readSchemaVersion(storage.database)).toBe(SCHEMA_VERSION);
    expect(await storage.transaction('read', (tx) => tx.getVoter(1))).toEqual({
      id: 1, organization_id: 1, email: 'ada@acme.test', name: 'Ada', created_at: T0, locale: null,
    });
    expect(await storage.transaction('write', (tx) => tx.setVoterLocale(1, 'ar'))).toBe(true);
    expect((await storage.transaction('read', (tx) => tx.getVoterByEmail(1, 'ada@acme.test')))?.locale).toBe('ar');
    expect((await storage.transaction('read', (tx) => tx.getVoter(2)))?.locale).toBeNull();
  });
});
