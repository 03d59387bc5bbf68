/**
 * Schema version 9: the similar-posts word index.
 *
 * `fb_post_words (board_id, word, post_id)` holds one row per distinct word (`wordsOf`) of each
 * post's title, hidden posts included. Its primary key is the lookup: a query's word on a board is
 * one range of it, and counting a word's posts up to a cap walks at most that many entries. The
 * table has no rowid (the key is the row); `post_id` has its own index so a post's rows go by
 * ON DELETE CASCADE, or are replaced when its title changes, without a scan.
 *
 * The words are computed in JavaScript (the same function the query uses), so the adapter writes
 * them with the post rather than a trigger; this step fills them for the posts already stored.
 */
import type { Database } from 'better-sqlite3';
import { wordsOf } from '../../src/storage/words.js';

export const SCHEMA_WORDS = `
CREATE TABLE fb_post_words (
  board_id INTEGER NOT NULL,
  word TEXT NOT NULL,
  post_id INTEGER NOT NULL REFERENCES fb_posts(id) ON DELETE CASCADE,
  PRIMARY KEY (board_id, word, post_id)
) WITHOUT ROWID;
CREATE INDEX fb_post_words_post ON fb_post_words (post_id);
`;

/** Writes the word rows of every stored post, 500 posts at a time. */
export function indexStoredTitles(db: Database): void {
  const batch = db.prepare<[number], { id: number; board_id: number; title: string }>(
    'SELECT id, board_id, title FROM fb_posts WHERE id > ? ORDER BY id LIMIT 500',
  );
  const insert = db.prepare<[number, string, number]>('INSERT INTO fb_post_words (board_id, word, post_id) VALUES (?, ?, ?)');
  let after = 0;
  for (;;) {
    const rows = batch.all(after);
    for (const row of rows) for (const word of wordsOf(row.title)) insert.run(row.board_id, word, row.id);
    const last = rows.at(-1);
    if (last === undefined) return;
    after = last.id;
  }
}
