/**
 * Each board's custom fields and the values posts hold for them: definitions kept in order and
 * copied in and out, values stored with a post and changed by a patch, the list filtered by one
 * field's value (a number equals only a number), counted exactly, and values removed from a
 * board's posts (all of a key, or some of its values) without touching another board. A
 * randomized sequence of writes is compared with the reference implementation (memory).
 */
import fc from 'fast-check';
import { createMemoryStorage } from '../adapters/memory/index.js';
import type { FieldRecord, FieldValue, FieldValues } from '../src/domain/fields.js';
import type { Storage, StorageTx } from '../src/storage/contract.js';
import type { NewRecord } from '../src/storage/contract/shared.js';
import { at, newBoard, newPost, normalize, seedBoard } from './fixtures.js';
import type { SuiteContext } from './harness.js';

const PAGE = { limit: 50, offset: 0 };

const field = (boardId: number, overrides: Partial<NewRecord<FieldRecord>> = {}): NewRecord<FieldRecord> => ({
  board_id: boardId,
  key: 'plan',
  label: 'Plan',
  type: 'choice',
  options: ['Free', 'Pro'],
  required: false,
  position: 0,
  ...overrides,
});

/** Two boards of one organization, the first with posts holding values. */
async function boardsWithValues(tx: StorageTx) {
  const { organization, board } = await seedBoard(tx);
  const other = await tx.insertBoard(newBoard(organization.id, { slug: 'other' }));
  const values: (FieldValues | null)[] = [
    { plan: 'Pro', seats: 5 },
    { plan: 'Free', seats: 5, note: 'x' },
    { plan: 'Pro' },
    { seats: 12 },
    null,
    { seats: '5' as unknown as number },
  ];
  const posts = [];
  for (const [i, fields] of values.entries()) {
    posts.push(await tx.insertPost(newPost(board.id, { title: `Post ${i}`, created_at: at(i), status: i % 2 === 0 ? 'open' : 'planned', fields })));
  }
  const foreign = await tx.insertPost(newPost(other.id, { fields: { plan: 'Pro', seats: 5 } }));
  return { board: board.id, other: other.id, posts: posts.map((p) => p.id), foreign: foreign.id };
}

const listed = async (tx: StorageTx, boardId: number, key: string, value: FieldValue, extra: object = {}) => {
  const page = await tx.listPosts(boardId, { sort: 'new', ...PAGE, ...extra, field: { key, value } });
  return { ids: page.rows.map((p) => p.id), total: page.total };
};

