/**
 * Dumps of a SQLite store (see `src/storage/dump-tables.ts`): rows read a page at a time in key
 * order inside one read transaction (one snapshot), and loaded inside one write transaction, after
 * which the search index and the statistics are rebuilt from the rows; the
 * similar-posts index is written from each post's title, and the id counters
 * (`sqlite_sequence`) set last.
 */
import { columnsFromRecord, recordFromColumns } from '../../src/storage/dump-columns.js';
import { DUMP_TABLES, ID_TABLES, sqlTableOf, type DumpLoader, type DumpPort, type DumpSnapshot, type LastIds } from '../../src/storage/dump-tables.js';
import { wordsOf } from '../../src/storage/words.js';
import { INDEXED_THROUGH_NEWEST_SQL } from './search-batches.js';
import { installedTriggers, installStatistics } from './statistics.js';
import type { Database } from 'better-sqlite3';
import type { Storage } from '../../src/storage/contract.js';

/** Rows read per query: keeps memory bounded whatever the table's size. */
const PAGE = 1000;
/** The trigger that adds a new post to the search index (schema-search.ts). */
const SEARCH_TRIGGER = 'fb_posts_search_insert';

/** The dump port of a SQLite store (a `SqliteStorage`). Its transactions queue with the store's own. */
export function sqliteDumpPort(storage: Storage & { readonly database: Database }): DumpPort {
  const db = storage.database;
  const snapshot: DumpSnapshot = {
    async count(table) {
      return db.prepare(`SELECT count(*) FROM ${table.sql}`).pluck().get() as number;
    },
    async *rows(table) {
      const keys = table.key.join(', ');
      const first = db.prepare(`SELECT * FROM ${table.sql} ORDER BY ${keys} LIMIT ${PAGE}`);
      const next = db.prepare(
        `SELECT * FROM ${table.sql} WHERE (${keys}) > (${table.key.map(() => '?').join(', ')}) ORDER BY ${keys} LIMIT ${PAGE}`,
      );
      let page = first.all() as Record<string, unknown>[];
      while (page.length > 0) {
        for (const row of page) yield recordFromColumns(table, row);
        if (page.length < PAGE) return;
        const last = page[page.length - 1]!;
        page = next.all(...table.key.map((field) => last[field])) as Record<string, unknown>[];
      }
    },
    async lastIds() {
      const ids: Record<string, number> = {};
      const seq = db.prepare('SELECT seq FROM sqlite_sequence WHERE name = ?').pluck();
      for (const name of ID_TABLES) ids[name] = (seq.get(sqlTableOf(name)) as number | undefined) ?? 0;
      return ids;
    },
  };
  const loader: DumpLoader = {
    async isEmpty() {
      return DUMP_TABLES.every(({ sql }) => db.prepare(`SELECT 1 FROM ${sql} LIMIT 1`).get() === undefined);
    },
    async insert(table, rows) {
      if (rows.length === 0) return;
      const columns = Object.keys(columnsFromRecord(table, rows[0]!, flag));
      const insert = db.prepare(`INSERT INTO ${table.sql} (${columns.join(', ')}) VALUES (${columns.map((c) => '@' + c).join(', ')})`);
      const word = db.prepare('INSERT INTO fb_post_words (board_id, word, post_id) VALUES (?, ?, ?)');
      for (const row of rows) {
        insert.run(columnsFromRecord(table, row, flag));
        if (table.name === 'posts') for (const w of wordsOf(String(row['title']))) word.run(row['board_id'], w, row['id']);
      }
    },
    async setLastIds(ids: LastIds) {
      // sqlite_sequence has no key: a table's row is replaced by deleting it first.
      const set = db.prepare('INSERT INTO sqlite_sequence (name, seq) VALUES (?, ?)');
      const clear = db.prepare('DELETE FROM sqlite_sequence WHERE name = ?');
      for (const name of ID_TABLES) {
        const last = ids[name] ?? 0;
        if (last > 0) {
          clear.run(sqlTableOf(name));
          set.run(sqlTableOf(name), last);
        }
      }
    },
  };
  return {
    read: (fn) => storage.transaction('read', () => fn(snapshot)),
    // The statistics' triggers and the search index's insert trigger are dropped for the load; at
    // the end the statistics are rebuilt from the rows (which installs their triggers again) and
    // the search index from every post (which it then holds: search-batches.ts), then its trigger
    // made again: many times faster than maintaining both row by row. A failed load rolls the
    // drops back with everything else.
    load: (fn) =>
      storage.transaction('write', async () => {
        const search = db.prepare("SELECT sql FROM sqlite_schema WHERE type = 'trigger' AND name = ?").pluck().get(SEARCH_TRIGGER) as string;
        for (const name of [...installedTriggers(db), SEARCH_TRIGGER]) db.exec(`DROP TRIGGER ${name}`);
        const result = await fn(loader);
        installStatistics(db);
        db.exec(`INSERT INTO fb_posts_search (fb_posts_search) VALUES ('rebuild'); ${INDEXED_THROUGH_NEWEST_SQL}; ${search}`);
        return result;
      }),
  };
}

const flag = (value: boolean): number => (value ? 1 : 0);
