/**
 * The saved views step: a database made before it keeps its organizations and takes views after
 * it, a name unique per organization, and ends with a new database's catalogue.
 */
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SCHEMA_VERSION } from '../../../adapters/sqlite/index.js';
import { migrate, readSchemaVersion } from '../../../adapters/sqlite/migrations.js';
import { storeVersion, SCHEMA_STEPS } from '../../../src/storage/schema/steps.js';
import { sqliteCatalog } from '../../helpers/catalog.js';
import { storageFactory, T0 } from './helpers.js';

let factory: ReturnType<typeof storageFactory>;
beforeEach(() => {
  factory = storageFactory();
});
afterEach(async () => {
  await factory.cleanup();
});

const STEP = SCHEMA_STEPS.findIndex((step) => step.description.startsWith('saved views'));

describe('sqlite saved views step', () => {
  it('keeps the organizations, then stores views with a name unique per organization', async () => {
    expect(STEP).toBeGreaterThanOrEqual(0);
    const file = factory.path('before-views.db');
    const db = new Database(file);
    db.pragma('foreign_keys = ON');
    migrate(db, { target: storeVersion('sqlite', STEP) - 1, busyTimeoutMs: 1000 });
    db.exec(`INSERT INTO fb_organizations (name, created_at) VALUES ('Acme', '${T0}'), ('Globex', '${T0}');`);
    expect(db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE name = 'fb_saved_views'").get()).toEqual({ n: 0 });
    db.close();

    const storage = factory.open(file);
    expect(readSchemaVersion(storage.database)).toBe(SCHEMA_VERSION);
    expect(SCHEMA_VERSION).toBeGreaterThanOrEqual(storeVersion('sqlite', STEP));
    expect(await storage.transaction('read', (tx) => tx.listSavedViews(1))).toEqual([]);
    const view = await storage.transaction('write', (tx) => tx.insertSavedView({ organization_id: 1, name: 'Planned', query: 'status=planned', created_at: T0 }));
    await storage.transaction('write', (tx) => tx.insertSavedView({ organization_id: 2, name: 'Planned', query: '', created_at: T0 }));
    expect(await storage.transaction('read', (tx) => tx.listSavedViews(1))).toEqual([{ id: view.id, organization_id: 1, name: 'Planned', query: 'status=planned', created_at: T0 }]);
    // A name is unique per organization, and a view belongs to an organization that exists.
    expect(() => storage.database.prepare(`INSERT INTO fb_saved_views (organization_id, name, query, created_at) VALUES (1, 'Planned', '', '${T0}')`).run()).toThrow(/UNIQUE/);
    expect(() => storage.database.prepare(`INSERT INTO fb_saved_views (organization_id, name, query, created_at) VALUES (9, 'Other', '', '${T0}')`).run()).toThrow(/FOREIGN KEY/);
    expect(storage.database.pragma('foreign_key_check')).toEqual([]);

    const fresh = factory.open(factory.path('new.db'));
    expect(sqliteCatalog(storage.database)).toEqual(sqliteCatalog(fresh.database));
  });
});
