/**
 * Helpers of the shared SQL: plain storage methods declared by their statement alone, the parts of
 * statements built from a call's values, and the conversions of values in and out.
 */
import type { AggregateMethods, AggregateName } from '../../src/storage/contract/registry.js';
import type { Dialect, SqlSeam, SqlValue } from './seam.js';

/**
 * The methods of aggregate `A` that both SQL stores answer with the same SQL: all but `Own`, which
 * each store answers its own way (in its `tx/` folder).
 */
export type SharedMethods<A extends AggregateName, Own extends keyof AggregateMethods<A>> = Omit<AggregateMethods<A>, Own>;

/**
 * A storage method that answers its statement's first row (through `map`), or null: its arguments
 * are the statement's values, in the order of its placeholders.
 */
export function oneRow<Row, Out = Row>(db: SqlSeam, text: string, map?: (row: Row) => Out) {
  return async (...params: SqlValue[]): Promise<Out | null> => {
    const row = await db.row<Row>(text, params);
    return row === undefined ? null : map === undefined ? (row as unknown as Out) : map(row);
  };
}

/** A storage method that answers every row of its statement (through `map`). */
export function allRows<Row, Out = Row>(db: SqlSeam, text: string, map?: (row: Row) => Out) {
  return async (...params: SqlValue[]): Promise<Out[]> => {
    const rows = await db.rows<Row>(text, params);
    return map === undefined ? (rows as unknown as Out[]) : rows.map(map);
  };
}

/** A storage method that answers the first column of its statement's first row, or null. */
export function oneValue<Value>(db: SqlSeam, text: string) {
  return async (...params: SqlValue[]): Promise<Value | null> => (await db.value<Value>(text, params)) ?? null;
}

/** A storage method that answers the first column of every row of its statement. */
export function allValues<Value>(db: SqlSeam, text: string) {
  return async (...params: SqlValue[]): Promise<Value[]> => db.column<Value>(text, params);
}

/** A storage method that runs its statement and answers whether it changed a row. */
export function changedAny(db: SqlSeam, text: string) {
  return async (...params: SqlValue[]): Promise<boolean> => (await db.run(text, params)) > 0;
}

/** A storage method that runs its statement and answers nothing. */
export function runOnly(db: SqlSeam, text: string) {
  return async (...params: SqlValue[]): Promise<void> => {
    await db.run(text, params);
  };
}

/**
 * `a = ?, b = ?` for the columns whose value is defined (an absent field is left unchanged), with
 * the values in the same order. The column order is fixed by the caller, so the statement text,
 * and therefore the prepared statement, depends only on which fields are present.
 */
export function assignments(values: [column: string, value: SqlValue | undefined][]): {
  set: string;
  params: SqlValue[];
} {
  const present = values.filter((entry): entry is [string, SqlValue] => entry[1] !== undefined);
  return {
    set: present.map(([column]) => `${column} = ?`).join(', '),
    params: present.map(([, value]) => value),
  };
}

/**
 * `limit` and `offset` checked before they reach SQL, where SQLite's `LIMIT -1` would mean "no
 * limit" and a fraction would be truncated; the service validates them, this keeps a missed check
 * visible.
 */
export function pageBounds(dialect: Dialect, query: { limit: number; offset: number }): { limit: number; offset: number } {
  const { limit, offset } = query;
  if (!Number.isSafeInteger(limit) || limit < 0 || !Number.isSafeInteger(offset) || offset < 0) {
    throw new RangeError(`feedback-board/${dialect.name}: invalid page (limit ${limit}, offset ${offset})`);
  }
  return { limit, offset };
}

/** Bytes as both drivers bind them: a Buffer over the same memory, no copy. */
export function blob(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** A boolean column as read: 0/1 from SQLite, a boolean from PostgreSQL. */
export function flag(value: unknown): boolean {
  return value === true || value === 1;
}
