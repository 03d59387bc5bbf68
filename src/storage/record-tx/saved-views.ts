/** The dashboard's saved views over the record store: an organization's views read by its index. */
import type { SavedViewRecord } from '../../domain/saved-views.js';
import type { AggregateMethods } from '../contract/registry.js';
import { cloneRow, type RecordStore } from '../record-store.js';

export function savedViewsMethods(store: RecordStore): AggregateMethods<'savedViews'> {
  const views = store.table('saved_views');
  return {
    async insertSavedView(row) {
      const view: SavedViewRecord = { id: await store.nextId('saved_views'), ...cloneRow(row) };
      await views.put(view);
      return cloneRow(view);
    },
    async getSavedView(id) {
      const row = await views.get(id);
      return row ? cloneRow(row) : null;
    },
    async listSavedViews(organizationId) {
      return (await views.getAllFromIndex('by_organization', organizationId)).sort((a, b) => a.id - b.id).map((row) => cloneRow(row));
    },
    async renameSavedView(id, name) {
      const row = await views.get(id);
      if (!row) return null;
      const renamed: SavedViewRecord = { ...cloneRow(row), name };
      await views.put(renamed);
      return cloneRow(renamed);
    },
    async deleteSavedView(id) {
      if ((await views.get(id)) === undefined) return false;
      await views.delete(id);
      return true;
    },
  };
}

/** The aggregate's factory, as the record transaction loads it. */
export default savedViewsMethods;
