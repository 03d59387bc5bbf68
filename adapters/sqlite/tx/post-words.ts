/**
 * The similar-posts word index in SQL (`fb_post_words`, schema-words.ts): the rows of a post's
 * title words, written here in JavaScript because the words are `wordsOf`'s (the same function
 * the query uses), and the two reads of the index. Both reads walk the table's primary key
 * `(board_id, word, post_id)`; neither scans the board's posts.
 */
import type { PostRecord } from '../../../src/domain/records.js';
import { wordsOf } from '../../../src/storage/words.js';
import type { Sql } from '../sql.js';
import { POST_COLUMNS, selectPosts } from './rows.js';

/** A listed post (`isListedPost` in the contract): the one SQL test of it. */
export const LISTED_POST_SQL = 'p.hidden = 0';

/** Writes the word rows of a post's title (a post's rows go with it by ON DELETE CASCADE). */
export function indexTitle(sql: Sql, postId: number, boardId: number, title: string): void {
  for (const word of wordsOf(title)) {
    sql.run('INSERT INTO fb_post_words (board_id, word, post_id) VALUES (?, ?, ?)', boardId, word, postId);
  }
}

/** Replaces the word rows of a post whose title changed. */
export function reindexTitle(sql: Sql, postId: number, title: string): void {
  const boardId = sql.value<number>('SELECT board_id FROM fb_posts WHERE id = ?', postId);
  if (boardId === undefined) return;
  sql.run('DELETE FROM fb_post_words WHERE post_id = ?', postId);
  indexTitle(sql, postId, boardId, title);
}

/** Each word's post count on the board, counted along the index up to `cap` entries. */
export function countPostsByWord(sql: Sql, boardId: number, words: readonly string[], cap: number): Map<string, number> {
  const counts = new Map<string, number>();
  for (const word of words) {
    const count = sql.value<number>(
      'SELECT count(*) FROM (SELECT 1 FROM fb_post_words WHERE board_id = ? AND word = ? LIMIT ?)',
      boardId,
      word,
      cap,
    )!;
    counts.set(word, count);
  }
  return counts;
}

/** The SQL of {@link listPostsByWords}: the words travel as one JSON array, so the text never varies. */
export const POSTS_BY_WORDS_SQL = `SELECT ${POST_COLUMNS} FROM fb_posts p
  WHERE p.id IN (SELECT w.post_id FROM fb_post_words w
                  WHERE w.board_id = ? AND w.word IN (SELECT value FROM json_each(?)))
    AND ${LISTED_POST_SQL}
  ORDER BY p.id`;

/** The board's listed posts with at least one of the words, id asc. */
export function listPostsByWords(sql: Sql, boardId: number, words: readonly string[]): PostRecord[] {
  return selectPosts(sql, POSTS_BY_WORDS_SQL, boardId, JSON.stringify(words));
}
