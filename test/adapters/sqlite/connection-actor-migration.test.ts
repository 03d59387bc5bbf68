/**
 * The step that lets the activity log name an integration connection: a database made before it
 * keeps every entry (ids, actors, details) and its id counter through the rebuild of the table, and
 * then takes entries whose actor is a connection, which it refused before; the catalogue ends as a
 * new database's.
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

const STEP = SCHEMA_STEPS.findIndex((step) => step.description.startsWith('activity logged by an integration connection'));

describe('sqlite connection actor step', () => {
  it("keeps the log and its id counter, and takes a connection's entries it refused before", async () => {
    expect(STEP).toBeGreaterThanOrEqual(0);
    const file = factory.path('before-connection-actor.db');
    const db = new Database(file);
    db.pragma('foreign_keys = ON');
    migrate(db, { target: storeVersion('sqlite', STEP) - 1, busyTimeoutMs: 1000 });
    db.exec(`
      INSERT INTO fb_organizations (name, created_at) VALUES ('Acme', '${T0}');
      INSERT INTO fb_boards (organization_id, slug, name, description, welcome_message, published, logo_url, created_at)
        VALUES (1, 'ideas', 'Ideas', '', '', 0, NULL, '${T0}');
      INSERT INTO fb_posts (board_id, title, body, status, is_admin, hidden, pinned, queue_rank, shipped_at, created_at, status_label_id)
        VALUES (1, 'a', '', 'open', 0, 0, 0, NULL, NULL, '${T0}', NULL);
      INSERT INTO fb_post_activity (post_id, kind, at, actor_kind, actor_id, detail) VALUES
        (1, 'evidence_added', '${T0}', 'system', NULL, '{"evidence_id":1}'),
        (1, 'proposal_made', '${T0}', 'api_key', 4, '{"to":"shipped"}'),
        (1, 'team_commented', '${T0}', 'voter', 7, '{"comment_id":1}');
      DELETE FROM fb_post_activity WHERE id = 3;
    `);
    // Before the step, the log refuses a connection as its actor.
    expect(() => db.prepare(`INSERT INTO fb_post_activity (post_id, kind, at, actor_kind, actor_id, detail) VALUES (1, 'evidence_added', '${T0}', 'connection', 2, '{}')`).run()).toThrow(/CHECK constraint failed/);
    db.close();

    const storage = factory.open(file);
    expect(readSchemaVersion(storage.database)).toBe(SCHEMA_VERSION);
    const kept = await storage.transaction('read', (tx) => tx.listActivity(1, { before: null, limit: 10 }));
    expect(kept.map((entry) => [entry.id, entry.kind, entry.actor_kind, entry.actor_id, entry.detail])).toEqual([
      [2, 'proposal_made', 'api_key', 4, { to: 'shipped' }],
      [1, 'evidence_added', 'system', null, { evidence_id: 1 }],
    ]);
    await storage.transaction('write', (tx) => tx.insertActivity({ post_id: 1, kind: 'evidence_added', at: T0, actor_kind: 'connection', actor_id: 2, detail: { evidence_id: 2 } }));
    const [newest] = await storage.transaction('read', (tx) => tx.listActivity(1, { before: null, limit: 1 }));
    // The id of the entry deleted before the step is not handed out again.
    expect([newest!.id, newest!.actor_kind, newest!.actor_id]).toEqual([4, 'connection', 2]);
    // Another kind of actor is still refused.
    expect(() => storage.database.prepare(`INSERT INTO fb_post_activity (post_id, kind, at, actor_kind, actor_id, detail) VALUES (1, 'x', '${T0}', 'robot', 1, '{}')`).run()).toThrow(/CHECK constraint failed/);
    expect(storage.database.pragma('foreign_key_check')).toEqual([]);

    const fresh = factory.open(factory.path('new.db'));
    expect(sqliteCatalog(storage.database)).toEqual(sqliteCatalog(fresh.database));
  });
});
