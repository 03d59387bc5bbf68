/**
 * The custom fields step: a database made before it keeps its posts, each now holding no values,
 * takes fields and values after it, and ends with a new database's catalogue.
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

const STEP = SCHEMA_STEPS.findIndex((step) => step.description.startsWith('custom fields'));

describe('sqlite custom fields step', () => {
  it('keeps the posts with no values, then stores fields and values', async () => {
    expect(STEP).toBeGreaterThanOrEqual(0);
    const file = factory.path('before-fields.db');
    const db = new Database(file);
    db.pragma('foreign_keys = ON');
    migrate(db, { target: storeVersion('sqlite', STEP) - 1, busyTimeoutMs: 1000 });
    db.exec(`
      INSERT INTO fb_organizations (name, created_at) VALUES ('Acme', '${T0}');
      INSERT INTO fb_statuses (organization_id, name, color, category, position, is_default) VALUES (1, 'Open', '#000000', 'open', 0, 1);
      INSERT INTO fb_boards (organization_id, slug, name, description, welcome_message, published, logo_url, created_at)
        VALUES (1, 'ideas', 'Ideas', '', '', 0, NULL, '${T0}');
      INSERT INTO fb_posts (board_id, title, body, status, is_admin, hidden, pinned, queue_rank, shipped_at, created_at, status_label_id)
        VALUES (1, 'a', '', 'open', 0, 0, 0, NULL, NULL, '${T0}', 1), (1, 'b', '', 'open', 0, 1, 0, NULL, NULL, '${T0}', 1);
    `);
    db.close();

    const storage = factory.open(file);
    expect(readSchemaVersion(storage.database)).toBe(SCHEMA_VERSION);
    const before = await storage.transaction('read', async (tx) => [(await tx.getPost(1))!, (await tx.getPost(2))!]);
    expect(before.map((post) => [post.title, post.fields])).toEqual([['a', null], ['b', null]]);
    await storage.transaction('write', async (tx) => {
      await tx.insertField({ board_id: 1, key: 'plan', label: 'Plan', type: 'choice', options: ['Pro'], required: false, position: 0 });
      await tx.updatePost(2, { fields: { plan: 'Pro' } });
    });
    expect(await storage.transaction('read', (tx) => tx.listFields(1))).toEqual([
      { id: 1, board_id: 1, key: 'plan', label: 'Plan', type: 'choice', options: ['Pro'], required: false, position: 0 },
    ]);
    const listed = await storage.transaction('read', (tx) => tx.listPosts(1, { sort: 'new', limit: 10, offset: 0, field: { key: 'plan', value: 'Pro' } }));
    expect([listed.rows.map((post) => post.id), listed.total]).toEqual([[2], 1]);
    // A key is unique per board.
    expect(() => storage.database.prepare("INSERT INTO fb_board_fields (board_id, key, label, type, options, required, position) VALUES (1, 'plan', 'x', 'text', '[]', 0, 1)").run()).toThrow(/UNIQUE/);
    expect(() => storage.database.prepare("INSERT INTO fb_board_fields (board_id, key, label, type, options, required, position) VALUES (1, 'other', 'x', 'date', '[]', 0, 1)").run()).toThrow(/CHECK/);
    expect(storage.database.pragma('foreign_key_check')).toEqual([]);

    const fresh = factory.open(factory.path('new.db'));
    expect(sqliteCatalog(storage.database)).toEqual(sqliteCatalog(fresh.database));
  });
});
