/**
 * Dumps of a SQLite store (see `src/storage/dump-tables.ts`): rows read a page at a time in key
 * order inside one read transaction (one snapshot), and loaded inside one write transaction, where
 * the store's triggers rebuild the statistics and the search index as rows go in; the
 * similar-posts index is written from each post's title, and the id counters
 * (`sqlite_sequence`) set last.
 */
import { columnsFromRecord, recordFromColumns } from '../../src/storage/dump-columns.js';
import { DUMP_TABLES, ID_TABLES, type DumpLoader, type DumpPort, type DumpSnapshot, type LastIds } from '../../src/storage/dump-tables.js';
import { wordsOf } from '../../src/storage/words.js';
import type { Database } from 'better-sqlite3';
import type { Storage } from '../../src/storage/contract.js';

/** Rows read per query: keeps memory bounded whatever the table's size. */
const PAGE = 1000;

/** The dump port of a SQLite store (a `SqliteStorage`). Its transactions queue with the store's own. */
export function sqliteDumpPort(storage: Storage & { readonly database: Database }): DumpPort {
  const db = storage.database;
  const snapshot: DumpSnapshot = {
    async count(table) {
      return db.prepare(`SELECT count(*) FROM fb_${table.name}`).pluck().get() as number;
    },
    async *rows(table) {
      const keys = table.key.join(', ');
      const first = db.prepare(`SELECT * FROM fb_${table.name} ORDER BY ${keys} LIMIT ${PAGE}`);
      const next = db.prepare(
        `SELECT * FROM fb_${table.name} WHERE (${keys}) > (${table.key.map(() => '?').join(', ')}) ORDER BY ${keys} LIMIT ${PAGE}`,
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
      for (const name of ID_TABLES) ids[name] = (seq.get(`fb_${name}`) as number | undefined) ?? 0;
      return ids;
    },
  };
  const loader: DumpLoader = {
    async isEmpty() {
      return DUMP_TABLES.every(({ name }) => db.prepare(`SELECT 1 FROM fb_${name} LIMIT 1`).get() === undefined);
    },
    async insert(table, rows) {
      if (rows.length === 0) return;
      const columns = Object.keys(columnsFromRecord(table, rows[0]!, flag));
      const insert = db.prepare(`INSERT INTO fb_${table.name} (${columns.join(', ')}) VALUES (${columns.map((c) => '@' + c).join(', ')})`);
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
          clear.run(`fb_${name}`);
          set.run(`fb_${name}`, last);
        }
      }
    },
  };
  return {
    read: (fn) => storage.transaction('read', () => fn(snapshot)),
    load: (fn) => storage.transaction('write', () => fn(loader)),
  };
}

const flag = (value: boolean): number => (value ? 1 : 0);
