/**
 * The record store's similar-posts index (`post_words`): one row per distinct word of a post's
 * title (`wordsOf`), written with the post, rewritten when its title changes, deleted with it.
 */
import type { PostRecord } from '../../domain/records.js';
import type { RecordStore } from '../record-store.js';
import { wordsOf } from '../words.js';

/** Writes the word rows of a post's title. */
export async function indexTitle(store: RecordStore, post: Pick<PostRecord, 'id' | 'board_id' | 'title'>): Promise<void> {
  const table = store.table('post_words');
  for (const word of wordsOf(post.title)) await table.put({ board_id: post.board_id, word, post_id: post.id });
}

/** Deletes every word row of a post. */
export async function unindexTitle(store: RecordStore, postId: number): Promise<void> {
  const table = store.table('post_words');
  for (const row of await table.getAllFromIndex('by_post', postId)) {
    await table.delete([row.board_id, row.word, row.post_id]);
  }
}

/** The ids of the board's posts with `word` in their title, from the index. */
export async function postIdsWithWord(store: RecordStore, boardId: number, word: string): Promise<number[]> {
  return (await store.table('post_words').getAllFromIndex('by_board_word', [boardId, word])).map((row) => row.post_id);
}
