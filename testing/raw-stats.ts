/**
 * The statistics computed the slow way, from the raw rows a randomized sequence wrote (posts,
 * votes and comments as the storage returned them): the reference that the maintained aggregates
 * of every adapter must equal after any sequence of votes, unvotes, deletes, hides, status moves
 * and writes dated on different days.
 */
import { POST_STATUSES, type PostRecord, type PostStatus } from '../src/domain/records.js';
import type { AnalyticsAggregate, DailyCount, TimeWindow } from '../src/storage/contract.js';

/** The rows written so far, by id; learnt from the results of the reference's writes. */
export interface RawRows {
  posts: Map<number, PostRecord>;
  /** `${post}:${voter}` -> cast at */
  votes: Map<string, { post: number; voter: number; at: string }>;
  comments: { post: number; at: string }[];
}

export const emptyRawRows = (): RawRows => ({ posts: new Map(), votes: new Map(), comments: [] });

const within = (at: string | null, w: TimeWindow) => at !== null && at >= w.from && at < w.to;

function perDay(times: readonly string[]): DailyCount[] {
  const counts = new Map<string, number>();
  for (const at of times) counts.set(at.slice(0, 10), (counts.get(at.slice(0, 10)) ?? 0) + 1);
  return [...counts].sort(([a], [b]) => (a < b ? -1 : 1)).map(([date, count]) => ({ date, count }));
}

/** The analytics aggregate of `board` over `window`, by scanning every raw row. */
export function rawAnalytics(raw: RawRows, board: number, window: TimeWindow): AnalyticsAggregate {
  const count = (id: number, rows: Iterable<{ post: number }>) => [...rows].filter((r) => r.post === id).length;
  const visible = [...raw.posts.values()]
    .filter((p) => p.board_id === board && !p.hidden)
    .map((p) => ({ ...p, vote_count: count(p.id, raw.votes.values()), comment_count: count(p.id, raw.comments) }));
  const ids = new Set(visible.map((p) => p.id));
  const statusBreakdown = Object.fromEntries(POST_STATUSES.map((s) => [s, 0])) as Record<PostStatus, number>;
  for (const post of visible) statusBreakdown[post.status] += 1;
  const windowPosts = visible.filter((p) => within(p.created_at, window));
  const votes = [...raw.votes.values()].filter((v) => ids.has(v.post) && within(v.at, window));
  const shipped = visible.filter((p) => p.status === 'shipped');
  return {
    posts: windowPosts.length,
    votes: votes.length,
    comments: raw.comments.filter((c) => ids.has(c.post) && within(c.at, window)).length,
    voters: new Set(votes.map((v) => v.voter)).size,
    statusBreakdown,
    postsPerDay: perDay(windowPosts.map((p) => p.created_at)),
    votesPerDay: perDay(votes.map((v) => v.at)),
    topRequests: visible
      .filter((p) => p.status !== 'shipped' && p.status !== 'declined')
      .sort((a, b) => b.vote_count - a.vote_count || (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : a.id - b.id))
      .slice(0, 10),
    shippedTotal: shipped.length,
    shippedInWindow: shipped.filter((p) => within(p.shipped_at, window)).length,
    postsWithVotes: windowPosts.filter((p) => p.vote_count > 0).length,
    commentsOnWindowPosts: windowPosts.reduce((sum, p) => sum + p.comment_count, 0),
  };
}

/** Ship stats of `board` over `window`, by scanning every raw row. */
export function rawShipStats(raw: RawRows, board: number, window: TimeWindow): { ids: number[]; voterCount: number } {
  const posts = [...raw.posts.values()]
    .filter((p) => p.board_id === board && !p.hidden && p.status === 'shipped' && within(p.shipped_at, window))
    .sort((a, b) => (a.shipped_at! < b.shipped_at! ? 1 : a.shipped_at! > b.shipped_at! ? -1 : b.id - a.id));
  const ids = new Set(posts.map((p) => p.id));
  const voters = new Set([...raw.votes.values()].filter((v) => ids.has(v.post)).map((v) => v.voter));
  return { ids: posts.map((p) => p.id), voterCount: voters.size };
}
