/**
 * The maintained statistics: the tables the counters of counters.ts (and the latest days) keep, one row per key.
 * Part of the table declaration (see model.ts).
 */
import type { TableDeclarations } from './model.js';

// The shapes several counts share.
/** A voter's votes on a board per day. */
const VOTER_DAYS = {
  columns: {
    board_id: 'integer',
    voter_id: 'integer',
    day: 'key',
    votes: 'integer',
  },
  primaryKey: ['board_id', 'voter_id', 'day'],
  withoutRowid: true,
} as const;

/** Each voter of a board, with the last day they voted. */
const VOTERS_LAST_DAY = {
  columns: {
    board_id: 'integer',
    voter_id: 'integer',
    last_day: 'key',
  },
  primaryKey: ['board_id', 'voter_id'],
  withoutRowid: true,
  indexes: {
    last: { on: 'board_id, last_day' },
  },
} as const;

/** The voters of a board per day, counted from their last day. */
const LAST_DAYS = {
  columns: {
    board_id: 'integer',
    day: 'key',
    voters: 'integer',
  },
  primaryKey: ['board_id', 'day'],
  withoutRowid: true,
} as const;

/** Posts of a board per status. */
const STATUS_COUNTS = {
  columns: {
    board_id: 'integer',
    status: 'key',
    posts: 'integer',
  },
  primaryKey: ['board_id', 'status'],
  withoutRowid: true,
} as const;

export const STATISTICS_TABLES = {
  board_days: {
    record: {
      row: { type: 'BoardDayRow', from: 'storage/record-rows' },
      notDumped: 'statistics, rebuilt from posts, votes and comments on import',
    },
    columns: {
      board_id: 'integer',
      day: 'key',
      posts: { type: 'integer', default: 0 },
      posts_with_votes: { type: 'integer', default: 0 },
      post_comments: { type: 'integer', default: 0 },
      votes: { type: 'integer', default: 0 },
      comments: { type: 'integer', default: 0 },
    },
    primaryKey: ['board_id', 'day'],
    withoutRowid: true,
  },
  board_voter_days: VOTER_DAYS,
  board_voters: {
    ...VOTERS_LAST_DAY,
    record: {
      row: { type: 'BoardVoterRow', from: 'storage/record-rows' },
      indexes: { by_board: 'board_id' },
      notDumped: 'statistics, rebuilt from votes on import',
    },
  },
  board_last_days: LAST_DAYS,
  board_post_counts: STATUS_COUNTS,
  board_statuses: STATUS_COUNTS,
  ranked_posts: STATUS_COUNTS,
  tag_posts: {
    columns: {
      tag_id: { type: 'integer', references: 'tags', onDelete: 'cascade', referenceIn: 'postgres' },
      posts: 'integer',
    },
    primaryKey: ['tag_id'],
  },
  tag_status_posts: {
    columns: {
      tag_id: 'integer',
      status: 'key',
      posts: 'integer',
    },
    primaryKey: ['tag_id', 'status'],
    withoutRowid: true,
  },
  ship_days: {
    columns: {
      board_id: 'integer',
      day: 'key',
      posts: 'integer',
    },
    primaryKey: ['board_id', 'day'],
    withoutRowid: true,
  },
  ship_voter_days: VOTER_DAYS,
  ship_voters: VOTERS_LAST_DAY,
  ship_last_days: LAST_DAYS,
} as const satisfies TableDeclarations;
