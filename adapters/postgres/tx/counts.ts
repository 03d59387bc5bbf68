/** Counts the resource limits check, each on an index of the board id. */
import type { StorageTx } from '../../../src/storage/contract.js';
import type { Sql } from '../sql.js';

type CountMethods = Pick<StorageTx, 'countPosts' | 'countTags'>;

export function countMethods(sql: Sql): CountMethods {
  return {
    async countPosts(boardId) {
      return (await sql.row<{ n: number }>(
        'SELECT coalesce(sum(posts), 0)::int AS n FROM fb_board_post_counts WHERE board_id = $1',
        [boardId],
      ))!.n;
    },
    async countTags(boardId) {
      return (await sql.row<{ n: number }>('SELECT count(*)::int AS n FROM fb_tags WHERE board_id = $1', [boardId]))!.n;
    },
  };
}
