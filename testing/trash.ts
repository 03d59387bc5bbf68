/**
 * Deleted posts in the trash: a post deleted with everything that belonged to it (votes, a reply
 * thread with an edit and a reaction, evidence, claim, tags, a follow, its author, activity,
 * attachments with their bytes, an issue link) reads back after a restore exactly as before, the
 * board's lists, search, similar posts and statistics included; the refusals change nothing;
 * organizations never see each other's trash; the purge takes what is due, once.
 */
import type { DeletedPostRecord, PostDeletion } from '../src/domain/deleted-posts.js';
import type { StorageTx } from '../src/storage/contract.js';
import { at, castVotes, newApiKey, newBoard, newComment, newEvidence, newPost, seedBoard, seedVoters } from './fixtures.js';
import type { SuiteContext } from './harness.js';

const WINDOW = { from: '2026-10-01T00:00:00.000Z', to: '2026-12-01T00:00:00.000Z' };
const PAGE = { limit: 50, offset: 0 };

/** `length` bytes over every value 0..255. */
const bytesOf = (length: number): Uint8Array => Uint8Array.from({ length }, (_, i) => (i * 7) % 256);

function deletion(organizationId: number, minute: number): PostDeletion {
  return { organization_id: organizationId, deleted_at: at(minute), actor_kind: 'team_member', actor_id: null };
}

/** Everything the store answers about the posts and their boards, through the contract. */
async function stateOf(tx: StorageTx, boardIds: number[], postIds: number[]): Promise<unknown> {
  const boards = [];
  for (const boardId of boardIds) {
    boards.push({
      list: await tx.listPosts(boardId, { sort: 'top', ...PAGE }),
      search: await tx.listPosts(boardId, { sort: 'new', search: 'dark', ...PAGE }),
      tagged: await tx.listPosts(boardId, { sort: 'new', tagId: 1, ...PAGE }),
      roadmap: await tx.listRoadmap(boardId, PAGE),
      changelog: await tx.listChangelog(boardId, PAGE),
      analytics: await tx.analytics(boardId, WINDOW),
      ship: await tx.shipStats(boardId, WINDOW),
      count: await tx.countPosts(boardId),
      words: [...(await tx.countPostsByWord(boardId, ['dark', 'mode'], 10))],
      tags: await tx.listTags(boardId),
    });
  }
  const posts = [];
  for (const id of postIds) {
    const comments = await tx.listComments(id);
    const attachments = [...(await tx.listPostAttachments([id])), ...(await tx.listCommentAttachments(comments.map((c) => c.id)))];
    const bytes = [];
    for (const attachment of attachments) bytes.push(Array.from((await tx.getAttachmentBytes(attachment.id)) ?? []));
    const edits = [];
    for (const comment of comments) edits.push(await tx.listCommentEdits(comment.id));
    posts.push({
      post: await tx.getPost(id),
      voters: await tx.listVoterIds(id),
      comments,
      edits,
      reactions: [...(await tx.getReactionCounts(comments.map((c) => c.id)))],
      evidence: await tx.listEvidence(id),
      claim: await tx.getClaim(id),
      tags: [...(await tx.getTagsOfPosts([id]))],
      followers: await tx.listFollowerIds(id),
      author: await tx.getPostAuthor(id),
      merge: await tx.getPostMerge(id),
      activity: await tx.listActivity(id, { before: null, limit: 100 }),
      attachments,
      bytes,
      links: await tx.listPostLinks(id),
    });
  }
  return { boards, posts };
}

