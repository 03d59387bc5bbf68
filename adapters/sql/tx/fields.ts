/**
 * Each board's custom fields in SQL, and the removal of their values from the posts' `fields`
 * column (JSON text in SQLite, jsonb in PostgreSQL: the few expressions the two write differently
 * are chosen once per connection).
 */
import type { FieldRecord } from '../../../src/domain/fields.js';
import type { AggregateMethods } from '../../../src/storage/contract/registry.js';
import type { SqlSeam, SqlValue } from '../seam.js';
import { flag } from '../statements.js';
import type { Flag } from './rows.js';

const FIELD_FIELDS = 'id, board_id, key, label, type, options, required, position';
const FIELDS_OF_BOARD = `SELECT ${FIELD_FIELDS} FROM fb_board_fields WHERE board_id = ? ORDER BY position, id`;

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

/**
 * What SQL answers better than the record stores' defaults: the board's fields (read by every page
 * of the board) and the values in the posts' column. A field is written by its key as the defaults
 * do (../defaults.ts).
 */
export function fieldsMethods(db: SqlSeam): Pick<AggregateMethods<'fields'>, 'listFields' | 'clearFieldValues' | 'countFieldValues'> {
  const d = db.dialect;
  const json = JSON_SQL[d.name];
  const toField = (row: FieldRow): FieldRecord => ({ ...row, required: flag(row.required), options: d.json<string[]>(row.options) });
  const count = `SELECT CAST(count(*) AS INTEGER) FROM fb_posts WHERE board_id = ? AND ${json.value} IS NOT NULL`;
  return {
    async listFields(boardId) {
      return (await db.rows<FieldRow>(FIELDS_OF_BOARD, [boardId])).map(toField);
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
      return (await db.value<number>(count, [boardId, json.key(key)]))!;
    },
  };
}
