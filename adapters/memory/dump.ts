/**
 * Dumps of the memory store (see `src/storage/dump-tables.ts`). A read runs alone under the store's
 * lock, so it sees one state; rows are sorted by key (code point order for strings, as the SQL
 * stores order them). A load is one transaction: a row that names a missing row of another table
 * is refused as the SQL stores' foreign keys refuse it; its rows go in through the record store, the
 * statistics and the similar-posts index are rebuilt as the store's own writes would have made
 * them, and everything is undone when the load throws.
 */
import { compareCodePoints, DUMP_TABLES, ID_TABLES, type DumpPort, type DumpRow, type DumpTable } from '../../src/storage/dump-tables.js';
import { missingReference } from '../../src/storage/dump-references.js';
import type { TransactionMode } from '../../src/storage/contract.js';
import type { IdTable, RecordStore, TableName } from '../../src/storage/record-store.js';
import { aggregates } from '../../src/storage/record-tx/aggregates.js';
import { indexTitle } from '../../src/storage/record-tx/post-words.js';
import type { PostRecord } from '../../src/domain/records.js';

/** The record store of one memory transaction, with its id counters. */
export interface DumpableStore extends RecordStore {
  lastId(table: IdTable): number;
  setLastId(table: IdTable, last: number): void;
}

/** Runs `fn` alone in a transaction: committed when it resolves, undone when it throws. */
export type RunTransaction = <T>(mode: TransactionMode, fn: (store: DumpableStore) => Promise<T>) => Promise<T>;

/** Orders key values: numbers by value, strings by code point. */
function compareKeys(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return compareCodePoints(String(a), String(b));
}

function byKey(table: DumpTable): (a: DumpRow, b: DumpRow) => number {
  return (a, b) => {
    for (const field of table.key) {
      const order = compareKeys(a[field], b[field]);
      if (order !== 0) return order;
    }
    return 0;
  };
}

/** The dump port of the memory store whose transactions `run` opens. */
export function memoryDumpPort(run: RunTransaction): DumpPort {
  return {
    read: (fn) =>
      run('read', (store) =>
        fn({
          count: async (table) => (await store.table(table.name).getAll()).length,
          async *rows(table) {
            const rows = (await store.table(table.name).getAll()) as DumpRow[];
            yield* [...rows].sort(byKey(table));
          },
          lastIds: async () => Object.fromEntries(ID_TABLES.map((name) => [name, store.lastId(name as IdTable)])),
        }),
      ),
    load: (fn) =>
      run('write', (store) => {
        const stats = aggregates(store);
        const post = async (id: unknown): Promise<PostRecord> => (await store.table('posts').get(id as number)) as PostRecord;
        return fn({
          async isEmpty() {
            for (const { name } of DUMP_TABLES) if ((await store.table(name).getAll()).length > 0) return false;
            return true;
          },
          async insert(table, rows) {
            const target = store.table(table.name as TableName);
            for (const row of rows) {
              const missing = await missingReference(store, table.name, row);
              if (missing !== null) throw new Error(missing);
              await target.put(row as never);
              if (table.name === 'posts') {
                await stats.added('posts', row as never);
                await indexTitle(store, row as unknown as PostRecord);
              } else if (table.name === 'votes' || table.name === 'comments') {
                await stats.added(table.name, row as never, (await post(row['post_id'])) as never);
              }
            }
          },
          async setLastIds(ids) {
            for (const name of ID_TABLES) store.setLastId(name as IdTable, ids[name] ?? 0);
          },
        });
      }),
  };
}
