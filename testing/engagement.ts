/** Voters, votes, comments and reactions, and the post counters they maintain. */
import { at, ids, newComment, newOrganization, newPost, newVoter, seedBoard, seedVoters } from './fixtures.js';
import type { SuiteContext } from './harness.js';

export function engagementTests(ctx: SuiteContext): void {
  const { expect } = ctx;

  /** Board 1 (organization 1) with posts 1 and 2 and `voters` voters. */
  async function seedEngagement(voters = 3): Promise<void> {
    await ctx.write(async (tx) => {
      const { organization, board } = await seedBoard(tx);
      await seedVoters(tx, organization.id, voters);
      await tx.insertPost(newPost(board.id));
      await tx.insertPost(newPost(board.id));
    });
  }

  const postCounts = async (postId: number) => {
    const post = await ctx.read((tx) => tx.getPost(postId));
    return [post?.vote_count, post?.comment_count];
  };

  ctx.t.describe('voters', () => {
    ctx.test('voters are found by id and by e-mail within their organization', async () => {
      const voters = await ctx.write(async (tx) => {
        const acme = await tx.insertOrganization(newOrganization());
        const globex = await tx.insertOrganization(newOrganization({ name: 'Globex' }));
        return [
          await tx.insertVoter(newVoter(acme.id, { email: 'ada@example.com', name: 'Ada' })),
          await tx.insertVoter(newVoter(globex.id, { email: 'ada@example.com' })),
          await tx.insertVoter(newVoter(acme.id, { email: null, name: 'Anonymous' })),
        ];
      });
      expect(voters[0]).toEqual({ id: 1, ...newVoter(1, { email: 'ada@example.com', name: 'Ada' }) });
      await ctx.read(async (tx) => {
        expect(await tx.getVoter(3)).toEqual(voters[2]);
        expect(await tx.getVoter(4)).toBeNull();
        expect(await tx.getVoterByEmail(1, 'ada@example.com')).toEqual(voters[0]);
        expect(await tx.getVoterByEmail(2, 'ada@example.com')).toEqual(voters[1]);
        expect(await tx.getVoterByEmail(1, 'bob@example.com')).toBeNull();
        expect(await tx.getVoterByEmail(3, 'ada@example.com')).toBeNull();
        expect(await tx.getVoterByEmail(1, '')).toBeNull();
      });
    });
  });

  ctx.t.describe('votes', () => {
    ctx.test('insertVote adds one vote per voter and post and counts it', async () => {
      await seedEngagement();
      expect(await ctx.write((tx) => tx.insertVote({ post_id: 1, voter_id: 2, created_at: at(1) }))).toBe(true);
      expect(await ctx.write((tx) => tx.insertVote({ post_id: 1, voter_id: 3, created_at: at(2) }))).toBe(true);
      expect(await ctx.write((tx) => tx.insertVote({ post_id: 1, voter_id: 2, created_at: at(3) }))).toBe(false);
      expect(await ctx.write((tx) => tx.insertVote({ post_id: 2, voter_id: 2, created_at: at(3) }))).toBe(true);
      expect(await postCounts(1)).toEqual([2, 0]);
      expect(await postCounts(2)).toEqual([1, 0]);
      expect(await ctx.read((tx) => tx.listVoterIds(1))).toEqual([2, 3]);
    });

    ctx.test('deleteVote removes the vote and uncounts it', async () => {
      await seedEngagement();
      await ctx.write(async (tx) => {
        for (const voter of [3, 1, 2]) await tx.insertVote({ post_id: 1, voter_id: voter, created_at: at(voter) });
      });
      expect(await ctx.read((tx) => tx.listVoterIds(1))).toEqual([1, 2, 3]);
      expect(await ctx.write((tx) => tx.deleteVote(1, 2))).toBe(true);
      expect(await ctx.write((tx) => tx.deleteVote(1, 2))).toBe(false);
      expect(await ctx.write((tx) => tx.deleteVote(2, 1))).toBe(false);
      expect(await postCounts(1)).toEqual([2, 0]);
      expect(await ctx.read((tx) => tx.listVoterIds(1))).toEqual([1, 3]);
      expect(await ctx.write((tx) => tx.insertVote({ post_id: 1, voter_id: 2, created_at: at(9) }))).toBe(true);
      expect(await postCounts(1)).toEqual([3, 0]);
      expect(await ctx.read((tx) => tx.listVoterIds(2))).toEqual([]);
    });

    ctx.test('50 concurrent votes by different voters are all counted', async () => {
      await seedEngagement(50);
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, i) => ctx.write((tx) => tx.insertVote({ post_id: 1, voter_id: i + 1, created_at: at(i) }))),
      );
      expect(results.every((inserted) => inserted)).toBe(true);
      expect(await postCounts(1)).toEqual([50, 0]);
      expect(await ctx.read((tx) => tx.listVoterIds(1))).toHaveLength(50);
    });
  });

  ctx.t.describe('comments', () => {
    ctx.test('insertComment stores the comment and counts it on its post', async () => {
      await seedEngagement();
      const row = newComment(1, { body: 'Great', is_admin: true, voter_id: 2, created_at: at(4) });
      const comment = await ctx.write((tx) => tx.insertComment(row));
      expect(comment).toEqual({ id: 1, ...row, edited_at: null, deleted_at: null });
      const reply = await ctx.write((tx) => tx.insertComment(newComment(1, { parent_comment_id: comment.id, hidden: true })));
      expect(reply.parent_comment_id).toBe(1);
      expect(await ctx.read((tx) => tx.getComment(1))).toEqual(comment);
      expect(await ctx.read((tx) => tx.getComment(3))).toBeNull();
      expect(await postCounts(1)).toEqual([0, 2]);
      expect(await postCounts(2)).toEqual([0, 0]);
    });

    ctx.test('updateComment changes only the given fields', async () => {
      await seedEngagement();
      const comment = await ctx.write((tx) => tx.insertComment(newComment(1)));
      expect(await ctx.write((tx) => tx.updateComment(1, { hidden: true }))).toEqual({ ...comment, hidden: true });
      expect(await ctx.write((tx) => tx.updateComment(1, { body: 'Edited' }))).toEqual({ ...comment, hidden: true, body: 'Edited' });
      expect(await ctx.read((tx) => tx.getComment(1))).toEqual({ ...comment, hidden: true, body: 'Edited' });
      expect(await ctx.write((tx) => tx.updateComment(9, { hidden: true }))).toBeNull();
      expect(await postCounts(1)).toEqual([0, 1]);
    });

    ctx.test('updateComment records an edit and a deletion; the comment keeps its place and its count', async () => {
      await seedEngagement();
      const comment = await ctx.write((tx) => tx.insertComment(newComment(1)));
      const reply = await ctx.write((tx) => tx.insertComment(newComment(1, { parent_comment_id: comment.id, created_at: at(1) })));
      const edited = await ctx.write((tx) => tx.updateComment(comment.id, { body: 'Changed', edited_at: at(2) }));
      expect(edited).toEqual({ ...comment, body: 'Changed', edited_at: at(2) });
      const deleted = await ctx.write((tx) => tx.updateComment(comment.id, { body: '', deleted_at: at(3) }));
      expect(deleted).toEqual({ ...comment, body: '', edited_at: at(2), deleted_at: at(3) });
      expect(await ctx.read((tx) => tx.listComments(1))).toEqual([deleted, reply]);
      expect(await postCounts(1)).toEqual([0, 2]);
    });

    ctx.test('insertCommentEdit keeps earlier bodies of a comment, oldest first, and they go with the comment', async () => {
      await seedEngagement();
      const [first, second] = await ctx.write(async (tx) => [await tx.insertComment(newComment(1)), await tx.insertComment(newComment(2))]);
      const kept = await ctx.write(async (tx) => [
        await tx.insertCommentEdit({ comment_id: first!.id, body: 'One', replaced_at: at(1), by_team: false }),
        await tx.insertCommentEdit({ comment_id: second!.id, body: 'Other', replaced_at: at(1), by_team: true }),
        await tx.insertCommentEdit({ comment_id: first!.id, body: 'Two', replaced_at: at(2), by_team: true }),
      ]);
      expect(kept.map((edit) => edit.id)).toEqual([1, 2, 3]);
      expect(await ctx.read((tx) => tx.listCommentEdits(first!.id))).toEqual([
        { id: 1, comment_id: first!.id, body: 'One', replaced_at: at(1), by_team: false },
        { id: 3, comment_id: first!.id, body: 'Two', replaced_at: at(2), by_team: true },
      ]);
      expect(await ctx.read((tx) => tx.listCommentEdits(99))).toEqual([]);
      await ctx.write((tx) => tx.deletePost(1));
      expect(await ctx.read((tx) => tx.listCommentEdits(first!.id))).toEqual([]);
      expect(await ctx.read((tx) => tx.listCommentEdits(second!.id))).toHaveLength(1);
    });

    ctx.test('listComments lists every comment of the post by created_at, then id', async () => {
      await seedEngagement();
      await ctx.write(async (tx) => {
        await tx.insertComment(newComment(1, { created_at: at(5) }));
        await tx.insertComment(newComment(1, { created_at: at(1), parent_comment_id: 1 }));
        await tx.insertComment(newComment(2, { created_at: at(0) }));
        await tx.insertComment(newComment(1, { created_at: at(5), hidden: true }));
        await tx.insertComment(newComment(1, { created_at: at(1), parent_comment_id: 2 }));
      });
      const listed = await ctx.read((tx) => tx.listComments(1));
      expect(ids(listed)).toEqual([2, 5, 1, 4]);
      expect(listed[3]!.hidden).toBe(true);
      expect(ids(await ctx.read((tx) => tx.listComments(2)))).toEqual([3]);
      expect(await ctx.read((tx) => tx.listComments(3))).toEqual([]);
    });
  });

  ctx.t.describe('reactions', () => {
    ctx.test('reactions are one per voter, comment and reaction, and counted per comment', async () => {
      await seedEngagement();
      await ctx.write(async (tx) => {
        await tx.insertComment(newComment(1));
        await tx.insertComment(newComment(1));
        await tx.insertComment(newComment(2));
      });
      const react = (commentId: number, voterId: number, reaction: string) =>
        ctx.write((tx) => tx.insertReaction({ comment_id: commentId, voter_id: voterId, reaction, created_at: at(1) }));
      expect(await react(1, 1, '👍')).toBe(true);
      expect(await react(1, 2, '👍')).toBe(true);
      expect(await react(1, 1, '🎉')).toBe(true);
      expect(await react(1, 1, '👍')).toBe(false);
      expect(await react(3, 3, '❤️')).toBe(true);
      const counts = await ctx.read((tx) => tx.getReactionCounts([1, 2, 3, 4]));
      expect(counts.get(1)).toEqual({ '👍': 2, '🎉': 1 });
      expect(counts.has(2)).toBe(false);
      expect(counts.get(3)).toEqual({ '❤️': 1 });
      expect(counts.size).toBe(2);
    });

    ctx.test('deleteReaction removes one reaction', async () => {
      await seedEngagement();
      await ctx.write(async (tx) => {
        await tx.insertComment(newComment(1));
        await tx.insertReaction({ comment_id: 1, voter_id: 1, reaction: '👍', created_at: at(1) });
        await tx.insertReaction({ comment_id: 1, voter_id: 2, reaction: '👍', created_at: at(1) });
      });
      expect(await ctx.write((tx) => tx.deleteReaction(1, 1, '👍'))).toBe(true);
      expect(await ctx.write((tx) => tx.deleteReaction(1, 1, '👍'))).toBe(false);
      expect(await ctx.write((tx) => tx.deleteReaction(1, 2, '🎉'))).toBe(false);
      expect((await ctx.read((tx) => tx.getReactionCounts([1]))).get(1)).toEqual({ '👍': 1 });
      expect(await ctx.write((tx) => tx.deleteReaction(1, 2, '👍'))).toBe(true);
      expect((await ctx.read((tx) => tx.getReactionCounts([1]))).size).toBe(0);
    });

    ctx.test('reaction strings are counted exactly as given, whatever they spell', async () => {
      await seedEngagement();
      await ctx.write(async (tx) => {
        await tx.insertComment(newComment(1));
        for (const reaction of ['__proto__', 'constructor', 'A', 'a', '1'] as const) {
          await tx.insertReaction({ comment_id: 1, voter_id: 1, reaction, created_at: at(1) });
        }
      });
      const counts = (await ctx.read((tx) => tx.getReactionCounts([1]))).get(1)!;
      expect(Object.keys(counts).sort()).toEqual(['1', 'A', '__proto__', 'a', 'constructor']);
      expect(Object.entries(counts).every(([, count]) => count === 1)).toBe(true);
    });
  });
}
