/**
 * PostgreSQL triggers generated from the declared counters (src/storage/counters.ts), in PL/pgSQL
 * so that their statements' plans are cached for the session instead of planned at every call.
 * One function per table and event, named `fb_stats_<table>_<event>`, holds every counter that
 * event changes, so a row is handled in one call:
 *
 * - `_insert`, `_delete` (AFTER; BEFORE on a parent table, see below): each counter of the table
 *   adds or takes out the row's contribution when its conditions hold. Counters that read the
 *   row's parent share one lookup of it, into `parent_<column>` variables.
 * - `_update` (AFTER UPDATE OF the columns any of them reads, WHEN some contribution may change,
 *   so that a vote moving a post's count from 4 to 5 calls nothing): each counter moves the row's
 *   contribution only when its conditions, key or amounts differ. On a parent table, the
 *   contributions of all the parent's rows leave their old keys and join their new ones in
 *   set-based statements.
 * - A parent table's `_delete` runs BEFORE the row goes, taking its rows' contributions out
 *   before the cascade removes them; their own `_delete` then finds no parent.
 *
 * Every change is a single-row `INSERT ... VALUES ... ON CONFLICT DO UPDATE` of signed amounts;
 * a table that drops empty rows deletes a key's row when its values reach zero.
 */
import { parentColumns, type AnyCounter, type CounterTable } from '../../src/storage/counter-model.js';
import {
  allOf, changeSql, conditionAtoms, dropEmptySql, groupAmounts, grouped, keyValues, parentKeepsSql, rowAmounts,
  rowColumns, sqlTable, tupleSql, upsertSql, type RowScope, type SqlDialect
} from '../../src/storage/counter-sql.js';

/** PostgreSQL's side of the counters' SQL. */
export const PG_DIALECT: SqlDialect = {
  boolean: (column, value) => (value ? column : `NOT ${column}`),
  integer: (condition) => `(${condition})::int`,
  differs: (a, b) => `${a} IS DISTINCT FROM ${b}`,
  same: (a, b) => `${a} IS NOT DISTINCT FROM ${b}`,
  countWhere: (condition) => `count(*) FILTER (WHERE ${condition})`,
  addOnConflict: (table, columns) =>
    `ON CONFLICT (${table.keys.join(', ')}) DO UPDATE SET ${columns.map((column) => `${column} = ${sqlTable(table.name)}.${column} + excluded.${column}`).join(', ')}`,
};

const D = PG_DIALECT;

interface Entry {
  table: CounterTable;
  counter: AnyCounter;
}

/** `OLD.` or `NEW.` for the row, the looked-up `parent_` variables for its parent. */
const rowScope = (row: 'OLD' | 'NEW'): RowScope => ({ row: (column) => `${row}.${column}`, parent: (column) => `parent_${column}` });
/** `r.` for the rows of a parent that is `OLD` or `NEW`. */
const childScope = (parent: 'OLD' | 'NEW'): RowScope => ({ row: (column) => `r.${column}`, parent: (column) => `${parent}.${column}` });

const indent = (text: string, by: string): string => text.split('\n').map((line) => (line === '' ? line : by + line)).join('\n');
const ifThen = (condition: string, body: string): string => (condition === 'true' ? body : `IF ${condition} THEN\n${indent(body, '  ')}\nEND IF;`);

/** Adds or takes out the contribution of row `row` (its conditions are the caller's to check). */
function rowChange({ table, counter }: Entry, row: 'OLD' | 'NEW', sign: 1 | -1): string {
  const scope = rowScope(row);
  const values = keyValues(table, counter, scope);
  const upsert = upsertSql(D, table, counter, [...values, ...rowAmounts(D, counter, scope, sign)]);
  return sign === 1 ? upsert : `${upsert}\n${dropEmptySql(table, `${tupleSql(table.keys)} = ${tupleSql(values)}`)}`.trimEnd();
}

