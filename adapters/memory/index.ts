/**
 * The memory adapter: the whole storage contract in one process's memory, for tests, the mock
 * server and short-lived embeddings. Nothing survives the process.
 *
 * Every transaction, read or write, runs alone under one {@link AsyncLock}, so reads see only
 * committed data and a read followed by a write cannot race. Writes are applied at once and
 * recorded in an undo log, which is replayed backwards when `fn` throws.
 *
 * @module feedback-board/adapters/memory
 */
import type { Storage, StorageTx, TransactionMode } from '../../src/storage/contract.js';
import { AsyncLock } from '../../src/storage/lock.js';
import {
  cloneRow,
  type ReadonlyRow,
  type IdTable,
  type IndexKey,
  type IndexName,
  type RecordStore,
  type RecordTable,
  TABLE_NAMES,
  type TableKey,
  type TableName,
  type TableRows,
} from '../../src/storage/record-store.js';
import { createRecordTx } from '../../src/storage/record-tx.js';
import { MemoryTable, type StoredTable } from './tables.js';
import { VoteTable } from './votes.js';
import { WordTable } from './words.js';
import { memoryDumpPort } from './dump.js';
import type { DumpPort } from '../../src/storage/dump-tables.js';

type UndoEntry =
  | { kind: 'row'; table: StoredTable; key: unknown; previous: object | undefined }
  | { kind: 'id'; table: IdTable; previous: number };

/** Everything the memory storage holds. */
interface MemoryState {
  tables: Map<TableName, StoredTable>;
  /** The last id handed out per table (0 before the first). */
  lastIds: Map<IdTable, number>;
}

/** A new, empty table of each name; votes and title words packed (votes.ts, words.ts), the others as row objects. */
function createTables(): Map<TableName, StoredTable> {
  const packed = (name: TableName): StoredTable | undefined => (name === 'votes' ? new VoteTable() : name === 'post_words' ? new WordTable() : undefined);
  return new Map(TABLE_NAMES.map((name): [TableName, StoredTable] => [name, packed(name) ?? new MemoryTable(name)]));
}

/** The record store of one transaction: applies writes to the state and logs how to undo them. */
class MemoryTransaction implements RecordStore {
  readonly #state: MemoryState;
  readonly #writable: boolean;
  readonly #undo: UndoEntry[] = [];
  #active = true;

  constructor(state: MemoryState, mode: TransactionMode) {
    this.#state = state;
    this.#writable = mode === 'write';
  }

  table<T extends TableName>(name: T): RecordTable<T> {
    const table = this.#state.tables.get(name);
    if (table === undefined) throw new Error(`storage: no table ${name}`);
    return new MemoryTableHandle<T>(this, table);
  }

  /** The last id handed out for `table` (0: none yet). */
  lastId(table: IdTable): number {
    return this.#state.lastIds.get(table) ?? 0;
  }

  /** Sets the last id handed out for `table`, undone with the transaction's other writes. */
  setLastId(table: IdTable, last: number): void {
    this.checkWritable();
    this.#undo.push({ kind: 'id', table, previous: this.lastId(table) });
    this.#state.lastIds.set(table, last);
  }

  async nextId(table: IdTable): Promise<number> {
    this.checkWritable();
    const previous = this.#state.lastIds.get(table) ?? 0;
    this.#state.lastIds.set(table, previous + 1);
    this.#undo.push({ kind: 'id', table, previous });
    return previous + 1;
  }

  /** Records how to undo a change of `key` in `table` whose row was `previous`. */
  logChange(table: StoredTable, key: unknown, previous: object | undefined): void {
    this.#undo.push({ kind: 'row', table, key, previous });
  }

  /** Ends the transaction, keeping its writes. */
  commit(): void {
    this.#active = false;
  }

  /** Whether the transaction wrote anything (every write logs how to undo it). */
  get changed(): boolean {
    return this.#undo.length > 0;
  }

  /** Ends the transaction, undoing its writes newest first. */
  rollback(): void {
    this.#active = false;
    for (let i = this.#undo.length - 1; i >= 0; i--) {
      const entry = this.#undo[i]!;
      if (entry.kind === 'id') this.#state.lastIds.set(entry.table, entry.previous);
      else if (entry.previous === undefined) entry.table.remove(entry.key);
      else entry.table.set(entry.key, entry.previous);
    }
  }

