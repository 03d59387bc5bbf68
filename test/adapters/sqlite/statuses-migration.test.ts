/**
 * The custom statuses step: every organization of a database made before it gets the five default
 * statuses (its ids in the categories' order), and every post the default of its status in its
 * organization as its label.
 */
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SCHEMA_VERSION } from '../../../adapters/sqlite/index.js';
import { migrate, readSchemaVersion } from '../../../adapters/sqlite/migrations.js';
import { storeVersion, SCHEMA_STEPS } from '../../../src/storage/schema/steps.js';
import { storageFactory, T0 } from './helpers.js';

let factory: ReturnType<typeof storageFactory>;
beforeEach(() => {
  factory = storageFactory();
});
afterEach(async () => {
  await factory.cleanup();
});

const STEP = SCHEMA_STEPS.findIndex((step) => step.description.startsWith('custom statuses'));

describe('sqlite custom statuses step', () => {
  it("gives each organization its five defaults and each post its organization's default of its status", async () => {
    const file = factory.path('before-statuses.db');
    const db = new Database(file);
    db.pragma('foreign_keys = ON');
    migrate(db, { target: storeVersion('sqlite', STEP) - 1, busyTimeoutMs: 1000 });
    db.exec(`
      INSERT INTO fb_organizations (name, created_at) VALUES ('Acme', '${T0}'), ('Other', '${T0}');
      INSERT INTO fb_boards (organization_id, slug, name, description, welcome_message, published, logo_url, created_at)
        VALUES (1, 'ideas', 'Ideas', '', '', 0, NULL, '${T0}'), (2, 'ideas', 'Ideas', '', '', 0, NULL, '${T0}');
      INSERT INTO fb_posts (board_id, title, body, status, is_admin, hidden, pinned, queue_rank, shipped_at, created_at)
        VALUES (1, 'a', '', 'planned', 0, 0, 0, NULL, NULL, '${T0}'), (2, 'b', '', 'declined', 0, 1, 0, NULL, NULL, '${T0}'),
               (2, 'c', '', 'open', 0, 0, 0, NULL, NULL, '${T0}');
    `);
    db.close();

    const storage = factory.open(file);
    expect(readSchemaVersion(storage.database)).toBe(SCHEMA_VERSION);
    const statuses = await storage.transaction('read', async (tx) => [await tx.listStatuses(1), await tx.listStatuses(2)]);
    expect(statuses.map((list) => list.map((s) => [s.id, s.name, s.category, s.position, s.is_default]))).toEqual([
      [[1, 'Open', 'open', 0, true], [2, 'Planned', 'planned', 1, true], [3, 'In progress', 'in_progress', 2, true], [4, 'Shipped', 'shipped', 3, true], [5, 'Declined', 'declined', 4, true]],
      [[6, 'Open', 'open', 0, true], [7, 'Planned', 'planned', 1, true], [8, 'In progress', 'in_progress', 2, true], [9, 'Shipped', 'shipped', 3, true], [10, 'Declined', 'declined', 4, true]],
    ]);
    const labels = await storage.transaction('read', async (tx) => Promise.all([1, 2, 3].map(async (id) => (await tx.getPost(id))!.status_label_id)));
    expect(labels).toEqual([2, 10, 6]);
    // Later organizations and statuses continue the ids.
    const next = await storage.transaction('write', (tx) => tx.insertOrganization({ name: 'New', created_at: T0 }));
    expect((await storage.transaction('read', (tx) => tx.listStatuses(next.id))).map((s) => s.id)).toEqual([11, 12, 13, 14, 15]);
  });
});