export function trashTests(ctx: SuiteContext): void {
  const { expect } = ctx;

  /**
   * Organization 1 with boards 1 and 2: post 1 (the one deleted, with everything), post 2 beside
   * it; organization 2 with post 3.
   */
  async function seed() {
    return ctx.write(async (tx) => {
      const { organization, board } = await seedBoard(tx);
      const second = await tx.insertBoard(newBoard(organization.id, { slug: 'second' }));
      const voters = await seedVoters(tx, organization.id, 3);
      const key = await tx.insertApiKey(newApiKey(organization.id));
      const post = await tx.insertPost(newPost(board.id, { title: 'Dark mode please', status: 'shipped', shipped_at: at(5), created_at: at(1) }));
      const beside = await tx.insertPost(newPost(board.id, { title: 'Dark theme', created_at: at(2) }));
      await castVotes(tx, post.id, voters, at(3));
      await castVotes(tx, beside.id, voters.slice(1), at(4));
      const comment = await tx.insertComment(newComment(post.id, { voter_id: voters[0]!.id, created_at: at(6) }));
      const reply = await tx.insertComment(newComment(post.id, { parent_comment_id: comment.id, body: 'Seconded', created_at: at(7) }));
      await tx.insertCommentEdit({ comment_id: reply.id, body: 'Second', replaced_at: at(8), by_team: false });
      await tx.updateComment(reply.id, { edited_at: at(8) });
      await tx.insertReaction({ comment_id: comment.id, voter_id: voters[1]!.id, reaction: '👍', created_at: at(9) });
      await tx.insertEvidence(newEvidence(post.id, { action_key: 'run-1' }));
      await tx.claimPost({ post_id: post.id, api_key_id: key.id, agent_label: 'bot', now: at(0), expires_at: at(600) });
      const [tag] = await tx.ensureTags(board.id, ['UI']);
      await tx.setPostTags(post.id, [tag!.id]);
      await tx.setPostTags(beside.id, [tag!.id]);
      await tx.putFollow({ post_id: post.id, voter_id: voters[2]!.id, following: true, updated_at: at(10) });
      await tx.insertPostAuthor({ post_id: post.id, voter_id: voters[0]!.id, created_at: at(1) });
      await tx.insertActivity({ post_id: post.id, kind: 'created', at: at(1), actor_kind: 'voter', actor_id: voters[0]!.id, detail: {} });
      for (const [owner, size] of [[{ post_id: post.id, comment_id: null }, 70_000], [{ post_id: null, comment_id: reply.id }, 3]] as const) {
        const bytes = bytesOf(size);
        await tx.insertAttachment({
          organization_id: organization.id, ...owner, held_post_id: null, filename: 'a.png', content_type: 'image/png',
          size, width: 1, height: 1, sha256: 'ab'.repeat(32), created_at: at(11), bytes,
        });
      }
      const connection = await tx.insertIntegrationConnection({
        organization_id: organization.id, provider: 'github', base_url: 'https://api.github.com', target: 'acme/app', secret: 's',
        previous_secret: null, previous_secret_expires_at: null, token: null, label: 'App', active: true, created_at: at(0),
      });
      await tx.insertPostLink({
        post_id: post.id, connection_id: connection.id, provider: 'github', url: 'https://github.com/acme/app/issues/1',
        title: 'Dark', state: 'open', created_at: at(12), updated_at: at(12),
      });
      const other = await tx.insertOrganization({ name: 'Globex', created_at: at(0) });
      const otherBoard = await tx.insertBoard(newBoard(other.id, { slug: 'features' }));
      const foreign = await tx.insertPost(newPost(otherBoard.id, { title: 'Dark mode elsewhere' }));
      return { org: organization.id, board: board.id, second: second.id, post: post.id, beside: beside.id, other: other.id, otherBoard: otherBoard.id, foreign: foreign.id };
    });
  }

  ctx.t.describe('trash of deleted posts', () => {
    ctx.test('a deleted post is gone from every read, and restored exactly as it was, with statistics and indexes', async () => {
      const s = await seed();
      const everything = (tx: StorageTx) => stateOf(tx, [s.board, s.second, s.otherBoard], [s.post, s.beside, s.foreign]);
      const before = await ctx.read(everything);
      const record = await ctx.write((tx) => tx.trashPost(s.post, deletion(s.org, 20)));
      const expected: DeletedPostRecord = {
        post_id: s.post, organization_id: s.org, board_id: s.board, title: 'Dark mode please', vote_count: 3, comment_count: 2,
        deleted_at: at(20), actor_kind: 'team_member', actor_id: null,
      };
      expect(record).toEqual(expected);
      await ctx.read(async (tx) => {
        expect(await tx.getPost(s.post)).toBeNull();
        expect(await tx.listComments(s.post)).toEqual([]);
        expect(await tx.getAttachmentBytes(1)).toBeNull();
        expect((await tx.listPosts(s.board, { sort: 'new', ...PAGE })).total).toBe(1);
        expect(await tx.getDeletedPost(s.org, s.post)).toEqual(record);
        expect(await tx.getDeletedPost(s.other, s.post)).toBeNull();
      });
      expect(await ctx.read(everything)).not.toEqual(before);
      const restored = await ctx.write((tx) => tx.restoreDeletedPost(s.org, s.post));
      expect(restored).toEqual(await ctx.read((tx) => tx.getPost(s.post)));
      expect(await ctx.read(everything)).toEqual(before);
      expect(await ctx.read((tx) => tx.getDeletedPost(s.org, s.post))).toBeNull();
      // Restored once: a second restore finds nothing, and changes nothing.
      expect(await ctx.write((tx) => tx.restoreDeletedPost(s.org, s.post))).toBeNull();
      expect(await ctx.read(everything)).toEqual(before);
    });

    ctx.test('deleting a post that is not there, and restoring one that is not in the trash, change nothing', async () => {
      const s = await seed();
      const before = await ctx.read((tx) => stateOf(tx, [s.board], [s.post, s.beside]));
      expect(await ctx.write((tx) => tx.trashPost(999, deletion(s.org, 20)))).toBeNull();
      expect(await ctx.write((tx) => tx.restoreDeletedPost(s.org, s.post))).toBeNull();
      expect(await ctx.write((tx) => tx.restoreDeletedPost(s.org, 999))).toBeNull();
      expect(await ctx.read((tx) => tx.listDeletedPosts(s.org, PAGE))).toEqual({ rows: [], total: 0 });
      expect(await ctx.read((tx) => stateOf(tx, [s.board], [s.post, s.beside]))).toEqual(before);
    });

    ctx.test("another organization's deleted post is neither listed, read nor restored", async () => {
      const s = await seed();
      await ctx.write((tx) => tx.trashPost(s.foreign, deletion(s.other, 20)));
      expect(await ctx.read((tx) => tx.listDeletedPosts(s.org, PAGE))).toEqual({ rows: [], total: 0 });
      expect(await ctx.read((tx) => tx.getDeletedPost(s.org, s.foreign))).toBeNull();
      expect(await ctx.write((tx) => tx.restoreDeletedPost(s.org, s.foreign))).toBeNull();
      expect((await ctx.read((tx) => tx.listDeletedPosts(s.other, PAGE))).total).toBe(1);
      expect(await ctx.read((tx) => tx.getPost(s.foreign))).toBeNull();
    });

    ctx.test('deleted posts are listed newest deletion first, per organization and per board, with paging', async () => {
      const s = await seed();
      const third = await ctx.write((tx) => tx.insertPost(newPost(s.second, { title: 'Third' })));
      await ctx.write(async (tx) => {
        await tx.trashPost(s.post, deletion(s.org, 30));
        await tx.trashPost(s.beside, deletion(s.org, 40));
        await tx.trashPost(third.id, deletion(s.org, 30));
      });
      const all = await ctx.read((tx) => tx.listDeletedPosts(s.org, PAGE));
      expect(all.rows.map((row) => row.post_id)).toEqual([s.beside, third.id, s.post]);
      expect(all.total).toBe(3);
      const page = await ctx.read((tx) => tx.listDeletedPosts(s.org, { limit: 1, offset: 1 }));
      expect(page).toEqual({ rows: [all.rows[1]], total: 3 });
      const board = await ctx.read((tx) => tx.listDeletedPosts(s.org, { ...PAGE, boardId: s.board }));
      expect(board.rows.map((row) => row.post_id)).toEqual([s.beside, s.post]);
      expect(board.total).toBe(2);
    });

    ctx.test('the purge removes, oldest first and at most the limit, the posts deleted before the instant; never twice', async () => {
      const s = await seed();
      const third = await ctx.write((tx) => tx.insertPost(newPost(s.second, { title: 'Third' })));
      await ctx.write(async (tx) => {
        await tx.trashPost(s.post, deletion(s.org, 10));
        await tx.trashPost(third.id, deletion(s.org, 20));
        await tx.trashPost(s.beside, deletion(s.org, 30));
        await tx.trashPost(s.foreign, deletion(s.other, 5));
      });
      expect(await ctx.write((tx) => tx.purgeDeletedPosts(at(25), 2))).toBe(2);
      expect(await ctx.read((tx) => tx.getDeletedPost(s.other, s.foreign))).toBeNull();
      expect(await ctx.read((tx) => tx.getDeletedPost(s.org, s.post))).toBeNull();
      expect(await ctx.read((tx) => tx.getDeletedPost(s.org, third.id))).not.toBeNull();
      expect(await ctx.write((tx) => tx.purgeDeletedPosts(at(25), 10))).toBe(1);
      expect(await ctx.write((tx) => tx.purgeDeletedPosts(at(25), 10))).toBe(0);
      expect(await ctx.write((tx) => tx.restoreDeletedPost(s.org, s.post))).toBeNull();
      expect((await ctx.read((tx) => tx.listDeletedPosts(s.org, PAGE))).rows.map((row) => row.post_id)).toEqual([s.beside]);
      // The bytes went with the purge: nothing of the post's attachments is stored any more.
      expect(await ctx.read((tx) => tx.getAttachmentBytes(1))).toBeNull();
    });

    ctx.test('a merged post deleted and restored is merged again; a target deleted and restored gets back what it held', async () => {
      const s = await seed();
      await ctx.write(async (tx) => {
        await tx.moveComments(s.post, s.beside, [1, 2]);
        await tx.updatePost(s.post, { hidden: true });
        await tx.insertPostMerge({
          source_id: s.post, target_id: s.beside, board_id: s.board, merged_at: at(15), source_hidden: false,
          votes_added: [], comment_ids: [1, 2], evidence_ids: [], claim: null,
        });
      });
      const before = await ctx.read((tx) => stateOf(tx, [s.board], [s.post, s.beside]));
      await ctx.write((tx) => tx.trashPost(s.beside, deletion(s.org, 20)));
      await ctx.write((tx) => tx.trashPost(s.post, deletion(s.org, 21)));
      await ctx.write((tx) => tx.restoreDeletedPost(s.org, s.beside));
      await ctx.write((tx) => tx.restoreDeletedPost(s.org, s.post));
      expect(await ctx.read((tx) => stateOf(tx, [s.board], [s.post, s.beside]))).toEqual(before);
    });
  });
}
