import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { StoredTable } from '../../../adapters/memory/tables.js';
import { VoteTable } from '../../../adapters/memory/votes.js';
import { WordTable } from '../../../adapters/memory/words.js';

const BIG = 2 ** 31 + 7;

/** Puts a row as the memory transaction does: a copy, under its primary key. */
function put(table: StoredTable, row: object): object | undefined {
  const copy = table.copy(row);
  return table.set(table.primaryKeyOf(copy), copy);
}

const byJson = (rows: object[]): string[] => rows.map((row) => JSON.stringify(row)).sort();

describe('packed votes table', () => {
  it('reads back every row exactly: big ids, odd timestamps, rows it cannot pack', () => {
    const votes = new VoteTable();
    const rows: object[] = [
      { post_id: 1, voter_id: 2, created_at: '2026-11-23T16:59:40.123Z' },
      { post_id: 1, voter_id: BIG, created_at: '2026-11-23T16:59:40Z' },
      { post_id: BIG, voter_id: 1, created_at: '+010000-01-01T00:00:00.000Z' },
      { post_id: 1, voter_id: 0.5, created_at: '1969-12-31T23:59:59.999Z' },
      { post_id: 2, voter_id: 3, created_at: '2026-11-23T16:59:40.123Z', extra: { nested: true } },
      { voter_id: 4, post_id: 2, created_at: '2026-11-23T16:59:40.123Z' },
      { post_id: 'p', voter_id: 5, created_at: '2026-11-23T16:59:40.123Z' },
      { post_id: 3, voter_id: 6, created_at: 1234 },
    ];
    for (const row of rows) expect(put(votes, row)).toBeUndefined();
    for (const row of rows) {
      const stored = votes.get(votes.primaryKeyOf(row));
      expect(stored).toStrictEqual(row);
      expect(Object.keys(stored!)).toEqual(Object.keys(row));
    }
    expect(byJson(votes.all())).toEqual(byJson(rows));
    expect(byJson(votes.lookup('by_post', 1))).toEqual(byJson(rows.slice(0, 2).concat(rows[3]!)));
    expect(byJson(votes.lookup('by_post', 2))).toEqual(byJson([rows[4]!, rows[5]!]));
    expect(votes.lookup('by_post', '1')).toEqual([]);
    // By voter: a voter's packed votes (ascending post) and its rows of another shape.
    expect(votes.lookup('by_voter', 1)).toEqual([rows[2]!]);
    expect(byJson(votes.lookup('by_voter', 2))).toEqual(byJson([rows[0]!]));
    expect(votes.lookup('by_voter', 3)).toEqual([rows[4]!]);
    expect(votes.lookup('by_voter', BIG)).toEqual([rows[1]!]);
    expect(votes.lookup('by_voter', 0.5)).toEqual([rows[3]!]);
    expect(votes.lookup('by_voter', 99)).toEqual([]);
    expect(votes.get(votes.encode([1, 99])!)).toBeUndefined();
    expect(votes.encode([1, null])).toBeUndefined();
    expect(votes.encode([1, 2, 3])).toBeUndefined();
  });

  it('keeps no reference to a row it could not pack', () => {
    const votes = new VoteTable();
    const row = { post_id: 1, voter_id: 2, created_at: 'x', note: { text: 'a' } };
    put(votes, row);
    row.note.text = 'changed';
    expect(votes.get([1, 2])).toEqual({ post_id: 1, voter_id: 2, created_at: 'x', note: { text: 'a' } });
  });

  it('replaces, removes and restores rows as a Map of rows would, under random operations', () => {
    const key = fc.tuple(fc.constantFrom(1, 2, BIG), fc.constantFrom(1, 2, 3, BIG, 70, 71));
    const time = fc.oneof(
      fc.integer({ min: 0, max: 4e12 }).map((ms) => new Date(ms).toISOString()),
      fc.constantFrom('2026-11-23T16:59:40Z', 'odd'),
    );
    const op = fc.oneof(
      fc.record({ kind: fc.constant('put' as const), key, time, extra: fc.boolean() }),
      fc.record({ kind: fc.constant('remove' as const), key }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 80 }), (ops) => {
        const votes = new VoteTable();
        const model = new Map<string, object>();
        const undo: [unknown, object | undefined][] = [];
        for (const step of ops) {
          const [post, voter] = step.key;
          const id = JSON.stringify(step.key);
          if (step.kind === 'put') {
            const row = step.extra
              ? { post_id: post, voter_id: voter, created_at: step.time, extra: 1 }
              : { post_id: post, voter_id: voter, created_at: step.time };
            const previous = put(votes, row);
            expect(previous && votes.copy(previous)).toEqual(model.get(id));
            undo.push([votes.primaryKeyOf(row), previous]);
            model.set(id, row);
          } else {
            const removed = votes.remove(votes.encode(step.key)!);
            expect(removed).toEqual(model.get(id));
            if (removed) undo.push([votes.encode(step.key), removed]);
            model.delete(id);
          }
        }
        expect(byJson(votes.all())).toEqual(byJson([...model.values()]));
        for (const post of [1, 2, BIG]) {
          expect(byJson(votes.lookup('by_post', post))).toEqual(byJson([...model.values()].filter((row) => (row as { post_id: number }).post_id === post)));
        }
        for (const voter of [1, 2, 3, BIG, 70, 71]) {
          expect(byJson(votes.lookup('by_voter', voter))).toEqual(byJson([...model.values()].filter((row) => (row as { voter_id: number }).voter_id === voter)));
        }
        // Undo newest first, as the memory transaction does on rollback: the table ends empty.
        for (const [k, previous] of undo.reverse()) {
          if (previous === undefined) votes.remove(k as never);
          else votes.set(k as never, previous);
        }
        // Puts of a new key were undone by removing it, replacements and removals by setting back.
        expect(votes.all()).toEqual([]);
        for (const voter of [1, 2, 3, BIG, 70, 71]) expect(votes.lookup('by_voter', voter)).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });
});

describe('packed title words table', () => {
  it('reads back every row exactly: big ids, rows it cannot pack; by word in ascending post order, as IndexedDB gives them', () => {
    const words = new WordTable();
    const rows: object[] = [
      { board_id: 1, word: 'dark', post_id: 9 },
      { board_id: 1, word: 'dark', post_id: 2 },
      { board_id: 1, word: 'mode', post_id: 2 },
      { board_id: BIG, word: 'dark', post_id: BIG },
      { board_id: 2, word: 'dark', post_id: 2 },
      { board_id: 1, word: 'dark', post_id: 0.5 },
      { word: 'dark', board_id: 1, post_id: 3 },
      { board_id: 1, word: 7, post_id: 4 },
      { board_id: 1, word: 'odd', post_id: 5, extra: { nested: true } },
    ];
    for (const row of rows) expect(put(words, row)).toBeUndefined();
    for (const row of rows) {
      const stored = words.get(words.primaryKeyOf(row));
      expect(stored).toStrictEqual(row);
      expect(Object.keys(stored!)).toEqual(Object.keys(row));
    }
    expect(byJson(words.all())).toEqual(byJson(rows));
    expect(words.lookup('by_board_word', [1, 'dark']).slice(0, 3)).toEqual([rows[5], rows[1], rows[0]]);
    expect(byJson(words.lookup('by_board_word', [1, 'dark']))).toEqual(byJson([rows[0]!, rows[1]!, rows[5]!, rows[6]!]));
    expect(byJson(words.lookup('by_post', 2))).toEqual(byJson([rows[1]!, rows[2]!, rows[4]!]));
    expect(words.lookup('by_post', BIG)).toEqual([rows[3]]);
    expect(words.lookup('by_board_word', [1, 'none'])).toEqual([]);
    expect(words.get(words.encode([1, 'dark', 99])!)).toBeUndefined();
    expect(words.encode([1, null, 2])).toBeUndefined();
    expect(words.encode([1, 'dark'])).toBeUndefined();
  });

  it('keeps no reference to a row it could not pack', () => {
    const words = new WordTable();
    const row = { board_id: 1, word: 'w', post_id: 2, note: { text: 'a' } };
    put(words, row);
    row.note.text = 'changed';
    expect(words.get([1, 'w', 2])).toEqual({ board_id: 1, word: 'w', post_id: 2, note: { text: 'a' } });
  });

  it('replaces, removes and restores rows as a Map of rows would, under random operations', () => {
    const boards = [1, 2, BIG];
    const vocabulary = ['a', 'b', 'c'];
    const posts = [1, 2, 3, BIG, 70];
    const key = fc.tuple(fc.constantFrom(...boards), fc.constantFrom(...vocabulary), fc.constantFrom(...posts));
    const op = fc.oneof(
      fc.record({ kind: fc.constant('put' as const), key, extra: fc.boolean() }),
      fc.record({ kind: fc.constant('remove' as const), key }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 80 }), (ops) => {
        const words = new WordTable();
        const model = new Map<string, object>();
        const undo: [unknown, object | undefined][] = [];
        for (const step of ops) {
          const [board, word, post] = step.key;
          const id = JSON.stringify(step.key);
          if (step.kind === 'put') {
            const row = step.extra ? { board_id: board, word, post_id: post, extra: 1 } : { board_id: board, word, post_id: post };
            const previous = put(words, row);
            expect(previous && words.copy(previous)).toEqual(model.get(id));
            undo.push([words.primaryKeyOf(row), previous]);
            model.set(id, row);
          } else {
            const removed = words.remove(words.encode(step.key)!);
            expect(removed).toEqual(model.get(id));
            if (removed) undo.push([words.encode(step.key), removed]);
            model.delete(id);
          }
        }
        const rows = [...model.values()] as { board_id: number; word: string; post_id: number }[];
        expect(byJson(words.all())).toEqual(byJson(rows));
        for (const post of posts) expect(byJson(words.lookup('by_post', post))).toEqual(byJson(rows.filter((row) => row.post_id === post)));
        for (const board of boards) {
          for (const word of vocabulary) {
            expect(byJson(words.lookup('by_board_word', [board, word]))).toEqual(byJson(rows.filter((row) => row.board_id === board && row.word === word)));
          }
        }
        for (const [k, previous] of undo.reverse()) {
          if (previous === undefined) words.remove(k as never);
          else words.set(k as never, previous);
        }
        expect(words.all()).toEqual([]);
        for (const word of vocabulary) expect(words.lookup('by_board_word', [1, word])).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('keeps a word of every title in one list that grows in place, so a board of many posts inserts in linear time', () => {
    const words = new WordTable();
    for (let post = 1; post <= 5000; post++) put(words, { board_id: 1, word: 'post', post_id: post });
    const found = words.lookup('by_board_word', [1, 'post']) as { post_id: number }[];
    expect(found.map((row) => row.post_id)).toEqual(Array.from({ length: 5000 }, (_, i) => i + 1));
  });
});

