/**
 * Randomized operation sequences, run step by step on the target and on a fresh memory storage
 * (the reference implementation): every result must be equal. After each sequence the target's
 * counters and totals must also agree with its own rows, which holds the reference to account
 * too when the target is the memory storage itself.
 */
import fc from 'fast-check';
import { createMemoryStorage } from '../../adapters/memory/index.js';
import { POST_STATUSES, type PostStatus } from '../../src/domain/records.js';
import type { Storage, StorageTx } from '../../src/storage/contract.js';
import {
  newApiKey,
  newBoard,
  newComment,
  newEvidence,
  newOrganization,
  newPost,
  newVoter,
  normalize,
  onDay,
} from './fixtures.js';
import type { SuiteContext } from './harness.js';

const SEED = 20261121;
const RUNS = 50;
const BOARDS = [1, 2] as const;
const KEYS = 3;
const VOTERS = 4;

function plusHours(iso: string, hours: number): string {
  return new Date(Date.parse(iso) + hours * 3_600_000).toISOString();
}

/** 14 instants over a week, at 00:00 and 12:00 UTC, so that many ties occur. */
const instant = fc.integer({ min: 0, max: 13 }).map((i) => onDay(Math.floor(i / 2), (i % 2) * 12));
const status = fc.constantFrom(...POST_STATUSES);
const pick = fc.nat({ max: 1000 });
const board = fc.constantFrom(...BOARDS);
const voter = fc.integer({ min: 1, max: VOTERS });
const apiKey = fc.integer({ min: 1, max: KEYS });
const reaction = fc.constantFrom('👍', '❤️', '🎉');
const page = { limit: fc.integer({ min: 1, max: 6 }), offset: fc.integer({ min: 0, max: 4 }) };

/** Mostly false: hidden posts and comments drop out of most reads. */
const rarely = fc.oneof({ weight: 4, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) });
/** Windows from empty (to = from) to a week long. */
const window = fc
  .record({ from: instant, hours: fc.constantFrom(0, 12, 36, 96, 168) })
  .map(({ from, hours }) => ({ from, to: plusHours(from, hours) }));

const insertPost = fc.record({
  op: fc.constant('insertPost' as const),
  board,
  status,
  hidden: rarely,
  rank: fc.option(fc.integer({ min: 0, max: 3 })),
  created: instant,
  shipped: fc.option(instant),
  title: fc.constantFrom('Dark mode', 'DARK MODE 100%', 'Über_fast', 'Export CSV', 'e'),
  body: fc.constantFrom('', 'snake_case', 'Ünïcode MODE'),
});
const vote = fc.record({ op: fc.constant('vote' as const), post: pick, voter, when: instant });

const command = fc.oneof(
  { weight: 3, arbitrary: insertPost },
  { weight: 3, arbitrary: fc.record({
    op: fc.constant('updatePost' as const),
    post: pick,
    patch: fc.record(
      { status, hidden: fc.boolean(), queue_rank: fc.option(fc.integer({ min: 0, max: 3 })), shipped_at: fc.option(instant), title: fc.constantFrom('Renamed', 'dark') },
      { requiredKeys: [] },
    ),
  }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('deletePost' as const), post: pick }) },
  { weight: 4, arbitrary: vote },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('unvote' as const), post: pick, voter }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('comment' as const), post: pick, parent: fc.option(pick), hidden: rarely, when: instant }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('hideComment' as const), comment: pick, hidden: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('react' as const), comment: pick, voter, reaction }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('unreact' as const), comment: pick, voter, reaction }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('tag' as const), post: pick, names: fc.array(fc.constantFrom('UI', 'ui', 'Bug', 'Ünï', 'ÜNÏ'), { maxLength: 3 }) }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('claim' as const), post: pick, key: apiKey, now: instant, hours: fc.integer({ min: 1, max: 36 }), label: fc.option(fc.constantFrom('', 'bot')) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('release' as const), post: pick, key: apiKey, now: instant }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('evidence' as const), post: pick, when: instant, actionKey: fc.option(fc.constantFrom('a', 'b')) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('replaceEvidence' as const), post: pick, refs: fc.array(fc.constantFrom('x', 'y'), { maxLength: 2 }), when: instant }) },
  { weight: 3, arbitrary: fc.record({
    op: fc.constant('listPosts' as const),
    board,
    status: fc.option(status),
    search: fc.option(fc.constantFrom('dark', 'mode', '%', '_', 'ü', 'e', 'csv')),
    tag: fc.option(pick),
    sort: fc.constantFrom('new' as const, 'top' as const),
    ...page,
  }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('queue' as const), board, key: apiKey, now: instant, limit: fc.integer({ min: 1, max: 8 }) }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('roadmap' as const), board, ...page }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('changelog' as const), board, ...page }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('shipStats' as const), board, window }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('analytics' as const), board, window }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('inspectPost' as const), post: pick }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('inspectAll' as const) }) },
);

