/**
 * In-memory tables built from {@link RECORD_SCHEMA}: rows by primary key per table, plus one map
 * per index from index key to the primary keys of its rows; both are {@link DenseMap}s (an array
 * for ids), index entries in the compact form of `index-entries.ts`.
 *
 * Rows are stored as deep copies and handed out by reference: the record store's callers treat
 * them as read-only (its `ReadonlyRow` row type), and copy what they return. They are not frozen:
 * in V8, freezing them doubled the memory and the time of a bulk insert.
 */
import { RECORD_SCHEMA, type TableName } from '../../src/storage/record-store.js';
import { DenseMap, type EncodedKey } from './dense-map.js';
import { rowCopier, type RowCopier } from './copies.js';
import { addEntry, forEachEntry, removeEntry, type IndexEntries } from './index-entries.js';


/** Reads the key of a row; undefined when the row has no valid key there. */
type KeyReader = (row: object) => EncodedKey | undefined;

/**
 * Keys follow IndexedDB among record fields: numbers and strings are keys, distinct from each
 * other; anything else (null, booleans) is not a key.
 */
export function isKeyPart(value: unknown): value is string | number {
  return typeof value === 'string' || (typeof value === 'number' && !Number.isNaN(value));
}

/**
 * Encodes a key given as a value: a number or string as itself, an array as its JSON text.
 * Undefined for a value that is no key, e.g. a compound key with a null part, which then
 * matches no index entry.
 */
export function encodeKey(key: unknown): EncodedKey | undefined {
  if (isKeyPart(key)) return key;
  if (!Array.isArray(key)) return undefined;
  for (const part of key) if (!isKeyPart(part)) return undefined;
  return JSON.stringify(key);
}

/** The key reader of a key path; the same encoding as {@link encodeKey} of the path's value. */
function keyReader(keyPath: string | readonly string[]): KeyReader {
  if (typeof keyPath === 'string') {
    return (row) => {
      const value = (row as Record<string, unknown>)[keyPath];
      return isKeyPart(value) ? value : undefined;
    };
  }
  const fields = [...keyPath];
  return (row) => {
    const values = row as Record<string, unknown>;
    const parts: unknown[] = [];
    for (const field of fields) {
      const part = values[field];
      if (!isKeyPart(part)) return undefined;
      parts.push(part);
    }
    return JSON.stringify(parts);
  };
}

interface MemoryIndex {
  fields: readonly string[];
  keyOf: KeyReader;
  entries: IndexEntries;
}

/**
 * What the memory transaction needs of a table: rows by an encoded primary key `K`, kept as the
 * table likes (an object per row, or packed) and handed out as rows.
 */
export interface StoredTable<K = unknown> {
  /** A deep copy of `row` to store; the caller's row is never kept. */
  copy(row: object): object;
  /** The encoded form of a primary key value; undefined when it is no key (then no row has it). */
  encode(key: unknown): K | undefined;
  /** The encoded primary key of a row; throws when the row has none. */
  primaryKeyOf(row: object): K;
  get(key: K): object | undefined;
  /** Stores `row`, a copy the table may keep; returns the row it replaced. */
  set(key: K, row: object): object | undefined;
  /** Removes a row; returns it, or undefined if there was none. */
  remove(key: K): object | undefined;
  /** Every row. */
  all(): object[];
  /** Rows whose index key equals `value`. */
  lookup(indexName: string, value: unknown): object[];
}

/** A table of row objects, with its indexes. */
export class MemoryTable implements StoredTable<EncodedKey> {
  readonly rows = new DenseMap<object>();
  readonly #primaryKeyOf: KeyReader;
  readonly #indexes = new Map<string, MemoryIndex>();
  readonly copy: RowCopier;

  constructor(name: TableName) {
    const definition = RECORD_SCHEMA[name];
    this.copy = rowCopier(name);
    this.#primaryKeyOf = keyReader(definition.keyPath);
    for (const [indexName, keyPath] of Object.entries(definition.indexes)) {
      const fields: readonly string[] = typeof keyPath === 'string' ? [keyPath] : keyPath;
      this.#indexes.set(indexName, { fields, keyOf: keyReader(keyPath), entries: new DenseMap() });
    }
  }

  encode(key: unknown): EncodedKey | undefined {
    return encodeKey(key);
  }

  get(key: EncodedKey): object | undefined {
    return this.rows.get(key);
  }

  all(): object[] {
    return this.rows.values();
  }

  primaryKeyOf(row: object): EncodedKey {
    const key = this.#primaryKeyOf(row);
    if (key === undefined) throw new Error('storage: a row is missing its primary key');
    return key;
  }

  /** Stores a row that is already a copy; returns the row it replaced. */
  set(key: EncodedKey, row: object): object | undefined {
    const previous = this.rows.get(key);
    this.rows.set(key, row);
    for (const index of this.#indexes.values()) {
      // Most updates (a vote count, a title) leave every index key as it was.
      if (previous !== undefined && sameFields(previous, row, index.fields)) continue;
      const oldKey = previous === undefined ? undefined : index.keyOf(previous);
      const newKey = index.keyOf(row);
      if (oldKey === newKey) continue;
      if (oldKey !== undefined) removeEntry(index.entries, oldKey, key);
      if (newKey !== undefined) addEntry(index.entries, newKey, key);
    }
    return previous;
  }

  /** Removes a row; returns it, or undefined if there was none. */
  remove(key: EncodedKey): object | undefined {
    const previous = this.rows.get(key);
    if (previous === undefined) return undefined;
    this.rows.delete(key);
    for (const index of this.#indexes.values()) {
      const oldKey = index.keyOf(previous);
      if (oldKey !== undefined) removeEntry(index.entries, oldKey, key);
    }
    return previous;
  }

  /** Rows whose index key equals `value`. */
  lookup(indexName: string, value: unknown): object[] {
    const index = this.#indexes.get(indexName);
    if (index === undefined) throw new Error(`storage: no index ${indexName}`);
    const encoded = encodeKey(value);
    const found: object[] = [];
    if (encoded === undefined) return found;
    forEachEntry(index.entries, encoded, (key) => {
      const row = this.rows.get(key);
      if (row !== undefined) found.push(row);
    });
    return found;
  }
}

function sameFields(a: object, b: object, fields: readonly string[]): boolean {
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  for (const field of fields) if (left[field] !== right[field]) return false;
  return true;
}
