/**
 * The step that lets the activity log name an integration connection: a database made before it
 * keeps every entry (ids, actors, details) and its id counter, and then takes entries whose actor
 * is a connection, which it refused before; other kinds stay refused.
 */
import { describe, expect, it } from 'vitest';
import { createPostgresStorage, PG_SCHEMA_VERSION } from '../../../adapters/postgres/index.js';
import { storeVersion } from '../../../src/storage/schema/steps.js';
import { at } from '../../../testing/fixtures.js';
import { beforeStep, query } from './before-step.js';

const { step: STEP, schema } = beforeStep('fb_connection_actor_step', 'activity logged by an integration connection');

const T0 = at(0);
const insert = (actor: string) => `INSERT INTO fb_post_activity (post_id, kind, at, actor_kind, actor_id, detail) VALUES (1, 'evidence_added', '${T0}', '${actor}', 2, '{}')`;

describe('postgres connection actor step', () => {
  it("keeps the log and its id counter, and takes a connection's entries it refused before", async () => {
    expect(STEP).toBeGreaterThanOrEqual(0);
    const url = await schema();
    await query(url, `
      INSERT INTO fb_organizations (name, created_at) VALUES ('Acme', '${T0}');
      INSERT INTO fb_boards (organization_id, slug, name, description, welcome_message, published, logo_url, created_at)
        VALUES (1, 'ideas', 'Ideas', '', '', false, NULL, '${T0}');
      INSERT INTO fb_posts (board_id, title, body, status, is_admin, hidden, pinned, queue_rank, shipped_at, created_at)
        VALUES (1, 'a', '', 'open', false, false, false, NULL, NULL, '${T0}');
      INSERT INTO fb_post_activity (post_id, kind, at, actor_kind, actor_id, detail) VALUES
        (1, 'evidence_added', '${T0}', 'system', NULL, '{"evidence_id":1}'),
        (1, 'proposal_made', '${T0}', 'api_key', 4, '{"to":"shipped"}'),
        (1, 'team_commented', '${T0}', 'voter', 7, '{"comment_id":1}');
      DELETE FROM fb_post_activity WHERE id = 3;`);
    await expect(query(url, insert('connection'))).rejects.toThrow(/violates check constraint/);

    const storage = await createPostgresStorage({ connectionString: url });
    try {
      expect(PG_SCHEMA_VERSION).toBeGreaterThanOrEqual(storeVersion('postgres', STEP));
      const kept = await storage.transaction('read', (tx) => tx.listActivity(1, { before: null, limit: 10 }));
      expect(kept.map((entry) => [entry.id, entry.kind, entry.actor_kind, entry.actor_id, entry.detail])).toEqual([
        [2, 'proposal_made', 'api_key', 4, { to: 'shipped' }],
        [1, 'evidence_added', 'system', null, { evidence_id: 1 }],
      ]);
      await storage.transaction('write', (tx) => tx.insertActivity({ post_id: 1, kind: 'evidence_added', at: T0, actor_kind: 'connection', actor_id: 2, detail: {} }));
      const [newest] = await storage.transaction('read', (tx) => tx.listActivity(1, { before: null, limit: 1 }));
      // Above every id handed out before (the refused insert above took one of the sequence's too).
      expect(newest!.id).toBeGreaterThan(3);
      expect([newest!.actor_kind, newest!.actor_id]).toEqual(['connection', 2]);
      await expect(query(url, insert('robot'))).rejects.toThrow(/violates check constraint/);
    } finally {
      await storage.close();
    }
  });
});
