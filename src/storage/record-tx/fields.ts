/** Each board's custom fields over the record store, and the removal of their values from the board's posts. */
import type { FieldRecord, FieldValue } from '../../domain/fields.js';
import type { AggregateMethods } from '../contract/registry.js';
import { cloneRow, type ReadonlyRow, type RecordStore } from '../record-store.js';
import { patched } from './shared.js';

const FIELD_PATCH_FIELDS = ['label', 'type', 'options', 'required', 'position'] as const;

const byPosition = (a: ReadonlyRow<FieldRecord>, b: ReadonlyRow<FieldRecord>): number => a.position - b.position || a.id - b.id;

export function fieldsMethods(store: RecordStore): AggregateMethods<'fields'> {
  const fields = store.table('board_fields');
  const posts = store.table('posts');
  /** The board's posts that hold a value of `key` (among `values`, when given). */
  const holding = async (boardId: number, key: string, values?: readonly FieldValue[]) =>
    (await posts.getAllFromIndex('by_board', boardId)).filter((post) => {
      const value = post.fields?.[key];
      return value !== undefined && (values === undefined || values.includes(value));
    });
  return {
    async listFields(boardId) {
      return (await fields.getAllFromIndex('by_board', boardId)).sort(byPosition).map((row) => cloneRow(row));
    },
    async insertField(row) {
      const record: FieldRecord = { id: await store.nextId('board_fields'), ...row, options: [...row.options] };
      await fields.put(record);
      return cloneRow(record);
    },
    async updateField(id, patch) {
      const row = await fields.get(id);
      if (!row) return null;
      const next = patched<FieldRecord, (typeof FIELD_PATCH_FIELDS)[number]>(row, patch, FIELD_PATCH_FIELDS);
      next.options = [...next.options];
      await fields.put(next);
      return cloneRow(next);
    },
    async deleteField(id) {
      if ((await fields.get(id)) === undefined) return false;
      await fields.delete(id);
      return true;
    },
    async clearFieldValues(boardId, key, values) {
      const changed = await holding(boardId, key, values);
      for (const post of changed) {
        const { [key]: _removed, ...rest } = post.fields!;
        await posts.put({ ...post, fields: Object.keys(rest).length === 0 ? null : rest });
      }
      return changed.length;
    },
    async countFieldValues(boardId, key) {
      return (await holding(boardId, key)).length;
    },
  };
}

/** The aggregate's factory, as the record transaction loads it. */
export default fieldsMethods;
