/**
 * Posts' activity logs in storage: entries come back newest first, paged exactly by `before` and
 * `limit`, only the post's own; a rolled-back transaction leaves none; deleting a post deletes its
 * log and no other. The kinds and actors the services record are in activity-actors.ts.
 */
import type { NewActivity } from '../src/domain/activity.js';
import { at, newPost, seedBoard, TestAbort } from './fixtures.js';
import type { SuiteContext } from './harness.js';

function entry(postId: number, minute: number, overrides: Partial<NewActivity> = {}): NewActivity {
  return { post_id: postId, kind: 'claimed', at: at(minute), actor_kind: 'api_key', actor_id: 3, detail: {}, ...overrides };
}

export function activityTests(ctx: SuiteContext): void {
  const { expect } = ctx;

  const twoPosts = () =>
    ctx.write(async (tx) => {
      const { board } = await seedBoard(tx);
      const a = await tx.insertPost(newPost(board.id, { title: 'A' }));
      const b = await tx.insertPost(newPost(board.id, { title: 'B' }));
      return [a.id, b.id] as const;
    });

  ctx.t.describe('activity', () => {
    ctx.test('a post’s log holds its entries as written, newest first, with their actor and detail', async () => {
      const [a, b] = await twoPosts();
      await ctx.write(async (tx) => {
        await tx.insertActivity(entry(a, 1, { kind: 'created', actor_kind: 'team_member', actor_id: null }));
        await tx.insertActivity(entry(b, 2, { kind: 'created', actor_kind: 'voter', actor_id: 9 }));
        await tx.insertActivity(entry(a, 3, { kind: 'status_changed', detail: { from: 'open', to: 'planned' } }));
        await tx.insertActivity(entry(a, 4, { kind: 'edited', actor_kind: 'system', actor_id: null, detail: { fields: ['title', 'tags'] } }));
      });
      const log = await ctx.read((tx) => tx.listActivity(a, { before: null, limit: 10 }));
      expect(log).toEqual([
        { id: log[0]!.id, post_id: a, kind: 'edited', at: at(4), actor_kind: 'system', actor_id: null, detail: { fields: ['title', 'tags'] } },
        { id: log[1]!.id, post_id: a, kind: 'status_changed', at: at(3), actor_kind: 'api_key', actor_id: 3, detail: { from: 'open', to: 'planned' } },
        { id: log[2]!.id, post_id: a, kind: 'created', at: at(1), actor_kind: 'team_member', actor_id: null, detail: {} },
      ]);
      expect(log[0]!.id).toBeGreaterThan(log[1]!.id);
      expect(log[1]!.id).toBeGreaterThan(log[2]!.id);
      expect((await ctx.read((tx) => tx.listActivity(b, { before: null, limit: 10 }))).map((row) => row.actor_id)).toEqual([9]);
      expect(await ctx.read((tx) => tx.listActivity(b + 1, { before: null, limit: 10 }))).toEqual([]);
    });

    ctx.test('pages of a log are exact: limit entries below before, newest first, none repeated or skipped', async () => {
      const [a, b] = await twoPosts();
      await ctx.write(async (tx) => {
        for (let i = 0; i < 23; i += 1) {
          await tx.insertActivity(entry(a, i, { detail: { evidence_id: i } }));
          if (i % 3 === 0) await tx.insertActivity(entry(b, i));
        }
      });
      const all = await ctx.read((tx) => tx.listActivity(a, { before: null, limit: 500 }));
      expect(all.map((row) => row.detail.evidence_id)).toEqual(Array.from({ length: 23 }, (_, i) => 22 - i));
      const seen: number[] = [];
      let before: number | null = null;
      for (;;) {
        const page = await ctx.read((tx) => tx.listActivity(a, { before, limit: 5 }));
        expect(page.length).toBe(Math.min(5, 23 - seen.length));
        seen.push(...page.map((row) => row.id));
        if (page.length < 5) break;
        before = page.at(-1)!.id;
      }
      expect(seen).toEqual(all.map((row) => row.id));
      const middle = all[10]!.id;
      expect((await ctx.read((tx) => tx.listActivity(a, { before: middle, limit: 2 }))).map((row) => row.id)).toEqual([all[11]!.id, all[12]!.id]);
      expect(await ctx.read((tx) => tx.listActivity(a, { before: all.at(-1)!.id, limit: 5 }))).toEqual([]);
    });

    ctx.test('a rolled-back transaction leaves no entry', async () => {
      const [a] = await twoPosts();
      await ctx.write((tx) => tx.insertActivity(entry(a, 1)));
      await expect(
        ctx.write(async (tx) => {
          await tx.insertActivity(entry(a, 2, { kind: 'hidden' }));
          throw new TestAbort();
        }),
      ).rejects.toThrow('abort this transaction');
      expect((await ctx.read((tx) => tx.listActivity(a, { before: null, limit: 10 }))).map((row) => row.at)).toEqual([at(1)]);
    });

    ctx.test('deleting a post deletes its log and leaves the others', async () => {
      const [a, b] = await twoPosts();
      await ctx.write(async (tx) => {
        await tx.insertActivity(entry(a, 1));
        await tx.insertActivity(entry(b, 2));
      });
      await ctx.write((tx) => tx.deletePost(a));
      expect(await ctx.read((tx) => tx.listActivity(a, { before: null, limit: 10 }))).toEqual([]);
      expect((await ctx.read((tx) => tx.listActivity(b, { before: null, limit: 10 }))).map((row) => row.post_id)).toEqual([b]);
    });
  });
}
