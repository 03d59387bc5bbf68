/** Ship stats and the analytics aggregate. */
import type { PostStatus } from '../src/domain/records.js';
import type { StorageTx, TimeWindow } from '../src/storage/contract.js';
import { ids, newBoard, newComment, newPost, onDay, seedBoard, seedVoters } from './fixtures.js';
import type { SuiteContext } from './harness.js';

/** 2026-11-01 00:00 to 2026-11-04 00:00 UTC. */
const WINDOW: TimeWindow = { from: onDay(0, 0), to: onDay(3, 0) };

interface StatsPost {
  status: PostStatus;
  created: string;
  shipped?: string;
  hidden?: boolean;
  board?: 2;
  /** [voter id, cast at] */
  votes?: [number, string][];
  /** [written at, hidden] */
  comments?: [string, boolean?][];
}

/** Boards 1 and 2 of one organization, five voters, and these posts (ids in order). */
async function seedStats(tx: StorageTx, posts: readonly StatsPost[]): Promise<void> {
  const { organization, board } = await seedBoard(tx);
  const other = await tx.insertBoard(newBoard(organization.id, { slug: 'other' }));
  await seedVoters(tx, organization.id, 5);
  for (const row of posts) {
    const post = await tx.insertPost(
      newPost(row.board === 2 ? other.id : board.id, {
        status: row.status,
        created_at: row.created,
        shipped_at: row.shipped ?? null,
        hidden: row.hidden ?? false,
      }),
    );
    for (const [voterId, when] of row.votes ?? []) await tx.insertVote({ post_id: post.id, voter_id: voterId, created_at: when });
    for (const [when, hidden] of row.comments ?? []) {
      await tx.insertComment(newComment(post.id, { created_at: when, hidden: hidden ?? false }));
    }
  }
}

