/**
 * Attachments in storage: records and bytes read back exactly (every byte value, a large image),
 * lists per post and per comment in their documented order, copies, rollback, and their life
 * with their owner: deleting a post deletes its attachments and its comments', moving a comment
 * to another post (a merge) keeps the comment's on it, approving a held post makes its the post's.
 */
import type { NewAttachment } from '../src/domain/attachments.js';
import type { StorageTx } from '../src/storage/contract.js';
import { TestAbort, at, newComment, newPost, rejectionOf, seedBoard, seedVoters } from './fixtures.js';
import type { SuiteContext } from './harness.js';

/** `length` bytes cycling through every value 0..255, starting at `start`. */
function bytesOf(length: number, start = 0): Uint8Array {
  return Uint8Array.from({ length }, (_, i) => (start + i) % 256);
}

type Owner = { post_id: number } | { comment_id: number } | { held_post_id: number };

function newAttachment(organizationId: number, owner: Owner, bytes = bytesOf(300)): NewAttachment {
  return {
    organization_id: organizationId,
    post_id: 'post_id' in owner ? owner.post_id : null,
    comment_id: 'comment_id' in owner ? owner.comment_id : null,
    held_post_id: 'held_post_id' in owner ? owner.held_post_id : null,
    filename: 'screen shot <1>.png',
    content_type: 'image/png',
    size: bytes.length,
    width: 640,
    height: 480,
    sha256: 'ab'.repeat(32),
    created_at: at(1),
    bytes,
  };
}

/** An organization, a board, posts 1 and 2, and a comment on each. */
async function seed(tx: StorageTx) {
  const { organization, board } = await seedBoard(tx);
  const first = await tx.insertPost(newPost(board.id, { title: 'First' }));
  const second = await tx.insertPost(newPost(board.id, { title: 'Second' }));
  const firstComment = await tx.insertComment(newComment(first.id));
  const secondComment = await tx.insertComment(newComment(second.id));
  return { org: organization.id, board: board.id, first: first.id, second: second.id, firstComment: firstComment.id, secondComment: secondComment.id };
}

