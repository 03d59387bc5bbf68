/**
 * Merging posts through the service over the target storage: what moves to the target (voters
 * once, comment threads, evidence without a repeated action key, the released claim), where the
 * merged post no longer shows (lists, search, queue, roadmap, changelog, statistics, similar
 * posts), the 404 naming the target, and refusals that change nothing.
 */
import { createFeedbackBoard } from '../src/board.js';
import type { StorageTx } from '../src/storage/contract.js';
import { T0, at, newApiKey, newBoard, newComment, newEvidence, newPost, seedBoard, seedVoters } from './fixtures.js';
import type { SuiteContext } from './harness.js';

/** The merge happens an hour after the suite's reference instant. */
const MERGE_TIME = T0 + 3_600_000;
const NOW = new Date(MERGE_TIME).toISOString();
const WINDOW = { from: '2026-10-01T00:00:00.000Z', to: '2026-12-01T00:00:00.000Z' };

/** What a merge may change, read through the storage for a list of posts. */
async function stateOf(tx: StorageTx, boardIds: number[], postIds: number[]): Promise<unknown> {
  const boards = [];
  for (const boardId of boardIds) {
    const list = await tx.listPosts(boardId, { sort: 'new', limit: 500, offset: 0 });
    boards.push({ list, analytics: await tx.analytics(boardId, WINDOW), roadmap: await tx.listRoadmap(boardId, { limit: 500, offset: 0 }) });
  }
  const posts = [];
  for (const id of postIds) {
    posts.push({
      post: await tx.getPost(id),
      voters: await tx.listVoterIds(id),
      comments: await tx.listComments(id),
      evidence: await tx.listEvidence(id),
      claim: await tx.getClaim(id),
      merge: await tx.getPostMerge(id),
    });
  }
  return { boards, posts };
}

