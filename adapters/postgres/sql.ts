/**
 * A thin layer over one pg client inside a transaction: every statement is sent as a named
 * prepared statement (parsed once per connection, then only bound and executed), or, behind a
 * transaction pooler, where the next transaction may run on another server connection, as an
 * unnamed one (parsed and planned each time); every string value is checked to be storable
 * exactly.
 *
 * PostgreSQL text cannot hold U+0000, and a lone surrogate (possible in a JavaScript string,
 * impossible in UTF-8) would come back as U+FFFD. The service validates input before it gets
 * here; this check turns a missed validation into an error instead of a silent change of data.
 */
import type { PoolClient, QueryResult, QueryResultRow } from 'pg';

/**
 * A value bound to a statement. Booleans are real booleans (the schema uses `boolean`); bytes
 * (`bytea`) a Node Buffer, which pg sends as binary.
 */
export type SqlValue = string | number | boolean | null | Buffer;

interface WellFormedString {
  isWellFormed(): boolean;
}

function assertStorable(value: SqlValue): void {
  if (typeof value !== 'string') return;
  if (value.includes('\u0000') || !(value as unknown as WellFormedString).isWellFormed()) {
    throw new TypeError(
      'feedback-board/postgres: a string with U+0000 or a lone surrogate cannot be stored exactly in PostgreSQL; validate input before storing it',
    );
  }
}

/**
 * How a statement is planned. `'generic'`: as a named prepared statement, which in a read
 * transaction runs on its generic plan (planned once per connection; see `READ_PLANS` in
 * storage.ts). `'values'`: for the values of each run, as a simple-protocol statement with the
 * values written in, for the statements whose best plan depends on them: a search's pattern
 * decides whether the trigram indexes help, a tag's share of the board decides between reading the
 * tag's posts and walking the board's index. (In a write transaction both are prepared, and
 * PostgreSQL chooses per run.)
 */
export type Planning = 'generic' | 'values';

/** Statement names by text, shared by every connection (each prepares a name on first use). */
const names = new Map<string, string>();

function nameOf(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `fb_${names.size + 1}`;
    names.set(text, name);
  }
  return name;
}

export class Sql {
  readonly client: PoolClient;
  /** False behind a transaction pooler: statements are sent unnamed. */
  readonly #named: boolean;
  /** A statement not sent yet, to go out in the round trip of the first statement (see `begin`). */
  #opening: string | undefined;
  #opened = true;
  /** True in a read transaction (one begun with an opening), whose statements run on generic plans. */
  #reading = false;

  constructor(client: PoolClient, named = true) {
    this.client = client;
    this.#named = named;
  }

  /**
   * Starts the next transaction on this connection. `opening` (a read's `BEGIN`) is not sent on
   * its own: it goes out with the transaction's first statement, in one round trip, as a
   * simple-protocol string of the two with that statement's values written in as literals (see
   * {@link inlineValues}). That first statement is then parsed and planned on the spot instead of
   * as a named prepared statement; every later one is prepared as usual, but for a statement
   * planned for its values ({@link Planning}), sent the same way. Without `opening` (a write),
   * every statement is prepared.
   */
  begin(opening?: string): void {
    this.#opening = opening;
    this.#opened = opening === undefined;
    this.#reading = opening !== undefined;
  }

  /** True once a statement went to the server (with a deferred opening: once the transaction began). */
  get opened(): boolean {
    return this.#opened;
  }