export function statsTests(ctx: SuiteContext): void {
  const { expect } = ctx;

  ctx.t.describe('shipStats', () => {
    ctx.test('ship stats: non-hidden shipped posts shipped in [from, to), by shipped_at desc then id desc, with distinct voters', async () => {
      await ctx.write((tx) =>
        seedStats(tx, [
          /* 1 */ { status: 'shipped', created: onDay(-5), shipped: onDay(1, 8), votes: [[2, onDay(-2)], [4, onDay(-1)]] },
          /* 2 */ { status: 'shipped', created: onDay(-5), shipped: onDay(-3), votes: [[1, onDay(-4)]] },
          /* 3 */ { status: 'shipped', created: onDay(-5), shipped: onDay(1), hidden: true, votes: [[3, onDay(-1)]] },
          /* 4 */ { status: 'shipped', created: onDay(-5), shipped: onDay(0, 0), votes: [[2, onDay(-1)], [5, onDay(-1)]] },
          /* 5 */ { status: 'shipped', created: onDay(-5), shipped: onDay(3, 0) },
          /* 6 */ { status: 'open', created: onDay(-5), shipped: onDay(1) },
          /* 7 */ { status: 'shipped', created: onDay(-5), shipped: onDay(1, 8) },
          /* 8 */ { status: 'shipped', created: onDay(-5), shipped: onDay(1), board: 2, votes: [[1, onDay(1)]] },
        ]),
      );
      const stats = await ctx.read((tx) => tx.shipStats(1, WINDOW));
      expect(ids(stats.posts)).toEqual([7, 1, 4]);
      expect(stats.voterCount).toBe(3);
      // Each post as the operation shows it, and nothing more.
      const { id, title, vote_count, shipped_at } = await ctx.read(async (tx) => (await tx.getPost(1))!);
      expect(stats.posts[1]).toEqual({ id, title, vote_count, shipped_at });
      expect(await ctx.read((tx) => tx.shipStats(1, { from: onDay(10), to: onDay(11) }))).toEqual({ posts: [], voterCount: 0 });
    });
  });

  ctx.t.describe('analytics', () => {
    const ANALYTICS_POSTS: StatsPost[] = [
      /* 1 */ {
        status: 'open',
        created: onDay(0, 10),
        votes: [[1, onDay(0, 11)], [2, onDay(1, 9)]],
        comments: [[onDay(0, 12)], [onDay(2, 1), true]],
      },
      /* 2 */ { status: 'planned', created: onDay(1, 5), votes: [[1, onDay(2, 0)]] },
      /* 3 */ {
        status: 'shipped',
        created: onDay(-5),
        shipped: onDay(1, 8),
        votes: [[2, onDay(-2)], [4, onDay(2, 23)]],
        comments: [[onDay(-1)], [onDay(0, 0)]],
      },
      /* 4 */ { status: 'shipped', created: onDay(-10), shipped: onDay(-3) },
      /* 5 */ { status: 'declined', created: onDay(2, 10), votes: [[1, onDay(3, 0)]], comments: [[onDay(5)]] },
      /* 6 */ { status: 'open', created: onDay(1, 0), hidden: true, votes: [[5, onDay(1)]], comments: [[onDay(1)]] },
      /* 7 */ { status: 'in_progress', created: onDay(3, 0) },
      /* 8 */ { status: 'shipped', created: onDay(-1), shipped: onDay(1, 0), hidden: true },
      /* 9 */ { status: 'open', created: onDay(1), board: 2, votes: [[1, onDay(1)]], comments: [[onDay(1)]] },
      /* 10 */ { status: 'open', created: onDay(0, 23) },
    ];

    ctx.test('analytics: window totals count non-hidden posts, their votes and comments in [from, to)', async () => {
      await ctx.write((tx) => seedStats(tx, ANALYTICS_POSTS));
      const aggregate = await ctx.read((tx) => tx.analytics(1, WINDOW));
      expect({
        posts: aggregate.posts,
        votes: aggregate.votes,
        comments: aggregate.comments,
        voters: aggregate.voters,
      }).toEqual({ posts: 4, votes: 4, comments: 3, voters: 3 });
    });

    ctx.test('analytics: status breakdown, per-day counts and ship counts', async () => {
      await ctx.write((tx) => seedStats(tx, ANALYTICS_POSTS));
      const aggregate = await ctx.read((tx) => tx.analytics(1, WINDOW));
      expect(aggregate.statusBreakdown).toEqual({ open: 2, planned: 1, in_progress: 1, shipped: 2, declined: 1 });
      expect(aggregate.postsPerDay).toEqual([
        { date: '2026-11-01', count: 2 },
        { date: '2026-11-02', count: 1 },
        { date: '2026-11-03', count: 1 },
      ]);
      expect(aggregate.votesPerDay).toEqual([
        { date: '2026-11-01', count: 1 },
        { date: '2026-11-02', count: 1 },
        { date: '2026-11-03', count: 2 },
      ]);
      expect([aggregate.shippedTotal, aggregate.shippedInWindow]).toEqual([2, 1]);
      expect([aggregate.postsWithVotes, aggregate.commentsOnWindowPosts]).toEqual([3, 3]);
    });

    ctx.test('analytics: top requests are open work by vote_count desc, created_at asc, id asc', async () => {
      await ctx.write((tx) => seedStats(tx, ANALYTICS_POSTS));
      const aggregate = await ctx.read((tx) => tx.analytics(1, WINDOW));
      expect(ids(aggregate.topRequests)).toEqual([1, 2, 10, 7]);
      expect(aggregate.topRequests[0]).toEqual(await ctx.read(async (tx) => (await tx.getPost(1))!));
    });

    ctx.test('analytics: at most 10 top requests, ties broken by id', async () => {
      await ctx.write((tx) =>
        seedStats(
          tx,
          Array.from({ length: 12 }, () => ({ status: 'planned' as const, created: onDay(-1) })),
        ),
      );
      const aggregate = await ctx.read((tx) => tx.analytics(1, WINDOW));
      expect(ids(aggregate.topRequests)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    });

    ctx.test('analytics: a board without posts gives zeros everywhere', async () => {
      await ctx.write((tx) => seedStats(tx, []));
      expect(await ctx.read((tx) => tx.analytics(1, WINDOW))).toEqual({
        posts: 0,
        votes: 0,
        comments: 0,
        voters: 0,
        statusBreakdown: { open: 0, planned: 0, in_progress: 0, shipped: 0, declined: 0 },
        postsPerDay: [],
        votesPerDay: [],
        topRequests: [],
        shippedTotal: 0,
        shippedInWindow: 0,
        postsWithVotes: 0,
        commentsOnWindowPosts: 0,
      });
    });
  });
}
