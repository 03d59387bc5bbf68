/**
 * The record store (src/storage/record-store.ts) over the SQL seam, for both SQL stores: what lets
 * a method that SQL does not answer with a statement of its own run the record stores' default
 * (src/storage/record-tx/), on the same connection and so in the same transaction.
 *
 * Each table's statements are generated from the tables' declaration (src/storage/schema/), once
 * per table and dialect, and kept: a get by primary key, a put (an insert, or an update of the row
 * with the same key: never SQLite's `INSERT OR REPLACE`, whose delete would cascade), a delete, and
 * the lookups by the record indexes, ordered by primary key as an IndexedDB index hands them out.
 * Values are converted as the declaration says: flags as 0/1 in SQLite, JSON as text (or jsonb in
 * PostgreSQL), bytes as a Buffer written and a copy read, PostgreSQL's bigints as numbers.
 *
 * Ids come from the database's own counter, so an id is never handed out twice: SQLite's
 * `sqlite_sequence` (the AUTOINCREMENT counter, moved on before the row is inserted with it),
 * PostgreSQL's identity sequence.
 */
import { RECORD_SCHEMA, type IdTable, type RecordStore, type RecordTable, type TableName } from '../../src/storage/record-store.js';
import { columnOf, type ColumnDeclaration, type TableDeclaration } from '../../src/storage/schema/model.js';
import { TABLES } from '../../src/storage/schema/tables.js';
import type { Dialect, SqlSeam, SqlValue } from './seam.js';
import { blob } from './statements.js';

/**
 * Tables whose record is not their row: a post's proposal and folded copies, a merge's moved ids
 * in one column, and the statistics SQL keeps by triggers in rows of another shape. Their methods
 * stay SQL's own.
 */
const NOT_RECORDS: ReadonlySet<string> = new Set(['posts', 'post_merges', 'board_days', 'board_voters']);

type Row = Record<string, unknown>;

/** One table's statements and conversions for one dialect. */
interface TableStatements {
  readonly get: string;
  readonly put: string;
  readonly delete: string;
  readonly all: string;
  readonly byIndex: Readonly<Record<string, string>>;
  readonly nextId: string | null;
  /** The values to bind for a record, in the order of `columns`. */
  readonly bind: (row: Row) => SqlValue[];
  /** A row as read, as its record (the same object when nothing is converted). */
  readonly read: (row: Row) => Row;
}

/** Each record table's SQL declaration, by the record table's name. */
const DECLARED = new Map<string, { sqlName: string; declaration: TableDeclaration }>();
for (const [sqlName, declaration] of Object.entries(TABLES as Record<string, TableDeclaration>)) {
  if (declaration.record !== undefined) DECLARED.set(declaration.record.name ?? sqlName, { sqlName, declaration });
}

const built = { sqlite: new Map<string, TableStatements>(), postgres: new Map<string, TableStatements>() };

const list = (path: string | readonly string[]): readonly string[] => (typeof path === 'string' ? [path] : path);

function statementsOf(name: TableName, dialect: Dialect): TableStatements {
  const cache = built[dialect.name];
  let found = cache.get(name);
  if (found === undefined) {
    found = buildStatements(name, dialect);
    cache.set(name, found);
  }
  return found;
}

