/**
 * Each organization's statuses: the five defaults every organization is created with, the label a
 * post takes from its status (and keeps only while its status is the label's category), a removed
 * status moving its posts to the category's default, and the seed's rules (lists by status,
 * roadmap, changelog, counts, statistics) unchanged by any renaming or removal. A randomized
 * sequence of status and label changes is checked against a model of the rule, and against the
 * reference implementation (memory).
 */
import fc from 'fast-check';
import { createMemoryStorage } from '../adapters/memory/index.js';
import { POST_STATUSES, type PostStatus } from '../src/domain/records.js';
import { DEFAULT_STATUSES } from '../src/domain/statuses.js';
import type { Storage, StorageTx } from '../src/storage/contract.js';
import { at, castVotes, newBoard, newOrganization, newPost, normalize, seedBoard, seedVoters } from './fixtures.js';
import type { SuiteContext } from './harness.js';

const PAGE = { limit: 50, offset: 0 };
const WINDOW = { from: '2026-10-01T00:00:00.000Z', to: '2026-12-01T00:00:00.000Z' };

/** Two organizations with a board each: organization 1's defaults are statuses 1–5, organization 2's 6–10. */
async function twoOrganizations(tx: StorageTx) {
  const first = await seedBoard(tx);
  const organization = await tx.insertOrganization(newOrganization({ name: 'Other' }));
  const board = await tx.insertBoard(newBoard(organization.id, { slug: 'other' }));
  return { first, second: { organization, board } };
}

/** Everything the seed's rules answer about a board, without the posts' labels. */
async function seedRules(tx: StorageTx, boardId: number): Promise<unknown> {
  const lists: Record<string, unknown> = {};
  for (const status of POST_STATUSES) {
    lists[status] = await tx.listPosts(boardId, { sort: 'top', status, ...PAGE });
  }
  const unlabelled = JSON.parse(JSON.stringify({
    lists,
    all: await tx.listPosts(boardId, { sort: 'new', ...PAGE }),
    roadmap: await tx.listRoadmap(boardId, PAGE),
    changelog: await tx.listChangelog(boardId, PAGE),
    queue: await tx.listQueue(boardId, { apiKeyId: 0, now: at(100), limit: 50 }),
    count: await tx.countPosts(boardId),
    analytics: await tx.analytics(boardId, WINDOW),
    ship: await tx.shipStats(boardId, WINDOW),
  }), (key, value: unknown) => (key === 'status_label_id' ? undefined : value));
  return unlabelled;
}

