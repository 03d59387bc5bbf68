/** Counts the resource limits check, each on an index of the board id. */
import type { StorageTx } from '../../../src/storage/contract.js';
import type { Sql } from '../sql.js';

type CountMethods = Pick<StorageTx, 'countPosts' | 'countTags'>;

export function countMethods(sql: Sql): CountMethods {
  return {
    async countPosts(boardId) {
      return sql.value<number>('SELECT count(*) FROM fb_posts WHERE board_id = ?', boardId)!;
    },
    async countTags(boardId) {
      return sql.value<number>('SELECT count(*) FROM fb_tags WHERE board_id = ?', boardId)!;
    },
  };
}
