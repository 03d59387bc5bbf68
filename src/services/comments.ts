/**
 * Votes and comments as the API shows them (docs/errors-scopes-limits.md#votes-and-comments), and the voter side that creates
 * them in-process: voters, votes, reactions and voters' comments.
 */
import * as z from 'zod/mini';
import { notFound, validationError } from '../domain/errors.js';
import { MAX_REPLY_DEPTH } from '../domain/limits.js';
import type { CommentRecord, VoterRecord } from '../domain/records.js';
import { createCommentBody, type CreateCommentInput } from '../domain/requests.js';
import type { Comment, CommentList, Votes } from '../domain/responses.js';
import { requireScope } from '../domain/scopes.js';
import { parseOrThrow, text } from '../domain/validation.js';
import type { StorageTx } from '../storage/contract.js';
import { foldCase } from '../storage/text.js';
import { actorOf, logActivity } from './activity.js';
import { nowIso, read, write, type Caller, type ServiceContext } from './context.js';
import {
  attachmentsOfComments,
  checkUploads,
  presentAttachment,
  storeAttachments,
  type AttachmentUpload,
  type CheckedAttachment,
} from './attachments.js';
import { assertCommentRoom } from './limits.js';
import { assertNotMerged, boardPostOf } from './lookup.js';
import { queueCommentMail } from './follower-mail.js';
import { queueMentionMail } from './mentions.js';
import { nestComments, presentComment } from './present-comments.js';
import { assertVoterCommentRoom, assertVoterNotBlocked, followAutomatically } from './voter-rules.js';
import { emitBoardEvent } from './webhook-events.js';

export function listVotes(ctx: ServiceContext, caller: Caller, slug: string, id: number): Promise<Votes> {
  return read(ctx, async (tx) => {
    const { post } = await boardPostOf(tx, caller, slug, id);
    return { post_id: post.id, vote_count: post.vote_count };
  });
}

export function listComments(ctx: ServiceContext, caller: Caller, slug: string, id: number): Promise<CommentList> {
  return read(ctx, async (tx) => {
    const { post } = await boardPostOf(tx, caller, slug, id);
    const comments = await tx.listComments(post.id);
    const reactions = await tx.getReactionCounts(comments.map((c) => c.id));
    const voterIds = comments.flatMap((c) => (c.voter_id === null ? [] : [c.voter_id]));
    const blocked = new Set((await tx.listVoterBlocks(voterIds)).map((b) => b.voter_id));
    const attachments = await attachmentsOfComments(ctx, tx, comments.map((c) => c.id));
    return { comments: nestComments(comments, reactions, blocked, attachments) };
  });
}

/**
 * A parent must be a comment of the same post; the message is the same whether it exists elsewhere
 * or not. A parent already at the maximum depth takes no reply: its chain is walked up at most
 * {@link MAX_REPLY_DEPTH} steps.
 */
async function checkParent(tx: StorageTx, postId: number, parentId: number | undefined): Promise<void> {
  if (parentId === undefined) return;
  const parent = await tx.getComment(parentId);
  if (!parent || parent.post_id !== postId) {
    throw validationError('parent_comment_id', 'is not a comment of this post');
  }
  let depth = 0;
  for (let at = parent; at.parent_comment_id !== null && depth < MAX_REPLY_DEPTH; depth++) {
    const up = await tx.getComment(at.parent_comment_id);
    if (!up) break;
    at = up;
  }
  if (depth >= MAX_REPLY_DEPTH) {
    throw validationError('parent_comment_id', `replies nest at most ${MAX_REPLY_DEPTH} levels deep`);
  }
}

/** A new comment in the API's shape, after storing its checked uploads with it. */
async function presentNewComment(
  ctx: ServiceContext,
  tx: StorageTx,
  organizationId: number,
  record: CommentRecord,
  checked: readonly CheckedAttachment[],
  now: string,
): Promise<Comment> {
  const stored = await storeAttachments(tx, organizationId, { comment_id: record.id }, checked, now);
  return presentComment(record, {}, false, stored.map((a) => presentAttachment(a, ctx.attachmentsBaseUrl())));
}

async function insertComment(
  tx: StorageTx,
  postId: number,
  input: z.output<typeof createCommentBody>,
  author: { is_admin: boolean; voter_id: number | null },
  now: string,
): Promise<CommentRecord> {
  await checkParent(tx, postId, input.parent_comment_id);
  return tx.insertComment({
    post_id: postId,
    parent_comment_id: input.parent_comment_id ?? null,
    body: input.body,
    hidden: false,
    created_at: now,
    ...author,
  });
}

/** A comment of the board team (`is_admin: true`), with images `uploads` (in-process only; see checkUploads). */
export async function createComment(
  ctx: ServiceContext,
  caller: Caller,
  slug: string,
  id: number,
  body: CreateCommentInput,
  uploads: readonly AttachmentUpload[] = [],
): Promise<Comment> {
  requireScope(caller.scope, 'propose');
  const input = parseOrThrow(createCommentBody, body);
  const checked = await checkUploads(ctx, uploads);
  return write(ctx, async (tx) => {
    const now = nowIso(ctx);
    const { board, post } = await boardPostOf(tx, caller, slug, id);
    assertCommentRoom(ctx, post);
    const record = await insertComment(tx, post.id, input, { is_admin: true, voter_id: null }, now);
    await queueCommentMail(tx, board, post, record, now);
    await queueMentionMail(tx, board, post, record, null, now);
    const comment = await presentNewComment(ctx, tx, board.organization_id, record, checked, now);
    await logActivity(tx, post.id, 'team_commented', actorOf(ctx, caller), now, { comment_id: comment.id });
    await emitBoardEvent(ctx, tx, board, 'comment.created', { post_id: post.id, comment }, now);
    return comment;
  });
}

