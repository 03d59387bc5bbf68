/**
 * The record store's maintainer of the declared counters: a change that moves no contribution
 * writes nothing and reads no rows of a parent; a parent's change moves its rows' contributions
 * summed per key; a row reported without its parent counts nowhere; a table that drops empty rows
 * deletes a row that reaches zero, and one that does not keeps it.
 */
import { describe, expect, it } from 'vitest';
import { BOARD_DAYS, BOARD_VOTER_DAYS, TAG_POSTS } from '../../../src/storage/counters.js';
import type { RecordStore, RecordTable, TableName } from '../../../src/storage/record-store.js';
import { counterMaintainer, tableSink, type CounterSink } from '../../../src/storage/record-tx/counter-maintainer.js';
import { newPost, onDay } from '../../../testing/fixtures.js';

/**
 * A record store of plain maps, keyed by JSON of the primary key (a value, or an array for a
 * compound key, as IndexedDB's), that logs which tables were read by index.
 */
function mapStore(): { store: RecordStore; rows(table: string): unknown[]; indexReads: string[] } {
  const tables = new Map<string, Map<string, Record<string, unknown>>>();
  const indexReads: string[] = [];
  const of = (name: string) => tables.get(name) ?? tables.set(name, new Map()).get(name)!;
  const keyOf = (name: string, row: Record<string, unknown>) =>
    JSON.stringify(name === 'votes' ? [row['post_id'], row['voter_id']] : name === 'board_days' ? [row['board_id'], row['day']] : name === 'tag_posts' ? row['tag_id'] : row['id']);
  const store = {
    table(name: string) {
      return {
        get: async (key: unknown) => of(name).get(JSON.stringify(key)),
        put: async (row: Record<string, unknown>) => void of(name).set(keyOf(name, row), { ...row }),
        delete: async (key: unknown) => void of(name).delete(JSON.stringify(key)),
        getAll: async () => [...of(name).values()],
        getAllFromIndex: async (index: string, value: unknown) => {
          indexReads.push(`${name}.${index}`);
          return [...of(name).values()].filter((row) => row['post_id'] === value);
        },
      } as unknown as RecordTable<TableName>;
    },
    nextId: async () => 1,
  } as unknown as RecordStore;
  return { store, rows: (table) => [...of(table).values()], indexReads };
}

const post = (overrides: Record<string, unknown> = {}) => ({ id: 7, ...newPost(3, { created_at: onDay(1) }), vote_count: 0, comment_count: 0, ...overrides });
const vote = (voter: number, day: number) => ({ post_id: 7, voter_id: voter, created_at: onDay(day) });

/** A sink that records its calls. */
function recording(): { sink: CounterSink; calls: unknown[] } {
  const calls: unknown[] = [];
  return { calls, sink: async (key, amounts) => void calls.push([key, amounts]) };
}

describe('the record store counter maintainer', () => {
  it('writes nothing, and reads no votes or comments, for a change that moves no contribution', async () => {
    const { store, indexReads } = mapStore();
    const days = recording();
    const voterDays = recording();
    const counters = counterMaintainer(store, [[BOARD_DAYS, days.sink], [BOARD_VOTER_DAYS, voterDays.sink]]);
    await counters.changed('posts', post({ vote_count: 4, title: 'a' }), post({ vote_count: 5, title: 'b' }));
    expect([days.calls, voterDays.calls, indexReads]).toEqual([[], [], []]);
    await counters.changed('posts', post({ vote_count: 0 }), post({ vote_count: 1 }));
    expect(days.calls).toEqual([[[3, '2026-11-02'], { posts: 0, posts_with_votes: 1, post_comments: 0 }]]);
    expect(indexReads).toEqual([]);
  });

  it('moves the contributions of a parent\'s rows, summed per key, when the parent changes what they read', async () => {
    const { store, indexReads } = mapStore();
    for (const row of [vote(1, 0), vote(2, 0), vote(3, 2)]) await store.table('votes').put(row as never);
    const days = recording();
    const counters = counterMaintainer(store, [[BOARD_DAYS, days.sink]]);
    await counters.changed('posts', post(), post({ hidden: true }));
    expect(days.calls).toEqual([
      [[3, '2026-11-02'], { posts: -1, posts_with_votes: 0, post_comments: 0 }],
      [[3, '2026-11-01'], { votes: -2 }],
      [[3, '2026-11-03'], { votes: -1 }],
    ]);
    expect(indexReads).toEqual(['votes.by_post', 'comments.by_post']);
    days.calls.length = 0;
    await counters.removed('posts', post({ hidden: true }));
    expect(days.calls).toEqual([]);
  });

  it('counts a row reported without its parent nowhere', async () => {
    const { store } = mapStore();
    const days = recording();
    await counterMaintainer(store, [[BOARD_DAYS, days.sink]]).added('votes', vote(1, 0));
    expect(days.calls).toEqual([]);
  });

  it('deletes a row that reaches zero in a table that drops them, and keeps it in one that does not', async () => {
    const { store, rows } = mapStore();
    const counters = counterMaintainer(store, [
      [TAG_POSTS, tableSink(store, TAG_POSTS)],
      [BOARD_DAYS, tableSink(store, BOARD_DAYS)],
    ]);
    await counters.added('post_tags', { post_id: 7, tag_id: 2 });
    await counters.added('posts', post());
    expect(rows('tag_posts')).toEqual([{ tag_id: 2, posts: 1 }]);
    await counters.removed('post_tags', { post_id: 7, tag_id: 2 });
    await counters.removed('posts', post());
    expect(rows('tag_posts')).toEqual([]);
    expect(rows('board_days')).toEqual([{ board_id: 3, day: '2026-11-02', posts: 0, posts_with_votes: 0, post_comments: 0, votes: 0, comments: 0 }]);
  });
});
