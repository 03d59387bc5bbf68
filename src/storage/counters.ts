/**
 * The maintained counters, declared once: what lists, limits, analytics and ship statistics read
 * instead of counting rows per request. SQLite and PostgreSQL generate their triggers and their
 * rebuild queries from these declarations, and the record store (memory, IndexedDB) keeps the ones
 * it has with a maintainer driven by them. See `counter-model.ts` for the language, and
 * docs/architecture.md ("Maintained statistics") for what each store keeps and why the latest-day
 * tables are written by hand.
 *
 * A day is the UTC date (`YYYY-MM-DD`) of an ISO timestamp. "Visible" is a post that is not hidden.
 */
import type { Counter, CounterTable } from './counter-model.js';

/** Every post per board and status, hidden ones included: the list's `total` and the posts-per-board limit. */
export const BOARD_POST_COUNTS: CounterTable = {
  name: 'board_post_counts',
  keys: ['board_id', 'status'],
  columns: ['posts'],
  counters: [{ source: 'posts', key: { board_id: 'board_id', status: 'status' }, values: { posts: 'count' } } satisfies Counter<'posts'>],
};

/** Visible posts per board and status: analytics' status breakdown, the roadmap's and queue's totals. */
export const BOARD_STATUSES: CounterTable = {
  name: 'board_statuses',
  keys: ['board_id', 'status'],
  columns: ['posts'],
  counters: [
    {
      source: 'posts',
      where: { hidden: false },
      key: { board_id: 'board_id', status: 'status' },
      values: { posts: 'count' },
    } satisfies Counter<'posts'>,
  ],
};

/**
 * Visible posts with a queue rank, per board and status: with the visible planned posts of
 * `BOARD_STATUSES`, the agent queue's total (every visible planned post, ranked or not, and the
 * ranked open and in-progress ones), so the queue counts no rows however long it is.
 */
export const RANKED_POSTS: CounterTable = {
  name: 'ranked_posts',
  keys: ['board_id', 'status'],
  columns: ['posts'],
  dropEmpty: true,
  counters: [
    {
      source: 'posts',
      where: { hidden: false, queue_rank: { not: null } },
      key: { board_id: 'board_id', status: 'status' },
      values: { posts: 'count' },
    } satisfies Counter<'posts'>,
  ],
};

/** Posts per tag, hidden ones included: the `total` of a list by tag. */
export const TAG_POSTS: CounterTable = {
  name: 'tag_posts',
  keys: ['tag_id'],
  columns: ['posts'],
  dropEmpty: true,
  counters: [{ source: 'post_tags', key: { tag_id: 'tag_id' }, values: { posts: 'count' } } satisfies Counter<'post_tags'>],
};

/**
 * Posts per tag and status, hidden ones included: the `total` of a list by tag and status. Read from
 * the post, the status moves a link's count when the post's status changes.
 */
export const TAG_STATUS_POSTS: CounterTable = {
  name: 'tag_status_posts',
  keys: ['tag_id', 'status'],
  columns: ['posts'],
  dropEmpty: true,
  counters: [
    {
      source: 'post_tags',
      parent: { table: 'posts', on: 'post_id' },
      key: { tag_id: 'tag_id', status: 'posts.status' },
      values: { posts: 'count' },
    } satisfies Counter<'post_tags', 'posts'>,
  ],
};

/**
 * Per board and day, over visible posts: posts created, how many of them have a vote, the sum of
 * their comment counts; votes cast; comments written.
 */
export const BOARD_DAYS: CounterTable = {
  name: 'board_days',
  keys: ['board_id', 'day'],
  columns: ['posts', 'posts_with_votes', 'post_comments', 'votes', 'comments'],
  counters: [
    {
      source: 'posts',
      where: { hidden: false },
      key: { board_id: 'board_id', day: { day: 'created_at' } },
      values: { posts: 'count', posts_with_votes: { count: { vote_count: { above: 0 } } }, post_comments: { sum: 'comment_count' } },
    } satisfies Counter<'posts'>,
    {
      source: 'votes',
      parent: { table: 'posts', on: 'post_id' },
      where: { 'posts.hidden': false },
      key: { board_id: 'posts.board_id', day: { day: 'created_at' } },
      values: { votes: 'count' },
    } satisfies Counter<'votes', 'posts'>,
    {
      source: 'comments',
      parent: { table: 'posts', on: 'post_id' },
      where: { 'posts.hidden': false },
      key: { board_id: 'posts.board_id', day: { day: 'created_at' } },
      values: { comments: 'count' },
    } satisfies Counter<'comments', 'posts'>,
  ],
};

