/** Counts the resource limits check, over the record store. */
import type { StorageTx } from '../contract.js';
import type { RecordStore } from '../record-store.js';

type CountMethods = Pick<StorageTx, 'countPosts' | 'countTags'>;

export function countMethods(store: RecordStore): CountMethods {
  const posts = store.table('posts');
  const tags = store.table('tags');
  return {
    async countPosts(boardId) {
      return (await posts.getAllFromIndex('by_board', boardId)).length;
    },
    // Tags are indexed by board and slug only; this runs only when a request would add a tag.
    async countTags(boardId) {
      return (await tags.getAll()).filter((tag) => tag.board_id === boardId).length;
    },
  };
}
