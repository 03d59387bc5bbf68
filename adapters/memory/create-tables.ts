/**
 * The memory store's tables: an ordinary {@link MemoryTable} each, except where a packed form
 * saves most of the memory (votes, see votes.ts).
 */
import { TABLE_NAMES, type TableName } from '../../src/storage/record-store.js';
import { MemoryTable, type StoredTable } from './tables.js';
import { VoteTable } from './votes.js';

/** A new, empty table of each name. */
export function createTables(): Map<TableName, StoredTable> {
  return new Map(TABLE_NAMES.map((name): [TableName, StoredTable] => [name, name === 'votes' ? new VoteTable() : new MemoryTable(name)]));
}
