/**
 * The language of the maintained counters (the declaration itself is `counters.ts`): what a
 * counter table holds, which rows each of its counters counts, and how a row's contribution is
 * read. SQLite and PostgreSQL generate their triggers from it; the record store's maintainer
 * evaluates it with {@link contributionOf}.
 *
 * A counter counts the rows of one source table that satisfy its conditions, or sums a column of
 * them, per key. Its conditions and key may also read the row's parent (a vote's post): then the
 * parent's changes move the contributions of all its rows, and deleting the parent takes them out
 * before its rows go by cascade.
 */
import type { CommentRecord, PostRecord, VoteRecord } from '../domain/records.js';
import type { PostTagRow } from './record-rows.js';

/** A voter's latest day on a board (`fb_board_voters`, `fb_ship_voters`). */
export interface LatestDayRow {
  board_id: number;
  voter_id: number;
  /** `YYYY-MM-DD` (UTC). */
  last_day: string;
}

/** The tables whose rows counters count, by name (the SQL tables carry the `fb_` prefix). */
export interface CountedRows {
  posts: PostRecord;
  votes: VoteRecord;
  comments: CommentRecord;
  post_tags: PostTagRow;
  board_voters: LatestDayRow;
  ship_voters: LatestDayRow;
}

/** A table whose rows a counter counts. */
export type CountedTable = keyof CountedRows;

/** The columns of a counted table (of each, for a union). */
export type ColumnOf<T extends CountedTable> = T extends CountedTable ? keyof CountedRows[T] & string : never;

/** A column of the counted row, or `<parent table>.<column>` of its parent row. */
export type ColumnName<S extends CountedTable, P extends CountedTable> = ColumnOf<S> | `${P}.${ColumnOf<P>}`;

/**
 * What a column must hold for a row to count: `false`/`true` for a boolean, a string it equals,
 * `{ not: null }` for any value, `{ above: n }` for a number greater than `n`.
 */
export type RowTest = boolean | string | { readonly not: null } | { readonly above: number };

/** Conditions on columns, all of which must hold. */
export type Conditions<C extends string> = { readonly [K in C]?: RowTest };

/** A key column's value: a column as it is, or `{ day }`, the UTC date of an ISO timestamp column. */
export type KeyExpr<C extends string> = C | { readonly day: C };

/** What a counter adds per row: 1 (`'count'`), 1 when conditions hold (`{ count }`), or a column (`{ sum }`). */
export type Measure<C extends string> = 'count' | { readonly count: Conditions<C> } | { readonly sum: C };

/** The rows of one source table that feed some columns of a counter table. */
export interface Counter<S extends CountedTable, P extends CountedTable = never> {
  /** The table whose rows are counted. */
  readonly source: S;
  /** The parent row, `parent.id = row[on]`, whose columns `where` and `key` may read. */
  readonly parent?: { readonly table: P; readonly on: ColumnOf<S> };
  /** Which rows count (default: every row). */
  readonly where?: Conditions<ColumnName<S, P>>;
  /** The value of every key column of the table. */
  readonly key: Readonly<Record<string, KeyExpr<ColumnName<S, P>>>>;
  /** What each counted row adds to some value columns of the table (read from the row only). */
  readonly values: Readonly<Record<string, Measure<ColumnOf<S>>>>;
}

/** A counter over any table, with any parent. */
export type AnyCounter = Counter<CountedTable, CountedTable>;

/** A table of counters: one row per key, value columns fed by its counters. */
export interface CounterTable {
  /** The table's name (`fb_` + name in SQL). */
  readonly name: string;
  /** The key columns, in primary key order. */
  readonly keys: readonly string[];
  /** The value columns. */
  readonly columns: readonly string[];
  /** True when a row whose values are all zero is deleted (its absence means zero). */
  readonly dropEmpty?: boolean;
  /** What feeds the value columns. */
  readonly counters: readonly AnyCounter[];
}

/** A row as the counters read it: any record of columns, booleans possibly stored as 0 and 1. */
export type CountedRow = object;

/** The value of a column of a row. */
export const columnOf = (row: CountedRow | undefined, column: string): unknown => (row as Readonly<Record<string, unknown>> | undefined)?.[column];

/** One row's part of a counter: its key and what it adds per column. */
export interface Contribution {
  readonly key: readonly unknown[];
  readonly amounts: Readonly<Record<string, number>>;
}

/** True for a column of the parent row (`posts.hidden`): only those hold a dot. */
export const isParentColumn = (column: string): boolean => column.includes('.');

/** The column's name in its own table (`posts.hidden` -> `hidden`, `hidden` -> `hidden`). */
export const bareColumn = (column: string): string => column.slice(column.indexOf('.') + 1);

/** The column a key expression reads. */
export const keyColumn = (expr: KeyExpr<string>): string => (typeof expr === 'string' ? expr : expr.day);

const read = (column: string, row: CountedRow, parent: CountedRow | undefined): unknown =>
  columnOf(isParentColumn(column) ? parent : row, bareColumn(column));

function keyValue(expr: KeyExpr<string>, row: CountedRow, parent: CountedRow | undefined): unknown {
  const value = read(keyColumn(expr), row, parent);
  return typeof expr === 'string' ? value : String(value).slice(0, 10);
}

function passes(test: RowTest, value: unknown): boolean {
  if (typeof test === 'boolean') return Boolean(value) === test;
  if (typeof test === 'string') return value === test;
  return 'not' in test ? value != null : (value as number) > test.above;
}

/** True when every condition holds for the row and its parent. */
function holds(conditions: Conditions<string> | undefined, row: CountedRow, parent: CountedRow | undefined): boolean {
  for (const [column, test] of Object.entries(conditions ?? {}) as [string, RowTest][]) {
    if (!passes(test, read(column, row, parent))) return false;
  }
  return true;
}

/**
 * The row's contribution to `table` through `counter`, or null when the row does not count: its
 * conditions fail, or the counter reads a parent and the row has none (as an SQL join would find).
 */
export function contributionOf(
  table: CounterTable,
  counter: AnyCounter,
  row: CountedRow,
  parent: CountedRow | undefined,
): Contribution | null {
  if ((counter.parent && !parent) || !holds(counter.where, row, parent)) return null;
  const amounts: Record<string, number> = {};
  for (const [column, measure] of Object.entries(counter.values)) {
    amounts[column] = measure === 'count' ? 1 : 'sum' in measure ? (columnOf(row, measure.sum) as number) : +holds(measure.count, row, parent);
  }
  return { key: table.keys.map((name) => keyValue(counter.key[name]!, row, parent)), amounts };
}

/** The columns the counter's conditions and key read, the parent's ones qualified. */
export const columnsRead = (counter: AnyCounter): string[] => [...Object.keys(counter.where ?? {}), ...Object.values(counter.key).map(keyColumn)];

/** The parent's columns that decide its rows' contributions (read by the conditions or the key). */
export const parentColumns = (counter: AnyCounter): string[] => [...new Set(columnsRead(counter).filter(isParentColumn).map(bareColumn))];

/** True when the two parent rows may give their rows different contributions through `counter`. */
export const parentMoves = (counter: AnyCounter, before: CountedRow, after: CountedRow): boolean =>
  columnsRead(counter).some((column) => isParentColumn(column) && read(column, {}, before) !== read(column, {}, after));
