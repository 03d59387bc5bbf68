/** The agent queue, the roadmap and the changelog. */
import type { NewPost } from '../src/storage/contract.js';
import { at, castVotes, ids, newApiKey, newPost, seedBoard, seedVoters } from './fixtures.js';
import type { SuiteContext } from './harness.js';

type PostSeed = Partial<NewPost> & { votes?: number };

export function listTests(ctx: SuiteContext): void {
  const { expect } = ctx;

  /** Board 1 with the given posts (ids 1, 2, ... in order), each with `votes` votes. */
  async function seedPosts(rows: readonly PostSeed[]): Promise<void> {
    await ctx.write(async (tx) => {
      const { organization, board } = await seedBoard(tx);
      await tx.insertApiKey(newApiKey(organization.id, { label: 'A', hash: 'a' }));
      await tx.insertApiKey(newApiKey(organization.id, { label: 'B', hash: 'b' }));
      const voters = await seedVoters(tx, organization.id, Math.max(0, ...rows.map((row) => row.votes ?? 0)));
      for (const { votes = 0, ...row } of rows) {
        const post = await tx.insertPost(newPost(board.id, row));
        await castVotes(tx, post.id, voters.slice(0, votes));
      }
    });
  }

  ctx.t.describe('listQueue', () => {
    const QUEUE_POSTS: PostSeed[] = [
      /* 1 */ { status: 'open', queue_rank: 2 },
      /* 2 */ { status: 'planned', votes: 2, created_at: at(1) },
      /* 3 */ { status: 'in_progress', queue_rank: 0 },
      /* 4 */ { status: 'shipped', queue_rank: 1, shipped_at: at(0) },
      /* 5 */ { status: 'planned', votes: 2, created_at: at(0) },
      /* 6 */ { status: 'open' },
      /* 7 */ { status: 'planned', votes: 9, hidden: true },
      /* 8 */ { status: 'declined', queue_rank: 3 },
      /* 9 */ { status: 'planned', queue_rank: 2 },
      /* 10 */ { status: 'planned', votes: 5, created_at: at(5) },
      /* 11 */ { status: 'planned', votes: 2, created_at: at(1) },
      /* 12 */ { status: 'in_progress', votes: 9 },
      /* 13 */ { status: 'open', queue_rank: 5, hidden: true },
    ];

    async function queue(apiKeyId: number, limit = 100, now = at(30)): Promise<{ ids: number[]; total: number }> {
      const page = await ctx.read((tx) => tx.listQueue(1, { apiKeyId, now, limit }));
      return { ids: ids(page.rows), total: page.total };
    }

    ctx.test('queue: ranked posts by rank then id, then unranked planned posts by votes, age and id', async () => {
      await seedPosts(QUEUE_POSTS);
      expect(await queue(1)).toEqual({ ids: [3, 1, 9, 10, 5, 2, 11], total: 7 });
    });

    ctx.test('queue: limit cuts the list and total counts every eligible post', async () => {
      await seedPosts(QUEUE_POSTS);
      expect(await queue(1, 2)).toEqual({ ids: [3, 1], total: 7 });
      expect(await queue(1, 4)).toEqual({ ids: [3, 1, 9, 10], total: 7 });
    });

    ctx.test('queue: another key’s live claim hides a post; the caller’s own and expired claims do not', async () => {
      await seedPosts(QUEUE_POSTS);
      await ctx.write(async (tx) => {
        await tx.claimPost({ post_id: 1, api_key_id: 2, now: at(0), expires_at: at(31) });
        await tx.claimPost({ post_id: 10, api_key_id: 1, now: at(0), expires_at: at(60) });
        await tx.claimPost({ post_id: 5, api_key_id: 2, now: at(0), expires_at: at(30) });
      });
      expect(await queue(1)).toEqual({ ids: [3, 9, 10, 5, 2, 11], total: 6 });
      expect(await queue(2)).toEqual({ ids: [3, 1, 9, 5, 2, 11], total: 6 });
      expect(await queue(1, 100, at(31))).toEqual({ ids: [3, 1, 9, 10, 5, 2, 11], total: 7 });
      expect(await queue(2, 100, at(59))).toEqual({ ids: [3, 1, 9, 5, 2, 11], total: 6 });
    });

    ctx.test('queue: a board queues only its own posts', async () => {
      await seedPosts(QUEUE_POSTS);
      expect(await ctx.read((tx) => tx.listQueue(2, { apiKeyId: 1, now: at(0), limit: 10 }))).toEqual({ rows: [], total: 0 });
    });
  });

  ctx.t.describe('listRoadmap', () => {
    const ROADMAP_POSTS: PostSeed[] = [
      /* 1 */ { status: 'shipped', votes: 5, shipped_at: at(1) },
      /* 2 */ { status: 'open', votes: 1 },
      /* 3 */ { status: 'planned', votes: 2 },
      /* 4 */ { status: 'open', votes: 3, created_at: at(9) },
      /* 5 */ { status: 'in_progress' },
      /* 6 */ { status: 'declined', votes: 9 },
      /* 7 */ { status: 'open', votes: 9, hidden: true },
      /* 8 */ { status: 'open', votes: 1, created_at: at(-5) },
      /* 9 */ { status: 'planned', votes: 2 },
    ];

    ctx.test('roadmap: status order, then vote_count desc, then id asc, without hidden or declined posts', async () => {
      await seedPosts(ROADMAP_POSTS);
      const page = await ctx.read((tx) => tx.listRoadmap(1, { limit: 100, offset: 0 }));
      expect({ ids: ids(page.rows), total: page.total }).toEqual({ ids: [4, 2, 8, 3, 9, 5, 1], total: 7 });
      expect(page.rows[0]).toEqual(await ctx.read(async (tx) => (await tx.getPost(4))!));
    });

    ctx.test('roadmap: limit and offset page it', async () => {
      await seedPosts(ROADMAP_POSTS);
      const page = await ctx.read((tx) => tx.listRoadmap(1, { limit: 3, offset: 2 }));
      expect({ ids: ids(page.rows), total: page.total }).toEqual({ ids: [8, 3, 9], total: 7 });
      const past = await ctx.read((tx) => tx.listRoadmap(1, { limit: 3, offset: 7 }));
      expect(past).toEqual({ rows: [], total: 7 });
      expect(await ctx.read((tx) => tx.listRoadmap(2, { limit: 3, offset: 0 }))).toEqual({ rows: [], total: 0 });
    });
  });

  ctx.t.describe('listChangelog', () => {
    const CHANGELOG_POSTS: PostSeed[] = [
      /* 1 */ { status: 'shipped', shipped_at: at(5) },
      /* 2 */ { status: 'shipped', shipped_at: at(9), created_at: at(-9) },
      /* 3 */ { status: 'shipped', shipped_at: at(5) },
      /* 4 */ { status: 'shipped', shipped_at: at(10), hidden: true },
      /* 5 */ { status: 'open', shipped_at: at(20) },
      /* 6 */ { status: 'shipped', shipped_at: null },
      /* 7 */ { status: 'shipped', shipped_at: at(1), votes: 3 },
    ];

    ctx.test('changelog: non-hidden shipped posts by shipped_at desc, then id desc; a missing shipped_at last', async () => {
      await seedPosts(CHANGELOG_POSTS);
      const page = await ctx.read((tx) => tx.listChangelog(1, { limit: 100, offset: 0 }));
      expect({ ids: ids(page.rows), total: page.total }).toEqual({ ids: [2, 3, 1, 7, 6], total: 5 });
      expect(page.rows[3]!.vote_count).toBe(3);
    });

    ctx.test('changelog: limit and offset page it', async () => {
      await seedPosts(CHANGELOG_POSTS);
      const page = await ctx.read((tx) => tx.listChangelog(1, { limit: 2, offset: 1 }));
      expect({ ids: ids(page.rows), total: page.total }).toEqual({ ids: [3, 1], total: 5 });
      expect(await ctx.read((tx) => tx.listChangelog(2, { limit: 2, offset: 0 }))).toEqual({ rows: [], total: 0 });
    });
  });
}
