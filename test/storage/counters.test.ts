/**
 * The declaration of the maintained counters is whole and consistent (every key column valued by
 * every counter, every value column fed, parents named where parent columns are read, the
 * latest-day tables following day rows that drop their empty rows, each table after the ones it
 * reads), and a row's contribution reads as the declarations say.
 */
import { describe, expect, it } from 'vitest';
import { contributionOf, isParentColumn, keyColumn, parentColumns } from '../../src/storage/counter-model.js';
import { statisticsParts } from '../../src/storage/counter-sql.js';
import { BOARD_DAYS, BOARD_VOTER_DAYS, COUNTER_TABLES, LATEST_DAY_TABLES, SHIP_VOTER_DAYS, TAG_POSTS } from '../../src/storage/counters.js';
import { newPost, onDay } from '../../testing/fixtures.js';

const post = (overrides: Record<string, unknown> = {}) => ({ id: 7, ...newPost(3, { created_at: onDay(1, 9) }), vote_count: 2, comment_count: 3, ...overrides });

describe('the declared counters', () => {
  it('give every key column a value and feed every value column, reading parents only through a named one', () => {
    expect(new Set(COUNTER_TABLES.map((table) => table.name)).size).toBe(COUNTER_TABLES.length);
    for (const table of COUNTER_TABLES) {
      expect(table.counters.length).toBeGreaterThan(0);
      const fed = new Set<string>();
      for (const counter of table.counters) {
        expect([table.name, Object.keys(counter.key).sort()]).toEqual([table.name, [...table.keys].sort()]);
        for (const column of Object.keys(counter.values)) {
          expect([table.name, column, table.columns.includes(column)]).toEqual([table.name, column, true]);
          fed.add(column);
        }
        const read = [...Object.keys(counter.where ?? {}), ...Object.values(counter.key).map(keyColumn)];
        const parents = read.filter(isParentColumn).map((column) => column.split('.')[0]);
        expect([table.name, counter.source, [...new Set(parents)]]).toEqual([table.name, counter.source, counter.parent ? [counter.parent.table] : []]);
      }
      expect([table.name, [...fed].sort()]).toEqual([table.name, [...table.columns].sort()]);
    }
  });

  it('follow each latest-day table from day rows that drop their empty rows, and list each table after those it reads', () => {
    for (const { table, days } of LATEST_DAY_TABLES) {
      const dayTable = COUNTER_TABLES.find((counted) => counted.name === days);
      expect([table, dayTable?.dropEmpty]).toEqual([table, true]);
      const readers = COUNTER_TABLES.filter((counted) => counted.counters.some((counter) => counter.source === table));
      expect(readers.length).toBe(1);
      expect(COUNTER_TABLES.indexOf(readers[0]!)).toBeGreaterThan(COUNTER_TABLES.indexOf(dayTable!));
    }
    const parts = statisticsParts(COUNTER_TABLES);
    expect(parts.latest.map(({ table }) => table)).toEqual(['board_voters', 'ship_voters']);
    expect(parts.overLatest.map(({ name }) => name)).toEqual(['board_last_days', 'ship_last_days']);
    // A store that keeps no ship voter days keeps no ship latest days either.
    expect(statisticsParts(COUNTER_TABLES.filter((table) => !table.name.startsWith('ship'))).latest.map(({ table }) => table)).toEqual(['board_voters']);
  });

  it('read a visible post on its creation day, and nothing of a hidden one', () => {
    const [own] = BOARD_DAYS.counters;
    expect(contributionOf(BOARD_DAYS, own!, post(), undefined)).toEqual({
      key: [3, '2026-11-02'],
      amounts: { posts: 1, posts_with_votes: 1, post_comments: 3 },
    });
    expect(contributionOf(BOARD_DAYS, own!, post({ vote_count: 0, comment_count: 0 }), undefined)?.amounts).toEqual({ posts: 1, posts_with_votes: 0, post_comments: 0 });
    expect(contributionOf(BOARD_DAYS, own!, post({ hidden: true }), undefined)).toBeNull();
    // SQLite's booleans count the same.
    expect(contributionOf(BOARD_DAYS, own!, post({ hidden: 0 }), undefined)).not.toBeNull();
    expect(contributionOf(BOARD_DAYS, own!, post({ hidden: 1 }), undefined)).toBeNull();
  });

  it('read a vote through its post: the post\'s board, the vote\'s day or the shipped day; nothing without a post', () => {
    const vote = { post_id: 7, voter_id: 4, created_at: onDay(0, 23) };
    const [voterDays] = BOARD_VOTER_DAYS.counters;
    expect(contributionOf(BOARD_VOTER_DAYS, voterDays!, vote, post())).toEqual({ key: [3, 4, '2026-11-01'], amounts: { votes: 1 } });
    expect(contributionOf(BOARD_VOTER_DAYS, voterDays!, vote, post({ hidden: true }))).toBeNull();
    expect(contributionOf(BOARD_VOTER_DAYS, voterDays!, vote, undefined)).toBeNull();
    const [shipped] = SHIP_VOTER_DAYS.counters;
    expect(contributionOf(SHIP_VOTER_DAYS, shipped!, vote, post())).toBeNull();
    expect(contributionOf(SHIP_VOTER_DAYS, shipped!, vote, post({ status: 'shipped', shipped_at: onDay(5, 1) }))).toEqual({
      key: [3, 4, '2026-11-06'],
      amounts: { votes: 1 },
    });
    expect(contributionOf(SHIP_VOTER_DAYS, shipped!, vote, post({ status: 'shipped', shipped_at: null }))).toBeNull();
    expect(parentColumns(shipped!).sort()).toEqual(['board_id', 'hidden', 'shipped_at', 'status']);
    expect(parentColumns(TAG_POSTS.counters[0]!)).toEqual([]);
  });
});