/** Votes per board, voter and day, over visible posts; a voter's days are the rows there are. */
export const BOARD_VOTER_DAYS: CounterTable = {
  name: 'board_voter_days',
  keys: ['board_id', 'voter_id', 'day'],
  columns: ['votes'],
  dropEmpty: true,
  counters: [
    {
      source: 'votes',
      parent: { table: 'posts', on: 'post_id' },
      where: { 'posts.hidden': false },
      key: { board_id: 'posts.board_id', voter_id: 'voter_id', day: { day: 'created_at' } },
      values: { votes: 'count' },
    } satisfies Counter<'votes', 'posts'>,
  ],
};

/** Voters per board and latest day (`board_voters`): distinct voters in a window are a sum over its days. */
export const BOARD_LAST_DAYS: CounterTable = {
  name: 'board_last_days',
  keys: ['board_id', 'day'],
  columns: ['voters'],
  counters: [{ source: 'board_voters', key: { board_id: 'board_id', day: 'last_day' }, values: { voters: 'count' } } satisfies Counter<'board_voters'>],
};

/** Visible shipped posts per board and shipped day. */
export const SHIP_DAYS: CounterTable = {
  name: 'ship_days',
  keys: ['board_id', 'day'],
  columns: ['posts'],
  counters: [
    {
      source: 'posts',
      where: { hidden: false, status: 'shipped', shipped_at: { not: null } },
      key: { board_id: 'board_id', day: { day: 'shipped_at' } },
      values: { posts: 'count' },
    } satisfies Counter<'posts'>,
  ],
};

/** Votes per board, voter and day on the visible shipped posts shipped that day. */
export const SHIP_VOTER_DAYS: CounterTable = {
  name: 'ship_voter_days',
  keys: ['board_id', 'voter_id', 'day'],
  columns: ['votes'],
  dropEmpty: true,
  counters: [
    {
      source: 'votes',
      parent: { table: 'posts', on: 'post_id' },
      where: { 'posts.hidden': false, 'posts.status': 'shipped', 'posts.shipped_at': { not: null } },
      key: { board_id: 'posts.board_id', voter_id: 'voter_id', day: { day: 'posts.shipped_at' } },
      values: { votes: 'count' },
    } satisfies Counter<'votes', 'posts'>,
  ],
};

/** Voters per board and latest shipped day (`ship_voters`). */
export const SHIP_LAST_DAYS: CounterTable = {
  name: 'ship_last_days',
  keys: ['board_id', 'day'],
  columns: ['voters'],
  counters: [{ source: 'ship_voters', key: { board_id: 'board_id', day: 'last_day' }, values: { voters: 'count' } } satisfies Counter<'ship_voters'>],
};

/**
 * The latest-day tables, written by hand in each store: `table (board_id, voter_id, last_day)`
 * holds the latest day of each voter's rows in `days`. A maximum is not a count: taking a row out
 * of `days` may need the remaining rows to find the new latest day, which no per-row amount can
 * say. Their own counts per day (`BOARD_LAST_DAYS`, `SHIP_LAST_DAYS`) are declared counters.
 */
export const LATEST_DAY_TABLES = [
  { table: 'board_voters', days: 'board_voter_days' },
  { table: 'ship_voters', days: 'ship_voter_days' },
] as const;

/** Every counter table, each after the tables its counters read. */
export const COUNTER_TABLES: readonly CounterTable[] = [
  BOARD_POST_COUNTS,
  BOARD_STATUSES,
  RANKED_POSTS,
  TAG_POSTS,
  TAG_STATUS_POSTS,
  BOARD_DAYS,
  BOARD_VOTER_DAYS,
  BOARD_LAST_DAYS,
  SHIP_DAYS,
  SHIP_VOTER_DAYS,
  SHIP_LAST_DAYS,
];
