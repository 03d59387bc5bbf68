/**
 * The SQL of the declared counters (`counters.ts`) common to SQLite and PostgreSQL: a counter's
 * conditions, key and amounts as expressions over named rows, and the upsert that adds signed
 * amounts to a counter row. Each adapter builds its triggers and rebuild queries from these
 * (adapters/sqlite/counter-triggers.ts, adapters/postgres/counter-functions.ts).
 */
import { bareColumn, columnsRead, isParentColumn, keyColumn, type AnyCounter, type Conditions, type CounterTable, type Measure, type RowTest } from './counter-model.js';
import { LATEST_DAY_TABLES } from './counters.js';

/** What differs between the two SQL dialects. */
export interface SqlDialect {
  /** The condition that a boolean column holds `value` (SQLite stores 0 and 1). */
  boolean(column: string, value: boolean): string;
  /** A condition as the integer 0 or 1. */
  integer(condition: string): string;
  /** True when `a` and `b` differ, a NULL being a value like any other. */
  differs(a: string, b: string): string;
  /** True when `a` and `b` are the same, a NULL being a value like any other. */
  same(a: string, b: string): string;
  /** The number of the group's rows for which `condition` holds. */
  countWhere(condition: string): string;
  /** The `ON CONFLICT` clause that adds the inserted amounts of `columns` to the row of `table`. */
  addOnConflict(table: CounterTable, columns: readonly string[]): string;
}

/** Where the columns a counter reads come from: the counted row's and its parent's, as SQL. */
export interface RowScope {
  row(column: string): string;
  parent(column: string): string;
}

/** The SQL name of a declared table. */
export const sqlTable = (name: string): string => `fb_${name}`;

/** A scope whose counted row is `row.` and parent row `parent.` (aliases or `old`/`new`). */
export function scopeOf(row: string, parent = 'p'): RowScope {
  return { row: (column) => `${row}.${column}`, parent: (column) => `${parent}.${column}` };
}

const columnSql = (scope: RowScope, column: string): string =>
  isParentColumn(column) ? scope.parent(bareColumn(column)) : scope.row(column);

