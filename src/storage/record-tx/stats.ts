/** Ship stats and the analytics aggregate, over a board's non-hidden posts. */
import { POST_STATUSES, type PostStatus } from '../../domain/records.js';
import type { AnalyticsAggregate, DailyCount, StorageTx, TimeWindow } from '../contract.js';
import { cloneRow, type RecordStore } from '../record-store.js';
import { byShippedDesc, byVotesThenOldest, compareText, inWindow, type StoredPost } from './shared.js';

type StatsMethods = Pick<StorageTx, 'shipStats' | 'analytics'>;

const TOP_REQUESTS = 10;

/** Counts per UTC day (`YYYY-MM-DD`, the first ten characters of an ISO timestamp), date asc. */
function perDay(timestamps: readonly string[]): DailyCount[] {
  const counts = new Map<string, number>();
  for (const at of timestamps) {
    const date = at.slice(0, 10);
    counts.set(date, (counts.get(date) ?? 0) + 1);
  }
  return [...counts]
    .sort(([a], [b]) => compareText(a, b))
    .map(([date, count]) => ({ date, count }));
}

export function statsMethods(store: RecordStore): StatsMethods {
  const posts = store.table('posts');
  const votes = store.table('votes');

  return {
    async shipStats(boardId, window) {
      const shipped = (await posts.getAllFromIndex('by_board_status', [boardId, 'shipped']))
        .filter((post) => !post.hidden && inWindow(post.shipped_at, window))
        .sort(byShippedDesc);
      const voterIds = new Set<number>();
      for (const post of shipped) {
        for (const vote of await votes.getAllFromIndex('by_post', post.id)) voterIds.add(vote.voter_id);
      }
      return { posts: shipped.map((post) => cloneRow(post)), voterCount: voterIds.size };
    },

    async analytics(boardId, window) {
      const visible = (await posts.getAllFromIndex('by_board', boardId)).filter((post) => !post.hidden);
      const comments = store.table('comments');
      const statusBreakdown = Object.fromEntries(POST_STATUSES.map((status) => [status, 0])) as Record<
        PostStatus,
        number
      >;
      const windowPosts: StoredPost[] = [];
      const voteTimes: string[] = [];
      const voterIds = new Set<number>();
      let commentCount = 0;
      let shippedTotal = 0;
      let shippedInWindow = 0;

      for (const post of visible) {
        statusBreakdown[post.status] += 1;
        if (post.status === 'shipped') {
          shippedTotal += 1;
          if (inWindow(post.shipped_at, window)) shippedInWindow += 1;
        }
        if (inWindow(post.created_at, window)) windowPosts.push(post);
        if (post.vote_count > 0) {
          for (const vote of await votes.getAllFromIndex('by_post', post.id)) {
            if (!inWindow(vote.created_at, window)) continue;
            voteTimes.push(vote.created_at);
            voterIds.add(vote.voter_id);
          }
        }
        if (post.comment_count > 0) {
          for (const comment of await comments.getAllFromIndex('by_post', post.id)) {
            if (inWindow(comment.created_at, window)) commentCount += 1;
          }
        }
      }

      const topRequests = visible
        .filter((post) => post.status !== 'shipped' && post.status !== 'declined')
        .sort(byVotesThenOldest)
        .slice(0, TOP_REQUESTS)
        .map((post) => cloneRow(post));

      const aggregate: AnalyticsAggregate = {
        posts: windowPosts.length,
        votes: voteTimes.length,
        comments: commentCount,
        voters: voterIds.size,
        statusBreakdown,
        postsPerDay: perDay(windowPosts.map((post) => post.created_at)),
        votesPerDay: perDay(voteTimes),
        topRequests,
        shippedTotal,
        shippedInWindow,
        postsWithVotes: windowPosts.filter((post) => post.vote_count > 0).length,
        commentsOnWindowPosts: windowPosts.reduce((sum, post) => sum + post.comment_count, 0),
      };
      return aggregate;
    },
  };
}
