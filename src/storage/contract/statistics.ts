/** The statistics aggregate of the storage contract: ship statistics and analytics of a board. */
import type { PostRecord, PostStatus } from '../../domain/records.js';
import type { AggregateDefinition } from './shared.js';
import type { ScopeTable } from './scopes.js';

/** `from` inclusive, `to` exclusive (ISO timestamps). */
export interface TimeWindow {
  from: string;
  to: string;
}

/** A post of the ship statistics: only what the operation shows of it. */
export interface ShippedPost {
  id: number;
  title: string;
  vote_count: number;
  /** When it shipped (ISO); always set for a shipped post in the window. */
  shipped_at: string;
}

/** Per-day counts; `date` is `YYYY-MM-DD` (UTC). Days without any are omitted. */
export interface DailyCount {
  date: string;
  count: number;
}

/** Everything the analytics operation needs, computed over the board's non-hidden posts. */
export interface AnalyticsAggregate {
  /** Posts created in the window. */
  posts: number;
  /** Votes cast in the window. */
  votes: number;
  /** Comments (hidden ones included) written in the window. */
  comments: number;
  /** Distinct voters who cast a vote in the window. */
  voters: number;
  /** Current status of every non-hidden post; every status present (0 when none). */
  statusBreakdown: Record<PostStatus, number>;
  /** Posts created per UTC day in the window, date asc. */
  postsPerDay: DailyCount[];
  /** Votes cast per UTC day in the window, date asc. */
  votesPerDay: DailyCount[];
  /** Up to 10 posts not shipped or declined: vote_count desc, created_at asc, id asc. */
  topRequests: PostRecord[];
  /** Posts whose status is shipped (all time). */
  shippedTotal: number;
  /** Posts whose status is shipped and whose shipped_at is in the window. */
  shippedInWindow: number;
  /** Posts created in the window that have at least one vote. */
  postsWithVotes: number;
  /** Sum of comment_count over posts created in the window. */
  commentsOnWindowPosts: number;
}

/** The board's figures over a time window: reads only, answered from maintained aggregates. */
export interface StatisticsTx {
  /**
   * Non-hidden posts whose status is shipped and whose shipped_at is in the window
   * (shipped_at desc, id desc), and the number of distinct voters of those posts. A window from
   * one UTC midnight to another (a month or an ISO week) can be answered from per-day
   * aggregates, so its cost follows the posts shipped in it, not the votes ever cast on them.
   */
  shipStats(boardId: number, window: TimeWindow): Promise<{ posts: ShippedPost[]; voterCount: number }>;
  /**
   * Every figure of the analytics operation for the window; see {@link AnalyticsAggregate}. The
   * window runs from one UTC midnight to another (a RangeError otherwise): adapters answer it from
   * per-day aggregates kept up to date by every write, so its cost does not grow with history.
   */
  analytics(boardId: number, window: TimeWindow): Promise<AnalyticsAggregate>;
}

/** The statistics aggregate: both methods read; no generic fallbacks. */
export const STATISTICS_AGGREGATE = {
  writes: { shipStats: false, analytics: false },
  fallbacks: {},
} satisfies AggregateDefinition<StatisticsTx>;

/** What each method locks in a write transaction (see ./scopes.ts). */
export const STATISTICS_SCOPES = {
  shipStats: 'board',
  analytics: 'board',
} satisfies ScopeTable<StatisticsTx>;