  checkActive(): void {
    if (!this.#active) throw new Error('storage: the transaction has already finished');
  }

  checkWritable(): void {
    this.checkActive();
    if (!this.#writable) throw new Error('storage: a read transaction cannot write');
  }
}

/** One table as seen by one transaction. */
class MemoryTableHandle<T extends TableName> implements RecordTable<T> {
  readonly #transaction: MemoryTransaction;
  readonly #table: StoredTable;

  constructor(transaction: MemoryTransaction, table: StoredTable) {
    this.#transaction = transaction;
    this.#table = table;
  }

  async get(key: TableKey<T>): Promise<ReadonlyRow<TableRows[T]> | undefined> {
    this.#transaction.checkActive();
    const encoded = this.#table.encode(key);
    return encoded === undefined ? undefined : (this.#table.get(encoded) as ReadonlyRow<TableRows[T]> | undefined);
  }

  async put(row: ReadonlyRow<TableRows[T]>): Promise<void> {
    this.#transaction.checkWritable();
    const copy = this.#table.copy(row);
    const key = this.#table.primaryKeyOf(copy);
    this.#transaction.logChange(this.#table, key, this.#table.set(key, copy));
  }

  async delete(key: TableKey<T>): Promise<void> {
    this.#transaction.checkWritable();
    const encoded = this.#table.encode(key);
    if (encoded === undefined) return;
    const previous = this.#table.remove(encoded);
    if (previous !== undefined) this.#transaction.logChange(this.#table, encoded, previous);
  }

  async getAll(): Promise<ReadonlyRow<TableRows[T]>[]> {
    this.#transaction.checkActive();
    return this.#table.all() as ReadonlyRow<TableRows[T]>[];
  }

  async getAllFromIndex<I extends IndexName<T>>(index: I, value: IndexKey<T, I>): Promise<ReadonlyRow<TableRows[T]>[]> {
    this.#transaction.checkActive();
    return this.#table.lookup(index, value) as ReadonlyRow<TableRows[T]>[];
  }
}

/** A {@link Storage} in this process's memory, whose tables can be read for inspection. */
export interface MemoryStorage extends Storage {
  /**
   * Copies of every row of the table `name` of the shared record store (`posts`, `votes`,
   * `board_days`...), read after the transactions under way, in no particular order; undefined
   * for a name that is not a table. For inspection and tests: the data is read through
   * `transaction`.
   */
  readTable(name: string): Promise<readonly object[] | undefined>;
  /** Reading and loading dumps (`feedback-board/node`'s `exportStore` and `importStore`). */
  readonly dump: DumpPort;
  /** A token that changes with every write transaction. */
  changeVersion(): Promise<string>;
}

/**
 * A new, empty storage in this process's memory.
 *
 * @example
 * ```ts
 * import { createFeedbackBoard } from 'feedback-board';
 * import { createMemoryStorage } from 'feedback-board/adapters/memory';
 *
 * const board = createFeedbackBoard({ storage: createMemoryStorage() });
 * ```
 */
export function createMemoryStorage(): MemoryStorage {
  const state: MemoryState = {
    tables: createTables(),
    lastIds: new Map(),
  };
  const lock = new AsyncLock();
  let closed = false;
  /** Write transactions that changed the state: every change to it is made in one. */
  let writes = 0;
  /** Runs `fn` alone on a transaction of its own: committed when it resolves, undone when it throws. */
  const run = <T>(mode: TransactionMode, fn: (transaction: MemoryTransaction) => Promise<T>): Promise<T> => {
    if (closed) return Promise.reject(new Error('storage: the storage is closed'));
    return lock.run(async () => {
      const transaction = new MemoryTransaction(state, mode);
      let result: T;
      try {
        result = await fn(transaction);
      } catch (error) {
        transaction.rollback();
        throw error;
      }
      transaction.commit();
      // Only a transaction that wrote moves the version: an outbox poll that leased nothing (a
      // write transaction twice a second) leaves every kept answer as good as it was.
      if (transaction.changed) writes += 1;
      return result;
    });
  };

  return {
    transaction<T>(mode: TransactionMode, fn: (tx: StorageTx) => Promise<T>): Promise<T> {
      return run(mode, (transaction) => fn(createRecordTx(transaction)));
    },
    dump: memoryDumpPort(run),
    changeVersion() {
      if (closed) return Promise.reject(new Error('storage: the storage is closed'));
      // In turn with the transactions: one under way has either ended or not yet begun.
      return lock.run(async () => String(writes));
    },
    readTable(name) {
      return lock.run(async () => state.tables.get(name as TableName)?.all().map((row) => cloneRow(row)));
    },
    /** Transactions already started or queued finish first; closing twice is not an error. */
    async close(): Promise<void> {
      closed = true;
      await lock.run(async () => undefined);
    },
  };
}