export function mergeTests(ctx: SuiteContext): void {
  const { expect } = ctx;

  /**
   * Board 1 with post 1 (the source: shipped, voters 1 and 2, a thread of two comments, two
   * evidence entries, one with action key `run-1`, a live claim) and post 2 (the target: voters 2
   * and 3, evidence with action key `run-1`); board 2 of another organization with post 3.
   */
  async function seed() {
    return ctx.write(async (tx) => {
      const { organization, board } = await seedBoard(tx);
      const voters = await seedVoters(tx, organization.id, 3);
      const source = await tx.insertPost(newPost(board.id, { title: 'Dark mode please', status: 'shipped', shipped_at: at(5) }));
      const target = await tx.insertPost(newPost(board.id, { title: 'Dark theme', status: 'open', created_at: at(1) }));
      const other = await tx.insertOrganization({ name: 'Globex', created_at: at(0) });
      const otherBoard = await tx.insertBoard(newBoard(other.id, { slug: 'other' }));
      const foreign = await tx.insertPost(newPost(otherBoard.id, { title: 'Dark mode elsewhere' }));
      for (const voter of voters.slice(0, 2)) await tx.insertVote({ post_id: source.id, voter_id: voter.id, created_at: at(2) });
      for (const voter of voters.slice(1)) await tx.insertVote({ post_id: target.id, voter_id: voter.id, created_at: at(2) });
      const comment = await tx.insertComment(newComment(source.id, { voter_id: voters[0]!.id, created_at: at(3) }));
      await tx.insertComment(newComment(source.id, { parent_comment_id: comment.id, body: 'Seconded', created_at: at(4) }));
      await tx.insertEvidence(newEvidence(source.id, { ref: 'https://example.com/pr/1', action_key: 'run-1' }));
      await tx.insertEvidence(newEvidence(source.id, { ref: 'https://example.com/pr/2', added_at: at(1) }));
      await tx.insertEvidence(newEvidence(target.id, { ref: 'https://example.com/pr/1', action_key: 'run-1' }));
      const key = await tx.insertApiKey(newApiKey(organization.id));
      await tx.claimPost({ post_id: source.id, api_key_id: key.id, agent_label: 'bot', now: at(0), expires_at: at(24 * 60) });
      const team = createFeedbackBoard({ storage: ctx.storage, clock: { now: () => MERGE_TIME } }).team(organization.id);
      return { board, otherBoard, source, target, foreign, voters, comment, team };
    });
  }

  ctx.test('merge: voters of the source count once on the target, comment threads and evidence move, the claim is released', async () => {
    const { source, target, voters, comment, team } = await seed();
    const merged = await team.api.posts.merge('features', source.id, { into: target.id });
    expect(merged.id).toBe(target.id);
    expect(merged.vote_count).toBe(3);
    expect((await ctx.read((tx) => tx.getPost(target.id)))?.comment_count).toBe(2);
    expect(merged.implementation_evidence.map((e) => e.ref)).toEqual(['https://example.com/pr/1', 'https://example.com/pr/2']);
    await ctx.read(async (tx) => {
      expect(await tx.listVoterIds(target.id)).toEqual(voters.map((v) => v.id));
      const comments = await tx.listComments(target.id);
      expect(comments.map((c) => [c.id, c.parent_comment_id])).toEqual([[comment.id, null], [comment.id + 1, comment.id]]);
      expect(await tx.listComments(source.id)).toEqual([]);
      expect(await tx.getClaim(source.id)).toBeNull();
      const record = await tx.getPostMerge(source.id);
      expect(record?.target_id).toBe(target.id);
      expect(record?.votes_added).toEqual([voters[0]!.id]);
      expect(record?.claim?.agent_label).toBe('bot');
      // Merging deletes nothing: the source keeps its own votes and evidence.
      expect(await tx.listVoterIds(source.id)).toEqual([voters[0]!.id, voters[1]!.id]);
      expect(await tx.listEvidence(source.id)).toHaveLength(2);
    });
  });

  ctx.test('merge: the merged post is gone from lists, search, queue, roadmap, changelog, statistics and similar posts', async () => {
    const { board, source, target, team } = await seed();
    // Both carry the tag, and keep it: a list by the tag (with a status or not) leaves the source out.
    const tagId = await ctx.write(async (tx) => {
      const [tag] = await tx.ensureTags(board.id, ['Themes']);
      for (const post of [source, target]) await tx.setPostTags(post.id, [tag!.id]);
      return tag!.id;
    });
    const before = await ctx.read(async (tx) => ({
      list: await tx.listPosts(board.id, { sort: 'new', limit: 10, offset: 0 }),
      shipped: await tx.listPosts(board.id, { status: 'shipped', sort: 'top', limit: 10, offset: 0 }),
      tagged: await tx.listPosts(board.id, { sort: 'new', tagId, limit: 10, offset: 0 }),
      taggedShipped: await tx.listPosts(board.id, { status: 'shipped', sort: 'new', tagId, limit: 10, offset: 0 }),
      analytics: await tx.analytics(board.id, WINDOW),
    }));
    expect(before.list.total).toBe(2);
    expect(before.shipped.total).toBe(1);
    expect(before.tagged.total).toBe(2);
    expect(before.taggedShipped.total).toBe(1);
    await team.api.posts.merge('features', source.id, { into: target.id });
    await ctx.read(async (tx) => {
      const page = { limit: 10, offset: 0 };
      const lists = [
        await tx.listPosts(board.id, { sort: 'new', ...page }),
        await tx.listPosts(board.id, { sort: 'top', search: 'dark', ...page }),
        await tx.listPosts(board.id, { sort: 'top', search: 'da', ...page }),
        await tx.listRoadmap(board.id, page),
        await tx.listPosts(board.id, { sort: 'new', tagId, ...page }),
        await tx.listPosts(board.id, { sort: 'top', tagId, status: 'open', ...page }),
      ];
      for (const list of lists) {
        expect(list.rows.map((p) => p.id)).toEqual([target.id]);
        expect(list.total).toBe(1);
      }
      expect(await tx.listPosts(board.id, { status: 'shipped', sort: 'top', ...page })).toEqual({ rows: [], total: 0 });
      expect(await tx.listPosts(board.id, { status: 'shipped', sort: 'new', tagId, ...page })).toEqual({ rows: [], total: 0 });
      expect(await tx.listChangelog(board.id, page)).toEqual({ rows: [], total: 0 });
      expect((await tx.listQueue(board.id, { apiKeyId: 1, now: NOW, limit: 10 })).rows.map((p) => p.id)).not.toContain(source.id);
      expect((await tx.listPostsByWords(board.id, ['dark'])).map((p) => p.id)).toEqual([target.id]);
      const analytics = await tx.analytics(board.id, WINDOW);
      expect(analytics.posts).toBe(before.analytics.posts - 1);
      expect(analytics.statusBreakdown.shipped).toBe(0);
      expect(analytics.shippedTotal).toBe(0);
      expect(analytics.topRequests.map((p) => p.id)).toEqual([target.id]);
      // The comments now count on the target, which is visible: none is lost.
      expect(analytics.comments).toBe(before.analytics.comments);
    });
  });

  ctx.test('merge: every operation naming the merged post answers 404 with the target in its message', async () => {
    const { source, target, team } = await seed();
    await team.api.posts.merge('features', source.id, { into: target.id });
    const message = `Post ${source.id} was merged into post ${target.id}.`;
    await expect(team.api.posts.get('features', source.id)).rejects.toThrow(message);
    await expect(team.api.posts.update('features', source.id, { title: 'Again' })).rejects.toThrow(message);
    await expect(team.api.comments.list('features', source.id)).rejects.toThrow(message);
    await expect(team.api.agent.claim('features', source.id, {})).rejects.toThrow(message);
  });

  ctx.test('merge: refusals (itself, a merged post, into a merged post, another organization, a missing post) change nothing', async () => {
    const { board, otherBoard, source, target, foreign, team } = await seed();
    const third = await ctx.write((tx) => tx.insertPost(newPost(board.id, { title: 'Night mode' })));
    const ids = [source.id, target.id, third.id, foreign.id];
    const refuse = async (id: number, into: number, expected: string) => {
      const before = await ctx.read((tx) => stateOf(tx, [board.id, otherBoard.id], ids));
      await expect(team.api.posts.merge('features', id, { into })).rejects.toThrow(expected);
      expect(await ctx.read((tx) => stateOf(tx, [board.id, otherBoard.id], ids))).toEqual(before);
    };
    await refuse(source.id, source.id, 'a post cannot be merged into itself');
    await refuse(source.id, foreign.id, `Post ${foreign.id} to merge into not found`);
    await refuse(source.id, 999, 'Post 999 to merge into not found');
    await team.api.posts.merge('features', third.id, { into: target.id });
    await refuse(third.id, source.id, `post ${third.id} is already merged into post ${target.id}`);
    await refuse(source.id, third.id, `post ${third.id} is merged into post ${target.id}; merge into that post instead`);
  });

  ctx.test('unmerge: restores exactly the state before the merge, apart from votes cast on the target after it', async () => {
    const { board, otherBoard, source, target, voters, team } = await seed();
    const ids = [source.id, target.id];
    const before = await ctx.read((tx) => stateOf(tx, [board.id, otherBoard.id], ids));
    await team.api.posts.merge('features', source.id, { into: target.id });
    const restored = await team.posts.unmerge(source.id);
    expect([restored.id, restored.vote_count, restored.implementation_evidence.length]).toEqual([source.id, 2, 2]);
    expect(await ctx.read((tx) => stateOf(tx, [board.id, otherBoard.id], ids))).toEqual(before);

    // A vote cast on the target after the merge stays; the vote the merge added goes.
    const late = await ctx.write((tx) => seedVoters(tx, board.organization_id, 1));
    await team.api.posts.merge('features', source.id, { into: target.id });
    await ctx.write((tx) => tx.insertVote({ post_id: target.id, voter_id: late[0]!.id, created_at: NOW }));
    await team.posts.unmerge(source.id);
    expect(await ctx.read((tx) => tx.listVoterIds(target.id))).toEqual([voters[1]!.id, voters[2]!.id, late[0]!.id]);
    expect(await ctx.read((tx) => tx.listVoterIds(source.id))).toEqual([voters[0]!.id, voters[1]!.id]);
    await expect(team.posts.unmerge(source.id)).rejects.toThrow(`post ${source.id} is not merged`);
  });

  ctx.test('unmerge: of a chain (A into B, then B into C) the latest merge is undone first; then both, exactly', async () => {
    const { board, otherBoard, source, target, team } = await seed();
    const last = await ctx.write((tx) => tx.insertPost(newPost(board.id, { title: 'Night mode', created_at: at(2) })));
    const ids = [source.id, target.id, last.id];
    const before = await ctx.read((tx) => stateOf(tx, [board.id, otherBoard.id], ids));
    await team.api.posts.merge('features', source.id, { into: target.id });
    await team.api.posts.merge('features', target.id, { into: last.id });
    expect((await ctx.read((tx) => tx.getPost(last.id)))?.comment_count).toBe(2);
    const chained = await ctx.read((tx) => stateOf(tx, [board.id, otherBoard.id], ids));
    await expect(team.posts.unmerge(source.id)).rejects.toThrow(
      `post ${target.id} was merged into post ${last.id} since; unmerge post ${target.id} first`,
    );
    expect(await ctx.read((tx) => stateOf(tx, [board.id, otherBoard.id], ids))).toEqual(chained);
    await team.posts.unmerge(target.id);
    await team.posts.unmerge(source.id);
    expect(await ctx.read((tx) => stateOf(tx, [board.id, otherBoard.id], ids))).toEqual(before);
  });
}
