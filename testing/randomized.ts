/**
 * Randomized operation sequences, run step by step on the target and on a fresh memory storage
 * (the reference implementation): every result must be equal. After each sequence the target's
 * counters and totals must also agree with its own rows, which holds the reference to account
 * too when the target is the memory storage itself.
 */
import fc from 'fast-check';
import { createMemoryStorage } from '../adapters/memory/index.js';
import { POST_STATUSES, type PostStatus } from '../src/domain/records.js';
import type { Storage } from '../src/storage/contract.js';
import { normalize } from './fixtures.js';
import type { SuiteContext } from './harness.js';
import { BOARDS, sequence } from './random-arbitraries.js';
import { plan, setUp, type Known } from './random-commands.js';
import { onDay } from './fixtures.js';
import { emptyRawRows, rawAnalytics, rawShipStats } from './raw-stats.js';

const SEED = 20261121;
const RUNS = 50;

export function randomizedTests(ctx: SuiteContext): void {
  const { expect } = ctx;

  ctx.t.describe('randomized sequences', () => {
    ctx.test(`${RUNS} random operation sequences give the reference implementation's results`, async () => {
      await fc.assert(
        fc.asyncProperty(sequence, async (commands) => {
          const target = await ctx.target.create();
          const reference = createMemoryStorage();
          try {
            await setUp(target);
            await setUp(reference);
            const known: Known = { posts: [], comments: [], tags: [], raw: emptyRawRows() };
            for (const [index, cmd] of commands.entries()) {
              const step = plan(cmd, known);
              if (step === null) continue;
              const expected = await reference.transaction('write', step.run);
              const actual = await target.transaction('write', step.run);
              expect({ index, step: step.shown, result: normalize(actual) }).toEqual({
                index,
                step: step.shown,
                result: normalize(expected),
              });
              step.learn?.(expected);
            }
            await checkInvariants(target, known);
            await checkStatistics(target, known);
          } finally {
            await target.close();
            await reference.close();
          }
        }),
        { seed: SEED, numRuns: RUNS },
      );
    }, 120_000);
  });

  /**
   * The maintained statistics equal the same figures computed from the raw rows written, for
   * windows before, across and after the days the sequence wrote on.
   */
  async function checkStatistics(storage: Storage, known: Known): Promise<void> {
    const windows = [[-1, 9], [0, 1], [2, 5], [6, 7], [8, 10]].map(([from, to]) => ({ from: onDay(from!, 0), to: onDay(to!, 0) }));
    await storage.transaction('read', async (tx) => {
      for (const board of BOARDS) {
        for (const window of windows) {
          const shown = { board, window };
          expect({ ...shown, analytics: normalize(await tx.analytics(board, window)) }).toEqual({
            ...shown,
            analytics: normalize(rawAnalytics(known.raw, board, window)),
          });
          const ship = await tx.shipStats(board, window);
          expect({ ...shown, ids: ship.posts.map((post) => post.id), voterCount: ship.voterCount }).toEqual({
            ...shown,
            ...rawShipStats(known.raw, board, window),
          });
        }
      }
    });
  }

  /** Counters and totals agree with the rows they summarize. */
  async function checkInvariants(storage: Storage, known: Known): Promise<void> {
    await storage.transaction('read', async (tx) => {
      for (const { id, live } of known.posts) {
        const post = await tx.getPost(id);
        expect(post !== null).toBe(live);
        if (post === null) continue;
        expect([id, post.vote_count]).toEqual([id, (await tx.listVoterIds(id)).length]);
        expect([id, post.comment_count]).toEqual([id, (await tx.listComments(id)).length]);
      }
      for (const boardId of BOARDS) {
        const page = await tx.listPosts(boardId, { sort: 'new', limit: 500, offset: 0 });
        const onBoard = known.posts.filter((post) => post.live && post.board === boardId).map((post) => post.id);
        expect([...page.rows.map((post) => post.id)].sort((a, b) => a - b)).toEqual(onBoard);
        expect(page.total).toBe(onBoard.length);
        const statuses = new Map<PostStatus, number>();
        for (const post of page.rows) statuses.set(post.status, (statuses.get(post.status) ?? 0) + 1);
        for (const status of POST_STATUSES) {
          const filtered = await tx.listPosts(boardId, { sort: 'top', limit: 1, offset: 0, status });
          expect([status, filtered.total]).toEqual([status, statuses.get(status) ?? 0]);
        }
        const tagsOf = await tx.getTagsOfPosts(page.rows.map((post) => post.id));
        for (const tagId of known.tags) {
          const tagged = page.rows.filter((post) => (tagsOf.get(post.id) ?? []).some((tag) => tag.id === tagId)).length;
          const filtered = await tx.listPosts(boardId, { sort: 'new', limit: 1, offset: 0, tagId });
          // A tag belongs to one board: on another board its list is empty.
          expect([boardId, tagId, filtered.total]).toEqual([boardId, tagId, tagged]);
        }
      }
    });
  }
}