function literal(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

function testSql(dialect: SqlDialect, column: string, test: RowTest): string {
  if (typeof test === 'boolean') return dialect.boolean(column, test);
  if (typeof test === 'string') return `${column} = ${literal(test)}`;
  if ('not' in test) return `${column} IS NOT NULL`;
  if (!Number.isFinite(test.above)) throw new RangeError(`counters: ${test.above} is not a number to compare with`);
  return `${column} > ${test.above}`;
}

/**
 * The conditions as SQL atoms, to be joined with AND; `side` keeps only the parent's or only the
 * row's own. No atom means every row counts.
 */
export function conditionAtoms(
  dialect: SqlDialect,
  scope: RowScope,
  conditions: Conditions<string> | undefined,
  side: 'all' | 'parent' | 'row' = 'all',
): string[] {
  return Object.entries(conditions ?? {})
    .filter(([column]) => side === 'all' || isParentColumn(column) === (side === 'parent'))
    .map(([column, test]) => testSql(dialect, columnSql(scope, column), test!));
}

/** The atoms joined with AND (in parentheses when there are several), or `fallback` when there are none. */
export const allOf = (atoms: readonly string[], fallback = 'true'): string =>
  atoms.length === 0 ? fallback : atoms.length === 1 ? atoms[0]! : `(${atoms.join(' AND ')})`;

/** The atoms joined with AND, always in parentheses (to compare or negate); `true` when there are none. */
export const grouped = (atoms: readonly string[]): string => (atoms.length === 0 ? 'true' : `(${atoms.join(' AND ')})`);

/** The value of each key column of `table`, in key order. */
export function keyValues(table: CounterTable, counter: AnyCounter, scope: RowScope): string[] {
  return table.keys.map((name) => {
    const expr = counter.key[name];
    if (expr === undefined) throw new Error(`counters: no value for ${table.name}.${name} from ${counter.source}`);
    const column = columnSql(scope, keyColumn(expr));
    return typeof expr === 'string' ? column : `substr(${column}, 1, 10)`;
  });
}

/** The key values read from the parent row, in key order. */
export function parentKeyValues(table: CounterTable, counter: AnyCounter, scope: RowScope): string[] {
  const values = keyValues(table, counter, scope);
  return values.filter((_, i) => isParentColumn(keyColumn(counter.key[table.keys[i]!]!)));
}

/** The counted row's own columns the counter reads: conditions, key, amounts, the link to its parent. */
export function rowColumns(counter: AnyCounter): string[] {
  const measured = Object.values(counter.values).flatMap((measure) =>
    measure === 'count' ? [] : 'sum' in measure ? [measure.sum] : Object.keys(measure.count),
  );
  const link = counter.parent === undefined ? [] : [counter.parent.on];
  return [...new Set([...columnsRead(counter).filter((column) => !isParentColumn(column)), ...measured, ...link])];
}

/**
 * True (as SQL) when a contribution differs between `before` and `after`: for `part` `row`, the
 * counted row's own (its conditions, key and amounts); for `parent`, what a parent gives its rows
 * (its conditions and the key columns read from it). False when neither side counts.
 */
export function changeSql(dialect: SqlDialect, table: CounterTable, counter: AnyCounter, before: RowScope, after: RowScope, part: 'row' | 'parent'): string {
  const side = part === 'row' ? 'all' : 'parent';
  const [was, is] = [conditionAtoms(dialect, before, counter.where, side), conditionAtoms(dialect, after, counter.where, side)];
  const values = (scope: RowScope) =>
    part === 'row' ? [...keyValues(table, counter, scope), ...rowAmounts(dialect, counter, scope, 1)] : parentKeyValues(table, counter, scope);
  const differs = values(before)
    .map((expr, i) => [expr, values(after)[i]!] as const)
    .filter(([a, b]) => a !== b)
    .map(([a, b]) => dialect.differs(a, b));
  if (was.length === 0) return differs.join('\n    OR ');
  return `(${allOf(was)} OR ${allOf(is)})\n    AND (${[dialect.differs(grouped(was), grouped(is)), ...differs].join('\n      OR ')})`;
}

/** True (as SQL) when the rows of parent `a` also count under parent `b`, with the same keys. */
export function parentKeepsSql(dialect: SqlDialect, table: CounterTable, counter: AnyCounter, a: RowScope, b: RowScope): string {
  const conditions = conditionAtoms(dialect, b, counter.where, 'parent');
  const [was, is] = [parentKeyValues(table, counter, a), parentKeyValues(table, counter, b)];
  return grouped([...conditions, ...was.map((expr, i) => dialect.same(expr, is[i]!))]);
}

/** What one row adds to each value column the counter feeds, times `sign`. */
export function rowAmounts(dialect: SqlDialect, counter: AnyCounter, scope: RowScope, sign: 1 | -1): string[] {
  return Object.values(counter.values).map((measure) => signed(sign, rowAmount(dialect, scope, measure)));
}

function rowAmount(dialect: SqlDialect, scope: RowScope, measure: Measure<string>): string {
  if (measure === 'count') return '1';
  if ('sum' in measure) return scope.row(measure.sum);
  return dialect.integer(allOf(conditionAtoms(dialect, scope, measure.count)));
}

/** What a group of rows adds to each value column the counter feeds, times `sign`. */
export function groupAmounts(dialect: SqlDialect, counter: AnyCounter, scope: RowScope, sign: 1 | -1): string[] {
  return Object.values(counter.values).map((measure) => {
    if (measure === 'count') return signed(sign, 'count(*)');
    if ('sum' in measure) return signed(sign, `sum(${scope.row(measure.sum)})`);
    return signed(sign, dialect.countWhere(allOf(conditionAtoms(dialect, scope, measure.count))));
  });
}

const signed = (sign: 1 | -1, amount: string): string => (sign === 1 ? amount : amount === '1' ? '-1' : `-${amount}`);

/**
 * `INSERT INTO <table> (keys, values) SELECT <select> <rest> ON CONFLICT ... add`: adds the
 * selected amounts to the counter rows of their keys, creating a row the first time. `rest` is
 * the FROM, WHERE and GROUP BY of the SELECT (with a WHERE: SQLite needs one before an upsert's
 * ON CONFLICT); without one, the values are inserted as they are (`VALUES (...)`).
 */
export function upsertSql(dialect: SqlDialect, table: CounterTable, counter: AnyCounter, select: readonly string[], rest = ''): string {
  const columns = Object.keys(counter.values);
  const rows = rest === '' ? `VALUES (${select.join(', ')})` : `SELECT ${select.join(', ')} ${rest}`;
  return `INSERT INTO ${sqlTable(table.name)} (${[...table.keys, ...columns].join(', ')})
    ${rows}
    ${dialect.addOnConflict(table, columns)};`;
}

/**
 * Deletes the rows of keys `keys` (a row value, or a subquery of key tuples after `IN`) whose
 * values are all zero, for a table that drops them; nothing otherwise.
 */
export function dropEmptySql(table: CounterTable, where: string): string {
  if (table.dropEmpty !== true) return '';
  const empty = table.columns.map((column) => `${column} = 0`).join(' AND ');
  return `DELETE FROM ${sqlTable(table.name)} WHERE ${empty} AND ${where};`;
}

/** `(a, b) <op> (c, d)` for several columns, `a <op> c` for one. */
export function tupleSql(columns: readonly string[]): string {
  return columns.length === 1 ? columns[0]! : `(${columns.join(', ')})`;
}

/**
 * The query that recomputes `table` from the source rows: for each counter, its rows (joined to
 * their parents) grouped by key, added to the rows of the counters before it.
 */
export function rebuildSql(dialect: SqlDialect, table: CounterTable): string[] {
  const statements = [`DELETE FROM ${sqlTable(table.name)};`];
  for (const counter of table.counters) {
    const scope = scopeOf('r');
    const join = counter.parent === undefined ? '' : ` JOIN ${sqlTable(counter.parent.table)} p ON p.id = r.${counter.parent.on}`;
    const groups = table.keys.map((_, i) => i + 1).join(', ');
    const where = allOf(conditionAtoms(dialect, scope, counter.where));
    const select = [...keyValues(table, counter, scope), ...groupAmounts(dialect, counter, scope, 1)];
    statements.push(upsertSql(dialect, table, counter, select, `FROM ${sqlTable(counter.source)} r${join} WHERE ${where} GROUP BY ${groups}`));
  }
  if (table.dropEmpty === true) statements.push(`DELETE FROM ${sqlTable(table.name)} WHERE ${table.columns.map((column) => `${column} = 0`).join(' AND ')};`);
  return statements;
}

/** A latest-day table a store keeps, with the day rows it follows (see `LATEST_DAY_TABLES`). */
export type KeptLatestDays = (typeof LATEST_DAY_TABLES)[number];

/**
 * A store's statistics in the order they are rebuilt: the counter tables over stored rows, the
 * latest-day tables over their day rows (those whose day rows the store keeps), then the counter
 * tables over the latest days.
 */
export function statisticsParts(kept: readonly CounterTable[]): {
  counters: CounterTable[];
  latest: KeptLatestDays[];
  overLatest: CounterTable[];
} {
  const latest = LATEST_DAY_TABLES.filter(({ days }) => kept.some((table) => table.name === days));
  const readsLatest = (table: CounterTable) => table.counters.some((counter) => latest.some((days) => days.table === counter.source));
  return { counters: kept.filter((table) => !readsLatest(table)), latest, overLatest: kept.filter(readsLatest) };
}
