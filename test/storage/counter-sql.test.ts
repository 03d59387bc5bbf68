/**
 * The SQL the counters are generated into: a declaration the SQL cannot express is refused with
 * a clear error before any statement is made, literals are quoted, and each dialect writes its
 * booleans and its upserts.
 */
import { describe, expect, it } from 'vitest';
import { PG_DIALECT, pgCounterFunctions } from '../../adapters/postgres/counter-functions.js';
import { counterTriggers, SQLITE_DIALECT } from '../../adapters/sqlite/counter-triggers.js';
import type { CounterTable } from '../../src/storage/counter-model.js';
import { conditionAtoms, keyValues, rebuildSql, scopeOf } from '../../src/storage/counter-sql.js';
import { TAG_POSTS } from '../../src/storage/counters.js';

const BY_STATUS: CounterTable = {
  name: 'by_status',
  keys: ['board_id', 'status'],
  columns: ['posts'],
  counters: [{ source: 'posts', where: { status: "won't do" }, key: { board_id: 'board_id', status: 'status' }, values: { posts: 'count' } }],
};

describe('counters in SQL', () => {
  it('refuses a counter without a value for a key column', () => {
    const table: CounterTable = { ...BY_STATUS, counters: [{ source: 'posts', key: { board_id: 'board_id' }, values: { posts: 'count' } }] };
    expect(() => keyValues(table, table.counters[0]!, scopeOf('new'))).toThrow('counters: no value for by_status.status from posts');
    expect(() => counterTriggers(table, table.counters[0]!)).toThrow(/no value for by_status\.status/);
  });

  it('refuses a comparison with something that is not a number', () => {
    expect(() => conditionAtoms(SQLITE_DIALECT, scopeOf('new'), { vote_count: { above: Number.NaN } })).toThrow(RangeError);
    expect(conditionAtoms(SQLITE_DIALECT, scopeOf('new'), { vote_count: { above: 2 } })).toEqual(['new.vote_count > 2']);
  });

  it('refuses rows with two parents, which one lookup cannot serve', () => {
    const table: CounterTable = {
      name: 'two_parents',
      keys: ['board_id'],
      columns: ['votes'],
      counters: [
        { source: 'votes', parent: { table: 'posts', on: 'post_id' }, key: { board_id: 'posts.board_id' }, values: { votes: 'count' } },
        { source: 'votes', parent: { table: 'board_voters', on: 'voter_id' }, key: { board_id: 'board_voters.board_id' }, values: { votes: 'count' } },
      ],
    };
    expect(() => pgCounterFunctions([table])).toThrow('counters: the rows of votes have one parent, not posts.post_id and board_voters.voter_id');
  });

  it('quotes string literals, and writes each dialect\'s booleans', () => {
    expect(conditionAtoms(SQLITE_DIALECT, scopeOf('r'), BY_STATUS.counters[0]!.where)).toEqual(["r.status = 'won''t do'"]);
    expect(conditionAtoms(SQLITE_DIALECT, scopeOf('r'), { hidden: false, 'posts.hidden': true })).toEqual(['r.hidden = 0', 'p.hidden = 1']);
    expect(conditionAtoms(PG_DIALECT, scopeOf('r'), { hidden: false, 'posts.hidden': true })).toEqual(['NOT r.hidden', 'p.hidden']);
  });

  it('rebuilds a table from its rows, dropping the empty rows of a table that drops them', () => {
    expect(rebuildSql(SQLITE_DIALECT, TAG_POSTS)).toEqual([
      'DELETE FROM fb_tag_posts;',
      `INSERT INTO fb_tag_posts (tag_id, posts)
    SELECT r.tag_id, count(*) FROM fb_post_tags r WHERE true GROUP BY 1
    ON CONFLICT DO UPDATE SET posts = posts + excluded.posts;`,
      'DELETE FROM fb_tag_posts WHERE posts = 0;',
    ]);
    expect(rebuildSql(PG_DIALECT, BY_STATUS)[1]).toContain(
      "WHERE r.status = 'won''t do' GROUP BY 1, 2\n    ON CONFLICT (board_id, status) DO UPDATE SET posts = fb_by_status.posts + excluded.posts;",
    );
  });
});
