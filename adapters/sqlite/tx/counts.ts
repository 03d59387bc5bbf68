/** Counts the resource limits check: posts from the maintained counts (schema-counts.ts), tags on an index. */
import type { StorageTx } from '../../../src/storage/contract.js';
import type { Sql } from '../sql.js';

type CountMethods = Pick<StorageTx, 'countPosts' | 'countTags'>;

export function countMethods(sql: Sql): CountMethods {
  return {
    async countPosts(boardId) {
      return sql.value<number>('SELECT coalesce(sum(posts), 0) FROM fb_board_post_counts WHERE board_id = ?', boardId)!;
    },
    async countTags(boardId) {
      return sql.value<number>('SELECT count(*) FROM fb_tags WHERE board_id = ?', boardId)!;
    },
  };
}
