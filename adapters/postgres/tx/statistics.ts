/**
 * PostgreSQL's own statistics methods (the shared ones, in several statements, are
 * adapters/sql/tx/statistics.ts): ship statistics and analytics, each ONE statement (here every
 * statement is a round trip), each reading
 * the maintained per-day counts (schema-aggregates.ts, schema-ship-counts.ts), so its cost depends
 * on the window, not on the board's history. Ship statistics list the window's shipped posts from
 * the shipped index and count their distinct voters from the per-day ship counts when the window
 * runs from one UTC midnight to another (every period the service asks for); any other window
 * counts the voters of its posts on the votes' primary key.
 */
import type { AnalyticsAggregate, ShippedPost, TimeWindow } from '../../../src/storage/contract.js';
import type { AggregateMethods } from '../../../src/storage/contract/registry.js';
import type { PostStatus } from '../../../src/domain/records.js';
import { dayFigures, statusBreakdownOf, windowDays, type DayRow } from '../../../src/storage/days.js';
import { POST_COLUMNS } from '../../sql/tx/rows.js';
import type { PostgresSeam } from '../seam.js';
import { toPost, type PostRow } from './rows.js';

// Parameters: $1 board, $2 from (inclusive), $3 to (exclusive).
const SHIPPED_IN_WINDOW = `p.board_id = $1 AND NOT p.hidden AND p.status = 'shipped'
  AND p.shipped_at >= $2 AND p.shipped_at < $3`;

/** The window's shipped posts as a JSON array, newest first. */
const SHIPPED_POSTS = `coalesce((SELECT json_agg(s ORDER BY s.shipped_at DESC NULLS LAST, s.id DESC) FROM (
    SELECT p.id, p.title, p.vote_count, p.shipped_at FROM fb_posts p WHERE ${SHIPPED_IN_WINDOW}) s), '[]') AS posts`;

/**
 * Voters with a day in [`from`, `to`) (two parameters) on board $1, from a latest-day count table
 * (`lastDays`), the voters' latest days (`voters`) and their days (`voterDays`): those whose latest
 * day falls in the window (summed per day, one row per day of the window), plus those whose latest
 * day is later but who also have a day in it (votes cast under a clock set back, or posts shipped
 * in the future; usually none, and each is one primary-key probe).
 */
const votersInWindow = (lastDays: string, voters: string, voterDays: string, from: string, to: string) => `
  (SELECT coalesce(sum(l.voters), 0)::int FROM ${lastDays} l WHERE l.board_id = $1 AND l.day >= ${from} AND l.day < ${to})
  + (SELECT count(*)::int FROM ${voters} bv
      WHERE bv.board_id = $1 AND bv.last_day >= ${to}
        AND EXISTS (SELECT 1 FROM ${voterDays} vd
          WHERE vd.board_id = bv.board_id AND vd.voter_id = bv.voter_id AND vd.day >= ${from} AND vd.day < ${to}))`;

/**
 * Ship statistics of a window from one UTC midnight to another: the shipped posts, and their
 * distinct voters from the per-day ship counts (schema-ship-counts.ts). Parameters: $1 board,
 * $2 from, $3 to, $4 first day, $5 the day after the last.
 */
export const SHIP_STATS_BY_DAYS_SQL = `SELECT
  ${votersInWindow('fb_ship_last_days', 'fb_ship_voters', 'fb_ship_voter_days', '$4', '$5')} AS voter_count,
  ${SHIPPED_POSTS}`;

/** Ship statistics of any other window: its posts' distinct voters counted from their votes. */
export const SHIP_STATS_BY_VOTES_SQL = `SELECT
  (SELECT count(DISTINCT v.voter_id)::int FROM fb_votes v
    WHERE v.post_id IN (SELECT p.id FROM fb_posts p WHERE ${SHIPPED_IN_WINDOW})) AS voter_count,
  ${SHIPPED_POSTS}`;

/**
 * Every figure of the analytics operation, from the maintained aggregates (schema-aggregates.ts,
 * schema-ship-counts.ts): the window's day rows, the voters counted by their latest vote day, the
 * status counts, a ten-row walk of the top-requests index and the window's days of shipped posts.
 * Parameters: $1 board, $2 first day, $3 the day after the last (an analytics window runs from one
 * UTC midnight to another).
 */
export const ANALYTICS_SQL = `SELECT
  coalesce((SELECT json_agg(json_build_object('day', d.day, 'posts', d.posts, 'posts_with_votes', d.posts_with_votes,
      'post_comments', d.post_comments, 'votes', d.votes, 'comments', d.comments) ORDER BY d.day)
     FROM fb_board_days d WHERE d.board_id = $1 AND d.day >= $2 AND d.day < $3), '[]') AS days,
  ${votersInWindow('fb_board_last_days', 'fb_board_voters', 'fb_board_voter_days', '$2', '$3')} AS voters,
  coalesce((SELECT json_agg(json_build_object('status', s.status, 'posts', s.posts))
     FROM fb_board_statuses s WHERE s.board_id = $1), '[]') AS statuses,
  coalesce((SELECT json_agg(t ORDER BY t.vote_count DESC, t.created_at, t.id) FROM (
     SELECT ${POST_COLUMNS} FROM fb_posts p
      WHERE p.board_id = $1 AND NOT p.hidden AND p.status NOT IN ('shipped', 'declined')
      ORDER BY p.vote_count DESC, p.created_at, p.id LIMIT 10) t), '[]') AS top_requests,
  (SELECT coalesce(sum(s.posts), 0)::int FROM fb_ship_days s WHERE s.board_id = $1 AND s.day >= $2 AND s.day < $3) AS shipped_in_window`;

const MIDNIGHT = /T00:00:00\.000Z$/;

/** The first day of a window from one UTC midnight to another, and the day after its last. */
function dayBounds(window: TimeWindow): [string, string] {
  const { fromDay, toDay } = windowDays(window);
  return [fromDay, toDay];
}

interface ShipRow {
  voter_count: number;
  posts: ShippedPost[];
}

interface AnalyticsRow {
  days: DayRow[];
  voters: number;
  statuses: { status: PostStatus; posts: number }[];
  top_requests: PostRow[];
  shipped_in_window: number;
}

/** What PostgreSQL answers of the statistics aggregate its own way: all of it. */
export function postgresStatisticsMethods({ sql }: PostgresSeam): AggregateMethods<'statistics'> {
  return {
    async shipStats(boardId, window: TimeWindow) {
      const range = [boardId, window.from, window.to];
      const row = MIDNIGHT.test(window.from) && MIDNIGHT.test(window.to)
        ? await sql.row<ShipRow>(SHIP_STATS_BY_DAYS_SQL, [...range, ...dayBounds(window)])
        : await sql.row<ShipRow>(SHIP_STATS_BY_VOTES_SQL, range);
      return { posts: row!.posts, voterCount: row!.voter_count };
    },

    async analytics(boardId, window: TimeWindow): Promise<AnalyticsAggregate> {
      const { fromDay, toDay } = windowDays(window);
      const row = (await sql.row<AnalyticsRow>(ANALYTICS_SQL, [boardId, fromDay, toDay]))!;
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