export function statusTests(ctx: SuiteContext): void {
  const { expect } = ctx;

  ctx.t.describe('statuses', () => {
    ctx.test('a new organization has the five default statuses, ids in the categories’ order', async () => {
      const { first, second } = await ctx.write(twoOrganizations);
      const listed = await ctx.read((tx) => tx.listStatuses(first.organization.id));
      expect(listed).toEqual(
        DEFAULT_STATUSES.map((status, position) => ({ id: position + 1, organization_id: first.organization.id, ...status, position, is_default: true })),
      );
      expect((await ctx.read((tx) => tx.listStatuses(second.organization.id))).map((s) => [s.id, s.category])).toEqual(
        POST_STATUSES.map((category, i) => [6 + i, category]),
      );
      expect(await ctx.read((tx) => tx.getStatus(7))).toEqual({ ...listed[1]!, id: 7, organization_id: second.organization.id });
      expect(await ctx.read((tx) => tx.getStatus(99))).toBeNull();
      expect(await ctx.read((tx) => tx.listStatuses(99))).toEqual([]);
    });

    ctx.test('a post’s label is its organization’s default of its status unless one is given', async () => {
      const { first, second } = await ctx.write(twoOrganizations);
      const posts = await ctx.write(async (tx) => [
        await tx.insertPost(newPost(first.board.id, { status: 'planned' })),
        await tx.insertPost(newPost(second.board.id, { status: 'declined' })),
        await tx.insertPost(newPost(second.board.id, { status: 'open', status_label_id: 6 })),
      ]);
      expect(posts.map((post) => post.status_label_id)).toEqual([2, 10, 6]);
      const review = await ctx.write((tx) =>
        tx.insertStatus({ organization_id: first.organization.id, name: 'Under review', color: '#123456', category: 'open', position: 5, is_default: false }),
      );
      expect(review).toEqual({ id: 11, organization_id: first.organization.id, name: 'Under review', color: '#123456', category: 'open', position: 5, is_default: false });
      const labelled = await ctx.write((tx) => tx.updatePost(posts[0]!.id, { status: 'open', status_label_id: review.id }));
      expect([labelled!.status, labelled!.status_label_id]).toEqual(['open', review.id]);
      // Another field leaves the label alone; a status alone takes the category's default, the same status included.
      expect((await ctx.write((tx) => tx.updatePost(posts[0]!.id, { title: 'Renamed' })))!.status_label_id).toBe(review.id);
      expect((await ctx.write((tx) => tx.updatePost(posts[0]!.id, { status: 'open' })))!.status_label_id).toBe(1);
      expect((await ctx.write((tx) => tx.updatePost(posts[0]!.id, { status: 'shipped', shipped_at: at(3) })))!.status_label_id).toBe(4);
      const stored = await ctx.read(async (tx) => [await tx.getPost(posts[0]!.id), await tx.getPost(posts[1]!.id)]);
      expect(stored.map((post) => [post!.status, post!.status_label_id])).toEqual([['shipped', 4], ['declined', 10]]);
    });

    ctx.test('updateStatus renames, recolours and moves a status; its category and default stay', async () => {
      const { first } = await ctx.write(twoOrganizations);
      const renamed = await ctx.write((tx) => tx.updateStatus(2, { name: 'Next up', color: '#abcdef', position: 9 }));
      expect(renamed).toEqual({ id: 2, organization_id: first.organization.id, name: 'Next up', color: '#abcdef', category: 'planned', position: 9, is_default: true });
      expect(await ctx.write((tx) => tx.updateStatus(2, {}))).toEqual(renamed);
      expect(await ctx.read((tx) => tx.getStatus(2))).toEqual(renamed);
      expect((await ctx.read((tx) => tx.listStatuses(first.organization.id))).map((s) => s.id)).toEqual([1, 3, 4, 5, 2]);
      expect(await ctx.write((tx) => tx.updateStatus(99, { name: 'x' }))).toBeNull();
    });

    ctx.test('deleteStatus moves the status’s posts (and only those) to its category’s default', async () => {
      const { first, second } = await ctx.write(twoOrganizations);
      const { review, other, posts } = await ctx.write(async (tx) => {
        const status = { color: '#123456', category: 'open' as const, position: 5, is_default: false };
        const review = await tx.insertStatus({ organization_id: first.organization.id, name: 'Under review', ...status });
        const other = await tx.insertStatus({ organization_id: second.organization.id, name: 'Under review', ...status });
        const posts = [
          await tx.insertPost(newPost(first.board.id, { status_label_id: review.id })),
          await tx.insertPost(newPost(first.board.id, { status_label_id: review.id })),
          await tx.insertPost(newPost(first.board.id)),
          await tx.insertPost(newPost(second.board.id, { status_label_id: other.id })),
        ];
        return { review, other, posts };
      });
      expect(await ctx.write((tx) => tx.deleteStatus(review.id))).toBe(2);
      expect(await ctx.read((tx) => tx.getStatus(review.id))).toBeNull();
      const after = await ctx.read(async (tx) => Promise.all(posts.map(async (post) => (await tx.getPost(post.id))!.status_label_id)));
      expect(after).toEqual([1, 1, 1, other.id]);
      expect(await ctx.write((tx) => tx.deleteStatus(review.id))).toBeNull();
      expect((await ctx.read((tx) => tx.listStatuses(second.organization.id))).map((s) => s.id)).toEqual([6, 7, 8, 9, 10, other.id]);
    });

    ctx.test('a label renamed or removed never changes what the seed’s rules answer', async () => {
      const { first } = await ctx.write(twoOrganizations);
      const board = first.board.id;
      await ctx.write(async (tx) => {
        const voters = await seedVoters(tx, first.organization.id, 4);
        const custom = [];
        for (const [i, category] of POST_STATUSES.entries()) {
          custom.push(await tx.insertStatus({ organization_id: first.organization.id, name: `Custom ${category}`, color: '#000000', category, position: 5 + i, is_default: false }));
        }
        for (const [i, category] of [...POST_STATUSES, ...POST_STATUSES].entries()) {
          const shipped = category === 'shipped' ? { shipped_at: at(10 + i) } : {};
          const post = await tx.insertPost(newPost(board, { title: `Post ${i}`, status: category, created_at: at(i), ...shipped, ...(i >= 5 ? { status_label_id: custom[i - 5]!.id } : {}) }));
          await castVotes(tx, post.id, voters.slice(0, i % 4), at(20 + i));
        }
        await tx.insertPost(newPost(board, { title: 'Hidden', status: 'planned', hidden: true, status_label_id: custom[1]!.id }));
      });
      const before = await ctx.read((tx) => seedRules(tx, board));
      await ctx.write(async (tx) => {
        for (const status of await tx.listStatuses(first.organization.id)) await tx.updateStatus(status.id, { name: `${status.name} (renamed)`, color: '#ffffff' });
      });
      expect(await ctx.read((tx) => seedRules(tx, board))).toEqual(before);
      await ctx.write(async (tx) => {
        for (const status of await tx.listStatuses(first.organization.id)) if (!status.is_default) await tx.deleteStatus(status.id);
      });
      expect(await ctx.read((tx) => seedRules(tx, board))).toEqual(before);
      const labels = await ctx.read(async (tx) => (await tx.listPosts(board, { sort: 'new', ...PAGE })).rows.map((post) => [post.status, post.status_label_id]));
      expect(labels).toEqual(labels.map(([status]) => [status, POST_STATUSES.indexOf(status as PostStatus) + 1]));
    });

    ctx.test('a restored post whose label was removed meanwhile shows its category’s default', async () => {
      const { first } = await ctx.write(twoOrganizations);
      const { review, kept, gone } = await ctx.write(async (tx) => {
        const status = { organization_id: first.organization.id, color: '#123456', category: 'planned' as const, is_default: false };
        const review = await tx.insertStatus({ name: 'Under review', position: 5, ...status });
        const later = await tx.insertStatus({ name: 'Later', position: 6, ...status });
        const kept = await tx.insertPost(newPost(first.board.id, { status: 'planned', status_label_id: review.id }));
        const gone = await tx.insertPost(newPost(first.board.id, { status: 'planned', status_label_id: later.id }));
        return { review, kept, gone };
      });
      const deletion = { organization_id: first.organization.id, deleted_at: at(5), actor_kind: 'team_member' as const, actor_id: null };
      await ctx.write(async (tx) => {
        await tx.trashPost(kept.id, deletion);
        await tx.trashPost(gone.id, deletion);
        await tx.deleteStatus(gone.status_label_id);
      });
      const restored = await ctx.write(async (tx) => [
        await tx.restoreDeletedPost(first.organization.id, kept.id),
        await tx.restoreDeletedPost(first.organization.id, gone.id),
      ]);
      expect(restored).toEqual([{ ...kept }, { ...gone, status_label_id: 2 }]);
      expect(await ctx.read((tx) => tx.getPost(gone.id))).toEqual({ ...gone, status_label_id: 2 });
    });

    ctx.test('listPosts by label: only the label’s listed posts, with any other filter, counted exactly', async () => {
      const { first } = await ctx.write(twoOrganizations);
      const board = first.board.id;
      const review = await ctx.write(async (tx) => {
        const review = await tx.insertStatus({ organization_id: first.organization.id, name: 'Under review', color: '#123456', category: 'open', position: 5, is_default: false });
        const tag = (await tx.ensureTags(board, ['ui']))[0]!;
        for (let i = 0; i < 12; i++) {
          const post = await tx.insertPost(newPost(board, { title: i % 3 === 0 ? `Dark mode ${i}` : `Export ${i}`, created_at: at(i), ...(i % 2 === 0 ? { status_label_id: review.id } : {}) }));
          if (i % 4 === 0) await tx.setPostTags(post.id, [tag.id]);
        }
        await tx.insertPostMerge({ source_id: 1, target_id: 2, board_id: board, merged_at: at(20), source_hidden: false, votes_added: [], comment_ids: [], evidence_ids: [], claim: null });
        return review;
      });
      const queries = [{}, { status: 'open' as const }, { status: 'planned' as const }, { tagId: 1 }, { search: 'dark' }, { search: 'da' }, { tagId: 1, status: 'open' as const }];
      for (const extra of queries) {
        for (const page of [PAGE, { limit: 2, offset: 1 }]) {
          const answer = await ctx.read(async (tx) => [
            await tx.listPosts(board, { sort: 'new', ...extra, statusLabelId: review.id, ...page }),
            await tx.listPosts(board, { sort: 'new', ...extra, ...PAGE }),
          ]);
          const expected = answer[1]!.rows.filter((post) => post.status_label_id === review.id);
          expect({ extra, page, ids: answer[0]!.rows.map((post) => post.id), total: answer[0]!.total }).toEqual({
            extra,
            page,
            ids: expected.slice(page.offset, page.offset + page.limit).map((post) => post.id),
            total: expected.length,
          });
        }
      }
      expect((await ctx.read((tx) => tx.listPosts(board, { sort: 'top', statusLabelId: 1, ...PAGE }))).total).toBe(6);
      expect((await ctx.read((tx) => tx.listPosts(board, { sort: 'top', statusLabelId: 6, ...PAGE }))).total).toBe(0);
    });

    labelSequenceTests(ctx);
  });
}

