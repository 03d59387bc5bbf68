/**
 * Changelog entries: stored as written (a hostile title and body byte for byte, the linked posts in
 * their order), listed per board in the order of their publication (scheduled ones first for the
 * team, published ones alone for everybody else), the due ones found across organizations in time
 * order, and each published exactly once; another board's entries never appear in a board's list.
 * Entries are changed field by field (their time only while they wait) and deleted; random
 * sequences of writing, editing, publishing and deleting agree with a model of the entries.
 */
import fc from 'fast-check';
import type { ChangelogEntryRecord } from '../src/domain/changelog-entries.js';
import type { NewRecord } from '../src/storage/contract.js';
import { at, newBoard, newPost, seedBoard } from './fixtures.js';
import type { SuiteContext } from './harness.js';

const PAGE = { limit: 50, offset: 0 };

function newEntry(organizationId: number, boardId: number, overrides: Partial<NewRecord<ChangelogEntryRecord>> = {}): NewRecord<ChangelogEntryRecord> {
  return {
    organization_id: organizationId,
    board_id: boardId,
    title: 'What shipped',
    body: 'Dark mode is **here**.',
    post_ids: [],
    publish_at: null,
    published_at: at(1),
    actor_kind: 'team_member',
    actor_id: null,
    created_at: at(1),
    ...overrides,
  };
}

/** One step of a random sequence: an entry written, edited, published or deleted (`pick` chooses among those written). */
type EntryCommand =
  | { kind: 'insert'; board: 0 | 1; scheduled: boolean; minute: number }
  | { kind: 'update'; pick: number; title: string | null; posts: boolean; minute: number | null; unpublished: boolean }
  | { kind: 'publish'; pick: number; minute: number }
  | { kind: 'delete'; pick: number };

const minute = fc.integer({ min: 1, max: 60 });
const entryCommand: fc.Arbitrary<EntryCommand> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('insert' as const), board: fc.constantFrom(0 as const, 1 as const), scheduled: fc.boolean(), minute }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('update' as const),
      pick: fc.nat(20),
      title: fc.option(fc.constantFrom('Edited', 'Ä "b" <i>', ''), { nil: null }),
      posts: fc.boolean(),
      minute: fc.option(minute, { nil: null }),
      unpublished: fc.boolean(),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('publish' as const), pick: fc.nat(20), minute }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), pick: fc.nat(20) }) },
);

/** The model's order of a board's list: by the time shown (published, else to be published, else written), latest first, then id desc. */
const modelShownAt = (entry: ChangelogEntryRecord) => entry.published_at ?? entry.publish_at ?? entry.created_at;
function modelList(entries: Iterable<ChangelogEntryRecord>, boardId: number, state?: 'published' | 'scheduled'): number[] {
  return [...entries]
    .filter((e) => e.board_id === boardId && (state === undefined || (e.published_at !== null) === (state === 'published')))
    .sort((a, b) => (modelShownAt(a) === modelShownAt(b) ? b.id - a.id : modelShownAt(a) < modelShownAt(b) ? 1 : -1))
    .map((e) => e.id);
}
function modelDue(entries: Iterable<ChangelogEntryRecord>, now: string): number[] {
  return [...entries]
    .filter((e) => e.published_at === null && e.publish_at !== null && e.publish_at <= now)
    .sort((a, b) => (a.publish_at === b.publish_at ? a.id - b.id : a.publish_at! < b.publish_at! ? -1 : 1))
    .map((e) => e.id);
}