function buildStatements(name: TableName, dialect: Dialect): TableStatements {
  const declared = DECLARED.get(name);
  if (declared === undefined || NOT_RECORDS.has(name) || declared.declaration.only !== undefined) {
    throw new Error(`feedback-board/${dialect.name}: the table ${name} has no default record methods; its methods are SQL's own`);
  }
  const table = `fb_${declared.sqlName}`;
  const schema = RECORD_SCHEMA[name];
  const columns = Object.keys(declared.declaration.columns);
  const declarations = new Map<string, ColumnDeclaration>(
    Object.entries(declared.declaration.columns).map(([column, declaration]) => [column, columnOf(declaration)]),
  );
  const keyColumns = list(schema.keyPath);
  const order = keyColumns.join(', ');
  const select = `SELECT ${columns.join(', ')} FROM ${table}`;
  const whereKey = keyColumns.map((column) => `${column} = ?`).join(' AND ');
  const updates = columns.filter((column) => !keyColumns.includes(column));
  const byIndex: Record<string, string> = {};
  for (const [index, path] of Object.entries(schema.indexes as Record<string, string | readonly string[]>)) {
    byIndex[index] = `${select} WHERE ${list(path)
      .map((column) => `${column} = ?`)
      .join(' AND ')} ORDER BY ${order}`;
  }

  const writers: ((value: unknown) => SqlValue)[] = [];
  const readers: [string, (value: unknown) => unknown][] = [];
  for (const column of columns) {
    const declaration = declarations.get(column)!;
    switch (declaration.type) {
      case 'flag':
        writers.push((value) => dialect.bool(value === true));
        readers.push([column, (value) => value === 1 || value === true]);
        break;
      case 'json':
        writers.push(jsonText);
        readers.push([column, dialect.name === 'sqlite' ? parseJson : (value) => value]);
        break;
      case 'bytes':
        writers.push((value) => (value instanceof Uint8Array ? blob(value) : null));
        readers.push([column, (value) => (value instanceof Uint8Array ? new Uint8Array(value) : value)]);
        break;
      case 'bigint':
        writers.push(plain);
        if (dialect.name === 'postgres') readers.push([column, (value) => (typeof value === 'string' ? Number(value) : value)]);
        break;
      default:
        if (declaration.jsonText === true) {
          writers.push(jsonText);
          readers.push([column, parseJson]);
        } else writers.push(plain);
    }
  }

  return {
    get: `${select} WHERE ${whereKey}`,
    put:
      `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')}) ON CONFLICT (${order}) DO ` +
      (updates.length === 0 ? 'NOTHING' : `UPDATE SET ${updates.map((column) => `${column} = excluded.${column}`).join(', ')}`),
    delete: `DELETE FROM ${table} WHERE ${whereKey}`,
    all: `${select} ORDER BY ${order}`,
    byIndex,
    nextId: !schema.ids
      ? null
      : dialect.name === 'sqlite'
        ? `UPDATE sqlite_sequence SET seq = seq + 1 WHERE name = '${table}' RETURNING seq`
        : `SELECT nextval(pg_get_serial_sequence('${table}', 'id')) AS id`,
    bind: (row) => columns.map((column, i) => writers[i]!(row[column])),
    read:
      readers.length === 0
        ? (row) => row
        : (row) => {
            for (const [column, reader] of readers) row[column] = reader(row[column]);
            return row;
          },
  };
}

function plain(value: unknown): SqlValue {
  return value === undefined ? null : (value as SqlValue);
}

/** JSON text; a NULL column (a record's null) stays NULL rather than JSON `null`. */
function jsonText(value: unknown): SqlValue {
  return value === null || value === undefined ? null : JSON.stringify(value);
}

function parseJson(value: unknown): unknown {
  return typeof value === 'string' ? JSON.parse(value) : value;
}

/** A key (one value, or an array for a compound key) as the values of `WHERE k1 = ? AND k2 = ?`. */
const keyValues = (key: unknown): SqlValue[] => (Array.isArray(key) ? (key as SqlValue[]) : [key as SqlValue]);

/** The first run of SQLite's counter for a table with no row in `sqlite_sequence` yet. */
const firstSqliteId = (table: string): string =>
  `INSERT INTO sqlite_sequence (name, seq) SELECT '${table}', coalesce(max(id), 0) + 1 FROM ${table} RETURNING seq`;

/** The record store over `db`, for the transactions of its connection. */
export function sqlRecordStore(db: SqlSeam): RecordStore {
  const tables = new Map<TableName, RecordTable<TableName>>();
  const tableOf = (name: TableName): RecordTable<TableName> => {
    // Built on the first request, not when an aggregate asks for its tables.
    let statements: TableStatements | undefined;
    const of = (): TableStatements => (statements ??= statementsOf(name, db.dialect));
    const table: RecordTable<TableName> = {
      async get(key) {
        const s = of();
        const row = await db.row<Row>(s.get, keyValues(key));
        return row === undefined ? undefined : (s.read(row) as never);
      },
      async put(row) {
        const s = of();
        await db.run(s.put, s.bind(row as Row));
      },
      async delete(key) {
        await db.run(of().delete, keyValues(key));
      },
      async getAll() {
        const s = of();
        return (await db.rows<Row>(s.all)).map(s.read) as never;
      },
      async getAllFromIndex(index, value) {
        const s = of();
        const text = s.byIndex[index];
        if (text === undefined) throw new Error(`feedback-board/${db.dialect.name}: the table ${name} has no index ${index}`);
        return (await db.rows<Row>(text, keyValues(value))).map(s.read) as never;
      },
    };
    return table;
  };
  return {
    table<T extends TableName>(name: T): RecordTable<T> {
      let table = tables.get(name);
      if (table === undefined) {
        table = tableOf(name);
        tables.set(name, table);
      }
      return table as unknown as RecordTable<T>;
    },
    async nextId(name: IdTable) {
      const s = statementsOf(name, db.dialect);
      if (s.nextId === null) throw new Error(`feedback-board/${db.dialect.name}: the table ${name} has no ids`);
      const next = await db.value<number | string>(s.nextId);
      if (next !== undefined) return Number(next);
      // SQLite only: the table's counter has no row until its first insert.
      return Number(await db.value<number>(firstSqliteId(`fb_${DECLARED.get(name)!.sqlName}`)));
    },
  };
}