  /** Every row. */
  async rows<Row extends QueryResultRow>(text: string, values: readonly SqlValue[] = [], planning: Planning = 'generic'): Promise<Row[]> {
    return (await this.#query<Row>(text, values, planning)).rows;
  }

  /** The first row, or undefined. */
  async row<Row extends QueryResultRow>(text: string, values: readonly SqlValue[] = [], planning: Planning = 'generic'): Promise<Row | undefined> {
    return (await this.rows<Row>(text, values, planning))[0];
  }

  /** The number of rows the statement changed. */
  async run(text: string, values: readonly SqlValue[] = []): Promise<number> {
    return (await this.#query(text, values)).rowCount ?? 0;
  }

  /**
   * One statement at a time on the connection: calls made at once within a transaction (a
   * `Promise.all` of reads) wait their turn here, in order, rather than in pg's own queue of a busy
   * client, which pg 8 warns is deprecated and pg 9 removes. True while a statement is out; a
   * finished one hands the turn straight to the next waiting, so none can slip in between.
   */
  #busy = false;
  readonly #waiting: Array<(go: boolean) => void> = [];

  async #query<Row extends QueryResultRow>(text: string, values: readonly SqlValue[], planning: Planning = 'generic'): Promise<QueryResult<Row>> {
    if (this.#busy) {
      if (!(await new Promise<boolean>((go) => this.#waiting.push(go)))) {
        throw new Error('feedback-board/postgres: the transaction ended before this statement was sent');
      }
    } else this.#busy = true;
    try {
      return await this.#send<Row>(text, values, planning);
    } finally {
      const next = this.#waiting.shift();
      if (next !== undefined) next(true);
      else this.#busy = false;
    }
  }

  /**
   * Ends the transaction's statements: those still waiting their turn are refused, never sent.
   * Called before the transaction's own COMMIT or ROLLBACK, which pg then sends after the one
   * statement that may still be out; so no statement of a transaction runs after its end, outside
   * it or in the next transaction on this connection.
   */
  end(): void {
    for (const go of this.#waiting.splice(0)) go(false);
  }

  async #send<Row extends QueryResultRow>(text: string, values: readonly SqlValue[], planning: Planning): Promise<QueryResult<Row>> {
    for (const value of values) assertStorable(value);
    const opening = this.#opening;
    const inline = opening !== undefined || (planning === 'values' && this.#reading);
    const inlined = inline ? inlineValues(text, values, (value) => this.client.escapeLiteral(value)) : null;
    if (opening !== undefined) {
      this.#opening = undefined;
      this.#opened = true;
      if (inlined !== null) {
        const results = (await this.client.query<Row>(`${opening}; ${inlined}`)) as unknown as QueryResult<Row>[];
        return results[results.length - 1]!;
      }
      await this.client.query(opening);
    }
    if (inlined !== null) return this.client.query<Row>(inlined);
    if (!this.#named) return this.client.query<Row>(text, values as SqlValue[]);
    return this.client.query<Row>({ name: nameOf(text), text, values: values as SqlValue[] });
  }
}

/**
 * `text` with each `$n` replaced by its value as a quoted literal (`'5'`, `'true'`, `'a''b'`, or
 * `NULL`), which PostgreSQL types from its context as it types a parameter; null when that cannot
 * be done safely: a byte value, a dollar-quoted string, an unterminated quote, or a `$n` with no
 * value. Quoted strings and identifiers of the text are copied unchanged, so a `$1` inside them is
 * not a parameter.
 */
export function inlineValues(text: string, values: readonly SqlValue[], escape: (value: string) => string): string | null {
  if (values.some((value) => Buffer.isBuffer(value))) return null;
  let out = '';
  let i = 0;
  while (i < text.length) {
    const char = text[i]!;
    if (char === "'" || char === '"') {
      // An escape string (E'...') may hide a quote behind a backslash: not inlined.
      if (char === "'" && /[Ee]/.test(text[i - 1] ?? '') && !/[A-Za-z0-9_]/.test(text[i - 2] ?? '')) return null;
      const end = closingQuote(text, i, char);
      if (end === -1) return null;
      out += text.slice(i, end + 1);
      i = end + 1;
      continue;
    }
    if (char === '$') {
      const digits = /^\$(\d+)/.exec(text.slice(i, i + 12));
      if (digits === null) return null;
      const value = values[Number(digits[1]) - 1];
      if (value === undefined) return null;
      out += value === null ? 'NULL' : escape(String(value));
      i += digits[0].length;
      continue;
    }
    out += char;
    i += 1;
  }
  return out;
}

/** Where the quote opened at `start` closes (a doubled quote is part of the string), or -1. */
function closingQuote(text: string, start: number, quote: string): number {
  let i = start + 1;
  while (i < text.length) {
    if (text[i] === quote) {
      if (text[i + 1] === quote) i += 2;
      else return i;
    } else i += 1;
  }
  return -1;
}

/**
 * `a = $n, b = $m` for the columns whose value is defined (an absent field is left unchanged),
 * numbered from `first`, with the values in the same order.
 */
export function assignments(
  values: [column: string, value: SqlValue | undefined][],
  first = 1,
): { set: string; params: SqlValue[] } {
  const present = values.filter((entry): entry is [string, SqlValue] => entry[1] !== undefined);
  return {
    set: present.map(([column], i) => `${column} = $${first + i}`).join(', '),
    params: present.map(([, value]) => value),
  };
}

/** `limit`/`offset` checked before they reach SQL (the service validates them too). */
export function pageBounds(query: { limit: number; offset: number }): { limit: number; offset: number } {
  const { limit, offset } = query;
  if (!Number.isSafeInteger(limit) || limit < 0 || !Number.isSafeInteger(offset) || offset < 0) {
    throw new RangeError(`feedback-board/postgres: invalid page (limit ${limit}, offset ${offset})`);
  }
  return { limit, offset };
}

/** Integer ids bound as one `int[]` parameter (`= ANY($1)`); checked, since they reach SQL. */
export function idArray(ids: readonly number[]): string {
  for (const id of ids) {
    if (!Number.isSafeInteger(id)) throw new TypeError(`feedback-board/postgres: invalid id ${String(id)}`);
  }
  return `{${ids.join(',')}}`;
}
