/**
 * The maintained statistics: the tables the counters of counters.ts (and the latest days) keep, one row per key.
 * Part of the table declaration (see model.ts).
 */
import type { TableDeclarations } from './model.js';

export const STATISTICS_TABLES = {
  board_days: {
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
  board_voter_days: {
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
  board_last_days: {
    columns: {
      board_id: 'integer',
      day: 'key',
      voters: 'integer',
    },
    primaryKey: ['board_id', 'day'],
    withoutRowid: true,
  },
  board_post_counts: {
    columns: {
      board_id: 'integer',
      status: 'key',
      posts: 'integer',
    },
    primaryKey: ['board_id', 'status'],
    withoutRowid: true,
  },
  board_statuses: {
    columns: {
      board_id: 'integer',
      status: 'key',
      posts: 'integer',
    },
    primaryKey: ['board_id', 'status'],
    withoutRowid: true,
  },
  ranked_posts: {
    columns: {
      board_id: 'integer',
      status: 'key',
      posts: 'integer',
    },
    primaryKey: ['board_id', 'status'],
    withoutRowid: true,
  },
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
  ship_voter_days: {
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
    columns: {
      board_id: 'integer',
      day: 'key',
      voters: 'integer',
    },
    primaryKey: ['board_id', 'day'],
    withoutRowid: true,
  },
} as const satisfies TableDeclarations;
