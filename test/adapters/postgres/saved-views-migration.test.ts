/**
 * The saved views step: a database made before it keeps its organizations and takes views after
 * it, a name unique per organization.
 */
import { describe, expect, it } from 'vitest';
import { createPostgresStorage, PG_SCHEMA_VERSION } from '../../../adapters/postgres/index.js';
import { storeVersion } from '../../../src/storage/schema/steps.js';
import { at } from '../../../testing/fixtures.js';
import { beforeStep, query } from './before-step.js';

const { step: STEP, schema } = beforeStep('fb_saved_views_step', 'saved views');

const T0 = at(0);

describe('postgres saved views step', () => {
  it('keeps the organizations, then stores views with a name unique per organization', async () => {
    expect(STEP).toBeGreaterThanOrEqual(0);
    const url = await schema();
    await query(url, `INSERT INTO fb_organizations (name, created_at) VALUES ('Acme', '${T0}'), ('Globex', '${T0}');`);

    const storage = await createPostgresStorage({ connectionString: url });
    try {
      expect(PG_SCHEMA_VERSION).toBeGreaterThanOrEqual(storeVersion('postgres', STEP));
      const view = await storage.transaction('write', (tx) => tx.insertSavedView({ organization_id: 1, name: 'Planned', query: 'status=planned', created_at: T0 }));
      await storage.transaction('write', (tx) => tx.insertSavedView({ organization_id: 2, name: 'Planned', query: '', created_at: T0 }));
      expect(await storage.transaction('read', (tx) => tx.listSavedViews(1))).toEqual([{ id: view.id, organization_id: 1, name: 'Planned', query: 'status=planned', created_at: T0 }]);
      await expect(storage.transaction('write', (tx) => tx.insertSavedView({ organization_id: 1, name: 'Planned', query: 'tag=x', created_at: T0 }))).rejects.toThrow();
      expect((await storage.transaction('read', (tx) => tx.listSavedViews(1))).map((v) => v.query)).toEqual(['status=planned']);
    } finally {
      await storage.close();
    }
  });
});