export function attachmentTests(ctx: SuiteContext): void {
  const { expect } = ctx;
  const bytesRead = async (id: number): Promise<number[] | null> => {
    const bytes = await ctx.read((tx) => tx.getAttachmentBytes(id));
    return bytes === null ? null : Array.from(bytes);
  };

  ctx.t.describe('attachments', () => {
    ctx.test('an attachment reads back as stored: its record with an assigned id, and every byte value', async () => {
      const { org, first } = await ctx.write(seed);
      const stored = await ctx.write((tx) => tx.insertAttachment(newAttachment(org, { post_id: first }, bytesOf(512, 7))));
      const { bytes: _bytes, ...fields } = newAttachment(org, { post_id: first }, bytesOf(512, 7));
      expect(stored).toEqual({ id: 1, ...fields });
      expect(await ctx.read((tx) => tx.getAttachment(stored.id))).toEqual(stored);
      expect(await bytesRead(stored.id)).toEqual(Array.from(bytesOf(512, 7)));
      expect(await ctx.read((tx) => tx.getAttachment(stored.id + 1))).toBeNull();
      expect(await ctx.read((tx) => tx.getAttachmentBytes(stored.id + 1))).toBeNull();
    });

    ctx.test('a large attachment (a quarter MiB) reads back byte for byte', async () => {
      const { org, first } = await ctx.write(seed);
      const large = bytesOf(256 * 1024, 3);
      const stored = await ctx.write((tx) => tx.insertAttachment(newAttachment(org, { post_id: first }, large)));
      const read = await ctx.read((tx) => tx.getAttachmentBytes(stored.id));
      expect(read?.length).toBe(large.length);
      expect(read === null ? -1 : read.findIndex((byte, i) => byte !== large[i])).toBe(-1);
    });

    ctx.test('bytes handed out are copies: changing them changes nothing stored', async () => {
      const { org, first } = await ctx.write(seed);
      const input = bytesOf(16);
      const stored = await ctx.write((tx) => tx.insertAttachment(newAttachment(org, { post_id: first }, input)));
      input.fill(255);
      const read = (await ctx.read((tx) => tx.getAttachmentBytes(stored.id)))!;
      read.fill(254);
      expect(await bytesRead(stored.id)).toEqual(Array.from(bytesOf(16)));
    });

    ctx.test("the lists: a post's attachments apart from its comments', owner by owner, each in id order", async () => {
      const s = await ctx.write(seed);
      const ids = await ctx.write(async (tx) => {
        const made: number[] = [];
        for (const owner of [{ post_id: s.second }, { comment_id: s.firstComment }, { post_id: s.first }, { post_id: s.second }, { comment_id: s.secondComment }]) {
          made.push((await tx.insertAttachment(newAttachment(s.org, owner))).id);
        }
        return made;
      });
      const postLists = await ctx.read((tx) => tx.listPostAttachments([s.second, s.first, s.second]));
      expect(postLists.map((row) => [row.post_id, row.id])).toEqual([[s.first, ids[2]], [s.second, ids[0]], [s.second, ids[3]]]);
      const commentLists = await ctx.read((tx) => tx.listCommentAttachments([s.secondComment, s.firstComment]));
      expect(commentLists.map((row) => [row.comment_id, row.id])).toEqual([[s.firstComment, ids[1]], [s.secondComment, ids[4]]]);
      expect(commentLists.every((row) => row.post_id === null)).toBe(true);
      expect(await ctx.read((tx) => tx.listPostAttachments([]))).toEqual([]);
      expect(await ctx.read((tx) => tx.listCommentAttachments([]))).toEqual([]);
    });

    ctx.test('an attachment inserted in a transaction that fails is not stored', async () => {
      const { org, first } = await ctx.write(seed);
      const failed = ctx.write(async (tx) => {
        await tx.insertAttachment(newAttachment(org, { post_id: first }));
        throw new TestAbort();
      });
      expect(await rejectionOf(failed)).toBeTruthy();
      expect(await ctx.read((tx) => tx.listPostAttachments([first]))).toEqual([]);
      expect(await ctx.read((tx) => tx.getAttachmentBytes(1))).toBeNull();
    });

    ctx.test("deleting a post deletes its attachments and its comments' (records and bytes); the other post's stay", async () => {
      const s = await ctx.write(seed);
      const [own, ofComment, other, ofOtherComment] = await ctx.write(async (tx) => [
        await tx.insertAttachment(newAttachment(s.org, { post_id: s.first })),
        await tx.insertAttachment(newAttachment(s.org, { comment_id: s.firstComment })),
        await tx.insertAttachment(newAttachment(s.org, { post_id: s.second })),
        await tx.insertAttachment(newAttachment(s.org, { comment_id: s.secondComment })),
      ]);
      expect(await ctx.write((tx) => tx.deletePost(s.first))).toBe(true);
      for (const gone of [own!, ofComment!]) {
        expect(await ctx.read((tx) => tx.getAttachment(gone.id))).toBeNull();
        expect(await ctx.read((tx) => tx.getAttachmentBytes(gone.id))).toBeNull();
      }
      expect(await ctx.read((tx) => tx.listPostAttachments([s.first, s.second]))).toEqual([other]);
      expect(await ctx.read((tx) => tx.listCommentAttachments([s.firstComment, s.secondComment]))).toEqual([ofOtherComment]);
      expect(await bytesRead(other!.id)).toEqual(Array.from(bytesOf(300)));
    });

    ctx.test("a comment moved to another post keeps its attachments; the source post's own stay with it", async () => {
      const s = await ctx.write(seed);
      const [own, ofComment] = await ctx.write(async (tx) => [
        await tx.insertAttachment(newAttachment(s.org, { post_id: s.first })),
        await tx.insertAttachment(newAttachment(s.org, { comment_id: s.firstComment })),
      ]);
      await ctx.write((tx) => tx.moveComments(s.first, s.second, [s.firstComment]));
      expect(await ctx.read((tx) => tx.listCommentAttachments([s.firstComment]))).toEqual([ofComment]);
      expect(await ctx.read((tx) => tx.listPostAttachments([s.first]))).toEqual([own]);
      expect(await ctx.write((tx) => tx.deletePost(s.second))).toBe(true);
      expect(await ctx.read((tx) => tx.getAttachment(ofComment!.id))).toBeNull();
      expect(await ctx.read((tx) => tx.getAttachment(own!.id))).toEqual(own);
    });

    ctx.test("a held post's attachments are listed with it, not with any post, until they move to the approved post", async () => {
      const s = await ctx.write(seed);
      const voter = await ctx.write(async (tx) => (await seedVoters(tx, s.org, 1))[0]!);
      const held = await ctx.write((tx) =>
        tx.insertHeldPost({ organization_id: s.org, board_id: s.board, voter_id: voter.id, title: 'Held', body: '', tag_slugs: [], created_at: at(2) }),
      );
      const [a, b] = await ctx.write(async (tx) => [
        await tx.insertAttachment(newAttachment(s.org, { held_post_id: held.id })),
        await tx.insertAttachment(newAttachment(s.org, { held_post_id: held.id }, bytesOf(10))),
      ]);
      expect(await ctx.read((tx) => tx.listHeldPostAttachments(held.id))).toEqual([a, b]);
      expect(await ctx.read((tx) => tx.listPostAttachments([s.first, s.second]))).toEqual([]);
      expect(await ctx.write((tx) => tx.moveHeldPostAttachments(held.id, s.second))).toBe(2);
      expect(await ctx.read((tx) => tx.listHeldPostAttachments(held.id))).toEqual([]);
      const moved = [{ ...a!, post_id: s.second, held_post_id: null }, { ...b!, post_id: s.second, held_post_id: null }];
      expect(await ctx.read((tx) => tx.listPostAttachments([s.second]))).toEqual(moved);
      expect(await bytesRead(b!.id)).toEqual(Array.from(bytesOf(10)));
      expect(await ctx.write((tx) => tx.moveHeldPostAttachments(held.id, s.second))).toBe(0);
    });

    ctx.test('ids are never reused after their post is deleted', async () => {
      const s = await ctx.write(seed);
      const first = await ctx.write((tx) => tx.insertAttachment(newAttachment(s.org, { post_id: s.first })));
      await ctx.write((tx) => tx.deletePost(s.first));
      const next = await ctx.write((tx) => tx.insertAttachment(newAttachment(s.org, { post_id: s.second })));
      expect(next.id).toBeGreaterThan(first.id);
    });
  });
}
