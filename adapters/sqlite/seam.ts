/**
 * SQLite's side of the shared SQL's seam (adapters/sql/seam.ts): the connection's statements, as
 * they are, answered synchronously, and SQLite's way of saying what the dialects say differently.
 */
import { jsonPairs, type Dialect, type SqlParams, type SqlSeam } from '../sql/seam.js';
import type { Sql, SqlParams as SqliteParams } from './sql.js';

/** JSON text: SQLite has no array type, and `json_each()` reads a JSON array as rows of `value`. */
const jsonList = (values: readonly unknown[]): string => JSON.stringify(values);

export const SQLITE_DIALECT: Dialect = {
  name: 'sqlite',
  false: '0',
  true: '1',
  bool: (value) => (value ? 1 : 0),
  ids: jsonList,
  inIds: (placeholder) => `IN (SELECT value FROM json_each(${placeholder}))`,
  idRows: (placeholder, alias) => `json_each(${placeholder}) AS ${alias}`,
  words: jsonList,
  inWords: (placeholder) => `IN (SELECT value FROM json_each(${placeholder}))`,
  wordRows: (placeholder, alias) => `json_each(${placeholder}) AS ${alias}`,
  jsonObject: (columns) => `json_object(${jsonPairs(columns)})`,
  jsonArray: (columns) => `json_array(${columns.join(', ')})`,
  json: <T>(value: unknown) => JSON.parse(value as string) as T,
  skipLocked: '',
};

/** The seam over a SQLite connection; `sql` itself serves the statements SQLite has of its own. */
export interface SqliteSeam extends SqlSeam {
  readonly sql: Sql;
}

const NONE: SqliteParams = [];

/**
 * better-sqlite3 takes positional values as arguments and named ones as one object. A boolean
 * never gets here (the dialect binds 0/1), and better-sqlite3 refuses one if it did.
 */
const bind = (params: SqlParams | undefined): SqliteParams =>
  params === undefined ? NONE : ((Array.isArray(params) ? params : [params]) as SqliteParams);

export function sqliteSeam(sql: Sql): SqliteSeam {
  return {
    sql,
    dialect: SQLITE_DIALECT,
    row: (text, params) => sql.get(text, ...bind(params)),
    rows: (text, params) => sql.all(text, ...bind(params)),
    tuples: (text, params) => sql.tuples(text, ...bind(params)),
    value: <Value>(text: string, params?: SqlParams) => sql.value(text, ...bind(params)) as Value | undefined,
    column: <Value>(text: string, params?: SqlParams) => sql.column(text, ...bind(params)) as Value[],
    run: (text, params) => sql.run(text, ...bind(params)).changes,
  };
}