/** Adds or takes out, in one statement, the contributions of all the rows of parent `parent`. */
function childrenChange({ table, counter }: Entry, parent: 'OLD' | 'NEW', sign: 1 | -1): string {
  const scope = childScope(parent);
  const where = allOf([`r.${counter.parent!.on} = ${parent}.id`, ...conditionAtoms(D, scope, counter.where, 'row')]);
  const from = `FROM ${sqlTable(counter.source)} r WHERE ${where}`;
  const groups = table.keys.map((_, i) => i + 1).join(', ');
  const values = keyValues(table, counter, scope);
  const upsert = upsertSql(D, table, counter, [...values, ...groupAmounts(D, counter, scope, sign)], `${from} GROUP BY ${groups}`);
  return sign === 1 ? upsert : `${upsert}\n${dropEmptySql(table, `${tupleSql(table.keys)} IN (SELECT ${values.join(', ')} ${from})`)}`.trimEnd();
}

/** The row's conditions (the parent's read from the variables). */
const holds = ({ counter }: Entry, row: 'OLD' | 'NEW'): string => allOf(conditionAtoms(D, rowScope(row), counter.where));

/** Reads the parent of row `row` into `parent_<column>` variables, then runs `body` if it exists. */
function withParent(entries: readonly Entry[], row: 'OLD' | 'NEW', body: string): string {
  const link = entries[0]!.counter.parent!;
  const columns = [...new Set(entries.flatMap(({ counter }) => parentColumns(counter)))];
  const lookup = columns.length === 0
    ? `PERFORM 1 FROM ${sqlTable(link.table)} p WHERE p.id = ${row}.${link.on};`
    : `SELECT ${columns.map((column) => `p.${column}`).join(', ')} INTO ${columns.map((column) => `parent_${column}`).join(', ')}
  FROM ${sqlTable(link.table)} p WHERE p.id = ${row}.${link.on};`;
  return `${lookup}\n${ifThen('FOUND', body)}`;
}

/** The declarations of the parent variables the entries read. */
function parentVariables(entries: readonly Entry[]): string {
  const link = entries[0]?.counter.parent;
  if (link === undefined) return '';
  const columns = [...new Set(entries.flatMap(({ counter }) => parentColumns(counter)))];
  return `DECLARE\n${columns.map((column) => `  parent_${column} ${sqlTable(link.table)}.${column}%TYPE;`).join('\n')}\n`;
}

function plpgsql(name: string, declare: string, body: string, result: 'NULL' | 'OLD'): string {
  return `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
${declare}BEGIN
${indent(body, '  ')}
  RETURN ${result};
END $$;`;
}

/** A statement and the condition it runs under. */
interface Step {
  readonly if: string;
  readonly then: string;
}

/** The statements under their conditions, those of equal conditions under one IF, in first-seen order. */
function conditional(steps: readonly Step[]): string {
  const groups = new Map<string, string[]>();
  for (const step of steps) groups.set(step.if, [...(groups.get(step.if) ?? []), step.then]);
  return [...groups].map(([condition, statements]) => ifThen(condition, statements.join('\n'))).join('\n');
}

