/**
 * The similar-posts word index in SQL (`fb_post_words`, schema-words.ts of each store): the rows
 * of a post's title words, written here because the words are `wordsOf`'s (the same function the
 * query uses), and the two reads of the index, each walking the table's primary key
 * `(board_id, word, post_id)`; neither scans the board's posts. A list of words travels as one
 * value (the dialect's), so every statement's text stays the same.
 */
import type { PostRecord } from '../../../src/domain/records.js';
import { wordsOf } from '../../../src/storage/words.js';
import { perDialect, type Dialect, type SqlSeam } from '../seam.js';
import { POST_ROW, selectPosts } from './rows.js';

/** A listed post (`isListedPost` in the contract): the one SQL test of it. */
export const listedPost = (d: Dialect) => `p.hidden = ${d.false}`;

const INDEX_TITLE = perDialect((d) => `INSERT INTO fb_post_words (board_id, word, post_id) SELECT ?, w.value, ? FROM ${d.wordRows('?', 'w')}`);
const POSTS_BY_WORDS = perDialect(
  (d) => `SELECT ${POST_ROW(d)} FROM fb_posts p
    WHERE p.id IN (SELECT w.post_id FROM fb_post_words w WHERE w.board_id = ? AND w.word ${d.inWords('?')})
      AND ${listedPost(d)}
    ORDER BY p.id`,
);

/** Writes the word rows of a post's title (a post's rows go with it by ON DELETE CASCADE). */
export async function indexTitle(db: SqlSeam, postId: number, boardId: number, title: string): Promise<void> {
  const words = wordsOf(title);
  if (words.length === 0) return;
  const d = db.dialect;
  await db.run(INDEX_TITLE(d), [
    boardId,
    postId,
    d.words(words),
  ]);
}

/** Replaces the word rows of a post whose title changed. */
export async function reindexTitle(db: SqlSeam, post: Pick<PostRecord, 'id' | 'board_id' | 'title'>): Promise<void> {
  await db.run('DELETE FROM fb_post_words WHERE post_id = ?', [post.id]);
  await indexTitle(db, post.id, post.board_id, post.title);
}

/** Each word's post count on the board, counted along the index up to `cap` entries, a statement a word. */
export async function countPostsByWord(db: SqlSeam, boardId: number, words: readonly string[], cap: number): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const word of words) {
    const count = await db.value<number>(
      'SELECT CAST(count(*) AS INTEGER) FROM (SELECT 1 FROM fb_post_words WHERE board_id = ? AND word = ? LIMIT ?) AS c',
      [boardId, word, cap],
    );
    counts.set(word, count!);
  }
  return counts;
}

/**
 * The board's listed posts with at least one of the words, id asc. PostgreSQL plans it for its
 * words: a generic plan cannot know how few posts they are on, and read every post of the board
 * instead (22 ms instead of 2 on a 100k-post board).
 */
export async function listPostsByWords(db: SqlSeam, boardId: number, words: readonly string[]): Promise<PostRecord[]> {
  const d = db.dialect;
  return selectPosts(db, POSTS_BY_WORDS(d), [boardId, d.words(words)], 'values');
}
