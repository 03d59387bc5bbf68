/**
 * Keeps declared counter tables (`../counters.ts`) in a record store, in the transaction of the
 * write they count: the record-store counterpart of the SQL triggers, driven by the same
 * declarations. The caller reports each change of a counted row; every counter of that table (or
 * whose parent is that table) adds the difference it makes, summed per key, to its sink.
 */
import { columnOf, contributionOf, parentMoves, type AnyCounter, type CountedRow, type CounterTable } from '../counter-model.js';
import { RECORD_SCHEMA, type RecordStore, type TableName } from '../record-store.js';

/** Adds signed amounts (per value column) to the counter row of a key (key columns in order). */
export type CounterSink = (key: readonly unknown[], amounts: Readonly<Record<string, number>>) => Promise<void>;

/**
 * Reports changes of counted rows. A row counted with a parent (a vote, a comment) is reported
 * with its parent row, which its writer has at hand; a record store only ever inserts or deletes
 * such a row, never changes a column a counter reads of it.
 */
export interface CounterMaintainer {
  /** A row of `source` was inserted. */
  added(source: TableName, row: CountedRow, parent?: CountedRow): Promise<void>;
  /** A row of `source` was deleted on its own (not by its parent's deletion). */
  removed(source: TableName, row: CountedRow, parent?: CountedRow): Promise<void>;
  /** A row of `source` changed; when it is a parent, its rows' contributions follow it. */
  changed(source: TableName, before: CountedRow, after: CountedRow): Promise<void>;
  /** A row of `source` is about to be deleted together with the rows that hang off it. */
  removing(source: TableName, row: CountedRow): Promise<void>;
}

interface Kept {
  table: CounterTable;
  counter: AnyCounter;
  sink: CounterSink;
}

/** A row, its parent and whether its contribution is added (1) or taken out (-1). */
type Change = readonly [row: CountedRow, parent: CountedRow | undefined, sign: 1 | -1];

/** A maintainer of the `kept` counter tables over `store`, each written through its sink. */
export function counterMaintainer(store: RecordStore, kept: readonly (readonly [CounterTable, CounterSink])[]): CounterMaintainer {
  const entries: Kept[] = kept.flatMap(([table, sink]) => table.counters.map((counter) => ({ table, counter, sink })));

  /** Applies the changes' contributions, summed per key; a key whose sum is zero is not written. */
  async function apply({ table, counter, sink }: Kept, changes: readonly Change[]): Promise<void> {
    const sums = new Map<string, { key: readonly unknown[]; amounts: Record<string, number> }>();
    for (const [row, parent, sign] of changes) {
      const part = contributionOf(table, counter, row, parent);
      if (part === null) continue;
      const id = JSON.stringify(part.key);
      const sum = sums.get(id) ?? { key: part.key, amounts: {} };
      sums.set(id, sum);
      for (const column in part.amounts) sum.amounts[column] = (sum.amounts[column] ?? 0) + sign * part.amounts[column]!;
    }
    for (const { key, amounts } of sums.values()) {
      if (Object.values(amounts).some(Boolean)) await sink(key, amounts);
    }
  }

  async function report(source: TableName, changes: readonly Change[]): Promise<void> {
    for (const entry of entries) if (entry.counter.source === source) await apply(entry, changes);
  }

  /**
   * For the counters whose parent table is `source`: the rows of parent `was` (found by the index
   * on their link) leave it and, when the parent changed into `is`, join it again; only where the
   * parent's change moves their contributions.
   */
  async function moveChildren(source: TableName, was: CountedRow, is: CountedRow | undefined): Promise<void> {
    for (const entry of entries) {
      const { source: counted, parent: link } = entry.counter;
      if (link?.table !== source || (is !== undefined && !parentMoves(entry.counter, was, is))) continue;
      const indexes: Readonly<Record<string, unknown>> = RECORD_SCHEMA[counted as TableName].indexes;
      const index = Object.keys(indexes).find((name) => indexes[name] === link.on);
      const rows = await store.table(counted as TableName).getAllFromIndex(index as never, columnOf(was, 'id') as never);
      await apply(entry, rows.flatMap((row): Change[] => (is === undefined ? [[row, was, -1]] : [[row, was, -1], [row, is, 1]])));
    }
  }

  return {
    added: (source, row, parent) => report(source, [[row, parent, 1]]),
    removed: (source, row, parent) => report(source, [[row, parent, -1]]),
    async changed(source, before, after) {
      await report(source, [[before, undefined, -1], [after, undefined, 1]]);
      await moveChildren(source, before, after);
    },
    async removing(source, row) {
      await report(source, [[row, undefined, -1]]);
      await moveChildren(source, row, undefined);
    },
  };
}

/**
 * The sink of a counter table kept as a record table of the same name, keyed by its key columns
 * (one column: the key is its value), each row holding every value column; an all-zero row is
 * deleted when the table drops them.
 */
export function tableSink(store: RecordStore, table: CounterTable): CounterSink {
  const rows = store.table(table.name as TableName) as unknown as {
    get(key: unknown): Promise<CountedRow | undefined>;
    put(row: CountedRow): Promise<void>;
    delete(key: unknown): Promise<void>;
  };
  return async (key, amounts) => {
    const recordKey = key.length === 1 ? key[0] : key;
    const found = await rows.get(recordKey);
    const row: Record<string, unknown> = {};
    table.keys.forEach((name, i) => (row[name] = key[i]));
    for (const column of table.columns) row[column] = ((columnOf(found, column) as number | undefined) ?? 0) + (amounts[column] ?? 0);
    await (table.dropEmpty && table.columns.every((column) => row[column] === 0) ? rows.delete(recordKey) : rows.put(row));
  };
}
