/**
 * SQLite triggers generated from the declared counters (src/storage/counters.ts). For each counter
 * of a table, named `fb_stats_<table>_<source>_<event>`:
 *
 * - on its source table, AFTER INSERT, AFTER DELETE and AFTER UPDATE OF the columns it reads: the
 *   row's contribution is added, taken out, or moved (only when the condition, key or amounts
 *   differ, which the trigger's WHEN compares, so a vote that changes a post's vote count from 4
 *   to 5 runs nothing for a counter that reads only `vote_count > 0`). A counter that reads a
 *   parent finds it in the same statement (`FROM fb_posts p WHERE p.id = new.post_id AND ...`);
 * - on the parent table, for a counter that reads one: AFTER UPDATE OF the parent's columns it
 *   reads, the contributions of all the parent's rows leave the old key and join the new one in
 *   set-based statements (`_leave`, `_join`); BEFORE DELETE, they are taken out before the cascade
 *   removes the rows, whose own triggers then find no parent (`_parent_delete`).
 *
 * Every change is an upsert of signed amounts (`INSERT ... ON CONFLICT DO UPDATE SET n = n +
 * excluded.n`); a table that drops empty rows deletes a key's row when its values reach zero.
 */
import { parentColumns, type AnyCounter, type CounterTable } from '../../src/storage/counter-model.js';
import {
  allOf, changeSql, conditionAtoms, dropEmptySql, groupAmounts, keyValues, parentKeepsSql, rowAmounts, rowColumns,
  scopeOf, sqlTable, tupleSql, upsertSql, type RowScope, type SqlDialect
} from '../../src/storage/counter-sql.js';

/** SQLite's side of the counters' SQL. */
export const SQLITE_DIALECT: SqlDialect = {
  boolean: (column, value) => `${column} = ${value ? 1 : 0}`,
  integer: (condition) => `(${condition})`,
  differs: (a, b) => `${a} IS NOT ${b}`,
  same: (a, b) => `${a} IS ${b}`,
  countWhere: (condition) => `sum(${condition})`,
  addOnConflict: (_table, columns) => `ON CONFLICT DO UPDATE SET ${columns.map((column) => `${column} = ${column} + excluded.${column}`).join(', ')}`,
};

const D = SQLITE_DIALECT;

/**
 * The statements that add (1) or take out (-1) the contribution of row `row` (`old` or `new`).
 * `guarded`: the trigger's WHEN already holds the row's conditions.
 */
function rowChange(table: CounterTable, counter: AnyCounter, row: 'old' | 'new', sign: 1 | -1, guarded: boolean): string {
  const scope = scopeOf(row);
  const select = [...keyValues(table, counter, scope), ...rowAmounts(D, counter, scope, sign)];
  const atoms = conditionAtoms(D, scope, counter.where);
  let keys: string;
  let upsert: string;
  if (counter.parent === undefined) {
    upsert = guarded || atoms.length === 0 ? upsertSql(D, table, counter, select) : upsertSql(D, table, counter, select, `WHERE ${allOf(atoms)}`);
    keys = allOf([`${tupleSql(table.keys)} = ${tupleSql(keyValues(table, counter, scope))}`, ...(guarded ? [] : atoms)]);
  } else {
    const from = `FROM ${sqlTable(counter.parent.table)} p WHERE ${allOf([`p.id = ${row}.${counter.parent.on}`, ...atoms])}`;
    upsert = upsertSql(D, table, counter, select, from);
    keys = `${tupleSql(table.keys)} IN (SELECT ${keyValues(table, counter, scope).join(', ')} ${from})`;
  }
  return sign === 1 ? upsert : `${upsert}\n  ${dropEmptySql(table, keys)}`.trimEnd();
}

