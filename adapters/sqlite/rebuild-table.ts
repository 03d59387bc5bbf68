/**
 * Rebuilding a table, for the schema changes SQLite's ALTER TABLE cannot make (a CHECK constraint
 * changed, say), the way SQLite documents it (https://sqlite.org/lang_altertable.html#otheralter):
 * create the new table under another name, copy the rows, drop the old table, rename the new one,
 * and make the old table's indexes and triggers again. Frozen like the steps that call it: a
 * database at version N was made by exactly the steps 1..N.
 *
 * It runs inside the migration's transaction, with foreign keys off (a step that rebuilds says so:
 * `withoutForeignKeys`), since dropping a table that other rows reference would otherwise delete or
 * refuse; `migrate` checks every foreign key before it commits.
 */
import type { Database } from 'better-sqlite3';

const quoted = (name: string): string => `"${name.replaceAll('"', '""')}"`;

/**
 * Rebuilds `table` from `create`, a `CREATE TABLE <table>_new` with the same columns: every row
 * is copied with its id, the AUTOINCREMENT counter is kept (an id is never reused), and the
 * table's indexes and triggers are made again as they were.
 */
export function rebuildTable(db: Database, table: string, create: string): void {
  const dependents = db
    .prepare<[string], string>("SELECT sql FROM sqlite_schema WHERE tbl_name = ? AND type IN ('index', 'trigger') AND sql IS NOT NULL ORDER BY type, name")
    .pluck()
    .all(table);
  const sequence = db.prepare<[string], number>('SELECT seq FROM sqlite_sequence WHERE name = ?').pluck().get(table);
  const columns = db
    .prepare<[string], string>('SELECT name FROM pragma_table_info(?) ORDER BY cid')
    .pluck()
    .all(table)
    .map(quoted)
    .join(', ');
  db.exec(create);
  db.exec(`INSERT INTO ${quoted(`${table}_new`)} (${columns}) SELECT ${columns} FROM ${quoted(table)}`);
  db.exec(`DROP TABLE ${quoted(table)}`);
  db.exec(`ALTER TABLE ${quoted(`${table}_new`)} RENAME TO ${quoted(table)}`);
  for (const sql of dependents) db.exec(sql);
  if (sequence !== undefined) db.prepare('UPDATE sqlite_sequence SET seq = ? WHERE name = ?').run(sequence, table);
}

/** Throws when a row references a row that is not there (after a rebuild, before committing). */
export function assertForeignKeys(db: Database): void {
  const broken = db.prepare<[], { table: string; parent: string }>('PRAGMA foreign_key_check').all();
  if (broken.length > 0) {
    const first = broken[0]!;
    throw new Error(`feedback-board/sqlite: a migration left ${broken.length} rows referencing missing rows (first: ${first.table} → ${first.parent})`);
  }
}