export function changelogEntryTests(ctx: SuiteContext): void {
  const { expect } = ctx;

  /** Organization 1 with boards 1 and 2 and two posts on board 1; organization 2 with its own board. */
  async function seed() {
    return ctx.write(async (tx) => {
      const { organization, board } = await seedBoard(tx);
      const second = await tx.insertBoard(newBoard(organization.id, { slug: 'second' }));
      const first = await tx.insertPost(newPost(board.id, { title: 'Dark mode', status: 'shipped', shipped_at: at(2) }));
      const next = await tx.insertPost(newPost(board.id, { title: 'Export', status: 'shipped', shipped_at: at(3) }));
      const other = await tx.insertOrganization({ name: 'Globex', created_at: at(0) });
      const otherBoard = await tx.insertBoard(newBoard(other.id, { slug: 'features' }));
      return { org: organization.id, board: board.id, second: second.id, posts: [first.id, next.id], other: other.id, otherBoard: otherBoard.id };
    });
  }

  ctx.t.describe('changelog entries', () => {
    ctx.test('an entry reads back exactly as written, a hostile title and body included', async () => {
      const s = await seed();
      const row = newEntry(s.org, s.board, {
        title: '<script>alert(1)</script> \u{1F680} "quotes" & amp',
        body: '# Shipped\n\n<img src=x onerror=alert(1)>\n\n- [x](javascript:alert(1))\n',
        post_ids: [s.posts[1]!, s.posts[0]!],
        publish_at: at(90),
        published_at: null,
        actor_kind: 'api_key',
        actor_id: 7,
      });
      const stored = await ctx.write((tx) => tx.insertChangelogEntry(row));
      expect(stored).toEqual({ id: stored.id, ...row });
      expect(await ctx.read((tx) => tx.getChangelogEntry(stored.id))).toEqual(stored);
      expect(await ctx.read((tx) => tx.getChangelogEntry(stored.id + 1000))).toBeNull();
    });

    ctx.test("a board's entries: scheduled first for the team, published newest first for everybody; other boards' never", async () => {
      const s = await seed();
      const ids = await ctx.write(async (tx) => {
        const old = await tx.insertChangelogEntry(newEntry(s.org, s.board, { published_at: at(10), created_at: at(10) }));
        const later = await tx.insertChangelogEntry(newEntry(s.org, s.board, { publish_at: at(20), published_at: at(20), created_at: at(5) }));
        const scheduled = await tx.insertChangelogEntry(newEntry(s.org, s.board, { publish_at: at(500), published_at: null, created_at: at(30) }));
        const sameTime = await tx.insertChangelogEntry(newEntry(s.org, s.board, { published_at: at(20), created_at: at(20) }));
        await tx.insertChangelogEntry(newEntry(s.org, s.second, { published_at: at(40) }));
        await tx.insertChangelogEntry(newEntry(s.other, s.otherBoard, { published_at: at(40) }));
        return { old: old.id, later: later.id, scheduled: scheduled.id, sameTime: sameTime.id };
      });
      const team = await ctx.read((tx) => tx.listChangelogEntries(s.board, PAGE));
      expect(team.rows.map((row) => row.id)).toEqual([ids.scheduled, ids.sameTime, ids.later, ids.old]);
      expect(team.total).toBe(4);
      const published = await ctx.read((tx) => tx.listChangelogEntries(s.board, { ...PAGE, state: 'published' }));
      expect(published.rows.map((row) => row.id)).toEqual([ids.sameTime, ids.later, ids.old]);
      expect(published.total).toBe(3);
      const page = await ctx.read((tx) => tx.listChangelogEntries(s.board, { limit: 1, offset: 1, state: 'published' }));
      expect(page).toEqual({ rows: [published.rows[1]], total: 3 });
      const scheduled = await ctx.read((tx) => tx.listChangelogEntries(s.board, { ...PAGE, state: 'scheduled' }));
      expect(scheduled).toEqual({ rows: [team.rows[0]], total: 1 });
      expect((await ctx.read((tx) => tx.listChangelogEntries(s.otherBoard, PAGE))).total).toBe(1);
    });

    ctx.test('the due entries of every organization, earliest first; each published once, and only when not yet published', async () => {
      const s = await seed();
      const ids = await ctx.write(async (tx) => {
        const due = await tx.insertChangelogEntry(newEntry(s.org, s.board, { publish_at: at(20), published_at: null }));
        const earlier = await tx.insertChangelogEntry(newEntry(s.other, s.otherBoard, { publish_at: at(15), published_at: null }));
        const future = await tx.insertChangelogEntry(newEntry(s.org, s.second, { publish_at: at(60), published_at: null }));
        const done = await tx.insertChangelogEntry(newEntry(s.org, s.board, { publish_at: at(5), published_at: at(5) }));
        return { due: due.id, earlier: earlier.id, future: future.id, done: done.id };
      });
      expect(await ctx.read((tx) => tx.listDueChangelogEntries(at(30), 10))).toEqual([ids.earlier, ids.due]);
      expect(await ctx.read((tx) => tx.listDueChangelogEntries(at(30), 1))).toEqual([ids.earlier]);
      expect(await ctx.read((tx) => tx.listDueChangelogEntries(at(30), 10, s.board))).toEqual([ids.due]);
      expect(await ctx.read((tx) => tx.listDueChangelogEntries(at(20), 10))).toEqual([ids.earlier, ids.due]);
      expect(await ctx.read((tx) => tx.listDueChangelogEntries(at(14), 10))).toEqual([]);

      const published = await ctx.write((tx) => tx.publishChangelogEntry(ids.due, at(31)));
      expect(published).toEqual({ ...(await ctx.read((tx) => tx.getChangelogEntry(ids.due))), published_at: at(31) });
      // Published once: a second publisher finds it done and changes nothing.
      expect(await ctx.write((tx) => tx.publishChangelogEntry(ids.due, at(32)))).toBeNull();
      expect((await ctx.read((tx) => tx.getChangelogEntry(ids.due)))!.published_at).toBe(at(31));
      expect(await ctx.write((tx) => tx.publishChangelogEntry(ids.done, at(32)))).toBeNull();
      expect(await ctx.write((tx) => tx.publishChangelogEntry(9999, at(32)))).toBeNull();
      expect(await ctx.read((tx) => tx.listDueChangelogEntries(at(30), 10))).toEqual([ids.earlier]);
    });

    ctx.test('an entry is changed field by field, its time only while it waits, and deleted', async () => {
      const s = await seed();
      const ids = await ctx.write(async (tx) => ({
        waiting: (await tx.insertChangelogEntry(newEntry(s.org, s.board, { publish_at: at(40), published_at: null }))).id,
        done: (await tx.insertChangelogEntry(newEntry(s.org, s.board, { title: 'Done', post_ids: [s.posts[0]!] }))).id,
      }));
      const before = (await ctx.read((tx) => tx.getChangelogEntry(ids.done)))!;
      // A field given is changed, the others kept; the linked posts as given, in their order.
      const edited = await ctx.write((tx) => tx.updateChangelogEntry(ids.done, { body: '<b>Edited</b> \u{1F680}', post_ids: [s.posts[1]!, s.posts[0]!] }, false));
      expect(edited).toEqual({ ...before, body: '<b>Edited</b> \u{1F680}', post_ids: [s.posts[1]!, s.posts[0]!] });
      expect(await ctx.read((tx) => tx.getChangelogEntry(ids.done))).toEqual(edited);
      // Nothing to change: the entry as it is.
      expect(await ctx.write((tx) => tx.updateChangelogEntry(ids.done, {}, false))).toEqual(edited);
      // Only while it waits: a published entry is left as it is.
      expect(await ctx.write((tx) => tx.updateChangelogEntry(ids.done, { publish_at: at(50) }, true))).toBeNull();
      expect(await ctx.read((tx) => tx.getChangelogEntry(ids.done))).toEqual(edited);
      const moved = await ctx.write((tx) => tx.updateChangelogEntry(ids.waiting, { publish_at: at(20), published_at: at(20) }, true));
      const waiting = (await ctx.read((tx) => tx.getChangelogEntry(ids.waiting)))!;
      expect(moved).toEqual({ ...waiting, publish_at: at(20), published_at: at(20) });
      expect(await ctx.read((tx) => tx.listDueChangelogEntries(at(60), 10))).toEqual([]);
      expect(await ctx.write((tx) => tx.updateChangelogEntry(9999, { title: 'x' }, false))).toBeNull();

      expect(await ctx.write((tx) => tx.deleteChangelogEntry(ids.done))).toBe(true);
      expect(await ctx.write((tx) => tx.deleteChangelogEntry(ids.done))).toBe(false);
      expect(await ctx.read((tx) => tx.getChangelogEntry(ids.done))).toBeNull();
      expect((await ctx.read((tx) => tx.listChangelogEntries(s.board, PAGE))).rows.map((row) => row.id)).toEqual([ids.waiting]);
      // A delete rolled back keeps the entry.
      await expect(
        ctx.write(async (tx) => {
          await tx.deleteChangelogEntry(ids.waiting);
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      expect(await ctx.read((tx) => tx.getChangelogEntry(ids.waiting))).toEqual(moved);
    });

    ctx.test('random sequences of writing, editing, publishing and deleting entries agree with a model of them', async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(entryCommand, { minLength: 1, maxLength: 30 }), async (commands) => {
          const s = await seed();
          const boards = [s.board, s.second] as const;
          const model = new Map<number, ChangelogEntryRecord>();
          const written: number[] = [];
          for (const [index, cmd] of commands.entries()) {
            const step = { index, cmd };
            if (cmd.kind === 'insert') {
              const row = newEntry(s.org, boards[cmd.board], {
                title: `Entry ${index}`,
                publish_at: cmd.scheduled ? at(cmd.minute) : null,
                published_at: cmd.scheduled ? null : at(cmd.minute),
                created_at: at(index),
              });
              const stored = await ctx.write((tx) => tx.insertChangelogEntry(row));
              expect({ ...step, stored }).toEqual({ ...step, stored: { id: stored.id, ...row } });
              model.set(stored.id, stored);
              written.push(stored.id);
              continue;
            }
            // A pick past the entries written names one that never was.
            const id = written.length === 0 ? 9999 : cmd.pick < written.length * 2 ? written[cmd.pick % written.length]! : 9999;
            const known = model.get(id);
            if (cmd.kind === 'update') {
              const changes = {
                ...(cmd.title === null ? {} : { title: cmd.title }),
                ...(cmd.posts ? { post_ids: [s.posts[index % 2]!] } : {}),
                ...(cmd.minute === null ? {} : { publish_at: at(cmd.minute) }),
              };
              const expected = !known || (cmd.unpublished && known.published_at !== null) ? null : { ...known, ...changes };
              const actual = await ctx.write((tx) => tx.updateChangelogEntry(id, changes, cmd.unpublished));
              expect({ ...step, actual }).toEqual({ ...step, actual: expected });
              if (expected) model.set(id, expected);
            } else if (cmd.kind === 'publish') {
              const expected = !known || known.published_at !== null ? null : { ...known, published_at: at(cmd.minute) };
              const actual = await ctx.write((tx) => tx.publishChangelogEntry(id, at(cmd.minute)));
              expect({ ...step, actual }).toEqual({ ...step, actual: expected });
              if (expected) model.set(id, expected);
            } else {
              expect({ ...step, deleted: await ctx.write((tx) => tx.deleteChangelogEntry(id)) }).toEqual({ ...step, deleted: known !== undefined });
              model.delete(id);
            }
          }
          const seen = await ctx.read(async (tx) => {
            const lists: number[][] = [];
            for (const boardId of boards) {
              for (const state of [undefined, 'published', 'scheduled'] as const) {
                lists.push((await tx.listChangelogEntries(boardId, { ...PAGE, ...(state ? { state } : {}) })).rows.map((e) => e.id));
              }
            }
            // Each run seeds boards of its own in the same store: the due entries are read per board.
            const due: number[][] = [];
            for (const boardId of boards) for (const now of [at(30), at(60)]) due.push(await tx.listDueChangelogEntries(now, 100, boardId));
            const rows = await Promise.all(written.map((id) => tx.getChangelogEntry(id)));
            return { lists, due, rows };
          });
          const entries = [...model.values()];
          expect(seen).toEqual({
            lists: boards.flatMap((boardId) => [modelList(entries, boardId), modelList(entries, boardId, 'published'), modelList(entries, boardId, 'scheduled')]),
            due: boards.flatMap((boardId) => [at(30), at(60)].map((now) => modelDue(entries.filter((e) => e.board_id === boardId), now))),
            rows: written.map((id) => model.get(id) ?? null),
          });
        }),
        { seed: 20261129, numRuns: 15 },
      );
    }, 120_000);

    ctx.test('an entry written in a transaction that fails is not stored', async () => {
      const s = await seed();
      await expect(
        ctx.write(async (tx) => {
          await tx.insertChangelogEntry(newEntry(s.org, s.board));
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      expect(await ctx.read((tx) => tx.listChangelogEntries(s.board, PAGE))).toEqual({ rows: [], total: 0 });
    });
  });
}
