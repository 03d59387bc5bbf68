/**
 * The tables a dump carries (`feedback-board export` / `import`, see docs/cli.md), as data, and the
 * port through which an adapter reads and loads them.
 *
 * A dump row is a record as the record store keeps it (`TableRows`): booleans are booleans, lists
 * are arrays, a post's proposal is one object; SQL adapters convert their columns to and from it.
 * That neutral shape is what lets a dump of one adapter load into another.
 *
 * The tables, their keys and what their fields hold come from the table declaration
 * (schema/tables.ts): a record-store table is dumped unless its declaration says why not
 * (`notDumped`). The order of {@link DUMP_TABLES} is the order of the dump and of loading: a table
 * comes after the tables its rows refer to. A test compares these lists with every adapter's tables.
 */
import { RECORD_SCHEMA, type TableName } from './record-store.js';
import { columnOf, type ColumnDeclaration, type TableDeclaration, type TableDeclarations } from './schema/model.js';
import { keyPathOf, recordNameOf } from './schema/records.js';
import { TABLES } from './schema/tables.js';

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

/**
 * The order of the tables dumps have carried since they were first written, kept so that a dump
 * written by an earlier version still loads. Tables declared since follow, in declaration order
 * (which puts a table after the tables it refers to).
 */
const RELEASED_ORDER: readonly string[] = [
  'organizations', 'api_keys', 'settings', 'boards', 'posts', 'tags', 'post_tags', 'evidence', 'claims',
  'voters', 'votes', 'follows', 'post_authors', 'voter_blocks', 'comments', 'reactions', 'post_merges',
  'moderated_boards', 'held_posts', 'webhooks', 'webhook_messages', 'webhook_attempts', 'team_members',
  'sign_in_links', 'oauth_clients', 'oauth_grants', 'oauth_codes', 'oauth_tokens', 'mail_queue',
  'mail_failures', 'mail_unsubscribes', 'activity', 'attachments', 'attachment_bytes', 'sso_secrets',
  'sso_settings', 'companies', 'sso_identities', 'voter_companies', 'board_access', 'voter_claims',
  'company_voters', 'import_sources',
];

/** A record field of a declared column, by what the column holds (`null`: no such field). */
function fieldKind(column: ColumnDeclaration): keyof Pick<DumpTable, 'flags' | 'json' | 'binary' | 'bigints'> | null {
  if (column.inRecord === false) return null;
  if (column.type === 'flag') return 'flags';
  if (column.type === 'json' || column.holds === 'json') return 'json';
  if (column.type === 'bytes') return 'binary';
  if (column.type === 'bigint') return 'bigints';
  return null;
}

/** A declared table as a dump carries it, under its record-store name. */
function dumpTableOf(name: string, sqlName: string, table: TableDeclaration): DumpTable {
  const fields = { flags: [] as string[], json: [] as string[], binary: [] as string[], bigints: [] as string[] };
  for (const [column, declared] of Object.entries(table.columns)) {
    const kind = fieldKind(columnOf(declared));
    if (kind !== null) fields[kind].push(column);
  }
  const keyPath = keyPathOf(table);
  return { name: name as TableName, key: typeof keyPath === 'string' ? [keyPath] : [...keyPath], ...fields, sql: `fb_${sqlName}` };
}

/**
 * The tables a dump of `tables` carries, in dump order: every record-store table but those the
 * declaration says a dump leaves out.
 */
export function dumpTablesOf(tables: TableDeclarations): DumpTable[] {
  const dumped = Object.entries(tables).flatMap(([sqlName, table]) => {
    const name = recordNameOf(sqlName, table);
    return name === null || table.notDumped !== undefined ? [] : [dumpTableOf(name, sqlName, table)];
  });
  const position = (table: DumpTable): number => {
    const released = RELEASED_ORDER.indexOf(table.name);
    return released === -1 ? RELEASED_ORDER.length : released;
  };
  // A stable sort: tables declared since the released order keep their declaration order.
  return dumped.sort((a, b) => position(a) - position(b));
}

/** Every table a dump carries, each after the tables its rows refer to. */
export const DUMP_TABLES: readonly DumpTable[] = dumpTablesOf(TABLES);

const SQL_NAMES = new Map<string, string>(
  Object.entries(TABLES).flatMap(([sqlName, table]): [string, string][] => {
    const name = recordNameOf(sqlName, table);
    return name === null ? [] : [[name, `fb_${sqlName}`]];
  }),
);

/** The SQL table (both SQL adapters) of a record-store table. */
export function sqlTableOf(name: TableName): string {
  return SQL_NAMES.get(name)!;
}

/** Why a dump leaves out each table of `tables` it leaves out, by SQL name or (`records`) record-store name. */
export function notDumpedOf(tables: TableDeclarations, names: 'sql' | 'records'): Record<string, string> {
  const reasons: Record<string, string> = {};
  for (const [sqlName, table] of Object.entries(tables)) {
    if (table.notDumped === undefined) continue;
    const name = names === 'sql' ? sqlName : recordNameOf(sqlName, table);
    if (name !== null) reasons[name] = table.notDumped;
  }
  return reasons;
}

/**
 * Record-store tables a dump leaves out, and why. Statistics and indexes are rebuilt from the rows
 * when a dump is loaded, exactly as the writes that made them would have.
 */
export const RECORD_TABLES_NOT_DUMPED: Readonly<Partial<Record<TableName, string>>> = notDumpedOf(TABLES, 'records');

/** SQL tables (both SQL adapters, without the `fb_` prefix) a dump leaves out, and why. */
export const SQL_TABLES_NOT_DUMPED: Readonly<Record<string, string>> = {
  ...notDumpedOf(TABLES, 'sql'),
  posts_search: 'the SQLite search index (and its shadow tables), filled as posts are inserted',
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
