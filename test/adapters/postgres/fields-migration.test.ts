/**
 * The custom fields step: a database made before it keeps its posts, each now holding no values
 * (NULL), and takes fields and values after it.
 */
import { describe, expect, it } from 'vitest';
import { createPostgresStorage, PG_SCHEMA_VERSION } from '../../../adapters/postgres/index.js';
import { storeVersion } from '../../../src/storage/schema/steps.js';
import { at } from '../../../testing/fixtures.js';
import { beforeStep, query } from './before-step.js';

const { step: STEP, schema } = beforeStep('fb_fields_step', 'custom fields');

const T0 = at(0);

describe('postgres custom fields step', () => {
  it('keeps the posts with no values, then stores fields and values', async () => {
    const url = await schema();
    await query(url, `
      INSERT INTO fb_organizations (name, created_at) VALUES ('Acme', '${T0}');
      INSERT INTO fb_statuses (organization_id, name, color, category, position, is_default)
        VALUES (1, 'Open', '#000000', 'open', 0, true), (1, 'Planned', '#000000', 'planned', 1, true);
      INSERT INTO fb_boards (organization_id, slug, name, description, welcome_message, published, logo_url, created_at)
        VALUES (1, 'ideas', 'Ideas', '', '', false, NULL, '${T0}');
      INSERT INTO fb_posts (board_id, title, body, status, is_admin, hidden, pinned, queue_rank, shipped_at, created_at, status_label_id)
        VALUES (1, 'a', '', 'open', false, false, false, NULL, NULL, '${T0}', 1), (1, 'b', '', 'planned', false, false, false, NULL, NULL, '${T0}', 2);`);

    const storage = await createPostgresStorage({ connectionString: url });
    try {
      const before = await storage.transaction('read', async (tx) => [(await tx.getPost(1))!, (await tx.getPost(2))!]);
      expect(before.map((post) => [post.title, post.fields])).toEqual([['a', null], ['b', null]]);
      await storage.transaction('write', async (tx) => {
        await tx.insertField({ board_id: 1, key: 'plan', label: 'Plan', type: 'choice', options: ['Pro', 'Free'], required: false, position: 0 });
        await tx.updatePost(2, { fields: { plan: 'Pro' } });
      });
      expect((await storage.transaction('read', (tx) => tx.listFields(1))).map((f) => [f.key, f.options])).toEqual([['plan', ['Pro', 'Free']]]);
      const listed = await storage.transaction('read', (tx) => tx.listPosts(1, { sort: 'new', limit: 10, offset: 0, field: { key: 'plan', value: 'Pro' } }));
      expect([listed.rows.map((post) => post.id), listed.total]).toEqual([[2], 1]);
      expect(PG_SCHEMA_VERSION).toBeGreaterThanOrEqual(storeVersion('postgres', STEP));
    } finally {
      await storage.close();
    }
  });
});