export function fieldTests(ctx: SuiteContext): void {
  const { expect } = ctx;

  ctx.t.describe('custom fields', () => {
    ctx.test('fields are listed by position then id, changed field by field, copied, and removed', async () => {
      const { board } = await ctx.write(seedBoard);
      const [a, b, c] = await ctx.write(async (tx) => [
        await tx.insertField(field(board.id, { position: 1 })),
        await tx.insertField(field(board.id, { key: 'seats', label: 'Seats', type: 'number', options: [], required: true, position: 0 })),
        await tx.insertField(field(board.id, { key: 'note', label: 'Note', type: 'text', options: [], position: 1 })),
      ]);
      expect(a).toEqual({ id: 1, ...field(board.id, { position: 1 }) });
      expect(b!.required).toBe(true);
      expect((await ctx.read((tx) => tx.listFields(board.id))).map((f) => f.id)).toEqual([b!.id, a!.id, c!.id]);
      const options = ['Free', 'Pro', 'Team'];
      const updated = await ctx.write((tx) => tx.updateField(a!.id, { label: 'Your plan', options, required: true }));
      options.push('mutated');
      expect(updated).toEqual({ ...a!, label: 'Your plan', options: ['Free', 'Pro', 'Team'], required: true });
      updated!.options.push('mutated');
      expect((await ctx.read((tx) => tx.listFields(board.id)))[1]).toEqual({ ...a!, label: 'Your plan', options: ['Free', 'Pro', 'Team'], required: true });
      expect(await ctx.write((tx) => tx.updateField(a!.id, {}))).toEqual({ ...a!, label: 'Your plan', options: ['Free', 'Pro', 'Team'], required: true });
      expect(await ctx.write((tx) => tx.updateField(999, { label: 'x' }))).toBeNull();
      expect(await ctx.write((tx) => tx.deleteField(a!.id))).toBe(true);
      expect(await ctx.write((tx) => tx.deleteField(a!.id))).toBe(false);
      expect((await ctx.read((tx) => tx.listFields(board.id))).map((f) => f.key)).toEqual(['seats', 'note']);
      expect(await ctx.read((tx) => tx.listFields(board.id + 1))).toEqual([]);
    });

    ctx.test('a post stores its values, a patch replaces or removes them, and copies never alias the store', async () => {
      const { board } = await ctx.write(seedBoard);
      const values: FieldValues = { plan: 'Pro', seats: 2.5, note: 'Ünïcode "quoted" \\ text' };
      const post = await ctx.write((tx) => tx.insertPost(newPost(board.id, { fields: values })));
      values['plan'] = 'mutated';
      expect(post.fields).toEqual({ plan: 'Pro', seats: 2.5, note: 'Ünïcode "quoted" \\ text' });
      post.fields!['seats'] = 99;
      const read = await ctx.read((tx) => tx.getPost(post.id));
      expect(read!.fields).toEqual({ plan: 'Pro', seats: 2.5, note: 'Ünïcode "quoted" \\ text' });
      expect((await ctx.write((tx) => tx.updatePost(post.id, { fields: { seats: 3 } })))!.fields).toEqual({ seats: 3 });
      expect((await ctx.write((tx) => tx.updatePost(post.id, { title: 'Other' })))!.fields).toEqual({ seats: 3 });
      expect((await ctx.write((tx) => tx.updatePost(post.id, { fields: null })))!.fields).toBeNull();
      expect((await ctx.read((tx) => tx.getPost(post.id)))!.fields).toBeNull();
      const plain = await ctx.write((tx) => tx.insertPost(newPost(board.id)));
      expect(plain.fields).toBeNull();
      expect((await ctx.read((tx) => tx.listPosts(board.id, { sort: 'new', ...PAGE }))).rows.map((p) => p.fields)).toEqual([null, null]);
    });

    ctx.test('listPosts by a field’s value: the board’s matching posts only, a number never equal to text, with other filters, counted', async () => {
      const s = await ctx.write(boardsWithValues);
      const [p0, p1, p2, p3, , p5] = s.posts;
      const list = (key: string, value: FieldValue, extra?: object) => ctx.read((tx) => listed(tx, s.board, key, value, extra));
      expect(await list('plan', 'Pro')).toEqual({ ids: [p2, p0], total: 2 });
      expect(await list('seats', 5)).toEqual({ ids: [p1, p0], total: 2 });
      expect(await list('seats', '5')).toEqual({ ids: [p5], total: 1 });
      expect(await list('seats', 12, { status: 'planned' })).toEqual({ ids: [p3], total: 1 });
      expect(await list('plan', 'Pro', { status: 'planned' })).toEqual({ ids: [], total: 0 });
      expect(await list('plan', 'pro')).toEqual({ ids: [], total: 0 });
      expect(await list('missing', 'Pro')).toEqual({ ids: [], total: 0 });
      expect(await list('seats', 5, { sort: 'top', limit: 1, offset: 1 })).toEqual({ ids: [p0], total: 2 });
      expect(await ctx.read((tx) => listed(tx, s.other, 'plan', 'Pro'))).toEqual({ ids: [s.foreign], total: 1 });
      // A tag with a value: both filters hold.
      await ctx.write(async (tx) => {
        const [tag] = await tx.ensureTags(s.board, ['Billing']);
        await tx.setPostTags(p0!, [tag!.id]);
        await tx.setPostTags(p1!, [tag!.id]);
      });
      const tagId = (await ctx.read((tx) => tx.getTagBySlug(s.board, 'billing')))!.id;
      expect(await list('plan', 'Pro', { tagId })).toEqual({ ids: [p0], total: 1 });
    });

    ctx.test('clearFieldValues removes a key (or some of its values) from the board’s posts only; countFieldValues counts holders', async () => {
      const s = await ctx.write(boardsWithValues);
      const [p0, p1, p2, p3, p4, p5] = s.posts;
      const fieldsOf = (ids: number[]) => ctx.read(async (tx) => Promise.all(ids.map(async (id) => (await tx.getPost(id))!.fields)));
      expect(await ctx.read((tx) => tx.countFieldValues(s.board, 'plan'))).toBe(3);
      expect(await ctx.read((tx) => tx.countFieldValues(s.board, 'seats'))).toBe(4);
      expect(await ctx.read((tx) => tx.countFieldValues(s.board, 'none'))).toBe(0);
      expect(await ctx.write((tx) => tx.clearFieldValues(s.board, 'plan', ['Free', 'Team']))).toBe(1);
      expect(await fieldsOf([p0!, p1!, p2!])).toEqual([{ plan: 'Pro', seats: 5 }, { seats: 5, note: 'x' }, { plan: 'Pro' }]);
      expect(await ctx.write((tx) => tx.clearFieldValues(s.board, 'seats', [5]))).toBe(2);
      expect(await fieldsOf([p0!, p1!, p3!, p5!])).toEqual([{ plan: 'Pro' }, { note: 'x' }, { seats: 12 }, { seats: '5' }]);
      expect(await ctx.write((tx) => tx.clearFieldValues(s.board, 'plan'))).toBe(2);
      // A post left with no value holds none.
      expect(await fieldsOf([p0!, p2!, p4!])).toEqual([null, null, null]);
      expect(await ctx.read((tx) => tx.countFieldValues(s.board, 'plan'))).toBe(0);
      expect(await ctx.read((tx) => listed(tx, s.board, 'plan', 'Pro'))).toEqual({ ids: [], total: 0 });
      expect((await ctx.read((tx) => tx.getPost(s.foreign)))!.fields).toEqual({ plan: 'Pro', seats: 5 });
      expect(await ctx.write((tx) => tx.clearFieldValues(s.board, 'plan'))).toBe(0);
    });

    ctx.test('a deleted post is restored with its values', async () => {
      const s = await ctx.write(boardsWithValues);
      const organizationId = (await ctx.read((tx) => tx.getBoard(s.board)))!.organization_id;
      await ctx.write((tx) => tx.trashPost(s.posts[0]!, { organization_id: organizationId, deleted_at: at(30), actor_kind: 'team_member', actor_id: null }));
      expect(await ctx.read((tx) => listed(tx, s.board, 'plan', 'Pro'))).toEqual({ ids: [s.posts[2]], total: 1 });
      const restored = await ctx.write((tx) => tx.restoreDeletedPost(organizationId, s.posts[0]!));
      expect((restored as { fields: unknown }).fields).toEqual({ plan: 'Pro', seats: 5 });
      expect((await ctx.read((tx) => tx.getPost(s.posts[0]!)))!.fields).toEqual({ plan: 'Pro', seats: 5 });
    });

    valueSequenceTests(ctx);
  });
}

