/**
 * PostgreSQL's side of the shared SQL's seam (adapters/sql/seam.ts): each shared text rewritten
 * once from `?` / `@name` placeholders to `$1..$n` and kept, then run through the connection's
 * `Sql` (named prepared statements, `Planning`), and PostgreSQL's way of saying what the dialects
 * say differently.
 */
import { jsonPairs, type Dialect, type Planning, type SqlParams, type SqlSeam, type SqlValue } from '../sql/seam.js';
import { idArray, type Sql, type SqlValue as PgValue } from './sql.js';

export const POSTGRES_DIALECT: Dialect = {
  name: 'postgres',
  false: 'false',
  true: 'true',
  bool: (value) => value,
  ids: idArray,
  inIds: (placeholder) => `= ANY(${placeholder}::int[])`,
  idRows: (placeholder, alias) => `unnest(${placeholder}::int[]) AS ${alias} (value)`,
  // Words are runs of letters and digits: a space separates them without escaping.
  words: (words) => words.join(' '),
  inWords: (placeholder) => `= ANY (string_to_array(${placeholder}, ' '))`,
  wordRows: (placeholder, alias) => `unnest(string_to_array(${placeholder}, ' ')) AS ${alias} (value)`,
  // pg parses jsonb itself.
  jsonObject: (columns) => `json_build_object(${jsonPairs(columns)})`,
  jsonArray: (columns) => `json_build_array(${columns.join(', ')})`,
  json: <T>(value: unknown) => value as T,
  skipLocked: ' FOR UPDATE SKIP LOCKED',
};

/** A shared text in PostgreSQL's placeholders, and the names of its `@name` ones in `$n` order. */
interface Rewritten {
  text: string;
  names: readonly string[] | null;
}

/** Rewritten texts by shared text, for every connection (a store has a fixed set of texts). */
const rewritten = new Map<string, Rewritten>();

/**
 * `text` with its `?` placeholders numbered `$1..$n` in order, or its `@name` ones numbered by
 * first appearance (a name used twice is one value). Quoted strings and identifiers are copied
 * as they are; a `$n` of the text's own is refused, since it would collide with the numbering.
 */
export function rewritePlaceholders(text: string): Rewritten {
  let out = '';
  let positional = 0;
  const names: string[] = [];
  let i = 0;
  while (i < text.length) {
    const char = text[i]!;
    if (char === "'" || char === '"') {
      const end = text.indexOf(char, i + 1);
      if (end === -1) throw new Error(`feedback-board/postgres: an unterminated quote in a shared statement: ${text}`);
      out += text.slice(i, end + 1);
      i = end + 1;
      continue;
    }
    if (char === '?') {
      positional += 1;
      out += `$${positional}`;
      i += 1;
      continue;
    }
    const name = char === '@' ? /^@([A-Za-z_]\w*)/.exec(text.slice(i, i + 64)) : null;
    if (name !== null) {
      let index = names.indexOf(name[1]!);
      if (index === -1) index = names.push(name[1]!) - 1;
      out += `$${index + 1}`;
      i += name[0].length;
      continue;
    }
    if (char === '$' && /\d/.test(text[i + 1] ?? '')) {
      throw new Error(`feedback-board/postgres: a shared statement uses ? or @name placeholders, not $n: ${text}`);
    }
    out += char;
    i += 1;
  }
  if (positional > 0 && names.length > 0) {
    throw new Error(`feedback-board/postgres: a shared statement mixes ? and @name placeholders: ${text}`);
  }
  return { text: out, names: names.length > 0 ? names : null };
}

function statementOf(text: string): Rewritten {
  let found = rewritten.get(text);
  if (found === undefined) {
    found = rewritePlaceholders(text);
    rewritten.set(text, found);
  }
  return found;
}

const NONE: readonly PgValue[] = [];

/** The values of a call in `$n` order. Booleans are bound as such (the dialect's `bool`). */
function valuesOf(statement: Rewritten, params: SqlParams | undefined): readonly PgValue[] {
  if (params === undefined) return NONE;
  if (Array.isArray(params)) return params as readonly PgValue[];
  const named = params as Readonly<Record<string, SqlValue>>;
  if (statement.names === null) throw new TypeError('feedback-board/postgres: named values for a statement with ? placeholders');
  return statement.names.map((name) => {
    const value = named[name];
    if (value === undefined) throw new TypeError(`feedback-board/postgres: no value for @${name}`);
    return value as PgValue;
  });
}

/** The seam over a PostgreSQL connection; `sql` itself serves the statements PostgreSQL has of its own. */
export interface PostgresSeam extends SqlSeam {
  readonly sql: Sql;
}

/** The first column of a row (pg builds a row's properties in the order of its columns). */
function firstColumn<Value>(row: Record<string, unknown>): Value | undefined {
  for (const key in row) return row[key] as Value;
  return undefined;
}

export function postgresSeam(sql: Sql): PostgresSeam {
  const rows = <Row>(text: string, params?: SqlParams, planning?: Planning): Promise<Row[]> => {
    const statement = statementOf(text);
    return sql.rows(statement.text, valuesOf(statement, params), planning) as Promise<Row[]>;
  };
  return {
    sql,
    dialect: POSTGRES_DIALECT,
    rows,
    row: async <Row>(text: string, params?: SqlParams, planning?: Planning) => (await rows<Row>(text, params, planning))[0],
    tuples: async (text, params, planning) => (await rows<Record<string, unknown>>(text, params, planning)).map((row) => Object.values(row)),
    value: async <Value>(text: string, params?: SqlParams, planning?: Planning) => {
      const [row] = await rows<Record<string, unknown>>(text, params, planning);
      return row === undefined ? undefined : firstColumn<Value>(row);
    },
    column: async <Value>(text: string, params?: SqlParams, planning?: Planning) =>
      (await rows<Record<string, unknown>>(text, params, planning)).map((row) => firstColumn<Value>(row)!),
    run: (text, params) => {
      const statement = statementOf(text);
      return sql.run(statement.text, valuesOf(statement, params));
    },
  };
}
