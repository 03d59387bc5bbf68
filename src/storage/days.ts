/**
 * Days of the maintained statistics. Analytics counts by UTC day, so its window must start and end
 * at UTC midnights; adapters read the day rows of `[fromDay, toDay)`.
 */
import { POST_STATUSES, type PostStatus } from '../domain/records.js';
import type { AnalyticsAggregate, DailyCount, TimeWindow } from './contract.js';

/** The UTC date (`YYYY-MM-DD`) of a stored ISO timestamp. */
export const dayOf = (iso: string): string => iso.slice(0, 10);

const MIDNIGHT = /^\d{4}-\d{2}-\d{2}T00:00:00\.000Z$/;

/**
 * The first day of the window and the day after its last (`YYYY-MM-DD`). Throws a RangeError when
 * `from` or `to` is not a UTC midnight: the day aggregates cannot answer a part of a day.
 */
export function windowDays(window: TimeWindow): { fromDay: string; toDay: string } {
  if (!MIDNIGHT.test(window.from) || !MIDNIGHT.test(window.to)) {
    throw new RangeError(`storage: an analytics window runs from one UTC midnight to another (got ${window.from} to ${window.to})`);
  }
  return { fromDay: dayOf(window.from), toDay: dayOf(window.to) };
}

/**
 * One board's figures for one UTC day, over its non-hidden posts: a row of the maintained day
 * aggregates (`fb_board_days` in SQLite and PostgreSQL, `board_days` in the record store).
 */
export interface DayRow {
  /** `YYYY-MM-DD` (UTC). */
  day: string;
  /** Posts created that day. */
  posts: number;
  /** Of those, posts with at least one vote. */
  posts_with_votes: number;
  /** Sum of the comment counts of those posts. */
  post_comments: number;
  /** Votes cast that day. */
  votes: number;
  /** Comments written that day. */
  comments: number;
}

/** The figures of analytics that the window's day rows give: sums and the daily series. */
export function dayFigures(
  days: readonly DayRow[],
): Pick<AnalyticsAggregate, 'posts' | 'votes' | 'comments' | 'postsPerDay' | 'votesPerDay' | 'postsWithVotes' | 'commentsOnWindowPosts'> {
  const sum = (field: keyof Omit<DayRow, 'day'>) => days.reduce((total, row) => total + row[field], 0);
  const series = (field: 'posts' | 'votes'): DailyCount[] =>
    days.filter((row) => row[field] > 0).map((row) => ({ date: row.day, count: row[field] }));
  return {
    posts: sum('posts'),
    votes: sum('votes'),
    comments: sum('comments'),
    postsPerDay: series('posts'),
    votesPerDay: series('votes'),
    postsWithVotes: sum('posts_with_votes'),
    commentsOnWindowPosts: sum('post_comments'),
  };
}

/** Posts per status, zero for a status with no row. */
export function statusBreakdownOf(rows: Iterable<{ status: PostStatus; posts: number }>): Record<PostStatus, number> {
  const breakdown = Object.fromEntries(POST_STATUSES.map((status) => [status, 0])) as Record<PostStatus, number>;
  for (const { status, posts } of rows) breakdown[status] = posts;
  return breakdown;
}
