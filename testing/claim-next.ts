/**
 * Claim-next (`claimNextPost`): queue order, nobody's live claim (the caller's own included),
 * expired claims handed out again, hidden, shipped and declined posts never, and the race of
 * many callers on fewer posts.
 */
import type { ClaimNextRequest, NewPost } from '../src/storage/contract.js';
import { at, castVotes, newApiKey, newBoard, newPost, seedBoard, seedVoters } from './fixtures.js';
import type { SuiteContext } from './harness.js';

type PostSeed = Partial<NewPost> & { votes?: number };

/** The listQueue suite's posts: the queue in order is 3, 1, 9, 10, 5, 2, 11. */
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
const QUEUE_ORDER = [3, 1, 9, 10, 5, 2, 11];

export function claimNextTests(ctx: SuiteContext): void {
  const { expect } = ctx;

  /** Board 1 (and an empty board 2) with the given posts, and API keys 1..keys. */
  async function seed(rows: readonly PostSeed[], keys = 2): Promise<void> {
    await ctx.write(async (tx) => {
      const { organization, board } = await seedBoard(tx);
      await tx.insertBoard(newBoard(organization.id, { slug: 'empty' }));
      for (let i = 1; i <= keys; i++) await tx.insertApiKey(newApiKey(organization.id, { label: `key ${i}`, hash: `h${i}` }));
      const voters = await seedVoters(tx, organization.id, Math.max(0, ...rows.map((row) => row.votes ?? 0)));
      for (const { votes = 0, ...row } of rows) {
        const post = await tx.insertPost(newPost(board.id, row));
        await castVotes(tx, post.id, voters.slice(0, votes));
      }
    });
  }

  function claimNext(request: Partial<ClaimNextRequest> & { api_key_id: number }) {
    return ctx.write((tx) => tx.claimNextPost({ board_id: 1, now: at(30), expires_at: at(90), ...request }));
  }

  ctx.t.describe('claimNextPost', () => {
    ctx.test('claim-next hands out the queue in order, a different post each call, then null', async () => {
      await seed(QUEUE_POSTS);
      const handed: number[] = [];
      for (let i = 0; i < QUEUE_ORDER.length; i++) {
        const claim = await claimNext({ api_key_id: 1 + (i % 2) });
        expect(claim).not.toBeNull();
        handed.push(claim!.post_id);
      }
      expect(handed).toEqual(QUEUE_ORDER);
      expect(await claimNext({ api_key_id: 1 })).toBeNull();
      expect(await claimNext({ api_key_id: 2 })).toBeNull();
      // Hidden, shipped, declined and unranked non-planned posts were never handed out.
      const claims = await ctx.read((tx) => tx.getClaims([4, 6, 7, 8, 12, 13]));
      expect(claims.size).toBe(0);
    });

    ctx.test('claim-next stores a new claim: claimed_at now, the label or "", the given expiry', async () => {
      await seed(QUEUE_POSTS);
      const labelled = await claimNext({ api_key_id: 2, agent_label: 'bot', now: at(31), expires_at: at(45) });
      const expected = { post_id: 3, api_key_id: 2, agent_label: 'bot', claimed_at: at(31), expires_at: at(45) };
      expect(labelled).toEqual(expected);
      expect(await ctx.read((tx) => tx.getClaim(3))).toEqual(expected);
      expect(await claimNext({ api_key_id: 1 })).toEqual({
        post_id: 1, api_key_id: 1, agent_label: '', claimed_at: at(30), expires_at: at(90),
      });
    });

    ctx.test('claim-next skips live claims of anyone, the caller’s own included', async () => {
      await seed(QUEUE_POSTS);
      await ctx.write(async (tx) => {
        await tx.claimPost({ post_id: 3, api_key_id: 1, now: at(0), expires_at: at(31) });
        await tx.claimPost({ post_id: 1, api_key_id: 2, now: at(0), expires_at: at(60) });
      });
      expect((await claimNext({ api_key_id: 1 }))?.post_id).toBe(9);
      // The caller's own live claim on 3 is not extended or handed back to it.
      expect(await ctx.read((tx) => tx.getClaim(3))).toEqual({
        post_id: 3, api_key_id: 1, agent_label: '', claimed_at: at(0), expires_at: at(31),
      });
      expect((await claimNext({ api_key_id: 1 }))?.post_id).toBe(10);
    });

    ctx.test('claim-next hands out a post whose claim has expired again, to anyone', async () => {
      await seed([{ status: 'planned' }, { status: 'planned' }]);
      const first = await claimNext({ api_key_id: 1, agent_label: 'old', now: at(0), expires_at: at(10) });
      expect(first?.post_id).toBe(1);
      expect((await claimNext({ api_key_id: 1, now: at(9), expires_at: at(20) }))?.post_id).toBe(2);
      expect(await claimNext({ api_key_id: 2, now: at(9), expires_at: at(20) })).toBeNull();
      // At at(10) the first claim has expired (live while now < expires_at): post 1 is free again.
      const again = await claimNext({ api_key_id: 2, now: at(10), expires_at: at(40) });
      expect(again).toEqual({ post_id: 1, api_key_id: 2, agent_label: '', claimed_at: at(10), expires_at: at(40) });
      expect(await ctx.read((tx) => tx.getClaim(1))).toEqual(again);
      const mine = await claimNext({ api_key_id: 1, now: at(20), expires_at: at(30) });
      expect(mine?.post_id).toBe(2);
    });

    ctx.test('claim-next never hands out hidden, shipped or declined posts, nor another board’s', async () => {
      await seed([
        { status: 'planned', hidden: true },
        { status: 'shipped', queue_rank: 0, shipped_at: at(0) },
        { status: 'declined', queue_rank: 1 },
        { status: 'open', queue_rank: 2, hidden: true },
        { status: 'open' },
        { status: 'in_progress' },
      ]);
      expect(await claimNext({ api_key_id: 1 })).toBeNull();
      expect(await claimNext({ api_key_id: 1, board_id: 2 })).toBeNull();
      expect(await claimNext({ api_key_id: 1, board_id: 99 })).toBeNull();
      expect((await ctx.read((tx) => tx.getClaims([1, 2, 3, 4, 5, 6]))).size).toBe(0);
    });

    ctx.test('50 concurrent claim-next calls on 20 posts: 20 distinct claims and 30 nulls', async () => {
      const posts: PostSeed[] = Array.from({ length: 20 }, (_, i) =>
        i % 4 === 0 ? { status: 'in_progress', queue_rank: i } : { status: 'planned', created_at: at(i) },
      );
      await seed(posts, 50);
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, i) => claimNext({ api_key_id: i + 1, agent_label: `caller ${i + 1}` })),
      );
      const won = results.filter((claim) => claim !== null);
      expect(won).toHaveLength(20);
      expect(results.filter((claim) => claim === null)).toHaveLength(30);
      expect(new Set(won.map((claim) => claim!.post_id)).size).toBe(20);
      expect(new Set(won.map((claim) => claim!.api_key_id)).size).toBe(20);
      const stored = await ctx.read((tx) => tx.getClaims(posts.map((_, i) => i + 1)));
      expect(stored.size).toBe(20);
      for (const claim of won) expect(stored.get(claim!.post_id)).toEqual(claim);
    });
  });
}
