/** What voters do beyond voting: posts' authors, blocks, follows, their language, and the times the per-voter limits count. */
import { at, newComment, newPost, newVoter, seedBoard, seedVoters } from './fixtures.js';
import type { SuiteContext } from './harness.js';

export function voterTests(ctx: SuiteContext): void {
  const { expect } = ctx;

  /** Board 1 (organization 1) with posts 1 and 2 and three voters. */
  async function seed(): Promise<void> {
    await ctx.write(async (tx) => {
      const { organization, board } = await seedBoard(tx);
      await seedVoters(tx, organization.id, 3);
      await tx.insertPost(newPost(board.id));
      await tx.insertPost(newPost(board.id, { is_admin: false, created_at: at(5) }));
    });
  }

  ctx.t.describe('voters: authors, blocks, follows', () => {
    ctx.test("a post's author is recorded once and read back; the team's posts have none", async () => {
      await seed();
      await ctx.write((tx) => tx.insertPostAuthor({ post_id: 2, voter_id: 3, created_at: at(5) }));
      await ctx.read(async (tx) => {
        expect(await tx.getPostAuthor(2)).toBe(3);
        expect(await tx.getPostAuthor(1)).toBeNull();
        expect(await tx.getPostAuthor(99)).toBeNull();
      });
    });

    ctx.test('blocks are kept per voter: the first time stays, unblock lifts them', async () => {
      await seed();
      await ctx.write(async (tx) => {
        await tx.blockVoter({ voter_id: 2, blocked_at: at(1) });
        await tx.blockVoter({ voter_id: 2, blocked_at: at(9) });
        await tx.blockVoter({ voter_id: 3, blocked_at: at(2) });
      });
      expect(await ctx.read((tx) => tx.listVoterBlocks([3, 1, 2, 3, 99]))).toEqual([
        { voter_id: 2, blocked_at: at(1) },
        { voter_id: 3, blocked_at: at(2) },
      ]);
      expect(await ctx.read((tx) => tx.listVoterBlocks([]))).toEqual([]);
      expect(await ctx.write((tx) => tx.unblockVoter(2))).toBe(true);
      expect(await ctx.write((tx) => tx.unblockVoter(2))).toBe(false);
      expect(await ctx.read((tx) => tx.listVoterBlocks([1, 2, 3]))).toEqual([{ voter_id: 3, blocked_at: at(2) }]);
    });

    ctx.test('follows are put and replaced; followers are the voters following, by id', async () => {
      await seed();
      await ctx.write(async (tx) => {
        await tx.putFollow({ post_id: 1, voter_id: 3, following: true, updated_at: at(1) });
        await tx.putFollow({ post_id: 1, voter_id: 1, following: true, updated_at: at(2) });
        await tx.putFollow({ post_id: 1, voter_id: 2, following: false, updated_at: at(3) });
        await tx.putFollow({ post_id: 2, voter_id: 2, following: true, updated_at: at(3) });
      });
      await ctx.read(async (tx) => {
        expect(await tx.listFollowerIds(1)).toEqual([1, 3]);
        expect(await tx.getFollow(1, 2)).toEqual({ post_id: 1, voter_id: 2, following: false, updated_at: at(3) });
        expect(await tx.getFollow(2, 1)).toBeNull();
      });
      await ctx.write((tx) => tx.putFollow({ post_id: 1, voter_id: 3, following: false, updated_at: at(4) }));
      await ctx.read(async (tx) => {
        expect(await tx.listFollowerIds(1)).toEqual([1]);
        expect(await tx.getFollow(1, 3)).toEqual({ post_id: 1, voter_id: 3, following: false, updated_at: at(4) });
      });
    });

    ctx.test("a voter's language: null unless inserted with one, set and cleared; an unknown voter is false", async () => {
      await seed();
      const withLanguage = await ctx.write((tx) => tx.insertVoter(newVoter(1, { email: 'ana@example.com', locale: 'es' })));
      expect(withLanguage.locale).toBe('es');
      await ctx.read(async (tx) => {
        expect((await tx.getVoter(1))?.locale).toBeNull();
        expect(await tx.getVoterByEmail(1, 'ana@example.com')).toEqual(withLanguage);
      });
      expect(await ctx.write((tx) => tx.setVoterLocale(1, 'de'))).toBe(true);
      expect(await ctx.write((tx) => tx.setVoterLocale(withLanguage.id, null))).toBe(true);
      expect(await ctx.write((tx) => tx.setVoterLocale(99, 'ar'))).toBe(false);
      await expect(
        ctx.write(async (tx) => {
          await tx.setVoterLocale(2, 'ar');
          throw new Error('undo');
        }),
      ).rejects.toThrow('undo');
      await ctx.read(async (tx) => {
        expect(await tx.getVoter(1)).toEqual({ id: 1, organization_id: 1, email: null, name: 'Voter 1', created_at: at(0), locale: 'de' });
        expect((await tx.getVoter(2))?.locale).toBeNull();
        expect((await tx.getVoter(withLanguage.id))?.locale).toBeNull();
        expect(await tx.getVoter(99)).toBeNull();
      });
    });

    ctx.test("a voter's post and comment times since an instant, oldest first", async () => {
      await seed();
      await ctx.write(async (tx) => {
        await tx.insertPostAuthor({ post_id: 2, voter_id: 1, created_at: at(5) });
        const third = await tx.insertPost(newPost(1, { is_admin: false, created_at: at(1) }));
        await tx.insertPostAuthor({ post_id: third.id, voter_id: 1, created_at: at(1) });
        for (const minute of [7, 3, 9]) await tx.insertComment(newComment(1, { voter_id: 1, created_at: at(minute) }));
        await tx.insertComment(newComment(1, { voter_id: 2, created_at: at(8) }));
        await tx.insertComment(newComment(1, { is_admin: true, created_at: at(8) }));
      });
      await ctx.read(async (tx) => {
        expect(await tx.listVoterPostTimes(1, at(0))).toEqual([at(1), at(5)]);
        expect(await tx.listVoterPostTimes(1, at(5))).toEqual([at(5)]);
        expect(await tx.listVoterPostTimes(2, at(0))).toEqual([]);
        expect(await tx.listVoterCommentTimes(1, at(3))).toEqual([at(3), at(7), at(9)]);
        expect(await tx.listVoterCommentTimes(1, at(8))).toEqual([at(9)]);
        expect(await tx.listVoterCommentTimes(3, at(0))).toEqual([]);
      });
    });

    ctx.test("deleting a post deletes its author and follows; a rolled-back block changes nothing", async () => {
      await seed();
      await ctx.write(async (tx) => {
        await tx.insertPostAuthor({ post_id: 2, voter_id: 1, created_at: at(5) });
        await tx.putFollow({ post_id: 2, voter_id: 1, following: true, updated_at: at(5) });
        await tx.putFollow({ post_id: 1, voter_id: 1, following: true, updated_at: at(5) });
      });
      await ctx.write((tx) => tx.deletePost(2));
      await ctx.read(async (tx) => {
        expect(await tx.getPostAuthor(2)).toBeNull();
        expect(await tx.listFollowerIds(2)).toEqual([]);
        expect(await tx.getFollow(2, 1)).toBeNull();
        expect(await tx.listVoterPostTimes(1, at(0))).toEqual([]);
        expect(await tx.listFollowerIds(1)).toEqual([1]);
      });
      await expect(
        ctx.write(async (tx) => {
          await tx.blockVoter({ voter_id: 1, blocked_at: at(6) });
          await tx.putFollow({ post_id: 1, voter_id: 2, following: true, updated_at: at(6) });
          throw new Error('undo');
        }),
      ).rejects.toThrow('undo');
      await ctx.read(async (tx) => {
        expect(await tx.listVoterBlocks([1])).toEqual([]);
        expect(await tx.listFollowerIds(1)).toEqual([1]);
      });
    });
  });
}
