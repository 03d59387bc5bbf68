/**
 * The generators of the randomized conformance test: a starting dataset, then a mix of writes
 * and reads over few ids, instants and words, so that ties and collisions are frequent.
 */
import fc from 'fast-check';
import { POST_STATUSES } from '../src/domain/records.js';
import { onDay } from './fixtures.js';

export const BOARDS = [1, 2] as const;
export const KEYS = 3;
export const VOTERS = 4;

export function plusHours(iso: string, hours: number): string {
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

/** Analytics windows run from one UTC midnight to another: empty up to eight days. */
export const dayWindow = fc
  .record({ from: fc.integer({ min: -1, max: 7 }), days: fc.integer({ min: 0, max: 8 }) })
  .map(({ from, days }) => ({ from: onDay(from, 0), to: onDay(from + days, 0) }));

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

/** A command: an operation name and its generated arguments, drawn `weight` times in the mix. */
function op<Name extends string, Args extends Record<string, unknown>>(
  weight: number,
  name: Name,
  args: { [K in keyof Args]: fc.Arbitrary<Args[K]> },
) {
  return { weight, arbitrary: fc.record({ op: fc.constant(name), ...args }) as fc.Arbitrary<{ op: Name } & Args> };
}

const postPatch = fc.record(
  {
    status,
    hidden: rarely,
    queue_rank: fc.option(fc.integer({ min: 0, max: 3 })),
    shipped_at: fc.option(instant),
    title: fc.constantFrom('Renamed', 'dark'),
  },
  { requiredKeys: [] },
);

const command = fc.oneof(
  { weight: 3, arbitrary: insertPost },
  op(3, 'updatePost', { post: pick, patch: postPatch }),
  op(1, 'deletePost', { post: pick }),
  op(1, 'trashPost', { post: pick, when: instant }),
  op(1, 'restorePost', { post: pick }),
  op(1, 'listDeletedPosts', { board: fc.option(board), ...page }),
  { weight: 4, arbitrary: vote },
  op(1, 'unvote', { post: pick, voter }),
  op(3, 'comment', { post: pick, parent: fc.option(pick), hidden: rarely, when: instant }),
  op(1, 'hideComment', { comment: pick, hidden: fc.boolean() }),
  op(2, 'react', { comment: pick, voter, reaction }),
  op(1, 'unreact', { comment: pick, voter, reaction }),
  op(2, 'tag', { post: pick, names: fc.array(fc.constantFrom('UI', 'ui', 'Bug', 'Ünï', 'ÜNÏ'), { maxLength: 3 }) }),
  op(2, 'claim', {
    post: pick,
    key: apiKey,
    now: instant,
    hours: fc.integer({ min: 1, max: 36 }),
    label: fc.option(fc.constantFrom('', 'bot')),
  }),
  op(1, 'release', { post: pick, key: apiKey, now: instant }),
  op(1, 'evidence', { post: pick, when: instant, actionKey: fc.option(fc.constantFrom('a', 'b')) }),
  op(1, 'replaceEvidence', { post: pick, refs: fc.array(fc.constantFrom('x', 'y'), { maxLength: 2 }), when: instant }),
  op(3, 'listPosts', {
    board,
    status: fc.option(status),
    search: fc.option(fc.constantFrom('dark', 'mode', '%', '_', 'ü', 'e', 'csv')),
    tag: fc.option(pick),
    sort: fc.constantFrom('new' as const, 'top' as const),
    ...page,
  }),
  op(2, 'queue', { board, key: apiKey, now: instant, limit: fc.integer({ min: 1, max: 8 }) }),
  op(2, 'roadmap', { board, ...page }),
  op(2, 'changelog', { board, ...page }),
  op(2, 'shipStats', { board, window }),
  op(2, 'analytics', { board, window: dayWindow }),
  op(2, 'inspectPost', { post: pick }),
  op(1, 'inspectAll', {}),
);

/** A dataset to start from (posts, then votes), then any mix of commands. */
export const sequence = fc
  .tuple(
    fc.array(insertPost, { minLength: 6, maxLength: 16, size: 'max' }),
    fc.array(vote, { minLength: 10, maxLength: 40, size: 'max' }),
    fc.array(command, { minLength: 20, maxLength: 60, size: 'max' }),
  )
  .map(([posts, votes, rest]): Command[] => [...posts, ...votes, ...rest]);

export type Command = typeof command extends fc.Arbitrary<infer C> ? C : never;
