/**
 * The statistics aggregate over the record store: ship stats and analytics, over a board's
 * non-hidden posts. The window's posts, votes, comments and voters come from the maintained
 * aggregates (see aggregates.ts), so no vote or comment is read; statuses, shipped counts and top
 * requests walk the board's posts.
 */
import { POST_STATUSES, type PostRecord, type PostStatus } from '../../domain/records.js';
import { DAY_MS } from '../../domain/time.js';
import type { AnalyticsAggregate } from '../contract.js';
import type { AggregateMethods } from '../contract/registry.js';
import { dayFigures, dayOf, windowDays } from '../days.js';
import type { BoardDayRow } from '../record-rows.js';
import { cloneRow, type RecordStore } from '../record-store.js';
import { byShippedDesc, byVotesThenOldest, inWindow } from './shared.js';

const TOP_REQUESTS = 10;

export function statisticsMethods(store: RecordStore): AggregateMethods<'statistics'> {
  const posts = store.table('posts');
  const votes = store.table('votes');
  const days = store.table('board_days');
  const boardVoters = store.table('board_voters');

  return {
    async shipStats(boardId, window) {
      const shipped = (await posts.getAllFromIndex('by_board_status', [boardId, 'shipped']))
        .filter((post) => !post.hidden && inWindow(post.shipped_at, window))
        .sort(byShippedDesc);
      const voterIds = new Set<number>();
      for (const post of shipped) {
        for (const vote of await votes.getAllFromIndex('by_post', post.id)) voterIds.add(vote.voter_id);
      }
      const slim = ({ id, title, vote_count, shipped_at }: PostRecord) => ({ id, title, vote_count, shipped_at: shipped_at! });
      return { posts: shipped.map(slim), voterCount: voterIds.size };
    },

    async analytics(boardId, window) {
      const { fromDay, toDay } = windowDays(window);
      const visible = (await posts.getAllFromIndex('by_board', boardId)).filter((post) => !post.hidden);
      const statusBreakdown = Object.fromEntries(POST_STATUSES.map((status) => [status, 0])) as Record<
        PostStatus,
        number
      >;
      let shippedTotal = 0;
      let shippedInWindow = 0;
      for (const post of visible) {
        statusBreakdown[post.status] += 1;
        if (post.status === 'shipped') {
          shippedTotal += 1;
          if (inWindow(post.shipped_at, window)) shippedInWindow += 1;
        }
      }
      const topRequests = visible
        .filter((post) => post.status !== 'shipped' && post.status !== 'declined')
        .sort(byVotesThenOldest)
        .slice(0, TOP_REQUESTS)
        .map((post) => cloneRow(post));

      // The window's days from the maintained day rows; distinct voters from the board's voter rows.
      const dayRows: BoardDayRow[] = [];
      for (let at = Date.parse(window.from); at < Date.parse(window.to); at += DAY_MS) {
        const row = await days.get([boardId, dayOf(new Date(at).toISOString())]);
        if (row) dayRows.push(row);
      }
      let voterCount = 0;
      for (const voter of await boardVoters.getAllFromIndex('by_board', boardId)) {
        if (voter.last_day < fromDay) continue;
        if (voter.last_day < toDay || Object.keys(voter.days).some((day) => day >= fromDay && day < toDay)) voterCount += 1;
      }
      const aggregate: AnalyticsAggregate = {
        ...dayFigures(dayRows),
        voters: voterCount,
        statusBreakdown,
        topRequests,
        shippedTotal,
        shippedInWindow,
      };
      return aggregate;
    },
  };
}

/** The aggregate's factory, as the record transaction loads it. */
export default statisticsMethods;
