/**
 * The references between dumped tables: which fields of a row name a row of another table (its
 * key). The SQL stores declare them as foreign keys and refuse a row that names a missing one; a
 * record store (memory, IndexedDB) has no such constraint, so its dump loader checks them here,
 * and a dump with a vote of a missing post is refused the same way everywhere. A test compares
 * this list with SQLite's foreign keys.
 */
import { RECORD_REFERENCES, type DumpReference } from './dump-reference-list.js';
import { DUMP_TABLES, type DumpRow } from './dump-tables.js';
import type { RecordStore, TableName } from './record-store.js';

export type { DumpReference };

const DUMPED = new Set<string>(DUMP_TABLES.map(({ name }) => name));

/** Every reference of every dumped table (the declaration's, see dump-reference-list.ts); a table absent here refers to nothing. */
export const DUMP_REFERENCES: Readonly<Partial<Record<TableName, readonly DumpReference[]>>> = Object.fromEntries(
  Object.entries(RECORD_REFERENCES).filter(([table]) => DUMPED.has(table)),
);

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
