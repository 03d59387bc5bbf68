/**
 * The catalogue of a SQLite or PostgreSQL database, normalised for comparison: every table with its
 * columns (type, nullability, default), keys, references, checks and indexes, every trigger and
 * function. Two databases with equal catalogues answer every statement the same way. Columns are
 * keyed by name: `ALTER TABLE … ADD COLUMN` puts a column last, and no statement of the stores
 * depends on the order of columns.
 */
import type { Database } from 'better-sqlite3';
import type pg from 'pg';

const spaces = (sql: string | null): string | null => (sql === null ? null : sql.replace(/\s+/g, ' ').replace(/\( /g, '(').replace(/ \)/g, ')').trim());

/** The CHECK constraints written in a `CREATE TABLE` text, each as its expression. */
function checksIn(sql: string): string[] {
  const checks: string[] = [];
  for (let at = sql.indexOf('CHECK'); at >= 0; at = sql.indexOf('CHECK', at + 1)) {
    const open = sql.indexOf('(', at);
    let depth = 0;
    let end = open;
    for (; end < sql.length; end++) {
      if (sql[end] === '(') depth++;
      else if (sql[end] === ')' && --depth === 0) break;
    }
    checks.push(spaces(sql.slice(open + 1, end))!);
  }
  return checks.sort();
}

const byName = <T extends { name: string }>(rows: T[]): T[] => rows.sort((a, b) => a.name.localeCompare(b.name));

/** SQLite: `sqlite_schema` with `pragma table_xinfo`, `index_list`, `index_xinfo` and `foreign_key_list`. */
export function sqliteCatalog(db: Database): Record<string, unknown> {
  const objects = db
    .prepare<[], { type: string; name: string; tbl_name: string; sql: string | null }>(
      "SELECT type, name, tbl_name, sql FROM sqlite_schema WHERE name NOT LIKE 'sqlite_autoindex_%' ORDER BY type, name",
    )
    .all();
  const catalog: Record<string, unknown> = {};
  for (const object of objects) {
    const key = `${object.type} ${object.name}`;
    if (object.type === 'table' && !/^CREATE VIRTUAL/i.test(object.sql ?? '')) {
      const indexes = db.prepare<[], { name: string; unique: number; origin: string; partial: number }>(`PRAGMA index_list("${object.name}")`).all();
      const references = db.prepare<[], { id: number; table: string; from: string; to: string | null; on_update: string; on_delete: string }>(
        `PRAGMA foreign_key_list("${object.name}")`,
      ).all();
      catalog[key] = {
        columns: byName(db.prepare<[], { cid: number; name: string }>(`PRAGMA table_xinfo("${object.name}")`).all().map(({ cid: _cid, ...column }) => column)),
        // One entry per reference, whatever the order they were declared in.
        references: [...new Set(references.map((row) => row.id))]
          .map((id) => {
            const rows = references.filter((row) => row.id === id);
            const { table, on_update, on_delete } = rows[0]!;
            return JSON.stringify({ table, from: rows.map((row) => row.from), to: rows.map((row) => row.to), on_update, on_delete });
          })
          .sort(),
        checks: checksIn(object.sql ?? ''),
        withoutRowid: /WITHOUT ROWID\s*$/i.test(object.sql ?? ''),
        indexes: indexes
          .map(({ name, unique, origin, partial }) => {
            const columns = db
              .prepare<[], { seqno: number; name: string | null; desc: number; coll: string; key: number }>(`PRAGMA index_xinfo("${name}")`)
              .all()
              .map(({ seqno, name: column, desc, coll, key: inKey }) => ({ seqno, column, desc, coll, key: inKey }));
            // The automatic indexes of keys and UNIQUE are numbered in declaration order: named by their columns.
            const automatic = name.startsWith('sqlite_autoindex_');
            const sql = db.prepare<[string], string | null>('SELECT sql FROM sqlite_schema WHERE name = ?').pluck().get(name) ?? null;
            return JSON.stringify({ name: automatic ? 'automatic' : name, unique, origin, partial, columns, sql: spaces(sql) });
          })
          .sort(),
      };
    } else if (object.type !== 'index') {
      catalog[key] = { table: object.tbl_name, sql: spaces(object.sql) };
    }
  }
  return catalog;
}

/** PostgreSQL: `information_schema.columns`, `pg_constraint`, `pg_indexes`, `pg_trigger` and `pg_proc` of the current schema. */
export async function postgresCatalog(client: pg.ClientBase): Promise<Record<string, unknown>> {
  const rows = async (text: string): Promise<unknown[]> => (await client.query(text)).rows;
  return {
    columns: await rows(`SELECT table_name, column_name, data_type, is_nullable, column_default, collation_name, is_identity, identity_generation
      FROM information_schema.columns WHERE table_schema = current_schema() ORDER BY table_name, column_name`),
    constraints: await rows(`SELECT conrelid::regclass::text AS table, conname, contype, pg_get_constraintdef(oid) AS definition
      FROM pg_constraint WHERE connamespace = current_schema()::regnamespace ORDER BY 1, 2`),
    // Index and trigger definitions name their table's schema, which differs between two test
    // databases that are schemas of one server (PGlite's): it is left out.
    indexes: await rows(`SELECT tablename, indexname, replace(indexdef, ' ON ' || quote_ident(current_schema()) || '.', ' ON ') AS indexdef
      FROM pg_indexes WHERE schemaname = current_schema() ORDER BY 1, 2`),
    triggers: await rows(`SELECT tgrelid::regclass::text AS table, tgname,
        replace(pg_get_triggerdef(oid), ' ON ' || quote_ident(current_schema()) || '.', ' ON ') AS definition
      FROM pg_trigger WHERE NOT tgisinternal AND tgrelid::regclass::text IN
        (SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()) ORDER BY 1, 2`),
    functions: await rows(`SELECT proname, pg_get_function_identity_arguments(oid) AS arguments, prokind, md5(coalesce(prosrc, '')) AS source
      FROM pg_proc WHERE pronamespace = current_schema()::regnamespace ORDER BY 1, 2`),
    sequences: await rows(`SELECT sequence_name, data_type, start_value, increment FROM information_schema.sequences
      WHERE sequence_schema = current_schema() ORDER BY 1`),
  };
}
