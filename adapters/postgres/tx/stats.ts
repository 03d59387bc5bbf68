/**
 * Ship statistics and analytics, each ONE statement of indexed aggregates: counts with filters,
 * daily series grouped on the UTC date (the first ten characters of the stored ISO timestamp) and
 * returned as JSON arrays, distinct voters with `count(DISTINCT ...)`.
 */
import type { AnalyticsAggregate, DailyCount, ShippedPost, StorageTx, TimeWindow } from '../../../src/storage/contract.js';
import { POST_STATUSES, type PostStatus } from '../../../src/domain/records.js';
import { windowDays } from '../../../src/storage/days.js';
import type { Sql } from '../sql.js';
import { POST_COLUMNS, toPost, type PostRow } from './rows.js';

type StatsMethods = Pick<StorageTx, 'shipStats' | 'analytics'>;

// Parameters: $1 board, $2 from (inclusive), $3 to (exclusive).
const SHIPPED_IN_WINDOW = `p.board_id = $1 AND NOT p.hidden AND p.status = 'shipped'
  AND p.shipped_at >= $2 AND p.shipped_at < $3`;
const VOTES_IN_WINDOW = `fb_votes v JOIN fb_posts p ON p.id = v.post_id
  WHERE p.board_id = $1 AND NOT p.hidden AND v.created_at >= $2 AND v.created_at < $3`;
const CREATED_IN_WINDOW = `p.board_id = $1 AND p.created_at >= $2 AND p.created_at < $3 AND NOT p.hidden`;

/** The shipped posts of the window and their distinct voters, with the posts as a JSON array. */
export const SHIP_STATS_SQL = `SELECT
  (SELECT count(DISTINCT v.voter_id)::int FROM fb_votes v
    WHERE v.post_id IN (SELECT p.id FROM fb_posts p WHERE ${SHIPPED_IN_WINDOW})) AS voter_count,
  coalesce((SELECT json_agg(s ORDER BY s.shipped_at DESC NULLS LAST, s.id DESC) FROM (
    SELECT p.id, p.title, p.vote_count, p.shipped_at FROM fb_posts p WHERE ${SHIPPED_IN_WINDOW}) s), '[]') AS posts`;

/** Every figure of the analytics operation. */
export const ANALYTICS_SQL = `SELECT
  (SELECT json_build_object('posts', count(*)::int,
            'with_votes', count(*) FILTER (WHERE p.vote_count > 0)::int,
            'comments', coalesce(sum(p.comment_count), 0)::int)
     FROM fb_posts p WHERE ${CREATED_IN_WINDOW}) AS created,
  (SELECT json_build_object('votes', count(*)::int, 'voters', count(DISTINCT v.voter_id)::int)
     FROM ${VOTES_IN_WINDOW}) AS votes,
  (SELECT count(*)::int FROM fb_comments c JOIN fb_posts p ON p.id = c.post_id
    WHERE p.board_id = $1 AND NOT p.hidden AND c.created_at >= $2 AND c.created_at < $3) AS comments,
  coalesce((SELECT json_agg(json_build_object('status', s.status, 'count', s.n)) FROM (
     SELECT p.status, count(*)::int AS n FROM fb_posts p WHERE p.board_id = $1 AND NOT p.hidden GROUP BY p.status) s), '[]')
    AS statuses,
  coalesce((SELECT json_agg(json_build_object('date', d.date, 'count', d.n) ORDER BY d.date) FROM (
     SELECT substr(p.created_at, 1, 10) AS date, count(*)::int AS n FROM fb_posts p WHERE ${CREATED_IN_WINDOW} GROUP BY 1) d), '[]')
    AS posts_per_day,
  coalesce((SELECT json_agg(json_build_object('date', d.date, 'count', d.n) ORDER BY d.date) FROM (
     SELECT substr(v.created_at, 1, 10) AS date, count(*)::int AS n FROM ${VOTES_IN_WINDOW} GROUP BY 1) d), '[]')
    AS votes_per_day,
  coalesce((SELECT json_agg(t ORDER BY t.vote_count DESC, t.created_at, t.id) FROM (
     SELECT ${POST_COLUMNS} FROM fb_posts p
      WHERE p.board_id = $1 AND NOT p.hidden AND p.status NOT IN ('shipped', 'declined')
      ORDER BY p.vote_count DESC, p.created_at, p.id LIMIT 10) t), '[]') AS top_requests,
  (SELECT json_build_object('total', count(*)::int,
            'in_window', count(*) FILTER (WHERE p.shipped_at >= $2 AND p.shipped_at < $3)::int)
     FROM fb_posts p WHERE p.board_id = $1 AND NOT p.hidden AND p.status = 'shipped') AS shipped`;

interface AnalyticsRow {
  created: { posts: number; with_votes: number; comments: number };
  votes: { votes: number; voters: number };
  comments: number;
  statuses: { status: PostStatus; count: number }[];
  posts_per_day: DailyCount[];
  votes_per_day: DailyCount[];
  top_requests: PostRow[];
  shipped: { total: number; in_window: number };
}

export function statsMethods(sql: Sql): StatsMethods {
  return {
    async shipStats(boardId, window: TimeWindow) {
      const row = await sql.row<{ voter_count: number; posts: ShippedPost[] }>(SHIP_STATS_SQL, [boardId, window.from, window.to]);
      return { posts: row!.posts, voterCount: row!.voter_count };
    },

    async analytics(boardId, window: TimeWindow): Promise<AnalyticsAggregate> {
      // The contract's window runs from one UTC midnight to another, as for every adapter. (This
      // adapter aggregates the rows of the window on their indexes rather than maintained per-day
      // aggregates.)
      windowDays(window);
      const row = (await sql.row<AnalyticsRow>(ANALYTICS_SQL, [boardId, window.from, window.to]))!;
      const statusBreakdown = Object.fromEntries(POST_STATUSES.map((status) => [status, 0])) as Record<PostStatus, number>;
      for (const { status, count } of row.statuses) statusBreakdown[status] = count;
      return {
        posts: row.created.posts,
        votes: row.votes.votes,
        comments: row.comments,
        voters: row.votes.voters,
        statusBreakdown,
        postsPerDay: row.posts_per_day,
        votesPerDay: row.votes_per_day,
        topRequests: row.top_requests.map(toPost),
        shippedTotal: row.shipped.total,
        shippedInWindow: row.shipped.in_window,
        postsWithVotes: row.created.with_votes,
        commentsOnWindowPosts: row.created.comments,
      };
    },
  };
}
