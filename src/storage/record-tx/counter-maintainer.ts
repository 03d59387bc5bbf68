/**
 * Keeps declared counter tables (`../counters.ts`) in a record store, in the transaction of the
 * write they count: the record-store counterpart of the SQL triggers, driven by the same
 * declarations. The caller reports each change of a counted row; every counter of that table (or
 * whose parent is that table) adds the difference it makes, summed per key, to its sink.
 */
import { columnOf, contributionOf, parentMoves, type AnyCounter, type Contribution, type CountedRow, type CounterTable } from '../counter-model.js';
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
  /**
   * A row of `source` was deleted, or is about to be: reported before the rows that hang off it
   * go, whose contributions go with it.
   */
  removed(source: TableName, row: CountedRow, parent?: CountedRow): Promise<void>;
  /** A row of `source` changed; when it is a parent, its rows' contributions follow it. */
  changed(source: TableName, before: CountedRow, after: CountedRow): Promise<void>;
}

/** A row, its parent and whether its contribution is added (1) or taken out (-1). */
type Change = readonly [row: CountedRow, parent: CountedRow | undefined, sign: 1 | -1];

/**
 * The changes' contributions to `table` through `counter`, each added to the one before when they
 * share its key (a row's way out and back in), but for those that add nothing.
 */
function sumsOf(table: CounterTable, counter: AnyCounter, changes: readonly Change[]): Contribution[] {
  const sums: { key: readonly unknown[]; amounts: Record<string, number> }[] = [];
  for (const [row, parent, sign] of changes) {
    const part = contributionOf(table, counter, row, parent);
    if (part === null) continue;
    let sum = sums.at(-1);
    if (sum === undefined || sum.key.some((value, i) => value !== part.key[i])) sums.push((sum = { key: part.key, amounts: {} }));
    for (const column in part.amounts) sum.amounts[column] = (sum.amounts[column] ?? 0) + sign * part.amounts[column]!;
  }
  return sums.filter(({ amounts }) => Object.values(amounts).some(Boolean));
}

/** A maintainer of the `kept` counter tables over `store`, each written through its sink. */
export function counterMaintainer(store: RecordStore, kept: readonly (readonly [CounterTable, CounterSink])[]): CounterMaintainer {
  /**
   * A row of `source` goes from `was` to `is` (either missing: inserted or deleted). Each counter
   * of `source` moves the row's contribution; each counter whose parent table is `source` moves
   * the contributions of the parent's rows (found by the index on their link) when they change.
   */
  async function update(source: TableName, was?: CountedRow, is?: CountedRow, parent?: CountedRow): Promise<void> {
    for (const [table, sink] of kept) {
      for (const counter of table.counters) {
        const { source: counted, parent: link } = counter;
        let changes: Change[] = [];
        if (counted === source) {
          if (was !== undefined) changes.push([was, parent, -1]);
          if (is !== undefined) changes.push([is, parent, 1]);
        } else if (link?.table === source && was !== undefined && (is === undefined || parentMoves(counter, was, is))) {
          const indexes: Readonly<Record<string, unknown>> = RECORD_SCHEMA[counted as TableName].indexes;
          const index = Object.keys(indexes).find((name) => indexes[name] === link.on);
          const rows = await store.table(counted as TableName).getAllFromIndex(index as never, columnOf(was, 'id') as never);
          changes = rows.flatMap((row): Change[] => (is === undefined ? [[row, was, -1]] : [[row, was, -1], [row, is, 1]]));
        }
        for (const { key, amounts } of sumsOf(table, counter, changes)) await sink(key, amounts);
      }
    }
  }

  return {
    added: (source, row, parent) => update(source, undefined, row, parent),
    removed: (source, row, parent) => update(source, row, undefined, parent),
    changed: (source, before, after) => update(source, before, after),
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
