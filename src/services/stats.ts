/** Roadmap, changelog, ship stats and analytics (docs/errors-scopes-limits.md#roadmap-changelog-statistics). */
import { analyticsQuery, pageQuery, shipStatsQuery } from '../domain/requests.js';
import type { Analytics, PostList, ShipStats } from '../domain/responses.js';
import { isoWeek, lastDays, toIso, utcMonth } from '../domain/time.js';
import { parseOrThrow } from '../domain/validation.js';
import type { DailyCount, Page } from '../storage/contract.js';
import type { BoardRecord, PostRecord } from '../domain/records.js';
import type { StorageTx } from '../storage/contract.js';
import { read, type Caller, type ServiceContext } from './context.js';
import { boardOf } from './lookup.js';
import type { QueryInput } from './post-reads.js';
import { presentPost } from './present.js';
import { labelsOf } from './status-labels.js';
import { attachmentsOfPosts } from './attachment-views.js';

async function postList(ctx: ServiceContext, tx: StorageTx, board: BoardRecord, page: Page<PostRecord>): Promise<PostList> {
  const ids = page.rows.map((p) => p.id);
  const tags = await tx.getTagsOfPosts(ids);
  const attachments = await attachmentsOfPosts(ctx, tx, ids);
  const labelOf = await labelsOf(tx, board.organization_id);
  return { posts: page.rows.map((p) => presentPost(p, labelOf(p), tags.get(p.id) ?? [], attachments.get(p.id))), total: page.total };
}

export function getRoadmap(ctx: ServiceContext, caller: Caller, slug: string, query: QueryInput = {}): Promise<PostList> {
  const page = parseOrThrow(pageQuery, query);
  return read(ctx, async (tx) => {
    const board = await boardOf(tx, caller, slug);
    return postList(ctx, tx, board, await tx.listRoadmap(board.id, page));
  });
}

export function getChangelog(ctx: ServiceContext, caller: Caller, slug: string, query: QueryInput = {}): Promise<PostList> {
  const page = parseOrThrow(pageQuery, query);
  return read(ctx, async (tx) => {
    const board = await boardOf(tx, caller, slug);
    return postList(ctx, tx, board, await tx.listChangelog(board.id, page));
  });
}

export function getShipStats(ctx: ServiceContext, caller: Caller, slug: string, query: QueryInput = {}): Promise<ShipStats> {
  const { period } = parseOrThrow(shipStatsQuery, query);
  const window = period === 'week' ? isoWeek(ctx.clock.now()) : utcMonth(ctx.clock.now());
  return read(ctx, async (tx) => {
    const board = await boardOf(tx, caller, slug);
    const stats = await tx.shipStats(board.id, { from: toIso(window.from), to: toIso(window.to) });
    return {
      period,
      period_label: window.label,
      shipped_count: stats.posts.length,
      voter_count: stats.voterCount,
      posts: stats.posts.map((p) => ({ id: p.id, title: p.title, vote_count: p.vote_count, shipped_at: p.shipped_at })),
    };
  });
}

const round = (value: number, decimals: number): number => {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
};

/** One entry per date, zeros included. */
function series(dates: readonly string[], counts: readonly DailyCount[]): Map<string, number> {
  const byDate = new Map(counts.map((c) => [c.date, c.count]));
  return new Map(dates.map((d) => [d, byDate.get(d) ?? 0]));
}

/**
 * The window is the N UTC days ending today (from midnight N-1 days ago), so `totals` equal the
 * sums of the daily series.
 */
export function getAnalytics(ctx: ServiceContext, caller: Caller, slug: string, query: QueryInput = {}): Promise<Analytics> {
  const { period } = parseOrThrow(analyticsQuery, query);
  const days = period === '90d' ? 90 : 30;
  const window = lastDays(ctx.clock.now(), days);
  return read(ctx, async (tx) => {
    const board = await boardOf(tx, caller, slug);
    const a = await tx.analytics(board.id, { from: toIso(window.from), to: toIso(window.to) });
    const postsPerDay = series(window.dates, a.postsPerDay);
    const votesPerDay = series(window.dates, a.votesPerDay);
    return {
      period,
      totals: { posts: a.posts, votes: a.votes, comments: a.comments, voters: a.voters },
      status_breakdown: { ...a.statusBreakdown },
      posts_over_time: [...postsPerDay].map(([date, post_count]) => ({ date, post_count })),
      votes_over_time: [...votesPerDay].map(([date, vote_count]) => ({ date, vote_count })),
      top_requests: a.topRequests.map((p) => ({
        id: p.id,
        title: p.title,
        status: p.status,
        vote_count: p.vote_count,
        comment_count: p.comment_count,
        created_at: p.created_at,
        shipped_at: p.shipped_at,
      })),
      ship_velocity: {
        shipped_total: a.shippedTotal,
        shipped_per_week: round(a.shippedInWindow / (days / 7), 2),
        shipped_per_month: round(a.shippedInWindow / (days / 30), 2),
      },
      engagement: {
        comments_per_post: a.posts === 0 ? 0 : round(a.commentsOnWindowPosts / a.posts, 2),
        posts_with_votes_percent: a.posts === 0 ? 0 : round((a.postsWithVotes / a.posts) * 100, 1),
      },
    };
  });
}
