/**
 * The tables a dump carries (`feedback-board export` / `import`, see docs/cli.md), as data, and the
 * port through which an adapter reads and loads them.
 *
 * A dump row is a record as the record store keeps it (`TableRows`): booleans are booleans, lists
 * are arrays, a post's proposal is one object; SQL adapters convert their columns to and from it.
 * That neutral shape is what lets a dump of one adapter load into another.
 *
 * The order of {@link DUMP_TABLES} is the order of the dump and of loading: a table comes after the
 * tables its rows refer to. What SQL keeps otherwise than a record (flags, JSON, bytes, bigints)
 * comes from the tables' declaration (`dump-column-list.ts`, generated), and so does the order
 * (`dump-table-list.ts`, generated: the released order of `schema/dump-order.ts`, then each table
 * added since, in the order of the steps that added it). A record table is dumped unless its
 * declaration says why not (`record.notDumped`); a test compares these lists with every adapter's
 * tables.
 */
import { DUMP_COLUMNS } from './dump-column-list.js';
import { DUMP_ORDER, RECORD_TABLES_NOT_DUMPED, SQL_NAMES } from './dump-table-list.js';
import { RECORD_SCHEMA, type TableName } from './record-store.js';

/** One table of a dump: its name (the record store's; `fb_` + name in SQL) and how SQL keeps it. */
export interface DumpTable {
  readonly name: TableName;
  /** The primary key's fields, the order of the table's rows in a dump. */
  readonly key: readonly string[];
  /** Fields SQLite keeps as 0/1. */
  readonly flags: readonly string[];
  /** Fields SQL keeps as JSON (text or jsonb) and a record as the parsed value. */
  readonly json: readonly string[];
  /** Fields of bytes (BLOB, bytea, `Uint8Array`), written to a dump in base64. */
  readonly binary: readonly string[];
  /** Fields PostgreSQL keeps as `bigint` (read back as text) and a record as a number. */
  readonly bigints: readonly string[];
  /** The table's name in both SQL stores. */
  readonly sql: string;
}


/** The SQL table (both SQL adapters) of a record-store table. */
export function sqlTableOf(name: TableName): string {
  return SQL_NAMES[name] ?? `fb_${name}`;
}

function table(name: TableName): DumpTable {
  const keyPath = RECORD_SCHEMA[name].keyPath;
  const { flags = [], json = [], binary = [], bigints = [] } = DUMP_COLUMNS[name] ?? {};
  return { name, key: typeof keyPath === 'string' ? [keyPath] : [...keyPath], flags, json, binary, bigints, sql: sqlTableOf(name) };
}

/** Every table a dump carries, in the dump's order. */
export const DUMP_TABLES: readonly DumpTable[] = DUMP_ORDER.map(table);

/**
 * Record-store tables a dump leaves out, and why (their declarations say it). Statistics and
 * indexes are rebuilt from the rows when a dump is loaded, exactly as the writes that made them
 * would have.
 */
export { RECORD_TABLES_NOT_DUMPED };

/** SQL tables (both SQL adapters, without the `fb_` prefix) a dump leaves out, and why. */
export const SQL_TABLES_NOT_DUMPED: Readonly<Record<string, string>> = {
  sessions: 'sign-in sessions do not move with the data: people sign in again',
  board_days: 'statistics, rebuilt from the rows on import',
  board_last_days: 'statistics, rebuilt from the rows on import',
  board_voter_days: 'statistics, rebuilt from the rows on import',
  board_voters: 'statistics, rebuilt from the rows on import',
  board_statuses: 'statistics, rebuilt from the rows on import',
  board_post_counts: 'statistics, rebuilt from the rows on import',
  ship_days: 'statistics, rebuilt from the rows on import',
  ship_last_days: 'statistics, rebuilt from the rows on import',
  ship_voter_days: 'statistics, rebuilt from the rows on import',
  ship_voters: 'statistics, rebuilt from the rows on import',
  tag_posts: 'statistics, rebuilt from the rows on import',
  tag_status_posts: 'statistics, rebuilt from the rows on import',
  ranked_posts: 'statistics, rebuilt from the rows on import',
  post_words: 'the similar-posts index, rebuilt from post titles on import',
  posts_search: 'the SQLite search index (and its shadow tables), rebuilt from the posts on import',
  search_indexed: "the SQLite search index's last post, set when the index is rebuilt on import",
  rate_log: 'rate-limit state, which starts afresh',
  installed_code: "the store's own installed functions, made by its migrations",
  schema_migrations: "the store's schema version, made by its migrations",
};

/** A row of a dump: a record of its table. */
export type DumpRow = Readonly<Record<string, unknown>>;

/** The last id each table with ids handed out (0: none yet), by table name. */
export type LastIds = Readonly<Record<string, number>>;

/** A consistent view of a store, for writing a dump. */
export interface DumpSnapshot {
  /** How many rows the table holds. */
  count(table: DumpTable): Promise<number>;
  /** The table's rows in key order, read a page at a time (never the whole table at once). */
  rows(table: DumpTable): AsyncIterable<DumpRow>;
  /** The last id handed out per table with ids, deleted rows' ids included. */
  lastIds(): Promise<LastIds>;
}

/** The writes of one load, all in one transaction. */
export interface DumpLoader {
  /** True when no dumped table holds a row. */
  isEmpty(): Promise<boolean>;
  /** Inserts rows of one table as they are (ids included), rebuilding what derives from them. */
  insert(table: DumpTable, rows: readonly DumpRow[]): Promise<void>;
  /** Sets every id counter, so new rows get ids after the loaded ones (and after deleted ones). */
  setLastIds(ids: LastIds): Promise<void>;
}

/** What an adapter offers for dumps: a consistent read, and a load in one transaction. */
export interface DumpPort {
  /** Runs `fn` on a consistent snapshot of the store. */
  read<T>(fn: (snapshot: DumpSnapshot) => Promise<T>): Promise<T>;
  /** Runs `fn` in one write transaction: when it throws, nothing of it is stored. */
  load<T>(fn: (loader: DumpLoader) => Promise<T>): Promise<T>;
}

/** The tables with ids handed out by the store. */
export const ID_TABLES: readonly TableName[] = DUMP_TABLES.filter(({ name }) => RECORD_SCHEMA[name].ids).map(({ name }) => name);

/** Compares strings by code point (the byte order of UTF-8, which SQL stores use for keys). */
export function compareCodePoints(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a.codePointAt(i)!;
    const y = b.codePointAt(i)!;
    if (x !== y) return x - y;
    if (x > 0xffff) i++;
  }
  return a.length - b.length;
}
