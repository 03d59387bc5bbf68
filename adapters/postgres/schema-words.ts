/**
 * Schema version 8: the similar-posts word index.
 *
 * `fb_post_words (board_id, word, post_id)` holds one row per distinct word (`wordsOf`) of each
 * post's title, hidden posts included. Its primary key is the lookup: a query's word on a board is
 * one range of it, and counting a word's posts up to a cap walks at most that many entries. Words
 * compare byte-wise (`COLLATE "C"`): they are equal or not, and no locale should decide. `post_id`
 * has its own index so a post's rows go by ON DELETE CASCADE, or are replaced when its title
 * changes, without a scan. A `tsvector` GIN index and `pg_trgm` were measured against it
 * (docs/scaling.md, "Similar posts"): the table is kept for the bounded count per word that the
 * candidate budget needs, which a GIN index cannot give without building the word's bitmap.
 *
 * The words are computed in JavaScript (the same function the query uses), so the adapter writes
 * them with the post rather than a trigger; this step fills them for the posts already stored.
 */
import type { PoolClient } from 'pg';
import { wordsOf } from '../../src/storage/words.js';

export const PG_SCHEMA_WORDS = `
CREATE TABLE fb_post_words (
  board_id integer NOT NULL,
  word text COLLATE "C" NOT NULL,
  post_id integer NOT NULL REFERENCES fb_posts(id) ON DELETE CASCADE,
  PRIMARY KEY (board_id, word, post_id)
);
CREATE INDEX fb_post_words_post ON fb_post_words (post_id);
`;

/** Writes the word rows of every stored post, 1,000 posts at a time. */
export async function indexStoredTitles(client: PoolClient): Promise<void> {
  let after = 0;
  for (;;) {
    const { rows } = await client.query<{ id: number; board_id: number; title: string }>(
      'SELECT id, board_id, title FROM fb_posts WHERE id > $1 ORDER BY id LIMIT 1000',
      [after],
    );
    if (rows.length === 0) return;
    const boards: number[] = [];
    const words: string[] = [];
    const posts: number[] = [];
    for (const row of rows) {
      for (const word of wordsOf(row.title)) {
        boards.push(row.board_id);
        words.push(word);
        posts.push(row.id);
      }
    }
    await client.query(
      'INSERT INTO fb_post_words (board_id, word, post_id) SELECT * FROM unnest($1::int[], $2::text[], $3::int[])',
      [boards, words, posts],
    );
    after = rows.at(-1)!.id;
  }
}
