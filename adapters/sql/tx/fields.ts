/**
 * Each board's custom fields in SQL, and the removal of their values from the posts' `fields`
 * column (JSON text in SQLite, jsonb in PostgreSQL: the few expressions the two write differently
 * are chosen once per connection).
 */
import type { FieldRecord } from '../../../src/domain/fields.js';
import type { AggregateMethods } from '../../../src/storage/contract/registry.js';
import type { SqlSeam, SqlValue } from '../seam.js';
import { assignments, flag } from '../statements.js';
import type { Flag } from './rows.js';

const FIELD_FIELDS = 'id, board_id, key, label, type, options, required, position';

type FieldRow = Omit<FieldRecord, 'required' | 'options'> & { required: Flag; options: unknown };

/**
 * The posts' `fields` column as each store reads and changes it, with `?` the key (a path in
 * SQLite, `$.key`: keys are letters, digits and `_`) and, in `among`, the values as a JSON array.
 */
const JSON_SQL = {
  sqlite: {
    key: (key: string) => `$.${key}`,
    value: 'json_extract(fields, ?)',
    among: 'json_extract(fields, ?) IN (SELECT value FROM json_each(?))',
    without: "nullif(json_remove(fields, ?), '{}')",
  },
  postgres: {
    key: (key: string) => key,
    value: 'fields -> CAST(? AS text)',
    among: 'fields -> CAST(? AS text) IN (SELECT jsonb_array_elements(CAST(? AS jsonb)))',
    without: "nullif(fields - CAST(? AS text), CAST('{}' AS jsonb))",
  },
} as const;

export function fieldsMethods(db: SqlSeam): AggregateMethods<'fields'> {
  const d = db.dialect;
  const json = JSON_SQL[d.name];
  const toField = (row: FieldRow): FieldRecord => ({ ...row, required: flag(row.required), options: d.json<string[]>(row.options) });
  return {
    async listFields(boardId) {
      return (await db.rows<FieldRow>(`SELECT ${FIELD_FIELDS} FROM fb_board_fields WHERE board_id = ? ORDER BY position, id`, [boardId])).map(toField);
    },
    async insertField(row) {
      const stored = await db.row<FieldRow>(
        `INSERT INTO fb_board_fields (board_id, key, label, type, options, required, position) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING ${FIELD_FIELDS}`,
        [row.board_id, row.key, row.label, row.type, JSON.stringify(row.options), d.bool(row.required), row.position],
      );
      return toField(stored!);
    },
    async updateField(id, patch) {
      const { set, params } = assignments([
        ['label', patch.label],
        ['type', patch.type],
        ['options', patch.options === undefined ? undefined : JSON.stringify(patch.options)],
        ['required', patch.required === undefined ? undefined : d.bool(patch.required)],
        ['position', patch.position],
      ]);
      const text = set === '' ? `SELECT ${FIELD_FIELDS} FROM fb_board_fields WHERE id = ?` : `UPDATE fb_board_fields SET ${set} WHERE id = ? RETURNING ${FIELD_FIELDS}`;
      const row = await db.row<FieldRow>(text, [...params, id]);
      return row === undefined ? null : toField(row);
    },
    async deleteField(id) {
      return (await db.run('DELETE FROM fb_board_fields WHERE id = ?', [id])) > 0;
    },
    async clearFieldValues(boardId, key, values) {
      const params: SqlValue[] = [json.key(key), boardId, json.key(key)];
      if (values !== undefined) params.push(JSON.stringify(values));
      return db.run(
        `UPDATE fb_posts SET fields = ${json.without} WHERE board_id = ? AND ${values === undefined ? `${json.value} IS NOT NULL` : json.among}`,
        params,
      );
    },
    async countFieldValues(boardId, key) {
      return (await db.value<number>(`SELECT CAST(count(*) AS INTEGER) FROM fb_posts WHERE board_id = ? AND ${json.value} IS NOT NULL`, [boardId, json.key(key)]))!;
    },
  };
}
