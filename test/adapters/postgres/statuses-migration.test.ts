/**
 * The custom statuses step: every organization of a database made before it gets the five default
 * statuses (its ids in the categories' order), and every post the default of its status in its
 * organization as its label.
 */
import { describe, expect, it } from 'vitest';
import { createPostgresStorage, PG_SCHEMA_VERSION } from '../../../adapters/postgres/index.js';
import { storeVersion } from '../../../src/storage/schema/steps.js';
import { at } from '../../../testing/fixtures.js';
import { beforeStep, query } from './before-step.js';

const { step: STEP, schema } = beforeStep('fb_statuses_step', 'custom statuses');

const T0 = at(0);

describe('postgres custom statuses step', () => {
  it("gives each organization its five defaults and each post its organization's default of its status", async () => {
    const url = await schema();
    await query(url, `
      INSERT INTO fb_organizations (name, created_at) VALUES ('Acme', '${T0}'), ('Other', '${T0}');
      INSERT INTO fb_boards (organization_id, slug, name, description, welcome_message, published, logo_url, created_at)
        VALUES (1, 'ideas', 'Ideas', '', '', false, NULL, '${T0}'), (2, 'ideas', 'Ideas', '', '', false, NULL, '${T0}');
      INSERT INTO fb_posts (board_id, title, body, status, is_admin, hidden, pinned, queue_rank, shipped_at, created_at)
        VALUES (1, 'a', '', 'planned', false, false, false, NULL, NULL, '${T0}'), (2, 'b', '', 'declined', false, true, false, NULL, NULL, '${T0}'),
               (2, 'c', '', 'open', false, false, false, NULL, NULL, '${T0}');`);

    const storage = await createPostgresStorage({ connectionString: url });
    try {
      const statuses = await storage.transaction('read', async (tx) => [await tx.listStatuses(1), await tx.listStatuses(2)]);
      expect(statuses.map((list) => list.map((s) => [s.id, s.name, s.category, s.position, s.is_default]))).toEqual([
        [[1, 'Open', 'open', 0, true], [2, 'Planned', 'planned', 1, true], [3, 'In progress', 'in_progress', 2, true], [4, 'Shipped', 'shipped', 3, true], [5, 'Declined', 'declined', 4, true]],
        [[6, 'Open', 'open', 0, true], [7, 'Planned', 'planned', 1, true], [8, 'In progress', 'in_progress', 2, true], [9, 'Shipped', 'shipped', 3, true], [10, 'Declined', 'declined', 4, true]],
      ]);
      const labels = await storage.transaction('read', async (tx) => Promise.all([1, 2, 3].map(async (id) => (await tx.getPost(id))!.status_label_id)));
      expect(labels).toEqual([2, 10, 6]);
      const next = await storage.transaction('write', (tx) => tx.insertOrganization({ name: 'New', created_at: T0 }));
      expect((await storage.transaction('read', (tx) => tx.listStatuses(next.id))).map((s) => s.id)).toEqual([11, 12, 13, 14, 15]);
      expect(PG_SCHEMA_VERSION).toBeGreaterThanOrEqual(storeVersion('postgres', STEP));
    } finally {
      await storage.close();
    }
  });
});
