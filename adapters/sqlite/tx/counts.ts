/** Counts: posts from the maintained counts (schema-counts.ts, also the post list's totals), tags on an index. */
import type { StorageTx } from '../../../src/storage/contract.js';
import type { Sql } from '../sql.js';

type CountMethods = Pick<StorageTx, 'countPosts' | 'countTags'>;

export function countMethods(sql: Sql): CountMethods {
  return {
    async countPosts(boardId) {
      return boardPosts(sql, boardId);
    },
    async countTags(boardId) {
      return sql.value<number>('SELECT count(*) FROM fb_tags WHERE board_id = ?', boardId)!;
    },
  };
}

/** The board's posts (of one status), hidden ones included, from the maintained counts. */
export function boardPosts(sql: Sql, boardId: number, status?: string): number {
  return status === undefined
    ? sql.value<number>('SELECT coalesce(sum(posts), 0) FROM fb_board_post_counts WHERE board_id = ?', boardId)!
    : sql.value<number>('SELECT coalesce(sum(posts), 0) FROM fb_board_post_counts WHERE board_id = ? AND status = ?', boardId, status)!;
}