/** The functions and triggers of one table: its own counters, those with a parent, those it parents. */
function tableFunctions(name: string, entries: readonly Entry[]): string[] {
  const own = entries.filter(({ counter }) => counter.source === name && counter.parent === undefined);
  const child = entries.filter(({ counter }) => counter.source === name && counter.parent !== undefined);
  const under = entries.filter(({ counter }) => counter.parent?.table === name);
  const links = new Set(child.map(({ counter }) => `${counter.parent!.table}.${counter.parent!.on}`));
  if (links.size > 1) throw new Error(`counters: the rows of ${name} have one parent, not ${[...links].join(' and ')}`);
  const table = sqlTable(name);
  const declare = parentVariables(child);
  /** The steps that add (1) or take out (-1) the contribution of row `row` to every counter of the table. */
  const rowSteps = (row: 'OLD' | 'NEW', sign: 1 | -1, counted: readonly Entry[]): Step[] => [
    ...counted.filter(({ counter }) => counter.parent === undefined).map((entry) => ({ if: holds(entry, row), then: rowChange(entry, row, sign) })),
    ...(counted.some(({ counter }) => counter.parent !== undefined)
      ? [{ if: 'true', then: withParent(child, row, conditional(counted.filter(({ counter }) => counter.parent !== undefined).map((entry) => ({ if: holds(entry, row), then: rowChange(entry, row, sign) })))) }]
      : []),
  ];
  const statements: string[] = [];

  if (own.length + child.length > 0) {
    statements.push(
      plpgsql(`fb_stats_${name}_insert`, declare, conditional(rowSteps('NEW', 1, [...own, ...child])), 'NULL'),
      `CREATE TRIGGER fb_stats_${name}_insert AFTER INSERT ON ${table} FOR EACH ROW EXECUTE FUNCTION fb_stats_${name}_insert();`,
    );
  }

  const parentCondition = (entry: Entry, row: 'OLD' | 'NEW') => allOf(conditionAtoms(D, childScope(row), entry.counter.where, 'parent'));
  const deleteSteps = [
    ...rowSteps('OLD', -1, [...own, ...child]),
    ...under.map((entry) => ({ if: parentCondition(entry, 'OLD'), then: childrenChange(entry, 'OLD', -1) })),
  ];
  if (deleteSteps.length > 0) {
    const timing = under.length > 0 ? 'BEFORE' : 'AFTER';
    statements.push(
      plpgsql(`fb_stats_${name}_delete`, declare, conditional(deleteSteps), under.length > 0 ? 'OLD' : 'NULL'),
      `CREATE TRIGGER fb_stats_${name}_delete ${timing} DELETE ON ${table} FOR EACH ROW EXECUTE FUNCTION fb_stats_${name}_delete();`,
    );
  }

  const blocks: { when: string; steps: Step[] }[] = [
    ...own.map((entry) => ({
      when: changeSql(D, entry.table, entry.counter, rowScope('OLD'), rowScope('NEW'), 'row'),
      steps: [...rowSteps('OLD', -1, [entry]), ...rowSteps('NEW', 1, [entry])],
    })),
    ...child.map((entry) => ({
      when: rowColumns(entry.counter).map((column) => D.differs(`OLD.${column}`, `NEW.${column}`)).join(' OR '),
      steps: [...rowSteps('OLD', -1, [entry]), ...rowSteps('NEW', 1, [entry])],
    })),
    ...under.map((entry) => {
      const moves = (a: 'OLD' | 'NEW', b: 'OLD' | 'NEW') =>
        [...conditionAtoms(D, childScope(a), entry.counter.where, 'parent'), `NOT ${parentKeepsSql(D, entry.table, entry.counter, childScope(a), childScope(b))}`].join(' AND ');
      return {
        when: changeSql(D, entry.table, entry.counter, childScope('OLD'), childScope('NEW'), 'parent'),
        steps: [
          { if: moves('OLD', 'NEW'), then: childrenChange(entry, 'OLD', -1) },
          { if: moves('NEW', 'OLD'), then: childrenChange(entry, 'NEW', 1) },
        ],
      };
    }),
  ];
  if (blocks.length > 0) {
    const byWhen = new Map<string, Step[]>();
    for (const { when, steps } of blocks) byWhen.set(grouped([when]), [...(byWhen.get(grouped([when])) ?? []), ...steps]);
    const columns = [...new Set([...own, ...child].flatMap(({ counter }) => rowColumns(counter)).concat(under.flatMap(({ counter }) => parentColumns(counter))))];
    statements.push(
      plpgsql(`fb_stats_${name}_update`, declare, [...byWhen].map(([when, steps]) => ifThen(when, conditional(steps))).join('\n'), 'NULL'),
      `CREATE TRIGGER fb_stats_${name}_update AFTER UPDATE OF ${columns.join(', ')} ON ${table}
  FOR EACH ROW WHEN (${[...byWhen.keys()].join('\n    OR ')})
  EXECUTE FUNCTION fb_stats_${name}_update();`,
    );
  }
  return statements;
}

/** Every function and trigger of the counters of `tables`, one set per table they read. */
export function pgCounterFunctions(tables: readonly CounterTable[]): string[] {
  const entries: Entry[] = tables.flatMap((table) => table.counters.map((counter) => ({ table, counter })));
  const names = [...new Set(entries.flatMap(({ counter }) => [counter.source, ...(counter.parent ? [counter.parent.table] : [])]))];
  return names.flatMap((name) => tableFunctions(name, entries));
}