type LabelCommand =
  | { kind: 'add'; org: 0 | 1; category: PostStatus }
  | { kind: 'remove'; pick: number }
  | { kind: 'rename'; pick: number }
  | { kind: 'post'; org: 0 | 1; category: PostStatus }
  | { kind: 'status'; pick: number; category: PostStatus }
  | { kind: 'label'; pick: number; label: number };

const category = fc.constantFrom(...POST_STATUSES);
const org = fc.constantFrom(0 as const, 1 as const);
const pick = fc.nat(1000);
const labelCommand: fc.Arbitrary<LabelCommand> = fc.oneof(
  fc.record({ kind: fc.constant('add' as const), org, category }),
  fc.record({ kind: fc.constant('remove' as const), pick }),
  fc.record({ kind: fc.constant('rename' as const), pick }),
  fc.record({ kind: fc.constant('post' as const), org, category }),
  fc.record({ kind: fc.constant('post' as const), org, category }),
  fc.record({ kind: fc.constant('status' as const), pick, category }),
  fc.record({ kind: fc.constant('label' as const), pick, label: pick }),
);

/** The rule as a model: statuses by id with their organization, posts with their organization, status and label. */
interface LabelModel {
  statuses: Map<number, { org: 0 | 1; category: PostStatus; isDefault: boolean }>;
  posts: Map<number, { org: 0 | 1; status: PostStatus; label: number }>;
  nextStatus: number;
  nextPost: number;
}

