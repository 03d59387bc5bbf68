/**
 * The references between dumped tables: which fields of a row name a row of another table (its
 * key). The SQL stores declare them as foreign keys and refuse a row that names a missing one; a
 * record store (memory, IndexedDB) has no such constraint, so its dump loader checks them here,
 * and a dump with a vote of a missing post is refused the same way everywhere. They are the
 * references of the table declaration (schema/tables.ts); a test compares them with SQLite's
 * foreign keys.
 */
import { dumpTablesOf, type DumpRow } from './dump-tables.js';
import type { RecordStore, TableName } from './record-store.js';
import { columnOf, type TableDeclarations } from './schema/model.js';
import { recordNameOf } from './schema/records.js';
import { TABLES } from './schema/tables.js';

/** Fields of a row that hold the key of a row of `table` (all null: no reference). */
export interface DumpReference {
  readonly fields: readonly string[];
  readonly table: TableName;
}

/**
 * The references of the dumped tables of `tables`, as SQLite declares them (a reference only
 * PostgreSQL keeps is left out): each column's, then each reference made of several columns. A
 * reference names the key of its table, so a record store checks it with one `get`.
 */
export function dumpReferencesOf(tables: TableDeclarations): Partial<Record<TableName, DumpReference[]>> {
  const recordName = (sqlName: string): TableName => recordNameOf(sqlName, tables[sqlName]!) as TableName;
  const references: Partial<Record<TableName, DumpReference[]>> = {};
  for (const { name, sql } of dumpTablesOf(tables)) {
    const table = tables[sql.replace(/^fb_/, '')]!;
    const found: DumpReference[] = [];
    for (const [field, declared] of Object.entries(table.columns)) {
      const { references: target, referenceIn } = columnOf(declared);
      if (target === undefined || referenceIn === 'postgres') continue;
      found.push({ fields: [field], table: recordName(target.split('.')[0]!) });
    }
    for (const key of table.foreignKeys ?? []) found.push({ fields: key.columns, table: recordName(key.references) });
    if (found.length > 0) references[name] = found;
  }
  return references;
}

/** Every reference of every dumped table; a table absent here refers to nothing. */
export const DUMP_REFERENCES: Readonly<Partial<Record<TableName, readonly DumpReference[]>>> = dumpReferencesOf(TABLES);

/**
 * Why `row` of `table` cannot be stored in `store`: the first of its references that names no row
 * (as "post_id 9999 refers to no row of posts"), or null when every one names a stored row.
 */
export async function missingReference(store: RecordStore, table: TableName, row: DumpRow): Promise<string | null> {
  for (const { fields, table: target } of DUMP_REFERENCES[table] ?? []) {
    const values = fields.map((field) => row[field]);
    if (values.every((value) => value === null || value === undefined)) continue;
    const key = values.length === 1 ? values[0] : values;
    if ((await store.table(target).get(key as never)) !== undefined) continue;
    return values.length === 1
      ? `${fields[0]} ${JSON.stringify(values[0])} refers to no row of ${target}`
      : `${fields.join(', ')} (${values.map((value) => JSON.stringify(value)).join(', ')}) refer to no row of ${target}`;
  }
  return null;
}
