/**
 * The similar-posts word index in PostgreSQL (`fb_post_words`, schema-words.ts): the rows of a
 * post's title words, written here because the words are `wordsOf`'s (the same function the query
 * uses), and the two reads of the index, each one statement walking the table's primary key
 * `(board_id, word, post_id)`. Words are runs of letters and digits, so a list of them travels as
 * one space-separated string (`string_to_array`) and every statement's text stays the same.
 */
import type { PostRecord } from '../../../src/domain/records.js';
import { wordsOf } from '../../../src/storage/words.js';
import type { Sql } from '../sql.js';
import { POST_COLUMNS, toPost, type PostRow } from './rows.js';

/** A listed post (`isListedPost` in the contract): the one SQL test of it. */
export const LISTED_POST_SQL = 'NOT p.hidden';

/** Writes the word rows of a post's title (a post's rows go with it by ON DELETE CASCADE). */
export async function indexTitle(sql: Sql, postId: number, boardId: number, title: string): Promise<void> {
  const words = wordsOf(title);
  if (words.length === 0) return;
  await sql.run(
    `INSERT INTO fb_post_words (board_id, word, post_id) SELECT $1, w, $3 FROM unnest(string_to_array($2, ' ')) AS w`,
    [boardId, words.join(' '), postId],
  );
}

/** Replaces the word rows of a post whose title changed. */
export async function reindexTitle(sql: Sql, post: Pick<PostRecord, 'id' | 'board_id' | 'title'>): Promise<void> {
  await sql.run('DELETE FROM fb_post_words WHERE post_id = $1', [post.id]);
  await indexTitle(sql, post.id, post.board_id, post.title);
}

/** Each word's post count on the board, counted along the index up to `cap` entries, in one statement. */
export async function countPostsByWord(sql: Sql, boardId: number, words: readonly string[], cap: number): Promise<Map<string, number>> {
  const rows = await sql.rows<{ word: string; n: number }>(
    `SELECT q.word, (SELECT count(*) FROM (SELECT 1 FROM fb_post_words w
                                            WHERE w.board_id = $1 AND w.word = q.word LIMIT $3) c)::int AS n
       FROM unnest(string_to_array($2, ' ')) AS q (word)`,
    [boardId, words.join(' '), cap],
  );
  return new Map(rows.map((row) => [row.word, row.n]));
}

/** The SQL of {@link listPostsByWords}. */
export const POSTS_BY_WORDS_SQL = `SELECT ${POST_COLUMNS} FROM fb_posts p
  WHERE p.id IN (SELECT w.post_id FROM fb_post_words w
                  WHERE w.board_id = $1 AND w.word = ANY (string_to_array($2, ' ')))
    AND ${LISTED_POST_SQL}
  ORDER BY p.id`;

/**
 * The board's listed posts with at least one of the words, id asc. Planned for its words: a
 * generic plan cannot know how few posts they are on, and read every post of the board instead
 * (22 ms instead of 2 on a 100k-post board).
 */
export async function listPostsByWords(sql: Sql, boardId: number, words: readonly string[]): Promise<PostRecord[]> {
  return (await sql.rows<PostRow>(POSTS_BY_WORDS_SQL, [boardId, words.join(' ')], 'values')).map(toPost);
}
