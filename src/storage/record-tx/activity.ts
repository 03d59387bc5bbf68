/** The activity aggregate over the record store: each post's log, read on its `by_post` index. */
import type { AggregateMethods } from '../contract/registry.js';
import { cloneRow, type RecordStore } from '../record-store.js';

export function activityMethods(store: RecordStore): AggregateMethods<'activity'> {
  const activity = store.table('activity');

  return {
    async insertActivity(row) {
      await activity.put({ id: await store.nextId('activity'), ...cloneRow(row) });
    },
    async listActivity(postId, query) {
      const rows = await activity.getAllFromIndex('by_post', postId);
      const before = query.before;
      return rows
        .filter((row) => before === null || row.id < before)
        .sort((a, b) => b.id - a.id)
        .slice(0, query.limit)
        .map((row) => cloneRow(row));
    },
  };
}