/** A dataset to start from (posts, then votes), then any mix of commands. */
const sequence = fc
  .tuple(
    fc.array(insertPost, { minLength: 6, maxLength: 16, size: 'max' }),
    fc.array(vote, { minLength: 10, maxLength: 40, size: 'max' }),
    fc.array(command, { minLength: 20, maxLength: 60, size: 'max' }),
  )
  .map(([posts, votes, rest]): Command[] => [...posts, ...votes, ...rest]);

type Command = typeof command extends fc.Arbitrary<infer C> ? C : never;

/** What the sequence has created so far, learnt from the reference's results. */
interface Known {
  posts: { id: number; board: number; live: boolean }[];
  comments: { id: number; post: number }[];
  tags: number[];
}

/** One command with the ids it acts on resolved: run on both storages, then learnt from. */
interface Step {
  /** The command and the ids it resolved to, shown when results differ. */
  shown: unknown;
  run(tx: StorageTx): Promise<unknown>;
  learn?(result: unknown): void;
}

function choose<T>(items: readonly T[], index: number): T | undefined {
  return items.length === 0 ? undefined : items[index % items.length];
}

/**
 * Resolves a command against what exists. Writes that need a post or comment pick a live one
 * (what a vote on a deleted post does is not part of the contract); reads, updates and deletes
 * may also pick a deleted one, to exercise the not-found answers. Null when there is nothing
 * to act on.
 */
