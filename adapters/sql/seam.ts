/**
 * The seam between the SQL that SQLite and PostgreSQL share and each store's connection: what the
 * shared statements and method bodies of `tx/` see of a connection ({@link SqlSeam}), and the few
 * things the two dialects say differently ({@link Dialect}).
 *
 * Statements are written once, as text with `?` placeholders (bound in order) or `@name` ones
 * (bound from one object), which is SQLite's own syntax: its seam passes them to better-sqlite3 as
 * they are. PostgreSQL's seam rewrites each text to `$1..$n` once and keeps the result, so
 * neither store pays for the shared text on a call. A shared statement never uses `?` or `@` for
 * anything else (PostgreSQL's jsonb `?` operators, the `@` of absolute values).
 *
 * A statement's text is the key under which its store keeps the prepared statement (SQLite) or
 * the rewritten text (PostgreSQL), so it is made once: a module's constant, or, when it holds the
 * dialect's fragments, a constant of its aggregate's methods or of {@link perDialect}. A text made
 * anew for each call is a new string, hashed whole at every lookup: a post's read made its
 * 480-character text per call, and that cost a GET of one post some 13 K of its 300 K
 * instructions. Only a text whose shape depends on the call (the columns an update sets, a list's
 * filters) is made per call.
 *
 * SQLite's seam answers synchronously and PostgreSQL's with promises; a shared method body
 * `await`s both. An `await` of a plain value costs one microtask, measured in
 * docs/architecture.md ("One SQL for SQLite and PostgreSQL").
 */

/**
 * A value bound to a statement. Booleans only as the dialect binds them ({@link Dialect.bool}),
 * bytes as a Node Buffer (see `blob` in statements.ts).
 */
export type SqlValue = string | number | boolean | null | Buffer;

/** Values in the order of the statement's `?`, or by name for its `@name` placeholders. */
export type SqlParams = readonly SqlValue[] | Readonly<Record<string, SqlValue>>;

/** A value, or a promise of it: what SQLite's seam and PostgreSQL's seam answer. */
export type Awaitable<T> = T | Promise<T>;

/**
 * How PostgreSQL plans a read (SQLite plans every statement once and ignores it): `'generic'` on
 * the statement's generic plan, made once per connection; `'values'` for the values of each run,
 * for a statement whose best plan depends on them. See `Planning` in adapters/postgres/sql.ts.
 */
export type Planning = 'generic' | 'values';

/** A connection inside a transaction, as the shared SQL uses it. */
export interface SqlSeam {
  readonly dialect: Dialect;
  /** The first row, or undefined. */
  row<Row>(text: string, params?: SqlParams, planning?: Planning): Awaitable<Row | undefined>;
  /** Every row, as objects. */
  rows<Row>(text: string, params?: SqlParams, planning?: Planning): Awaitable<Row[]>;
  /**
   * Every row as an array of its column values, in the order of the SELECT list: cheaper than
   * objects for wide rows in SQLite (see `Sql.tuples` there).
   */
  tuples(text: string, params?: SqlParams, planning?: Planning): Awaitable<unknown[][]>;
  /** The first column of the first row, or undefined when there is no row. */
  value<Value>(text: string, params?: SqlParams, planning?: Planning): Awaitable<Value | undefined>;
  /** The first column of every row. */
  column<Value>(text: string, params?: SqlParams, planning?: Planning): Awaitable<Value[]>;
  /** Runs a statement; the number of rows it changed. */
  run(text: string, params?: SqlParams): Awaitable<number>;
}

/**
 * What SQLite and PostgreSQL say differently in statements the two otherwise share. Fragments are
 * built into a statement's text when its aggregate's methods are made (once per connection), so
 * each text is fixed for a store.
 */
export interface Dialect {
  readonly name: 'sqlite' | 'postgres';
  /**
   * The literals a statement compares a boolean column with: `0` and `1` in SQLite, where a
   * partial index is used only by a query that repeats its `WHERE hidden = 0` word for word;
   * `false` and `true` in PostgreSQL, whose planner reads `hidden = false` as the `NOT hidden` of
   * its indexes.
   */
  readonly false: string;
  readonly true: string;
  /** A boolean as bound: 0/1 in SQLite (no boolean type), a boolean in PostgreSQL. */
  bool(value: boolean): SqlValue;
  /** A list of integer ids as one value, for {@link inIds} and {@link idRows}. */
  ids(ids: readonly number[]): SqlValue;
  /** `<column> <inIds(placeholder)>` tests membership in the ids bound at `placeholder`. */
  inIds(placeholder: string): string;
  /** The ids bound at `placeholder` as rows of one column, `<alias>.value`, for a FROM clause. */
  idRows(placeholder: string, alias: string): string;
  /** A list of words (runs of letters and digits) as one value, for {@link inWords} and {@link wordRows}. */
  words(words: readonly string[]): SqlValue;
  /** `<column> <inWords(placeholder)>` tests membership in the words bound at `placeholder`. */
  inWords(placeholder: string): string;
  /** The words bound at `placeholder` as rows of one column, `<alias>.value`, for a FROM clause. */
  wordRows(placeholder: string, alias: string): string;
  /** A JSON column's value as read: SQLite returns the text, PostgreSQL's jsonb the parsed value. */
  json<T>(value: unknown): T;
  /**
   * A row's `columns` (`column` or `alias.column`, keyed by the column's name) as one JSON object
   * value, read with {@link json}: it lets one statement answer rows of several shapes.
   */
  jsonObject(columns: readonly string[]): string;
  /**
   * `columns` as one JSON array value, in their order, read with {@link json}: a wide row as one
   * value (see `POST_ROW` in tx/rows.ts).
   */
  jsonArray(columns: readonly string[]): string;
  /**
   * What follows the subquery that picks rows to lease (` FOR UPDATE SKIP LOCKED` in PostgreSQL,
   * so that a concurrent lease takes other rows instead of waiting for these and finding them
   * leased; nothing in SQLite, whose writes run one at a time).
   */
  readonly skipLocked: string;
}

/** A statement's text for a dialect, made on first use and kept (the texts' rule above). */
export function perDialect(make: (d: Dialect) => string): (d: Dialect) => string {
  const made = new Map<Dialect, string>();
  return (d) => {
    let text = made.get(d);
    if (text === undefined) {
      text = make(d);
      made.set(d, text);
    }
    return text;
  };
}

/** `'name', alias.name, …`: the arguments of a JSON object constructor over `columns`. */
export const jsonPairs = (columns: readonly string[]): string => columns.map((column) => `'${column.slice(column.indexOf('.') + 1)}', ${column}`).join(', ');