/** The set-based statements that add or take out the contributions of all the rows of parent `row`. */
function childrenChange(table: CounterTable, counter: AnyCounter, row: 'old' | 'new', sign: 1 | -1): string {
  const scope: RowScope = { row: (column) => `r.${column}`, parent: (column) => `${row}.${column}` };
  const where = allOf([`r.${counter.parent!.on} = ${row}.id`, ...conditionAtoms(D, scope, counter.where, 'row')]);
  const from = `FROM ${sqlTable(counter.source)} r WHERE ${where}`;
  const groups = table.keys.map((_, i) => i + 1).join(', ');
  const select = [...keyValues(table, counter, scope), ...groupAmounts(D, counter, scope, sign)];
  const upsert = upsertSql(D, table, counter, select, `${from} GROUP BY ${groups}`);
  if (sign === 1) return upsert;
  return `${upsert}\n  ${dropEmptySql(table, `${tupleSql(table.keys)} IN (SELECT ${keyValues(table, counter, scope).join(', ')} ${from})`)}`.trimEnd();
}

const trigger = (name: string, head: string, body: string): string => `CREATE TRIGGER ${name} ${head}\nBEGIN\n  ${body}\nEND;`;

/** The triggers of one counter of `table`. */
export function counterTriggers(table: CounterTable, counter: AnyCounter): string[] {
  const name = `fb_stats_${table.name}_${counter.source}`;
  const source = sqlTable(counter.source);
  const own = counter.parent === undefined;
  const rowAtoms = (row: 'old' | 'new') => conditionAtoms(D, scopeOf(row), counter.where, own ? 'all' : 'row');
  const whenRow = (row: 'old' | 'new') => (rowAtoms(row).length === 0 ? '' : ` WHEN ${allOf(rowAtoms(row))}`);
  const changed = own
    ? changeSql(D, table, counter, scopeOf('old'), scopeOf('new'), 'row')
    : rowColumns(counter).map((column) => D.differs(`old.${column}`, `new.${column}`)).join(' OR ');
  const triggers = [
    trigger(`${name}_insert`, `AFTER INSERT ON ${source}${whenRow('new')}`, rowChange(table, counter, 'new', 1, true)),
    trigger(`${name}_delete`, `AFTER DELETE ON ${source}${whenRow('old')}`, rowChange(table, counter, 'old', -1, true)),
    trigger(
      `${name}_update`,
      `AFTER UPDATE OF ${rowColumns(counter).join(', ')} ON ${source}\n  WHEN ${changed}`,
      `${rowChange(table, counter, 'old', -1, false)}\n  ${rowChange(table, counter, 'new', 1, false)}`,
    ),
  ];
  if (own) return triggers;
  const parent = sqlTable(counter.parent!.table);
  const watched = parentColumns(counter);
  /** The rows of parent `a` count, and do not under parent `b` with the same keys. */
  const moves = (a: 'old' | 'new', b: 'old' | 'new') =>
    [...conditionAtoms(D, scopeOf('r', a), counter.where, 'parent'), `NOT ${parentKeepsSql(D, table, counter, scopeOf('r', a), scopeOf('r', b))}`].join(' AND ');
  if (watched.length > 0) {
    const of = `AFTER UPDATE OF ${watched.join(', ')} ON ${parent}`;
    triggers.push(
      trigger(`${name}_leave`, `${of}\n  WHEN ${moves('old', 'new')}`, childrenChange(table, counter, 'old', -1)),
      trigger(`${name}_join`, `${of}\n  WHEN ${moves('new', 'old')}`, childrenChange(table, counter, 'new', 1)),
    );
  }
  const whenParent = conditionAtoms(D, scopeOf('r', 'old'), counter.where, 'parent');
  triggers.push(
    trigger(`${name}_parent_delete`, `BEFORE DELETE ON ${parent}${whenParent.length === 0 ? '' : ` WHEN ${allOf(whenParent)}`}`, childrenChange(table, counter, 'old', -1)),
  );
  return triggers;
}

/** Every trigger of the counters of `tables`. */
export function sqliteCounterTriggers(tables: readonly CounterTable[]): string[] {
  return tables.flatMap((table) => table.counters.map((counter) => counterTriggers(table, counter)).flat());
}
