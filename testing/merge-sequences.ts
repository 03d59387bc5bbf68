/**
 * Random sequences of merges, unmerges and votes through the service over the target storage,
 * against a model of each post's voters and comments and of the listed posts: every merge and
 * unmerge is accepted or refused as the model predicts, and the state after the sequence is the
 * model's.
 */
import fc from 'fast-check';
import { createFeedbackBoard } from '../src/board.js';
import { isFeedbackBoardError } from '../src/domain/errors.js';
import { T0, at, newComment, newPost, seedBoard, seedVoters } from './fixtures.js';
import type { SuiteContext } from './harness.js';

/** The sequences run an hour after the suite's reference instant. */
const MERGE_TIME = T0 + 3_600_000;
const NOW = new Date(MERGE_TIME).toISOString();

export function mergeSequenceTests(ctx: SuiteContext): void {
  const { expect } = ctx;

  ctx.test('merge and unmerge: random sequences agree with a model of voters, comments and listed posts', async () => {
    const POSTS = 5;
    const VOTERS = 6;
    const command = fc.oneof(
      fc.record({ kind: fc.constant('merge' as const), source: fc.nat(POSTS - 1), target: fc.nat(POSTS - 1) }),
      fc.record({ kind: fc.constant('unmerge' as const), source: fc.nat(POSTS - 1) }),
      fc.record({ kind: fc.constant('vote' as const), source: fc.nat(POSTS - 1), voter: fc.nat(VOTERS - 1) }),
    );
    const initialVotes = fc.array(fc.array(fc.boolean(), { minLength: VOTERS, maxLength: VOTERS }), { minLength: POSTS, maxLength: POSTS });
    await fc.assert(
      fc.asyncProperty(initialVotes, fc.array(command, { minLength: 1, maxLength: 14 }), async (votes, commands) => {
        const storage = await ctx.target.create();
        try {
          const seeded = await storage.transaction('write', async (tx) => {
            const { organization, board } = await seedBoard(tx);
            const voters = await seedVoters(tx, organization.id, VOTERS);
            const posts = [];
            for (let p = 0; p < POSTS; p++) {
              const post = await tx.insertPost(newPost(board.id, { title: `Post ${p}`, created_at: at(p) }));
              posts.push(post.id);
              for (let v = 0; v < VOTERS; v++) if (votes[p]![v]) await tx.insertVote({ post_id: post.id, voter_id: voters[v]!.id, created_at: at(p) });
              await tx.insertComment(newComment(post.id, { body: `About ${p}`, created_at: at(p) }));
            }
            return { organization, board, voters: voters.map((v) => v.id), posts };
          });
          const team = createFeedbackBoard({ storage, clock: { now: () => MERGE_TIME } }).team(seeded.organization.id);
          // The model: each post's voters and comments (by the post they were written on), and merges.
          const model = {
            voters: seeded.posts.map((_, p) => new Set(seeded.voters.filter((__, v) => votes[p]![v]))),
            comments: seeded.posts.map((_, p) => new Set([p])),
            into: seeded.posts.map((): number | null => null),
            added: seeded.posts.map((): number[] => []),
            moved: seeded.posts.map((): number[] => []),
          };
          const refused = async (run: () => Promise<unknown>) => {
            try {
              await run();
            } catch (error) {
              if (isFeedbackBoardError(error) && (error.code === 'validation_error' || error.code === 'not_found')) return true;
              throw error;
            }
            return false;
          };
          for (const step of commands) {
            const s = step.source;
            if (step.kind === 'vote') {
              if (model.into[s] !== null || model.voters[s]!.has(seeded.voters[step.voter]!)) continue;
              await storage.transaction('write', (tx) => tx.insertVote({ post_id: seeded.posts[s]!, voter_id: seeded.voters[step.voter]!, created_at: NOW }));
              model.voters[s]!.add(seeded.voters[step.voter]!);
            } else if (step.kind === 'merge') {
              const t = step.target;
              const allowed = s !== t && model.into[s] === null && model.into[t] === null;
              expect([step, await refused(() => team.api.posts.merge('features', seeded.posts[s]!, { into: seeded.posts[t]! }))]).toEqual([step, !allowed]);
              if (!allowed) continue;
              model.added[s] = [...model.voters[s]!].filter((v) => !model.voters[t]!.has(v));
              for (const v of model.added[s]!) model.voters[t]!.add(v);
              model.moved[s] = [...model.comments[s]!];
              for (const c of model.moved[s]!) model.comments[t]!.add(c);
              model.comments[s] = new Set();
              model.into[s] = t;
            } else {
              const t = model.into[s] ?? null;
              const allowed = t !== null && model.into[t] === null;
              expect([step, await refused(() => team.posts.unmerge(seeded.posts[s]!))]).toEqual([step, !allowed]);
              if (t === null || !allowed) continue;
              for (const v of model.added[s]!) model.voters[t]!.delete(v);
              // The comments the merge moved go back.
              for (const c of model.moved[s]!) model.comments[t]!.delete(c);
              model.comments[s] = new Set(model.moved[s]);
              model.into[s] = null;
              model.added[s] = [];
              model.moved[s] = [];
            }
          }
          const actual = await storage.transaction('read', async (tx) => {
            const posts = [];
            for (const id of seeded.posts) {
              const comments = await tx.listComments(id);
              posts.push({ voters: (await tx.listVoterIds(id)).sort((a, b) => a - b), comments: comments.map((c) => c.body).sort() });
            }
            const list = await tx.listPosts(seeded.board.id, { sort: 'new', limit: 50, offset: 0 });
            return { posts, listed: list.rows.map((p) => p.id).sort((a, b) => a - b), total: list.total };
          });
          const listed = seeded.posts.filter((_, p) => model.into[p] === null);
          expect(actual).toEqual({
            posts: seeded.posts.map((_, p) => ({
              voters: [...model.voters[p]!].sort((a, b) => a - b),
              comments: [...model.comments[p]!].map((c) => `About ${c}`).sort(),
            })),
            listed,
            total: listed.length,
          });
        } finally {
          await storage.close();
        }
      }),
      { seed: 20261125, numRuns: 25 },
    );
  }, 120_000);
}
