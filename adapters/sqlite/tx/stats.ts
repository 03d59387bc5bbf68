/**
 * Ship statistics and analytics, computed by SQL aggregates over indexed ranges: counts with
 * filters, daily series by `GROUP BY` on the UTC date (the first ten characters of the stored ISO
 * timestamp), distinct voters with `count(DISTINCT ...)`.
 */
import type { AnalyticsAggregate, DailyCount, StorageTx, TimeWindow } from '../../../src/storage/contract.js';
import { POST_STATUSES, type PostStatus } from '../../../src/domain/records.js';
import type { Sql } from '../sql.js';
import { POST_COLUMNS, toPost, type PostRow } from './rows.js';

type StatsMethods = Pick<StorageTx, 'shipStats' | 'analytics'>;

/** Named values every statement below uses: `@board`, `@from` (inclusive), `@to` (exclusive). */
type Range = { board: number; from: string; to: string };

/** Shipped, non-hidden posts of the board shipped in the window (the `fb_posts_shipped` index). */
const SHIPPED_IN_WINDOW = `p.board_id = @board AND p.hidden = 0 AND p.status = 'shipped'
  AND p.shipped_at >= @from AND p.shipped_at < @to`;

/** Votes cast in the window on the board's non-hidden posts. */
const VOTES_IN_WINDOW = `fb_votes v JOIN fb_posts p ON p.id = v.post_id
  WHERE p.board_id = @board AND p.hidden = 0 AND v.created_at >= @from AND v.created_at < @to`;

/** Non-hidden posts of the board created in the window (the `fb_posts_new` index). */
const CREATED_IN_WINDOW = `p.board_id = @board AND p.created_at >= @from AND p.created_at < @to
  AND p.hidden = 0`;

function dailyCounts(sql: Sql, from: string, range: Range): DailyCount[] {
  return sql.all<DailyCount>(
    `SELECT substr(day, 1, 10) AS date, count(*) AS count FROM (${from}) GROUP BY 1 ORDER BY 1`,
    range,
  );
}

export function statsMethods(sql: Sql): StatsMethods {
  return {
    async shipStats(boardId, window: TimeWindow) {
      const range: Range = { board: boardId, from: window.from, to: window.to };
      const posts = sql.all<PostRow>(
        `SELECT ${POST_COLUMNS} FROM fb_posts p WHERE ${SHIPPED_IN_WINDOW}
          ORDER BY p.shipped_at DESC, p.id DESC`,
        range,
      );
      const voterCount = sql.value<number>(
        `SELECT count(DISTINCT v.voter_id) FROM fb_votes v
          WHERE v.post_id IN (SELECT p.id FROM fb_posts p WHERE ${SHIPPED_IN_WINDOW})`,
        range,
      )!;
      return { posts: posts.map(toPost), voterCount };
    },

    async analytics(boardId, window: TimeWindow): Promise<AnalyticsAggregate> {
      const range: Range = { board: boardId, from: window.from, to: window.to };
      const created = sql.get<{ posts: number; with_votes: number; comments: number }>(
        `SELECT count(*) AS posts,
                coalesce(sum(p.vote_count > 0), 0) AS with_votes,
                coalesce(sum(p.comment_count), 0) AS comments
           FROM fb_posts p WHERE ${CREATED_IN_WINDOW}`,
        range,
      )!;
      const votes = sql.get<{ votes: number; voters: number }>(
        `SELECT count(*) AS votes, count(DISTINCT v.voter_id) AS voters FROM ${VOTES_IN_WINDOW}`,
        range,
      )!;
      const comments = sql.value<number>(
        `SELECT count(*) FROM fb_comments c JOIN fb_posts p ON p.id = c.post_id
          WHERE p.board_id = @board AND p.hidden = 0 AND c.created_at >= @from AND c.created_at < @to`,
        range,
      )!;

      const statusBreakdown = Object.fromEntries(POST_STATUSES.map((status) => [status, 0])) as Record<
        PostStatus,
        number
      >;
      const statuses = sql.all<{ status: PostStatus; count: number }>(
        'SELECT status, count(*) AS count FROM fb_posts WHERE board_id = ? AND hidden = 0 GROUP BY status',
        boardId,
      );
      for (const { status, count } of statuses) statusBreakdown[status] = count;

      const topRequests = sql.all<PostRow>(
        `SELECT ${POST_COLUMNS} FROM fb_posts p
          WHERE p.board_id = ? AND p.hidden = 0 AND p.status NOT IN ('shipped', 'declined')
          ORDER BY p.vote_count DESC, p.created_at, p.id LIMIT 10`,
        boardId,
      );
      const shipped = sql.get<{ total: number; in_window: number }>(
        `SELECT count(*) AS total,
                coalesce(sum(p.shipped_at >= @from AND p.shipped_at < @to), 0) AS in_window
           FROM fb_posts p WHERE p.board_id = @board AND p.hidden = 0 AND p.status = 'shipped'`,
        range,
      )!;

      return {
        posts: created.posts,
        votes: votes.votes,
        comments,
        voters: votes.voters,
        statusBreakdown,
        postsPerDay: dailyCounts(sql, `SELECT p.created_at AS day FROM fb_posts p WHERE ${CREATED_IN_WINDOW}`, range),
        votesPerDay: dailyCounts(sql, `SELECT v.created_at AS day FROM ${VOTES_IN_WINDOW}`, range),
        topRequests: topRequests.map(toPost),
        shippedTotal: shipped.total,
        shippedInWindow: shipped.in_window,
        postsWithVotes: created.with_votes,
        commentsOnWindowPosts: created.comments,
      };
    },
  };
}
