/**
 * Statistics after random work through the service on a moderated board: votes and unvotes,
 * status moves (shipping and unshipping), hides, merges and unmerges, voters' posts held and then
 * approved or rejected, on days the clock moves across. After each sequence, analytics and ship
 * statistics of several windows equal the same figures recounted from the stored rows
 * (raw-stats.ts), and every maintained counter equals its recount (raw-counters.ts): hidden,
 * merged and still-held posts count nowhere. The target's `readTables` gives the rows; without it
 * the test is skipped, with the reason in its name.
 */
import fc from 'fast-check';
import { createFeedbackBoard } from '../src/board.js';
import { isFeedbackBoardError } from '../src/domain/errors.js';
import type { PostRecord } from '../src/domain/records.js';
import type { CountedTable } from '../src/storage/counter-model.js';
import { COUNTER_TABLES } from '../src/storage/counters.js';
import { T0, normalize, onDay } from './fixtures.js';
import type { SuiteContext } from './harness.js';
import { recountCounterRows, storedCounterRows } from './raw-counters.js';
import { emptyRawRows, rawAnalytics, rawShipStats, type RawRows } from './raw-stats.js';

const POSTS = 6;
const VOTERS = 4;
const HOUR = 3_600_000;
const COUNTED: readonly CountedTable[] = ['posts', 'votes', 'comments', 'post_tags', 'board_voters', 'ship_voters'];
const NAME = 'analytics, ship statistics and counters after random votes, status moves, hides, merges and moderation equal their recount';

const post = fc.nat(POSTS - 1);
const voter = fc.nat(VOTERS - 1);
const command = fc.oneof(
  fc.record({ kind: fc.constant('wait' as const), hours: fc.integer({ min: 1, max: 40 }) }),
  fc.record({ kind: fc.constant('vote' as const), post, voter }),
  fc.record({ kind: fc.constant('unvote' as const), post, voter }),
  fc.record({ kind: fc.constant('status' as const), post, status: fc.constantFrom('open' as const, 'planned' as const, 'shipped' as const, 'declined' as const) }),
  fc.record({ kind: fc.constant('hide' as const), post, hidden: fc.boolean() }),
  fc.record({ kind: fc.constant('merge' as const), post, into: post }),
  fc.record({ kind: fc.constant('unmerge' as const), post }),
  fc.record({ kind: fc.constant('submit' as const), voter }),
  fc.record({ kind: fc.constant('decide' as const), held: fc.nat(7), approve: fc.boolean() }),
);

/** The rows of a store's tables as the raw rows the reference counts (votes' and comments' days). */
function rawRowsOf(tables: Record<string, readonly object[]>): RawRows {
  const raw = emptyRawRows();
  for (const row of tables.posts as PostRecord[]) raw.posts.set(row.id, row);
  for (const row of tables.votes as { post_id: number; voter_id: number; created_at: string }[]) {
    raw.votes.set(`${row.post_id}:${row.voter_id}`, { post: row.post_id, voter: row.voter_id, at: row.created_at });
  }
  for (const row of tables.comments as { post_id: number; created_at: string }[]) raw.comments.push({ post: row.post_id, at: row.created_at });
  return raw;
}

export function statisticsExactnessTests(ctx: SuiteContext): void {
  const { expect } = ctx;
  const read = ctx.target.readTables;

  ctx.t.describe('statistics exactness', () => {
    if (read === undefined) {
      ctx.t.it.skip?.(`${NAME} (skipped: the target gives no readTables)`, () => undefined);
      return;
    }
    ctx.test(NAME, async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(command, { minLength: 10, maxLength: 40 }), async (commands) => {
          const storage = await ctx.target.create();
          try {
            let now = T0;
            const board = createFeedbackBoard({ storage, clock: { now: () => now }, logger: { error: () => {} } });
            const org = await storage.transaction('write', (tx) => tx.insertOrganization({ name: 'Acme', created_at: new Date(T0).toISOString() }));
            const team = board.team(org.id);
            await team.api.boards.create({ slug: 'features', name: 'Features' });
            await team.boards.setPublished('features', true);
            const voters: number[] = [];
            for (let v = 0; v < VOTERS; v++) voters.push((await board.voters.register(org.id, { email: `v${v}@example.com`, name: `V${v}` })).id);
            const posts: number[] = [];
            for (let p = 0; p < POSTS; p++) posts.push((await team.api.posts.create('features', { title: `Post ${p}` })).id);
            await team.boards.setModerated('features', true);
            const held: number[] = [];
            // A refusal (a vote on a hidden post, a merge of a merged post...) changes nothing and is skipped.
            const attempt = async (run: () => Promise<unknown>) => {
              try {
                await run();
              } catch (error) {
                if (!isFeedbackBoardError(error)) throw error;
              }
            };
            for (const step of commands) {
              if (step.kind === 'wait') now += step.hours * HOUR;
              else if (step.kind === 'vote') await attempt(() => board.voters.vote(voters[step.voter]!, posts[step.post]!));
              else if (step.kind === 'unvote') await attempt(() => board.voters.unvote(voters[step.voter]!, posts[step.post]!));
              else if (step.kind === 'status') await attempt(() => team.api.posts.update('features', posts[step.post]!, { status: step.status }));
              else if (step.kind === 'hide') await attempt(() => team.posts.setHidden(posts[step.post]!, step.hidden));
              else if (step.kind === 'merge') await attempt(() => team.api.posts.merge('features', posts[step.post]!, { into: posts[step.into]! }));
              else if (step.kind === 'unmerge') await attempt(() => team.posts.unmerge(posts[step.post]!));
              else if (step.kind === 'submit') {
                await attempt(async () => held.push((await board.voters.submitPost(voters[step.voter]!, 'features', { title: `Held ${held.length}` })).id));
              } else if (held.length > 0) {
                const id = held[step.held % held.length]!;
                await attempt(async () => {
                  if (step.approve) posts.push((await team.moderation.approve(id)).id);
                  else await team.moderation.reject(id);
                });
              }
            }

            const tables = await read(storage, ['comments', ...COUNTED, ...COUNTER_TABLES.map((table) => table.name)]);
            const raw = rawRowsOf(tables);
            const boardId = (await storage.transaction('read', (tx) => tx.getPost(posts[0]!)))!.board_id;
            const days = Math.ceil((now - T0) / (24 * HOUR)) + 2;
            const windows = [[-1, days], [0, 1], [1, 3], [2, days]].map(([from, to]) => ({ from: onDay(from!, 0), to: onDay(to!, 0) }));
            await storage.transaction('read', async (tx) => {
              for (const window of windows) {
                const analytics = await tx.analytics(boardId, window);
                const expected = rawAnalytics(raw, boardId, window);
                const ids = (rows: readonly { id: number }[]) => rows.map((row) => row.id);
                expect({ window, ...normalize({ ...analytics, topRequests: ids(analytics.topRequests) }) as object }).toEqual({
                  window,
                  ...normalize({ ...expected, topRequests: ids(expected.topRequests) }) as object,
                });
                const ship = await tx.shipStats(boardId, window);
                expect({ window, ids: ids(ship.posts), voterCount: ship.voterCount }).toEqual({ window, ...rawShipStats(raw, boardId, window) });
              }
            });
            for (const table of COUNTER_TABLES.filter((kept) => kept.name in tables)) {
              expect({ table: table.name, rows: storedCounterRows(table, tables) }).toEqual({ table: table.name, rows: recountCounterRows(table, tables) });
            }
          } finally {
            await storage.close();
          }
        }),
        { seed: 20261125, numRuns: 15 },
      );
    }, 180_000);
  });
}
