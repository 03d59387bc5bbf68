/** Atomicity, isolation, copies, ids and closing: the rules every Storage keeps. */
import type { StorageTx } from '../src/storage/contract.js';
import {
  at,
  castVotes,
  ids,
  newApiKey,
  newComment,
  newEvidence,
  newPost,
  newVoter,
  newWebhook,
  rejectionOf,
  seedBoard,
  seedVoters,
  TestAbort,
} from './fixtures.js';
import type { SuiteContext } from './harness.js';

export function transactionTests(ctx: SuiteContext): void {
  const { expect } = ctx;

  ctx.t.describe('transactions', () => {
    ctx.test('a transaction resolves to the value of its function', async () => {
      const result = await ctx.write(async (tx) => (await tx.insertOrganization({ name: 'Acme', created_at: at(0) })).name);
      expect(result).toBe('Acme');
      expect(await ctx.read((tx) => tx.listOrganizations())).toHaveLength(1);
    });

    ctx.test('a throwing transaction is undone entirely and rethrows the same error', async () => {
      const { board, organization } = await ctx.write(seedBoard);
      const kept = await ctx.write(async (tx) => {
        await tx.insertApiKey(newApiKey(organization.id));
        const post = await tx.insertPost(newPost(board.id, { title: 'Kept' }));
        const [voter] = await seedVoters(tx, organization.id, 1);
        await castVotes(tx, post.id, [voter!]);
        await tx.setSetting('mode', 'before');
        return post;
      });
      const thrown = new TestAbort();
      const caught = await rejectionOf(
        ctx.write(async (tx) => {
          await tx.insertOrganization({ name: 'Ghost', created_at: at(1) });
          const post = await tx.insertPost(newPost(board.id, { title: 'Ghost' }));
          const voter = await tx.insertVoter(newVoter(organization.id));
          await tx.insertVote({ post_id: kept.id, voter_id: voter.id, created_at: at(1) });
          await tx.insertComment(newComment(kept.id));
          await tx.updatePost(kept.id, { title: 'Changed', status: 'shipped', shipped_at: at(1) });
          await tx.setPostTags(kept.id, ids(await tx.ensureTags(board.id, ['UI'])));
          await tx.insertEvidence(newEvidence(post.id));
          await tx.claimPost({ post_id: kept.id, api_key_id: 1, now: at(1), expires_at: at(60) });
          await tx.setSetting('mode', 'after');
          await tx.insertWebhook(newWebhook(organization.id));
          await tx.deleteVote(kept.id, 1);
          throw thrown;
        }),
      );
      expect(caught).toBe(thrown);
      await ctx.read(async (tx) => {
        expect((await tx.listOrganizations()).map((org) => org.name)).toEqual(['Acme']);
        const post = await tx.getPost(kept.id);
        expect(post).toEqual({ ...kept, vote_count: 1 });
        expect(await tx.listVoterIds(kept.id)).toEqual([1]);
        expect(await tx.listComments(kept.id)).toEqual([]);
        expect(await tx.getTagBySlug(board.id, 'ui')).toBeNull();
        expect((await tx.getTagsOfPosts([kept.id])).get(kept.id)).toEqual([]);
        expect(await tx.getClaim(kept.id)).toBeNull();
        expect(await tx.getSetting('mode')).toBe('before');
        expect(await tx.listWebhooks(organization.id)).toEqual([]);
        expect(await tx.getVoter(2)).toBeNull();
        expect((await tx.listPosts(board.id, { sort: 'new', limit: 10, offset: 0 })).total).toBe(1);
      });
    });

    ctx.test('a rejection that is not an Error is rethrown unchanged', async () => {
      const { board } = await ctx.write(seedBoard);
      const thrown = { code: 'not-an-error' };
      const caught = await rejectionOf(
        ctx.write(async (tx) => {
          await tx.insertPost(newPost(board.id));
          return Promise.reject(thrown);
        }),
      );
      expect(caught).toBe(thrown);
      expect(await ctx.read((tx) => tx.getPost(1))).toBeNull();
    });

    ctx.test('a rolled-back delete restores the post with everything it owned', async () => {
      const { board, organization } = await ctx.write(seedBoard);
      const snapshot = async (tx: StorageTx) => ({
        post: await tx.getPost(1),
        voters: await tx.listVoterIds(1),
        comments: await tx.listComments(1),
        reactions: [...(await tx.getReactionCounts([1]))],
        evidence: await tx.listEvidence(1),
        claim: await tx.getClaim(1),
        tags: [...(await tx.getTagsOfPosts([1]))],
        list: await tx.listPosts(board.id, { sort: 'new', limit: 10, offset: 0 }),
      });
      await ctx.write(async (tx) => {
        const key = await tx.insertApiKey(newApiKey(organization.id));
        const post = await tx.insertPost(newPost(board.id));
        const voters = await seedVoters(tx, organization.id, 2);
        await castVotes(tx, post.id, voters);
        const comment = await tx.insertComment(newComment(post.id));
        await tx.insertReaction({ comment_id: comment.id, voter_id: 1, reaction: '👍', created_at: at(1) });
        await tx.insertEvidence(newEvidence(post.id));
        await tx.claimPost({ post_id: post.id, api_key_id: key.id, now: at(0), expires_at: at(60) });
        await tx.setPostTags(post.id, ids(await tx.ensureTags(board.id, ['UI', 'Bug'])));
      });
      const before = await ctx.read(snapshot);
      const thrown = new TestAbort();
      const caught = await rejectionOf(
        ctx.write(async (tx) => {
          expect(await tx.deletePost(1)).toBe(true);
          throw thrown;
        }),
      );
      expect(caught).toBe(thrown);
      expect(await ctx.read(snapshot)).toEqual(before);
    });

    ctx.test('the storage works normally after a rollback', async () => {
      const { board } = await ctx.write(seedBoard);
      await rejectionOf(
        ctx.write(async (tx) => {
          await tx.insertPost(newPost(board.id));
          throw new TestAbort();
        }),
      );
      const post = await ctx.write((tx) => tx.insertPost(newPost(board.id, { title: 'After' })));
      expect(await ctx.read((tx) => tx.getPost(post.id))).toEqual(post);
    });

    ctx.test('reads never see the writes of a transaction that is later undone', async () => {
      const { board } = await ctx.write(seedBoard);
      const failing = ctx.write(async (tx) => {
        await tx.insertPost(newPost(board.id, { title: 'Uncommitted' }));
        for (let i = 0; i < 20; i++) await tx.getPost(1);
        throw new TestAbort();
      });
      const readers = Array.from({ length: 5 }, () =>
        ctx.read(async (tx) => [await tx.getPost(1), (await tx.listPosts(board.id, { sort: 'new', limit: 5, offset: 0 })).total]),
      );
      expect(await rejectionOf(failing)).toBeTruthy();
      for (const seen of await Promise.all(readers)) expect(seen).toEqual([null, 0]);
    });

    ctx.test('concurrent read-then-write transactions never lose an update', async () => {
      const increments = Array.from({ length: 50 }, () =>
        ctx.write(async (tx) => {
          const current = Number((await tx.getSetting('counter')) ?? '0');
          await tx.setSetting('counter', String(current + 1));
        }),
      );
      await Promise.all(increments);
      expect(await ctx.read((tx) => tx.getSetting('counter'))).toBe('50');
    });

    ctx.test('a failed transaction does not disturb concurrent ones', async () => {
      const { board } = await ctx.write(seedBoard);
      const outcomes = await Promise.allSettled(
        Array.from({ length: 10 }, (_, i) =>
          ctx.write(async (tx) => {
            await tx.insertPost(newPost(board.id, { title: `Post ${i}` }));
            if (i % 2 === 1) throw new TestAbort();
          }),
        ),
      );
      expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toHaveLength(5);
      const page = await ctx.read((tx) => tx.listPosts(board.id, { sort: 'new', limit: 20, offset: 0 }));
      expect(page.rows.map((post) => post.title).sort()).toEqual(['Post 0', 'Post 2', 'Post 4', 'Post 6', 'Post 8']);
    });

    ctx.test('closing the storage makes further transactions reject', async () => {
      await ctx.write((tx) => tx.insertOrganization({ name: 'Acme', created_at: at(0) }));
      ctx.markClosed();
      await ctx.storage.close();
      await expect(ctx.storage.transaction('read', (tx) => tx.listOrganizations())).rejects.toThrow();
      await expect(ctx.storage.transaction('write', (tx) => tx.setSetting('a', 'b'))).rejects.toThrow();
    });
  });
}
