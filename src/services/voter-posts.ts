/**
 * The voter side of posts (docs/errors-scopes-limits.md#voters): voters submit posts to published
 * boards, and follow or unfollow posts; the team reads a post's author and followers (for the
 * mail sent to them).
 */
import { notFound, validationError } from '../domain/errors.js';
import type { HeldPost } from '../domain/held-posts.js';
import type { TagRecord, VoterRecord } from '../domain/records.js';
import { submitPostBody, type SubmitPostInput } from '../domain/requests.js';
import type { PostDetail } from '../domain/responses.js';
import { parseOrThrow } from '../domain/validation.js';
import type { StorageTx } from '../storage/contract.js';
import { foldCase } from '../storage/text.js';
import { logActivity, voterActor } from './activity.js';
import { nowIso, read, write, type ServiceContext } from './context.js';
import { assertPostRoom } from './limits.js';
import { assertNotMerged, byId } from './lookup.js';
import { presentHeldPost } from './moderation.js';
import { checkUploads, presentAttachment, storeAttachments, type AttachmentUpload } from './attachments.js';
import { presentPostDetail } from './present.js';
import { assertVoterNotBlocked, assertVoterPostRoom, followAutomatically } from './voter-rules.js';
import { emitBoardEvent } from './webhook-events.js';
import { labelOfPost } from './status-labels.js';
import { checkFieldValues } from './field-values.js';

async function voterOf(tx: StorageTx, voterId: number): Promise<VoterRecord> {
  const voter = await tx.getVoter(voterId);
  if (!voter) throw notFound('Voter not found');
  return voter;
}

/** The board's existing tags of these names; a name the board does not have is a 422. */
async function existingTags(tx: StorageTx, boardId: number, names: readonly string[]): Promise<TagRecord[]> {
  const tags = new Map<number, TagRecord>();
  for (const [index, name] of names.entries()) {
    const tag = await tx.getTagBySlug(boardId, foldCase(name));
    if (!tag) throw validationError(`tags.${index}`, 'is not a tag of this board');
    tags.set(tag.id, tag);
  }
  return byId([...tags.values()]);
}

/**
 * A voter's post on a published board of their organization (an unpublished or unknown board is
 * `not_found`): `is_admin: false`, its author recorded, the voter's vote counted and the post
 * followed. `post.created` fires as for any post. On a board whose new posts from voters wait for
 * approval, the answer is instead the held post (`approval: 'waiting'`), which becomes a post when
 * the team approves it (see services/moderation.ts). Refused, changing nothing, for a blocked
 * voter, a tag the board does not have, a voter past `limits.voterPostsPerHour`, or an image
 * `uploads` refused (see checkUploads); its images go with the post or the held post.
 */
export async function submitPost(
  ctx: ServiceContext,
  voterId: number,
  slug: string,
  body: SubmitPostInput,
  uploads: readonly AttachmentUpload[] = [],
): Promise<PostDetail | HeldPost> {
  const input = parseOrThrow(submitPostBody, body);
  const checked = await checkUploads(ctx, uploads);
  return write(ctx, async (tx) => {
    const nowMs = ctx.clock.now();
    const now = nowIso(ctx);
    const voter = await voterOf(tx, voterId);
    const board = await tx.getBoardBySlug(voter.organization_id, slug);
    if (!board || !board.published) throw notFound('Board not found');
    await assertVoterNotBlocked(tx, voterId);
    await assertVoterPostRoom(ctx, tx, voterId, nowMs);
    await assertPostRoom(ctx, tx, board.id);
    const tags = await existingTags(tx, board.id, input.tags ?? []);
    const fields = checkFieldValues(await tx.listFields(board.id), input.fields, null, true);
    if (await tx.isBoardModerated(board.id)) {
      const tag_slugs = tags.map((tag) => tag.slug);
      const held = await tx.insertHeldPost({
        organization_id: board.organization_id,
        board_id: board.id,
        voter_id: voterId,
        title: input.title,
        body: input.body ?? '',
        tag_slugs,
        created_at: now,
        fields,
      });
      await storeAttachments(tx, board.organization_id, { held_post_id: held.id }, checked, now);
      return presentHeldPost(tx, held);
    }
    const inserted = await tx.insertPost({
      board_id: board.id,
      title: input.title,
      body: input.body ?? '',
      status: 'open',
      is_admin: false,
      hidden: false,
      pinned: false,
      queue_rank: null,
      shipped_at: null,
      created_at: now,
      proposal: null,
      fields,
    });
    await tx.insertPostAuthor({ post_id: inserted.id, voter_id: voterId, created_at: now });
    if (tags.length > 0) await tx.setPostTags(inserted.id, tags.map((t) => t.id));
    await tx.insertVote({ post_id: inserted.id, voter_id: voterId, created_at: now });
    await followAutomatically(tx, inserted.id, voterId, now);
    await logActivity(tx, inserted.id, 'created', voterActor(voterId), now);
    const stored = await storeAttachments(tx, board.organization_id, { post_id: inserted.id }, checked, now);
    const attachments = stored.map((a) => presentAttachment(a, ctx.attachmentsBaseUrl()));
    const storedPost = (await tx.getPost(inserted.id))!;
    const detail = presentPostDetail(storedPost, await labelOfPost(tx, storedPost), tags, [], null, attachments);
    await emitBoardEvent(ctx, tx, board, 'post.created', { post: detail }, now);
    return detail;
  });
}

/** The voter and a post of the voter's own organization, or `not_found`. */
async function voterPost(tx: StorageTx, voterId: number, postId: number): Promise<void> {
  const voter = await voterOf(tx, voterId);
  const post = await tx.getPost(postId);
  const board = post && (await tx.getBoard(post.board_id));
  if (!post || !board || board.organization_id !== voter.organization_id) throw notFound('Post not found');
  await assertNotMerged(tx, post);
}

/**
 * Follows or unfollows a post explicitly; an explicit unfollow is kept, so voting or commenting
 * later does not follow the post again. Returns whether the voter now follows it.
 */
export function setFollowing(ctx: ServiceContext, voterId: number, postId: number, following: boolean): Promise<boolean> {
  return write(ctx, async (tx) => {
    await voterPost(tx, voterId, postId);
    const current = await tx.getFollow(postId, voterId);
    if (current?.following !== following) {
      await tx.putFollow({ post_id: postId, voter_id: voterId, following, updated_at: nowIso(ctx) });
    }
    return following;
  });
}

/** Whether the voter follows the post. */
export function isFollowing(ctx: ServiceContext, voterId: number, postId: number): Promise<boolean> {
  return read(ctx, async (tx) => {
    await voterPost(tx, voterId, postId);
    return (await tx.getFollow(postId, voterId))?.following === true;
  });
}