// ── the voter side ────────────────────────────────────────────────────────────

/** A voter as given: an e-mail address and an optional name (also the rules an import applies). */
export const voterInput = z.strictObject({
  email: text(3, 320).check(z.regex(/^[^\s@]+@[^\s@]+$/, 'must be an e-mail address')),
  name: z.optional(text(0, 120)),
});
/** A reaction: 1 to 32 characters (an emoji, usually). */
export const reactionInput = text(1, 32);

/** A voter to register: an e-mail address (unique per organization, case-insensitive) and a name. */
export type VoterInput = z.input<typeof voterInput>;

/** The organization's voter with this e-mail (case-insensitive), created on first use. */
export async function registerVoter(ctx: ServiceContext, organizationId: number, input: VoterInput): Promise<VoterRecord> {
  const { email, name } = parseOrThrow(voterInput, input);
  const folded = foldCase(email);
  return write(ctx, async (tx) => {
    const now = nowIso(ctx);
    if (!(await tx.getOrganization(organizationId))) throw notFound('Organization not found');
    const existing = await tx.getVoterByEmail(organizationId, folded);
    return existing ?? tx.insertVoter({ organization_id: organizationId, email: folded, name: name ?? '', created_at: now });
  });
}

/**
 * The voter and a post of the voter's own organization, or 404; then refuses a blocked voter
 * (nothing a blocked voter does changes anything).
 */
export async function voterAndPost(tx: StorageTx, voterId: number, postId: number) {
  const voter = await tx.getVoter(voterId);
  if (!voter) throw notFound('Voter not found');
  const post = await tx.getPost(postId);
  const board = post && (await tx.getBoard(post.board_id));
  if (!post || !board || board.organization_id !== voter.organization_id) throw notFound('Post not found');
  await assertNotMerged(tx, post);
  await assertVoterNotBlocked(tx, voterId);
  return { voter, post, board };
}

async function voterAndComment(tx: StorageTx, voterId: number, commentId: number) {
  const comment = await tx.getComment(commentId);
  if (!comment) throw notFound('Comment not found');
  const { voter } = await voterAndPost(tx, voterId, comment.post_id);
  return { voter, comment };
}

/** One vote per voter per post; voting twice changes nothing. The voter follows the post (unless they unfollowed it). */
export function vote(ctx: ServiceContext, voterId: number, postId: number): Promise<Votes> {
  return write(ctx, async (tx) => {
    const now = nowIso(ctx);
    const { board } = await voterAndPost(tx, voterId, postId);
    const added = await tx.insertVote({ post_id: postId, voter_id: voterId, created_at: now });
    if (added) await followAutomatically(tx, postId, voterId, now);
    const votes = { post_id: postId, vote_count: (await tx.getPost(postId))!.vote_count };
    if (added) await emitBoardEvent(ctx, tx, board, 'vote.created', votes, now);
    return votes;
  });
}

export function unvote(ctx: ServiceContext, voterId: number, postId: number): Promise<Votes> {
  const now = nowIso(ctx);
  return write(ctx, async (tx) => {
    const { board } = await voterAndPost(tx, voterId, postId);
    const removed = await tx.deleteVote(postId, voterId);
    const votes = { post_id: postId, vote_count: (await tx.getPost(postId))!.vote_count };
    if (removed) await emitBoardEvent(ctx, tx, board, 'vote.deleted', votes, now);
    return votes;
  });
}

export function react(ctx: ServiceContext, voterId: number, commentId: number, reaction: string): Promise<boolean> {
  const value = parseOrThrow(reactionInput, reaction);
  return write(ctx, async (tx) => {
    const now = nowIso(ctx);
    await voterAndComment(tx, voterId, commentId);
    return tx.insertReaction({ comment_id: commentId, voter_id: voterId, reaction: value, created_at: now });
  });
}

export function unreact(ctx: ServiceContext, voterId: number, commentId: number, reaction: string): Promise<boolean> {
  return write(ctx, async (tx) => {
    await voterAndComment(tx, voterId, commentId);
    return tx.deleteReaction(commentId, voterId, reaction);
  });
}

/**
 * A voter's comment (`is_admin: false`); the voter follows the post (unless they unfollowed it).
 * At most `limits.voterCommentsPerTenMinutes` per voter in any rolling 10 minutes. `uploads`:
 * images to attach, checked before anything is stored (see checkUploads).
 */
export async function voterComment(
  ctx: ServiceContext,
  voterId: number,
  postId: number,
  body: CreateCommentInput,
  uploads: readonly AttachmentUpload[] = [],
): Promise<Comment> {
  const input = parseOrThrow(createCommentBody, body);
  const checked = await checkUploads(ctx, uploads);
  return write(ctx, async (tx) => {
    const nowMs = ctx.clock.now();
    const now = nowIso(ctx);
    const { board, post } = await voterAndPost(tx, voterId, postId);
    await assertVoterCommentRoom(ctx, tx, voterId, nowMs);
    assertCommentRoom(ctx, post);
    const record = await insertComment(tx, postId, input, { is_admin: false, voter_id: voterId }, now);
    const comment = await presentNewComment(ctx, tx, board.organization_id, record, checked, now);
    await followAutomatically(tx, postId, voterId, now);
    await queueCommentMail(tx, board, post, record, now);
    await queueMentionMail(tx, board, post, record, null, now);
    await emitBoardEvent(ctx, tx, board, 'comment.created', { post_id: postId, comment }, now);
    return comment;
  });
}
