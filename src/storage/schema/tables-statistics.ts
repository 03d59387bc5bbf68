/**
 * The maintained statistics: the tables the counters of counters.ts (and the latest days) keep, one row per key.
 * Part of the table declaration (see model.ts).
 */
import type { TableDeclarations } from './model.js';

export const STATISTICS_TABLES = {
  board_days: {
    notDumped: 'statistics, rebuilt from posts, votes and comments on import',
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
    record: {},
  },
  board_voter_days: {
    notDumped: 'statistics, rebuilt from the rows on import',
    columns: {
      board_id: 'integer',
      voter_id: 'integer',
      day: 'key',
      votes: 'integer',
    },
    primaryKey: ['board_id', 'voter_id', 'day'],
    withoutRowid: true,
  },
  board_voters: {
    notDumped: 'statistics, rebuilt from votes on import',
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
    record: { indexes: { by_board: 'board_id' } },
  },
  board_last_days: {
    notDumped: 'statistics, rebuilt from the rows on import',
    columns: {
      board_id: 'integer',
      day: 'key',
      voters: 'integer',
    },
    primaryKey: ['board_id', 'day'],
    withoutRowid: true,
  },
  board_post_counts: {
    notDumped: 'statistics, rebuilt from the rows on import',
    columns: {
      board_id: 'integer',
      status: 'key',
      posts: 'integer',
    },
    primaryKey: ['board_id', 'status'],
    withoutRowid: true,
  },
  board_statuses: {
    notDumped: 'statistics, rebuilt from the rows on import',
    columns: {
      board_id: 'integer',
      status: 'key',
      posts: 'integer',
    },
    primaryKey: ['board_id', 'status'],
    withoutRowid: true,
  },
  ranked_posts: {
    notDumped: 'statistics, rebuilt from the rows on import',
    columns: {
      board_id: 'integer',
      status: 'key',
      posts: 'integer',
    },
    primaryKey: ['board_id', 'status'],
    withoutRowid: true,
  },
  tag_posts: {
    notDumped: 'statistics, rebuilt from the rows on import',
    columns: {
      tag_id: { type: 'integer', references: 'tags', onDelete: 'cascade', referenceIn: 'postgres' },
      posts: 'integer',
    },
    primaryKey: ['tag_id'],
  },
  tag_status_posts: {
    notDumped: 'statistics, rebuilt from the rows on import',
    columns: {
      tag_id: 'integer',
      status: 'key',
      posts: 'integer',
    },
    primaryKey: ['tag_id', 'status'],
    withoutRowid: true,
  },
  ship_days: {
    notDumped: 'statistics, rebuilt from the rows on import',
    columns: {
      board_id: 'integer',
      day: 'key',
      posts: 'integer',
    },
    primaryKey: ['board_id', 'day'],
    withoutRowid: true,
  },
  ship_voter_days: {
    notDumped: 'statistics, rebuilt from the rows on import',
    columns: {
      board_id: 'integer',
      voter_id: 'integer',
      day: 'key',
      votes: 'integer',
    },
    primaryKey: ['board_id', 'voter_id', 'day'],
    withoutRowid: true,
  },
  ship_voters: {
    notDumped: 'statistics, rebuilt from the rows on import',
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
  },
  ship_last_days: {
    notDumped: 'statistics, rebuilt from the rows on import',
    columns: {
      board_id: 'integer',
      day: 'key',
      voters: 'integer',
    },
    primaryKey: ['board_id', 'day'],
    withoutRowid: true,
  },
} as const satisfies TableDeclarations;