function plan(cmd: Command, known: Known): Step | null {
  const livePosts = known.posts.filter((post) => post.live);
  const liveComments = known.comments.filter((comment) => livePosts.some((post) => post.id === comment.post));
  const step = (resolved: object, run: Step['run'], learn?: Step['learn']): Step => ({
    shown: { ...cmd, resolved },
    run,
    ...(learn ? { learn } : {}),
  });

  switch (cmd.op) {
    case 'insertPost': {
      const row = newPost(cmd.board, {
        status: cmd.status,
        hidden: cmd.hidden,
        queue_rank: cmd.rank,
        created_at: cmd.created,
        shipped_at: cmd.shipped,
        title: cmd.title,
        body: cmd.body,
      });
      return step({}, (tx) => tx.insertPost(row), (result) => {
        known.posts.push({ id: (result as { id: number }).id, board: cmd.board, live: true });
      });
    }
    case 'updatePost':
    case 'deletePost':
    case 'unvote':
    case 'release':
    case 'inspectPost': {
      const post = choose(known.posts, cmd.post);
      if (post === undefined) return null;
      const id = post.id;
      if (cmd.op === 'updatePost') return step({ id }, (tx) => tx.updatePost(id, cmd.patch));
      if (cmd.op === 'unvote') return step({ id }, (tx) => tx.deleteVote(id, cmd.voter));
      if (cmd.op === 'release') return step({ id }, (tx) => tx.releaseClaim(id, cmd.key, cmd.now));
      if (cmd.op === 'deletePost') {
        return step({ id }, (tx) => tx.deletePost(id), (result) => {
          if (result === true) post.live = false;
        });
      }
      return step({ id }, async (tx) => ({
        post: await tx.getPost(id),
        voters: await tx.listVoterIds(id),
        comments: await tx.listComments(id),
        evidence: await tx.listEvidence(id),
        byActionKey: await tx.findEvidenceByActionKey(id, 'a'),
        claim: await tx.getClaim(id),
      }));
    }
    case 'vote':
    case 'comment':
    case 'tag':
    case 'claim':
    case 'evidence':
    case 'replaceEvidence': {
      const post = choose(livePosts, cmd.post);
      if (post === undefined) return null;
      const id = post.id;
      switch (cmd.op) {
        case 'vote':
          return step({ id }, (tx) => tx.insertVote({ post_id: id, voter_id: cmd.voter, created_at: cmd.when }));
        case 'comment': {
          const siblings = known.comments.filter((comment) => comment.post === id);
          const parent = cmd.parent === null ? null : (choose(siblings, cmd.parent)?.id ?? null);
          const row = newComment(id, { parent_comment_id: parent, hidden: cmd.hidden, created_at: cmd.when });
          return step({ id, parent }, (tx) => tx.insertComment(row), (result) => {
            known.comments.push({ id: (result as { id: number }).id, post: id });
          });
        }
        case 'tag':
          return step(
            { id },
            async (tx) => {
              const tags = await tx.ensureTags(post.board, cmd.names);
              await tx.setPostTags(id, tags.map((tag) => tag.id));
              return tags;
            },
            (result) => {
              for (const { id: tagId } of result as { id: number }[]) if (!known.tags.includes(tagId)) known.tags.push(tagId);
            },
          );
        case 'claim': {
          const request = { post_id: id, api_key_id: cmd.key, now: cmd.now, expires_at: plusHours(cmd.now, cmd.hours) };
          return step({ id }, (tx) => tx.claimPost(cmd.label === null ? request : { ...request, agent_label: cmd.label }));
        }
        case 'evidence':
          return step({ id }, (tx) => tx.insertEvidence(newEvidence(id, { added_at: cmd.when, action_key: cmd.actionKey })));
        case 'replaceEvidence':
          return step({ id }, (tx) => tx.replaceEvidence(id, cmd.refs.map((ref) => newEvidence(id, { ref, added_at: cmd.when }))));
      }
      return null;
    }
    case 'hideComment':
    case 'unreact': {
      const comment = choose(known.comments, cmd.comment);
      if (comment === undefined) return null;
      const id = comment.id;
      if (cmd.op === 'hideComment') return step({ id }, (tx) => tx.updateComment(id, { hidden: cmd.hidden }));
      return step({ id }, (tx) => tx.deleteReaction(id, cmd.voter, cmd.reaction));
    }
    case 'react': {
      const comment = choose(liveComments, cmd.comment);
      if (comment === undefined) return null;
      const row = { comment_id: comment.id, voter_id: cmd.voter, reaction: cmd.reaction, created_at: onDay(0) };
      return step({ id: comment.id }, (tx) => tx.insertReaction(row));
    }
    case 'listPosts': {
      const tagId = cmd.tag === null ? undefined : choose(known.tags, cmd.tag);
      const query = {
        sort: cmd.sort,
        limit: cmd.limit,
        offset: cmd.offset,
        ...(cmd.status === null ? {} : { status: cmd.status }),
        ...(cmd.search === null ? {} : { search: cmd.search }),
        ...(tagId === undefined ? {} : { tagId }),
      };
      return step({ tagId }, (tx) => tx.listPosts(cmd.board, query));
    }
    case 'queue':
      return step({}, (tx) => tx.listQueue(cmd.board, { apiKeyId: cmd.key, now: cmd.now, limit: cmd.limit }));
    case 'roadmap':
      return step({}, (tx) => tx.listRoadmap(cmd.board, { limit: cmd.limit, offset: cmd.offset }));
    case 'changelog':
      return step({}, (tx) => tx.listChangelog(cmd.board, { limit: cmd.limit, offset: cmd.offset }));
    case 'shipStats':
      return step({}, (tx) => tx.shipStats(cmd.board, cmd.window));
    case 'analytics':
      return step({}, (tx) => tx.analytics(cmd.board, cmd.window));
    case 'inspectAll': {
      const postIds = known.posts.map((post) => post.id);
      const commentIds = known.comments.map((comment) => comment.id);
      return step({ postIds, commentIds }, async (tx) => ({
        tags: await tx.getTagsOfPosts(postIds),
        claims: await tx.getClaims(postIds),
        reactions: await tx.getReactionCounts(commentIds),
      }));
    }
  }
}

/** The same organization, boards, keys and voters in every storage. */
async function setUp(storage: Storage): Promise<void> {
  await storage.transaction('write', async (tx) => {
    const org = await tx.insertOrganization(newOrganization());
    for (const id of BOARDS) await tx.insertBoard(newBoard(org.id, { slug: `board-${id}` }));
    for (let i = 1; i <= KEYS; i++) await tx.insertApiKey(newApiKey(org.id, { label: `key-${i}`, hash: `hash-${i}` }));
    for (let i = 1; i <= VOTERS; i++) await tx.insertVoter(newVoter(org.id, { name: `voter-${i}` }));
  });
}

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
            const known: Known = { posts: [], comments: [], tags: [] };
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
          } finally {
            await target.close();
            await reference.close();
          }
        }),
        { seed: SEED, numRuns: RUNS },
      );
    }, 120_000);
  });

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
      }
    });
  }
}
