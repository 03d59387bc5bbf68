/**
 * A thin layer over one better-sqlite3 connection: a prepared-statement cache, and a check that
 * every string bound to a statement can be stored exactly.
 *
 * SQLite stores text as UTF-8, so a lone surrogate (possible in a JavaScript string, impossible
 * in UTF-8) would silently come back as U+FFFD. The service validates input before it gets here;
 * this check turns a missed validation into an error instead of a silent change of data.
 */
import type { Database, RunResult, Statement } from 'better-sqlite3';

/**
 * A value SQLite can bind. Booleans are bound as 0/1 by the callers, never as booleans; bytes (a
 * BLOB) as a Node Buffer, which better-sqlite3 requires (see `blob` in adapters/sql/statements.ts).
 */
export type SqlValue = string | number | bigint | null | Buffer;
/** Positional values, or one object of named values (`@name` in the SQL). */
export type SqlParams = readonly SqlValue[] | [Readonly<Record<string, SqlValue>>];

interface WellFormedString {
  isWellFormed(): boolean;
}

function assertStorable(value: SqlValue): void {
  if (typeof value === 'string' && !(value as unknown as WellFormedString).isWellFormed()) {
    throw new TypeError(
      'feedback-board/sqlite: a string with a lone surrogate cannot be stored exactly in SQLite (it would read back as U+FFFD); validate input before storing it',
    );
  }
}

function checkParams(params: SqlParams): void {
  for (const param of params) {
    if (param !== null && typeof param === 'object') {
      for (const value of Object.values(param)) assertStorable(value);
    } else {
      assertStorable(param);
    }
  }
}

type Shape = (statement: Statement<unknown[], unknown>) => Statement<unknown[], unknown>;
const AS_IS: Shape = (statement) => statement;
const PLUCK: Shape = (statement) => statement.pluck();
const RAW: Shape = (statement) => statement.raw(true);

export class Sql {
  readonly db: Database;
  readonly #statements = new Map<string, Statement<unknown[], unknown>>();
  /** Separate caches: `pluck()` and `raw()` change a statement's row shape for every later use. */
  readonly #plucking = new Map<string, Statement<unknown[], unknown>>();
  readonly #raw = new Map<string, Statement<unknown[], unknown>>();

  constructor(db: Database) {
    this.db = db;
  }

  /** The statement for `source` in `cache`, prepared (and shaped by `shape`) on first use. */
  #cached(
    cache: Map<string, Statement<unknown[], unknown>>,
    source: string,
    shape: Shape,
  ): Statement<unknown[], unknown> {
    let statement = cache.get(source);
    if (statement === undefined) {
      statement = shape(this.db.prepare<unknown[], unknown>(source));
      cache.set(source, statement);
    }
    return statement;
  }

  /** The cached prepared statement for `source` (prepared on first use). */
  statement(source: string): Statement<unknown[], unknown> {
    return this.#cached(this.#statements, source, AS_IS);
  }

  /** The first row, or undefined. */
  get<Row>(source: string, ...params: SqlParams): Row | undefined {
    checkParams(params);
    return this.statement(source).get(...params) as Row | undefined;
  }

  all<Row>(source: string, ...params: SqlParams): Row[] {
    checkParams(params);
    return this.statement(source).all(...params) as Row[];
  }

  /**
   * Rows as arrays of column values, in the order of the SELECT list. Much cheaper than `all()`
   * for wide rows: better-sqlite3 builds each row object property by property, which for a post
   * (17 columns) costs more than the query itself.
   */
  tuples(source: string, ...params: SqlParams): unknown[][] {
    checkParams(params);
    return this.#cached(this.#raw, source, RAW).all(...params) as unknown[][];
  }

  /** A single value: the first column of the first row. */
  value<Value extends SqlValue>(source: string, ...params: SqlParams): Value | undefined {
    checkParams(params);
    return this.#cached(this.#plucking, source, PLUCK).get(...params) as Value | undefined;
  }

  /** The first column of every row. */
  column<Value extends SqlValue>(source: string, ...params: SqlParams): Value[] {
    checkParams(params);
    return this.#cached(this.#plucking, source, PLUCK).all(...params) as Value[];
  }

  run(source: string, ...params: SqlParams): RunResult {
    checkParams(params);
    return this.statement(source).run(...params);
  }
}

/** Binds a list of integer ids as one parameter, to be read with `json_each(?)`. */
export function idList(ids: readonly number[]): string {
  return JSON.stringify(ids);
}

export function bool(value: boolean): 0 | 1 {
  return value ? 1 : 0;
}

/**
 * `a = ?, b = ?` for the columns whose value is defined (an absent field is left unchanged), with
 * the values in the same order. The column order is fixed by the caller, so the statement text,
 * and therefore the cached statement, depends only on which fields are present.
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
 * `limit` and `offset` checked before they reach SQL, where `LIMIT -1` would mean "no limit" and a
 * fraction would be truncated; the service validates them, this keeps a missed check visible.
 */
export function pageBounds(query: { limit: number; offset: number }): { limit: number; offset: number } {
  const { limit, offset } = query;
  if (!Number.isSafeInteger(limit) || limit < 0 || !Number.isSafeInteger(offset) || offset < 0) {
    throw new RangeError(`feedback-board/sqlite: invalid page (limit ${limit}, offset ${offset})`);
  }
  return { limit, offset };
}
