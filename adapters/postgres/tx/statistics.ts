/**
 * The statistics aggregate in SQL: ship statistics and analytics, each ONE statement. Analytics
 * reads the maintained per-day aggregates (schema-aggregates.ts), so its cost depends on the
 * window, not on the board's history; ship statistics walk the shipped index over the period and
 * count the distinct voters of those posts with `count(DISTINCT ...)`. */
import type { AnalyticsAggregate, ShippedPost, TimeWindow } from '../../../src/storage/contract.js';
import type { AggregateMethods } from '../../../src/storage/contract/registry.js';
import type { PostStatus } from '../../../src/domain/records.js';
import { dayFigures, statusBreakdownOf, windowDays, type DayRow } from '../../../src/storage/days.js';
import type { Sql } from '../sql.js';
import { POST_COLUMNS, toPost, type PostRow } from './rows.js';

// Parameters: $1 board, $2 from (inclusive), $3 to (exclusive).
const SHIPPED_IN_WINDOW = `p.board_id = $1 AND NOT p.hidden AND p.status = 'shipped'
  AND p.shipped_at >= $2 AND p.shipped_at < $3`;

/** The shipped posts of the window and their distinct voters, with the posts as a JSON array. */
export const SHIP_STATS_SQL = `SELECT
  (SELECT count(DISTINCT v.voter_id)::int FROM fb_votes v
    WHERE v.post_id IN (SELECT p.id FROM fb_posts p WHERE ${SHIPPED_IN_WINDOW})) AS voter_count,
  coalesce((SELECT json_agg(s ORDER BY s.shipped_at DESC NULLS LAST, s.id DESC) FROM (
    SELECT p.id, p.title, p.vote_count, p.shipped_at FROM fb_posts p WHERE ${SHIPPED_IN_WINDOW}) s), '[]') AS posts`;

/**
 * Every figure of the analytics operation, from the maintained aggregates (schema-aggregates.ts):
 * the window's day rows, the voters counted by their latest vote day (plus a probe only for voters
 * whose latest day lies beyond the window), the status counts, a ten-row walk of the top-requests
 * index and the shipped index over the window. Parameters: $1 board, $2 from, $3 to, $4 first
 * day, $5 the day after the last.
 */
export const ANALYTICS_SQL = `SELECT
  coalesce((SELECT json_agg(json_build_object('day', d.day, 'posts', d.posts, 'posts_with_votes', d.posts_with_votes,
      'post_comments', d.post_comments, 'votes', d.votes, 'comments', d.comments) ORDER BY d.day)
     FROM fb_board_days d WHERE d.board_id = $1 AND d.day >= $4 AND d.day < $5), '[]') AS days,
  (SELECT coalesce(sum(l.voters), 0)::int FROM fb_board_last_days l WHERE l.board_id = $1 AND l.day >= $4 AND l.day < $5)
  + (SELECT count(*)::int FROM fb_board_voters bv
      WHERE bv.board_id = $1 AND bv.last_day >= $5
        AND EXISTS (SELECT 1 FROM fb_board_voter_days vd
          WHERE vd.board_id = bv.board_id AND vd.voter_id = bv.voter_id AND vd.day >= $4 AND vd.day < $5)) AS voters,
  coalesce((SELECT json_agg(json_build_object('status', s.status, 'posts', s.posts))
     FROM fb_board_statuses s WHERE s.board_id = $1), '[]') AS statuses,
  coalesce((SELECT json_agg(t ORDER BY t.vote_count DESC, t.created_at, t.id) FROM (
     SELECT ${POST_COLUMNS} FROM fb_posts p
      WHERE p.board_id = $1 AND NOT p.hidden AND p.status NOT IN ('shipped', 'declined')
      ORDER BY p.vote_count DESC, p.created_at, p.id LIMIT 10) t), '[]') AS top_requests,
  (SELECT count(*)::int FROM fb_posts p WHERE ${SHIPPED_IN_WINDOW}) AS shipped_in_window`;

interface AnalyticsRow {
  days: DayRow[];
  voters: number;
  statuses: { status: PostStatus; posts: number }[];
  top_requests: PostRow[];
  shipped_in_window: number;
}

export function statisticsMethods(sql: Sql): AggregateMethods<'statistics'> {
  return {
    async shipStats(boardId, window: TimeWindow) {
      const row = await sql.row<{ voter_count: number; posts: ShippedPost[] }>(SHIP_STATS_SQL, [boardId, window.from, window.to]);
      return { posts: row!.posts, voterCount: row!.voter_count };
    },

    async analytics(boardId, window: TimeWindow): Promise<AnalyticsAggregate> {
      const { fromDay, toDay } = windowDays(window);
      const row = (await sql.row<AnalyticsRow>(ANALYTICS_SQL, [boardId, window.from, window.to, fromDay, toDay]))!;
      const statusBreakdown = statusBreakdownOf(row.statuses);
      return {
        ...dayFigures(row.days),
        voters: row.voters,
        statusBreakdown,
        topRequests: row.top_requests.map(toPost),
        shippedTotal: statusBreakdown.shipped,
        shippedInWindow: row.shipped_in_window,
      };
    },
  };
}
