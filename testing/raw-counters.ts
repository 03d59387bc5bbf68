/**
 * The declared counters (src/storage/counters.ts) recomputed the slow way, from every source row
 * at once, and a store's counter rows put in the same shape: the suite compares the two after
 * random writes. The recount groups each counted row's contribution by key; it shares with the
 * stores only the declarations and the reading of one row's contribution, not the maintenance.
 */
import { contributionOf, type CountedRow, type CounterTable } from '../src/storage/counter-model.js';

/** Rows of tables by name: the counted tables and the counter tables (see `ConformanceTarget.readTables`). */
export type TableRowsByName = Readonly<Record<string, readonly CountedRow[]>>;

/** The counter rows of `table` as numbers, by key order, without rows whose values are all zero. */
function canonical(table: CounterTable, rows: Iterable<Readonly<Record<string, unknown>>>, keepZeros: boolean): Record<string, unknown>[] {
  const shaped = [...rows].map((row) => {
    const out: Record<string, unknown> = {};
    for (const key of table.keys) out[key] = row[key];
    for (const column of table.columns) out[column] = Number(row[column] ?? 0);
    return out;
  });
  const kept = keepZeros ? shaped : shaped.filter((row) => table.columns.some((column) => row[column] !== 0));
  const order = (row: Record<string, unknown>) => JSON.stringify(table.keys.map((key) => row[key]));
  return kept.sort((a, b) => (order(a) < order(b) ? -1 : order(a) > order(b) ? 1 : 0));
}

/**
 * The rows `table` holds as its store keeps them. A table that drops empty rows keeps its zero
 * rows here, so that a zero row left behind shows up as a difference.
 */
export function storedCounterRows(table: CounterTable, tables: TableRowsByName): Record<string, unknown>[] {
  return canonical(table, (tables[table.name] ?? []) as Readonly<Record<string, unknown>>[], table.dropEmpty === true);
}

/** `table` recomputed from the rows of the tables its counters count. */
export function recountCounterRows(table: CounterTable, tables: TableRowsByName): Record<string, unknown>[] {
  const sums = new Map<string, Record<string, unknown>>();
  for (const counter of table.counters) {
    const parents = new Map<unknown, CountedRow>();
    if (counter.parent !== undefined) {
      for (const parent of tables[counter.parent.table] ?? []) parents.set((parent as { id: unknown }).id, parent);
    }
    for (const row of tables[counter.source] ?? []) {
      const link = counter.parent === undefined ? undefined : (row as Record<string, unknown>)[counter.parent.on];
      const part = contributionOf(table, counter, row, parents.get(link));
      if (part === null) continue;
      const id = JSON.stringify(part.key);
      const sum = sums.get(id) ?? Object.fromEntries(table.keys.map((key, i) => [key, part.key[i]]));
      sums.set(id, sum);
      for (const [column, amount] of Object.entries(part.amounts)) sum[column] = Number(sum[column] ?? 0) + amount;
    }
  }
  return canonical(table, sums.values(), false);
}

/**
 * The tables of a record store (memory, IndexedDB) under the names of the declarations: the
 * voters' days it keeps inside `board_voters` rows (`days`: votes per day) are the rows of
 * `board_voter_days`. Its other tables are taken as they are.
 */
export function recordStoreTables(tables: TableRowsByName): Record<string, readonly CountedRow[]> {
  const voterDays = (tables['board_voters'] ?? []).flatMap((row) => {
    const { board_id, voter_id, days } = row as { board_id: number; voter_id: number; days: Record<string, number> };
    return Object.entries(days).map(([day, votes]) => ({ board_id, voter_id, day, votes }));
  });
  const { board_voters: _kept, ...rest } = tables;
  return { ...rest, board_voter_days: voterDays };
}
