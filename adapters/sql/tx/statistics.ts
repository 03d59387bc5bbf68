/**
 * The statistics aggregate in SQL: ship statistics and analytics. Analytics reads the maintained
 * aggregates (schema-aggregates.ts of each store): at most one row per day of the window, the
 * board's voters counted by their latest vote day (one row per day again), the status counts, and
 * a ten-row walk of the top-requests index, so its cost depends on the window, not on how many
 * posts and votes the board has ever had. Ship stats walk the shipped index over the period and
 * count the distinct voters of those posts from the per-day ship counts in the same way.
 * PostgreSQL answers each in one statement of its own (its tx/statistics.ts).
 */
import type { AnalyticsAggregate, TimeWindow } from '../../../src/storage/contract.js';
import type { AggregateMethods } from '../../../src/storage/contract/registry.js';
import type { PostStatus } from '../../../src/domain/records.js';
import { dayFigures, statusBreakdownOf, windowDays, type DayRow } from '../../../src/storage/days.js';
import type { Dialect, SqlSeam } from '../seam.js';
import { POST_ROW, selectPosts } from './rows.js';

/** Shipped, non-hidden posts of the board shipped in the window (the `fb_posts_shipped` index). */
const shippedInWindow = (d: Dialect) => `p.board_id = @board AND p.hidden = ${d.false} AND p.status = 'shipped'
  AND p.shipped_at >= @from AND p.shipped_at < @to`;

/**
 * Voters with a day in [@fromDay, @toDay) on board @board, from a latest-day count table
 * (`lastDays`), the voters' latest days (`voters`) and their days (`voterDays`): those whose
 * latest day falls in the window (summed per day, so one row per day of the window), plus those
 * whose latest day is later but who also have a day in it (votes cast under a clock set back, or
 * posts shipped in the future; usually none, and each is one primary-key probe).
 */
const votersInWindow = (lastDays: string, voters: string, voterDays: string) => `SELECT CAST(
  (SELECT coalesce(sum(voters), 0) FROM ${lastDays}
    WHERE board_id = @board AND day >= @fromDay AND day < @toDay)
  + (SELECT count(*) FROM ${voters} v
      WHERE v.board_id = @board AND v.last_day >= @toDay
        AND EXISTS (SELECT 1 FROM ${voterDays} d
          WHERE d.board_id = v.board_id AND d.voter_id = v.voter_id AND d.day >= @fromDay AND d.day < @toDay)) AS INTEGER)`;

/** Voters of the board by the days of their votes (schema-aggregates.ts). */
const VOTERS_IN_WINDOW = votersInWindow('fb_board_last_days', 'fb_board_voters', 'fb_board_voter_days');
/** Voters of the posts shipped in the window, by the posts' shipped days (schema-counts.ts). */
const SHIP_VOTERS_IN_WINDOW = votersInWindow('fb_ship_last_days', 'fb_ship_voters', 'fb_ship_voter_days');

const MIDNIGHT = /T00:00:00\.000Z$/;

export function statisticsMethods(db: SqlSeam): AggregateMethods<'statistics'> {
  const d = db.dialect;
  const shippedPosts = `SELECT p.id, p.title, p.vote_count, p.shipped_at FROM fb_posts p WHERE ${shippedInWindow(d)}
    ORDER BY p.shipped_at DESC, p.id DESC`;
  const votersOfPosts = `SELECT CAST(count(DISTINCT v.voter_id) AS INTEGER) FROM ${d.idRows('?', 'j')} JOIN fb_votes v ON v.post_id = j.value`;
  const topRequests = `SELECT ${POST_ROW(d)} FROM fb_posts p
    WHERE p.board_id = ? AND p.hidden = ${d.false} AND p.status NOT IN ('shipped', 'declined')
    ORDER BY p.vote_count DESC, p.created_at, p.id LIMIT 10`;
  return {
    async shipStats(boardId, window: TimeWindow) {
      const range = { board: boardId, from: window.from, to: window.to };
      // Only what the operation shows, all of it in the shipped index (no table row is read).
      const posts = (await db.tuples(shippedPosts, range)).map(([id, title, vote_count, shipped_at]) => ({
        id: id as number,
        title: title as string,
        vote_count: vote_count as number,
        shipped_at: shipped_at as string,
      }));
      // Periods start and end at UTC midnights, which the per-day counts answer; any other window
      // counts the voters of its posts on the votes' primary key.
      const voterCount =
        posts.length === 0
          ? 0
          : MIDNIGHT.test(window.from) && MIDNIGHT.test(window.to)
            ? (await db.value<number>(SHIP_VOTERS_IN_WINDOW, { board: boardId, ...windowDays(window) }))!
            : (await db.value<number>(votersOfPosts, [d.ids(posts.filter((p) => p.vote_count > 0).map((p) => p.id))]))!;
      return { posts, voterCount };
    },

    async analytics(boardId, window: TimeWindow): Promise<AnalyticsAggregate> {
      const { fromDay, toDay } = windowDays(window);
      const range = { board: boardId, from: window.from, to: window.to, fromDay, toDay };
      const days = await db.rows<DayRow>(
        `SELECT day, posts, posts_with_votes, post_comments, votes, comments FROM fb_board_days
          WHERE board_id = @board AND day >= @fromDay AND day < @toDay ORDER BY day`,
        range,
      );
      const statusBreakdown = statusBreakdownOf(
        await db.rows<{ status: PostStatus; posts: number }>('SELECT status, posts FROM fb_board_statuses WHERE board_id = ?', [boardId]),
      );
      const top = await selectPosts(db, topRequests, [boardId]);
      const shippedInWindow = (await db.value<number>(
        'SELECT CAST(coalesce(sum(posts), 0) AS INTEGER) FROM fb_ship_days WHERE board_id = @board AND day >= @fromDay AND day < @toDay',
        range,
      ))!;
      return {
        ...dayFigures(days),
        voters: (await db.value<number>(VOTERS_IN_WINDOW, range))!,
        statusBreakdown,
        topRequests: top,
        shippedTotal: statusBreakdown.shipped,
        shippedInWindow,
      };
    },
  };
}