type ValueCommand =
  | { kind: 'post'; board: 0 | 1; values: FieldValues | null }
  | { kind: 'patch'; pick: number; values: FieldValues | null }
  | { kind: 'clear'; board: 0 | 1; key: string; values?: FieldValue[] };

const KEYS = ['plan', 'seats', 'note'] as const;
const value: fc.Arbitrary<FieldValue> = fc.oneof(fc.constantFrom('Pro', 'Free', 'Ä "b"', '5'), fc.constantFrom(5, 12, -3, 2.5));
const values: fc.Arbitrary<FieldValues | null> = fc.option(fc.dictionary(fc.constantFrom(...KEYS), value, { minKeys: 1 }), { nil: null });
const valueCommand: fc.Arbitrary<ValueCommand> = fc.oneof(
  fc.record({ kind: fc.constant('post' as const), board: fc.constantFrom(0 as const, 1 as const), values }),
  fc.record({ kind: fc.constant('post' as const), board: fc.constantFrom(0 as const, 1 as const), values }),
  fc.record({ kind: fc.constant('patch' as const), pick: fc.nat(100), values }),
  fc.record({ kind: fc.constant('clear' as const), board: fc.constantFrom(0 as const, 1 as const), key: fc.constantFrom(...KEYS) }),
  fc.record({ kind: fc.constant('clear' as const), board: fc.constantFrom(0 as const, 1 as const), key: fc.constantFrom(...KEYS), values: fc.array(value, { maxLength: 3 }) }),
);

function valueSequenceTests(ctx: SuiteContext): void {
  const { expect } = ctx;
  ctx.test('random writes of values answer every filter, count and post as the reference does', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(valueCommand, { minLength: 1, maxLength: 25 }), async (commands) => {
        const target = await ctx.target.create();
        const reference: Storage = createMemoryStorage();
        const setup = async (tx: StorageTx) => {
          const { organization, board } = await seedBoard(tx);
          const other = await tx.insertBoard(newBoard(organization.id, { slug: 'other' }));
          return [board.id, other.id] as const;
        };
        try {
          const boards = await target.transaction('write', setup);
          await reference.transaction('write', setup);
          const posts: number[] = [];
          for (const [index, cmd] of commands.entries()) {
            const run = async (tx: StorageTx): Promise<unknown> => {
              if (cmd.kind === 'post') return tx.insertPost(newPost(boards[cmd.board], { created_at: at(index), fields: cmd.values }));
              if (cmd.kind === 'patch') return posts.length === 0 ? null : tx.updatePost(posts[cmd.pick % posts.length]!, { fields: cmd.values });
              return tx.clearFieldValues(boards[cmd.board], cmd.key, cmd.values);
            };
            const actual = await target.transaction('write', run);
            expect({ index, cmd, result: normalize(actual) }).toEqual({ index, cmd, result: normalize(await reference.transaction('write', run)) });
            if (cmd.kind === 'post') posts.push((actual as { id: number }).id);
          }
          const everything = async (tx: StorageTx) => {
            const answers: unknown[] = [];
            for (const boardId of boards) {
              for (const key of KEYS) {
                answers.push(await tx.countFieldValues(boardId, key));
                for (const v of ['Pro', 'Free', 'Ä "b"', '5', 5, 12, -3, 2.5]) answers.push(await listed(tx, boardId, key, v));
              }
              answers.push((await tx.listPosts(boardId, { sort: 'new', ...PAGE })).rows);
            }
            return normalize(answers);
          };
          expect(await target.transaction('read', everything)).toEqual(await reference.transaction('read', everything));
        } finally {
          await target.close();
          await reference.close();
        }
      }),
      { seed: 20261129, numRuns: 20 },
    );
  }, 120_000);
}
