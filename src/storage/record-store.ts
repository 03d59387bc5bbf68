/**
 * A small table API over which {@link createRecordTx} implements the whole storage contract.
 * Stores that have no query language of their own (memory, IndexedDB) implement only this.
 *
 * One {@link RecordStore} lives for exactly one transaction. Its rules:
 *
 * - Every method returns a Promise and awaits nothing but the underlying store, so that an
 *   IndexedDB transaction stays active across the calls of one StorageTx method.
 * - Rows returned are read-only snapshots: the caller never mutates them (a store may hand out
 *   the objects it keeps), and builds a new row to `put`. Arrays returned are the caller's.
 * - `put` never keeps the row passed in by reference; it inserts or replaces by primary key.
 * - `getAll` and `getAllFromIndex` return rows in no particular order: callers sort.
 * - Indexes follow IndexedDB rules: a row is in an index only when every field of the index's
 *   key path holds a number or a string (so `null` e-mails and action keys are not indexed).
 * - `nextId` hands out 1, 2, 3, ... per table and never an id handed out by a committed
 *   transaction, even if that row was deleted since.
 */
import { RECORD_SCHEMA } from './record-schema.js';
import type { TableRows } from './table-rows.js';

/**
 * The row type of every table, generated from the tables' declaration (each table's `record.row`
 * names its type): `table-rows.ts`.
 */
export type { TableRows };

export type TableName = keyof TableRows;

type FieldOf<Row> = keyof Row & string;

/** A key path: one field, or several for a compound key (IndexedDB's array key paths). */
export type KeyPath<Row> = FieldOf<Row> | readonly FieldOf<Row>[];

export interface TableDefinition<Row> {
  /** The primary key. */
  keyPath: KeyPath<Row>;
  /** True when the primary key is an integer `id` handed out by {@link RecordStore.nextId}. */
  ids: boolean;
  /** Index name -> key path. Only equality lookups are made on them. */
  indexes: Readonly<Record<string, KeyPath<Row>>>;
}

/** Every table, its primary key and its indexes (generated from the tables' declaration). */
export { RECORD_SCHEMA };

/** The schema, checked against the rows: every key path and index names fields of its table's row. */
type FitsRows<S extends { [T in TableName]: TableDefinition<TableRows[T]> }> = S;
export type RecordSchema = FitsRows<typeof RECORD_SCHEMA>;

/** The table names, in schema order. */
export const TABLE_NAMES = Object.keys(RECORD_SCHEMA) as TableName[];

/**
 * Where a persistent store may keep its id counters: one row `{ table, next }` per table with
 * ids, written in the same transaction as the rows, so a rolled-back transaction takes its ids
 * back with it.
 */
export const ID_COUNTERS_STORE = { name: 'id_counters', keyPath: 'table' } as const;

/** Tables whose primary key is an allocated integer id. */
export type IdTable = {
  [T in TableName]: RecordSchema[T]['ids'] extends true ? T : never;
}[TableName];

/** A value that can be part of a key: what IndexedDB accepts among the record fields. */
type KeyPart<V> = Exclude<V, null | undefined | boolean>;

type KeyPathValue<Row, P> = P extends readonly unknown[]
  ? { -readonly [K in keyof P]: P[K] extends keyof Row ? KeyPart<Row[P[K]]> : never }
  : P extends keyof Row
    ? KeyPart<Row[P]>
    : never;

/** The primary key of a table: a number or string, or an array for a compound key. */
export type TableKey<T extends TableName> = KeyPathValue<TableRows[T], RecordSchema[T]['keyPath']>;

export type IndexName<T extends TableName> = keyof RecordSchema[T]['indexes'] & string;

/** The value an index is looked up by: one field's value, or an array for a compound index. */
export type IndexKey<T extends TableName, I extends IndexName<T>> = KeyPathValue<
  TableRows[T],
  RecordSchema[T]['indexes'][I]
>;

type ReadonlyValue<V> = V extends object ? Readonly<V> : V;

/** A row as a store hands it out: not to be mutated (nested objects and arrays included). */
export type ReadonlyRow<Row> = { readonly [K in keyof Row]: ReadonlyValue<Row[K]> };

export interface RecordTable<T extends TableName> {
  get(key: TableKey<T>): Promise<ReadonlyRow<TableRows[T]> | undefined>;
  /** Inserts, or replaces the row with the same primary key. */
  put(row: ReadonlyRow<TableRows[T]>): Promise<void>;
  /** Deleting a missing key is not an error. */
  delete(key: TableKey<T>): Promise<void>;
  /** Every row, in no particular order. */
  getAll(): Promise<ReadonlyRow<TableRows[T]>[]>;
  /** Rows whose index key equals `value`, in no particular order. */
  getAllFromIndex<I extends IndexName<T>>(index: I, value: IndexKey<T, I>): Promise<ReadonlyRow<TableRows[T]>[]>;
}

/**
 * The tables of one transaction, which spans every table of {@link RECORD_SCHEMA}: a StorageTx
 * asks for several tables when it is built, before any request is made.
 */
export interface RecordStore {
  table<T extends TableName>(name: T): RecordTable<T>;
  /** The next id of the table: 1 first, then increasing; never one a committed transaction got. */
  nextId(table: IdTable): Promise<number>;
}

/**
 * A deep copy of a record (plain objects, arrays and primitives). Spread copies own keys as data
 * properties, so a user-chosen key such as `__proto__` stays an ordinary property.
 */
export function cloneRow<Row>(row: ReadonlyRow<Row> | Row): Row {
  return copyValue(row) as Row;
}

function copyValue(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (value instanceof Uint8Array) return value.slice();
  if (Array.isArray(value)) return value.map(copyValue);
  const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  for (const key in copy) {
    const field = copy[key];
    if (typeof field === 'object' && field !== null) {
      Object.defineProperty(copy, key, { value: copyValue(field), enumerable: true, writable: true, configurable: true });
    }
  }
  return copy;
}
