/**
 * Dumps of a PostgreSQL store (see `src/storage/dump-tables.ts`). A read is one `REPEATABLE READ`
 * transaction (one snapshot) reading each table a page at a time in key order, text keys in
 * `COLLATE "C"` (code point order, as every adapter orders them). A load is one transaction of
 * multi-row inserts, where the store's triggers rebuild the statistics as rows go in; the
 * similar-posts index is written from each post's title and the identity sequences are set last.
 */
import type pg from 'pg';
import { columnsFromRecord, recordFromColumns } from '../../src/storage/dump-columns.js';
import { DUMP_TABLES, ID_TABLES, sqlTableOf, type DumpLoader, type DumpPort, type DumpSnapshot, type DumpTable } from '../../src/storage/dump-tables.js';
import { wordsOf } from '../../src/storage/words.js';
import { installStatistics } from './statistics.js';
import { beginUntimed } from './untimed.js';

/**
 * The tables whose rows the statistics count. A load inserts them with the counting triggers off
 * and rebuilds the statistics from the rows once at the end ({@link installStatistics}, which also
 * installs the triggers afresh), many times faster than counting row by row; a failed load rolls
 * the switch back with everything else.
 */
const COUNTED_TABLES = ['fb_posts', 'fb_votes', 'fb_comments', 'fb_post_tags'];

/** Rows read per query. */
const PAGE = 1000;
/** Bound parameters per insert statement (PostgreSQL allows 65535). */
const PARAMETERS = 30000;

/** The key columns of a table for ORDER BY and comparisons: text ones in byte (code point) order. */
async function orderedKey(client: pg.PoolClient, table: DumpTable): Promise<string[]> {
  const { rows } = await client.query<{ column_name: string; data_type: string }>(
    'SELECT column_name, data_type FROM information_schema.columns WHERE table_name = $1 AND table_schema = current_schema()',
    [`${table.sql}`],
  );
  const types = new Map(rows.map((row) => [row.column_name, row.data_type]));
  return table.key.map((field) => (types.get(field) === 'text' ? `${field} COLLATE "C"` : field));
}

/** The identity sequence of a table's `id`. */
const SEQUENCE = "pg_get_serial_sequence($1, 'id')";

function snapshotOn(client: pg.PoolClient): DumpSnapshot {
  return {
    async count(table) {
      return Number((await client.query<{ n: string }>(`SELECT count(*) AS n FROM ${table.sql}`)).rows[0]!.n);
    },
    async *rows(table) {
      const key = await orderedKey(client, table);
      const order = key.join(', ');
      let after: unknown[] | undefined;
      for (;;) {
        const where = after === undefined ? '' : `WHERE (${order}) > (${after.map((_, i) => `$${i + 1}`).join(', ')})`;
        const { rows } = await client.query(`SELECT * FROM ${table.sql} ${where} ORDER BY ${order} LIMIT ${PAGE}`, after);
        for (const row of rows) yield recordFromColumns(table, row as Record<string, unknown>);
        if (rows.length < PAGE) return;
        const last = rows[rows.length - 1] as Record<string, unknown>;
        after = table.key.map((field) => last[field]);
      }
    },
    async lastIds() {
      const ids: Record<string, number> = {};
      for (const name of ID_TABLES) {
        const { rows } = await client.query<{ seq: string }>(`SELECT ${SEQUENCE} AS seq`, [sqlTableOf(name)]);
        const state = await client.query<{ last_value: string; is_called: boolean }>(`SELECT last_value, is_called FROM ${rows[0]!.seq}`);
        ids[name] = state.rows[0]!.is_called ? Number(state.rows[0]!.last_value) : 0;
      }
      return ids;
    },
  };
}

function loaderOn(client: pg.PoolClient): DumpLoader {
  return {
    async isEmpty() {
      for (const { sql } of DUMP_TABLES) if ((await client.query(`SELECT 1 FROM ${sql} LIMIT 1`)).rowCount! > 0) return false;
      return true;
    },
    async insert(table, rows) {
      if (rows.length === 0) return;
      const columns = Object.keys(columnsFromRecord(table, rows[0]!, Boolean));
      const perStatement = Math.max(1, Math.floor(PARAMETERS / columns.length));
      for (let start = 0; start < rows.length; start += perStatement) {
        const values: unknown[] = [];
        const tuples = rows.slice(start, start + perStatement).map((row) => {
          const bound = columnsFromRecord(table, row, Boolean);
          return `(${columns.map((column) => `$${values.push(bound[column])}`).join(', ')})`;
        });
        await client.query(`INSERT INTO ${table.sql} (${columns.join(', ')}) VALUES ${tuples.join(', ')}`, values);
      }
      if (table.name !== 'posts') return;
      const words = rows.flatMap((row) => wordsOf(String(row['title'])).map((word) => [row['board_id'], word, row['id']] as const));
      for (let start = 0; start < words.length; start += PARAMETERS / 3) {
        const values: unknown[] = [];
        const tuples = words.slice(start, start + PARAMETERS / 3).map((triple) => `(${triple.map((v) => `$${values.push(v)}`).join(', ')})`);
        await client.query(`INSERT INTO fb_post_words (board_id, word, post_id) VALUES ${tuples.join(', ')}`, values);
      }
    },
    async setLastIds(ids) {
      for (const name of ID_TABLES) {
        const last = ids[name] ?? 0;
        if (last > 0) await client.query(`SELECT setval(${SEQUENCE}, $2, true)`, [sqlTableOf(name), last]);
      }
    },
  };
}

/** Runs `fn` in a transaction begun by `begin` on a connection of the pool; rolled back when it throws. */
async function inTransaction<T>(
  pool: pg.Pool,
  begin: (client: pg.PoolClient) => Promise<pg.PoolClient>,
  fn: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const pooled = await pool.connect();
  try {
    const client = await begin(pooled);
    try {
      const result = await fn(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      // A connection the failure ended cannot roll back: the failure is what the caller must see.
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  } finally {
    pooled.release();
  }
}

/** The dump port of a PostgreSQL store (a `PostgresStorage`), on connections of its pool. */
export function postgresDumpPort(storage: { readonly pool: pg.Pool }): DumpPort {
  return {
    read: (fn) =>
      inTransaction(
        storage.pool,
        async (client) => (await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY'), client),
        (client) => fn(snapshotOn(client)),
      ),
    // A load is one operator-run transaction: rebuilding the statistics of a large store at its
    // end takes longer than the pool's timeouts (which guard the service's requests).
    load: (fn) =>
      inTransaction(storage.pool, (client) => beginUntimed(client), async (client) => {
        for (const table of COUNTED_TABLES) await client.query(`ALTER TABLE ${table} DISABLE TRIGGER USER`);
        const result = await fn(loaderOn(client));
        await installStatistics(client);
        return result;
      }),
  };
}