const defaultOf = (model: LabelModel, owner: 0 | 1, status: PostStatus): number =>
  [...model.statuses].find(([, s]) => s.org === owner && s.category === status && s.isDefault)![0];

const nth = <T>(items: readonly T[], index: number): T | undefined => (items.length === 0 ? undefined : items[index % items.length]);

/**
 * Runs one command on a storage set up by {@link twoOrganizations} (boards 1 and 2); the model
 * says what the command does, so the storage's answers are compared with it, not computed from it.
 */
function planLabel(cmd: LabelCommand, model: LabelModel): ((tx: StorageTx) => Promise<unknown>) | null {
  const boardOf = (owner: 0 | 1) => owner + 1;
  switch (cmd.kind) {
    case 'add': {
      const id = model.nextStatus++;
      model.statuses.set(id, { org: cmd.org, category: cmd.category, isDefault: false });
      return (tx) => tx.insertStatus({ organization_id: cmd.org + 1, name: `S${id}`, color: '#000000', category: cmd.category, position: id, is_default: false });
    }
    case 'remove': {
      const removable = [...model.statuses].filter(([, s]) => !s.isDefault);
      const chosen = nth(removable, cmd.pick);
      if (chosen === undefined) return null;
      const [id, status] = chosen;
      for (const post of model.posts.values()) if (post.label === id) post.label = defaultOf(model, status.org, status.category);
      model.statuses.delete(id);
      return (tx) => tx.deleteStatus(id);
    }
    case 'rename': {
      const chosen = nth([...model.statuses.keys()], cmd.pick);
      return chosen === undefined ? null : (tx) => tx.updateStatus(chosen, { name: `Renamed ${chosen}` });
    }
    case 'post': {
      model.posts.set(model.nextPost++, { org: cmd.org, status: cmd.category, label: defaultOf(model, cmd.org, cmd.category) });
      const shipped = cmd.category === 'shipped' ? { shipped_at: at(1) } : {};
      return (tx) => tx.insertPost(newPost(boardOf(cmd.org), { status: cmd.category, ...shipped }));
    }
    case 'status': {
      const chosen = nth([...model.posts], cmd.pick);
      if (chosen === undefined) return null;
      const [id, post] = chosen;
      post.status = cmd.category;
      post.label = defaultOf(model, post.org, cmd.category);
      return (tx) => tx.updatePost(id, { status: cmd.category });
    }
    case 'label': {
      const chosen = nth([...model.posts], cmd.pick);
      if (chosen === undefined) return null;
      const [id, post] = chosen;
      const labels = [...model.statuses].filter(([, s]) => s.org === post.org);
      const [label, status] = nth(labels, cmd.label)!;
      post.status = status.category;
      post.label = label;
      return (tx) => tx.updatePost(id, { status: status.category, status_label_id: label });
    }
  }
}

