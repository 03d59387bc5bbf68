import { describe, expect, it } from 'vitest';
import { rowCopier } from '../../../adapters/memory/copies.js';
import { cloneRow } from '../../../src/storage/record-store.js';

/** The copy equals the row as cloneRow copies it: same keys in the same order, same values. */
function expectExactCopy(copy: object, row: object): void {
  expect(copy).not.toBe(row);
  expect(copy).toStrictEqual(cloneRow(row));
  expect(JSON.stringify(copy)).toBe(JSON.stringify(row));
  expect(Reflect.ownKeys(copy)).toEqual(Reflect.ownKeys(cloneRow(row)));
}

describe('memory store row copies', () => {
  it('copies board_voters rows exactly, days records of any content included', () => {
    const copy = rowCopier('board_voters');
    const days = (record: object) => ({ board_id: 1, voter_id: 2 ** 31 + 3, last_day: '2026-11-23', days: record });
    const rows = [
      days({ '2026-11-23': 2, '2026-01-05': 1 }),
      days({}),
      days({ '2': 1, '1': 1, b: 2, a: 3 }),
      days(JSON.parse('{"__proto__": 4, "x": 1}') as object),
      days({ a: -0 }),
      days({ a: Number.NaN, b: Infinity }),
      days({ a: 'text', b: null, c: { nested: [1, 2] } }),
      days({ [Symbol.for('s')]: 1, a: 1 }),
      days(Object.create({ inherited: 1 }) as object),
      { board_id: 1, voter_id: 2, last_day: 'x', days: { a: 1 }, extra: true },
      { voter_id: 2, board_id: 1, last_day: 'x', days: { a: 1 } },
    ];
    for (const row of rows) {
      const copied = copy(row);
      expect(copied).toStrictEqual(cloneRow(row));
      expect(Object.is((copied as { days: { a?: number } }).days.a, (row.days as { a?: number }).a)).toBe(true);
      expect((copied as { days: object }).days).not.toBe(row.days);
    }
    for (const row of rows.slice(0, 4)) expectExactCopy(copy(row), row);
  });

  it('copies posts exactly, whatever their fields, and never shares a nested object', () => {
    const copy = rowCopier('posts');
    const post = {
      id: 1, board_id: 2, title: 't', body: 'b', status: 'open', is_admin: false, hidden: false, pinned: false,
      queue_rank: null, shipped_at: null, created_at: '2026-11-23T00:00:00.000Z', vote_count: 0, comment_count: 0,
      proposal: { steps: ['a'] },
    };
    expectExactCopy(copy(post), post);
    expect((copy(post) as typeof post).proposal).not.toBe(post.proposal);
    const { proposal: _, ...withoutProposal } = post;
    expectExactCopy(copy(withoutProposal), withoutProposal);
    expectExactCopy(copy({ ...post, extra: [1] }), { ...post, extra: [1] });
    const reordered = Object.assign({ title: 't' }, post, { id: 1 });
    expectExactCopy(copy(reordered), reordered);
  });
});
