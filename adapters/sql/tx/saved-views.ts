/** The dashboard's saved views in SQL, for both stores: one organization's named filters of the posts list. */
import type { SavedViewRecord } from '../../../src/domain/saved-views.js';
import type { AggregateMethods } from '../../../src/storage/contract/registry.js';
import type { SqlSeam } from '../seam.js';
import { by, byField, none, organization, type MethodScopes } from '../lock-scope.js';

const FIELDS = 'id, organization_id, name, query, created_at';

export function savedViewsMethods(db: SqlSeam): AggregateMethods<'savedViews'> {
  return {
    async insertSavedView(row) {
      return (await db.row<SavedViewRecord>(
        `INSERT INTO fb_saved_views (organization_id, name, query, created_at) VALUES (?, ?, ?, ?) RETURNING ${FIELDS}`,
        [row.organization_id, row.name, row.query, row.created_at],
      ))!;
    },
    async getSavedView(id) {
      return (await db.row<SavedViewRecord>(`SELECT ${FIELDS} FROM fb_saved_views WHERE id = ?`, [id])) ?? null;
    },
    async listSavedViews(organizationId) {
      return db.rows<SavedViewRecord>(`SELECT ${FIELDS} FROM fb_saved_views WHERE organization_id = ? ORDER BY id`, [organizationId]);
    },
    async renameSavedView(id, name) {
      return (await db.row<SavedViewRecord>(`UPDATE fb_saved_views SET name = ? WHERE id = ? RETURNING ${FIELDS}`, [name, id])) ?? null;
    },
    async deleteSavedView(id) {
      return (await db.run('DELETE FROM fb_saved_views WHERE id = ?', [id])) > 0;
    },
  };
}

/** What each method here locks in a PostgreSQL write transaction (see ../lock-scope.ts). */
export const SAVED_VIEWS_SCOPES = {
  insertSavedView: byField('organization', 'organization_id'),
  getSavedView: none,
  listSavedViews: organization,
  renameSavedView: by('savedView'),
  deleteSavedView: by('savedView'),
} satisfies MethodScopes;