function labelSequenceTests(ctx: SuiteContext): void {
  const { expect } = ctx;
  ctx.test('random status and label changes keep every post’s label as the model and the reference say', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(labelCommand, { minLength: 1, maxLength: 30 }), async (commands) => {
        const target = await ctx.target.create();
        const reference: Storage = createMemoryStorage();
        try {
          await target.transaction('write', twoOrganizations);
          await reference.transaction('write', twoOrganizations);
          const model: LabelModel = {
            statuses: new Map(
              POST_STATUSES.flatMap((c, i): [number, { org: 0 | 1; category: PostStatus; isDefault: boolean }][] => [
                [1 + i, { org: 0, category: c, isDefault: true }],
                [6 + i, { org: 1, category: c, isDefault: true }],
              ]),
            ),
            posts: new Map(),
            nextStatus: 11,
            nextPost: 1,
          };
          for (const [index, cmd] of commands.entries()) {
            const run = planLabel(cmd, model);
            if (run === null) continue;
            const actual = await target.transaction('write', run);
            expect({ index, cmd, result: normalize(actual) }).toEqual({ index, cmd, result: normalize(await reference.transaction('write', run)) });
            const stored = await target.transaction('read', async (tx) => {
              const posts = [];
              for (const id of model.posts.keys()) {
                const post = (await tx.getPost(id))!;
                const label = (await tx.getStatus(post.status_label_id))!;
                posts.push({ id, org: post.board_id - 1, status: post.status, label: post.status_label_id, category: label.category, labelOrg: label.organization_id - 1 });
              }
              return posts;
            });
            expect({ index, posts: stored }).toEqual({
              index,
              posts: [...model.posts].map(([id, post]) => ({ id, org: post.org, status: post.status, label: post.label, category: post.status, labelOrg: post.org })),
            });
          }
        } finally {
          await target.close();
          await reference.close();
        }
      }),
      { seed: 20261128, numRuns: 25 },
    );
  }, 120_000);
}
