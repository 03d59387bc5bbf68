/**
 * A thin layer over one pg client inside a transaction: every statement is sent as a named
 * prepared statement (parsed once per connection, then only bound and executed), and every string
 * value is checked to be storable exactly.
 *
 * PostgreSQL text cannot hold U+0000, and a lone surrogate (possible in a JavaScript string,
 * impossible in UTF-8) would come back as U+FFFD. The service validates input before it gets
 * here; this check turns a missed validation into an error instead of a silent change of data.
 */
import type { PoolClient, QueryResultRow } from 'pg';

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

  constructor(client: PoolClient) {
    this.client = client;
  }

  /** Every row. */
  async rows<Row extends QueryResultRow>(text: string, values: readonly SqlValue[] = []): Promise<Row[]> {
    for (const value of values) assertStorable(value);
    const result = await this.client.query<Row>({ name: nameOf(text), text, values: values as SqlValue[] });
    return result.rows;
  }

  /** The first row, or undefined. */
  async row<Row extends QueryResultRow>(text: string, values: readonly SqlValue[] = []): Promise<Row | undefined> {
    return (await this.rows<Row>(text, values))[0];
  }

  /** The number of rows the statement changed. */
  async run(text: string, values: readonly SqlValue[] = []): Promise<number> {
    for (const value of values) assertStorable(value);
    const result = await this.client.query({ name: nameOf(text), text, values: values as SqlValue[] });
    return result.rowCount ?? 0;
  }
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
