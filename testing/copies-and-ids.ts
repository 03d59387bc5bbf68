/** Records are copies in both directions; ids start at 1 per kind and are never reused. */
import {
  at,
  newApiKey,
  newComment,
  newEvidence,
  newPost,
  newVoter,
  newWebhook,
  seedBoard,
} from './fixtures.js';
import type { SuiteContext } from './harness.js';

export function copyAndIdTests(ctx: SuiteContext): void {
  const { expect } = ctx;

  ctx.t.describe('copies', () => {
    ctx.test('mutating returned records changes nothing stored', async () => {
      const { board, organization } = await ctx.write(seedBoard);
      const proposal = { status: 'planned' as const, note: 'soon', proposed_at: at(1), proposed_by_api_key_id: 1, proposed_by_connection_id: null };
      await ctx.write(async (tx) => {
        const post = await tx.insertPost(newPost(board.id, { proposal }));
        post.title = 'mutated on insert';
        await tx.insertWebhook(newWebhook(organization.id, { events: ['post.created'] }));
        await tx.setPostTags(post.id, (await tx.ensureTags(board.id, ['UI'])).map((tag) => tag.id));
        await tx.insertComment(newComment(post.id));
        await tx.insertApiKey(newApiKey(organization.id));
        await tx.claimPost({ post_id: post.id, api_key_id: 1, now: at(0), expires_at: at(60) });
      });
      await ctx.read(async (tx) => {
        const post = (await tx.getPost(1))!;
        post.title = 'mutated';
        post.proposal!.note = 'mutated';
        const listed = (await tx.listPosts(board.id, { sort: 'new', limit: 10, offset: 0 })).rows[0]!;
        listed.vote_count = 99;
        const webhook = (await tx.getWebhook(1))!;
        webhook.events.push('mutated');
        const tags = (await tx.getTagsOfPosts([1])).get(1)!;
        tags[0]!.name = 'mutated';
        tags.push({ id: 9, board_id: board.id, name: 'x', slug: 'x' });
        (await tx.listComments(1))[0]!.body = 'mutated';
        (await tx.getClaim(1))!.agent_label = 'mutated';
        (await tx.getBoard(board.id))!.name = 'mutated';
      });
      await ctx.read(async (tx) => {
        const post = (await tx.getPost(1))!;
        expect(post.title).toBe('Dark mode');
        expect(post.proposal).toEqual(proposal);
        expect(post.vote_count).toBe(0);
        expect((await tx.getWebhook(1))!.events).toEqual(['post.created']);
        expect((await tx.getTagsOfPosts([1])).get(1)!.map((tag) => tag.name)).toEqual(['UI']);
        expect((await tx.listComments(1))[0]!.body).toBe('Yes please');
        expect((await tx.getClaim(1))!.agent_label).toBe('');
        expect((await tx.getBoard(board.id))!.name).toBe('Features');
      });
    });

    ctx.test('records passed in are not kept by reference', async () => {
      const { board, organization } = await ctx.write(seedBoard);
      const events = ['post.created'];
      const proposal = { status: 'planned' as const, note: 'soon', proposed_at: at(1), proposed_by_api_key_id: 1, proposed_by_connection_id: null };
      const row = newPost(board.id, { proposal });
      await ctx.write(async (tx) => {
        await tx.insertPost(row);
        await tx.insertWebhook(newWebhook(organization.id, { events }));
        row.title = 'mutated';
        proposal.note = 'mutated';
        events.push('mutated');
      });
      const patchProposal = { status: 'shipped' as const, note: 'done', proposed_at: at(2), proposed_by_api_key_id: 1, proposed_by_connection_id: null };
      const patchEvents = ['post.updated'];
      await ctx.write(async (tx) => {
        await tx.updatePost(1, { proposal: patchProposal });
        await tx.updateWebhook(1, { events: patchEvents });
        patchProposal.note = 'mutated';
        patchEvents.push('mutated');
      });
      await ctx.read(async (tx) => {
        const post = (await tx.getPost(1))!;
        expect(post.title).toBe('Dark mode');
        expect(post.proposal).toEqual({ ...patchProposal, note: 'done' });
        expect((await tx.getWebhook(1))!.events).toEqual(['post.updated']);
      });
    });
  });

  ctx.t.describe('ids', () => {
    ctx.test('ids start at 1 for each kind of record', async () => {
      const created = await ctx.write(async (tx) => {
        const { organization, board } = await seedBoard(tx);
        const key = await tx.insertApiKey(newApiKey(organization.id));
        const post = await tx.insertPost(newPost(board.id));
        const [tag] = await tx.ensureTags(board.id, ['UI']);
        const evidence = await tx.insertEvidence(newEvidence(post.id));
        const voter = await tx.insertVoter(newVoter(organization.id));
        const comment = await tx.insertComment(newComment(post.id));
        const webhook = await tx.insertWebhook(newWebhook(organization.id));
        return [organization, board, key, post, tag!, evidence, voter, comment, webhook].map((row) => row.id);
      });
      expect(created).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1]);
    });

    ctx.test('ids increase and are never reused after a delete', async () => {
      const { board, organization } = await ctx.write(seedBoard);
      const first = await ctx.write(async (tx) => {
        const posts = [];
        for (let i = 0; i < 3; i++) posts.push(await tx.insertPost(newPost(board.id)));
        return posts.map((post) => post.id);
      });
      expect(first).toEqual([1, 2, 3]);
      await ctx.write(async (tx) => {
        await tx.insertComment(newComment(3));
        await tx.insertComment(newComment(3));
        await tx.insertEvidence(newEvidence(3));
        await tx.insertWebhook(newWebhook(organization.id));
        await tx.insertWebhook(newWebhook(organization.id));
      });
      await ctx.write(async (tx) => {
        expect(await tx.deletePost(3)).toBe(true);
        expect(await tx.deletePost(2)).toBe(true);
        expect(await tx.deleteWebhook(2)).toBe(true);
      });
      const next = await ctx.write(async (tx) => ({
        post: (await tx.insertPost(newPost(board.id))).id,
        comment: (await tx.insertComment(newComment(1))).id,
        evidence: (await tx.insertEvidence(newEvidence(1))).id,
        webhook: (await tx.insertWebhook(newWebhook(organization.id))).id,
      }));
      expect(next).toEqual({ post: 4, comment: 3, evidence: 2, webhook: 3 });
    });

    ctx.test('replaced evidence gets new ids', async () => {
      const { board } = await ctx.write(seedBoard);
      const replaced = await ctx.write(async (tx) => {
        const post = await tx.insertPost(newPost(board.id));
        await tx.insertEvidence(newEvidence(post.id));
        await tx.insertEvidence(newEvidence(post.id));
        return tx.replaceEvidence(post.id, [newEvidence(post.id, { ref: 'a' }), newEvidence(post.id, { ref: 'b' })]);
      });
      expect(replaced.map((row) => row.id)).toEqual([3, 4]);
    });
  });
}
