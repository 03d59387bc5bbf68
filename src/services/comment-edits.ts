/**
 * Comments edited and deleted (docs/errors-scopes-limits.md#comments-edited-and-deleted): by the
 * team anywhere (the API's `PATCH` and `DELETE`, the dashboard), by a voter only their own (the
 * pages). An edit keeps the body it replaces for the team; a deletion empties the comment and keeps
 * its place in the thread, so its replies stay where they were. A deleted comment cannot be edited
 * or deleted again: it is not found.
 */
import { notFound } from '../domain/errors.js';
import type { BoardRecord, CommentEditRecord, CommentRecord, PostRecord } from '../domain/records.js';
import { updateCommentBody, type UpdateCommentInput } from '../domain/requests.js';
import type { Comment } from '../domain/responses.js';
import { requireScope } from '../domain/scopes.js';
import { parseOrThrow } from '../domain/validation.js';
import type { StorageTx } from '../storage/contract.js';
import { attachmentsOfComments } from './attachment-views.js';
import { nowIso, read, write, type Caller, type ServiceContext } from './context.js';
import { boardPostOf, commentOf } from './lookup.js';
import { queueMentionMail } from './mentions.js';
import { presentComment } from './present-comments.js';
import { voterAndPost } from './comments.js';

/** Who changes a comment: the team, or the voter who wrote it. */
type Editor = { team: true } | { team: false; voterId: number };

/** Replaces the body, keeping the earlier one; an unchanged body changes nothing. */
async function editBody(tx: StorageTx, board: BoardRecord, post: PostRecord, comment: CommentRecord, body: string, editor: Editor, now: string) {
  if (body === comment.body) return comment;
  await tx.insertCommentEdit({ comment_id: comment.id, body: comment.body, replaced_at: now, by_team: editor.team });
  const edited = (await tx.updateComment(comment.id, { body, edited_at: now }))!;
  await queueMentionMail(tx, board, post, edited, comment.body, now);
  return edited;
}

/** Empties the comment and marks it deleted, keeping its last body for the team. */
async function remove(tx: StorageTx, comment: CommentRecord, editor: Editor, now: string): Promise<void> {
  await tx.insertCommentEdit({ comment_id: comment.id, body: comment.body, replaced_at: now, by_team: editor.team });
  await tx.updateComment(comment.id, { body: '', deleted_at: now });
}

/** The comment in the API's shape (its replies are listed with the post's comments). */
async function present(ctx: ServiceContext, tx: StorageTx, comment: CommentRecord): Promise<Comment> {
  const reactions = await tx.getReactionCounts([comment.id]);
  const blocked = comment.voter_id !== null && (await tx.listVoterBlocks([comment.voter_id])).length > 0;
  const attachments = await attachmentsOfComments(ctx, tx, [comment.id]);
  return presentComment(comment, reactions.get(comment.id), blocked, attachments.get(comment.id));
}

/** `PATCH …/comments/{comment_id}`: a new body for any comment of the post, as the team. */
export async function updateComment(
  ctx: ServiceContext,
  caller: Caller,
  slug: string,
  id: number,
  commentId: number,
  body: UpdateCommentInput,
): Promise<Comment> {
  requireScope(caller.scope, 'write');
  const input = parseOrThrow(updateCommentBody, body);
  return write(ctx, async (tx) => {
    const now = nowIso(ctx);
    const { board, post } = await boardPostOf(tx, caller, slug, id);
    const comment = await commentOf(tx, post, commentId);
    return present(ctx, tx, await editBody(tx, board, post, comment, input.body, { team: true }, now));
  });
}

/** `DELETE …/comments/{comment_id}`: the comment says it was removed; its replies stay. */
export async function deleteComment(ctx: ServiceContext, caller: Caller, slug: string, id: number, commentId: number): Promise<void> {
  requireScope(caller.scope, 'write');
  await write(ctx, async (tx) => {
    const now = nowIso(ctx);
    const { post } = await boardPostOf(tx, caller, slug, id);
    await remove(tx, await commentOf(tx, post, commentId), { team: true }, now);
  });
}

/**
 * The voter's own comment, on a post they may act on (not blocked, not merged). Another voter's
 * comment, a team comment and a deleted one are all not found, so nothing tells them apart.
 */
async function ownComment(tx: StorageTx, voterId: number, commentId: number) {
  const comment = await tx.getComment(commentId);
  if (!comment || comment.voter_id !== voterId || comment.deleted_at !== null) throw notFound('Comment not found');
  const { board, post } = await voterAndPost(tx, voterId, comment.post_id);
  return { board, post, comment };
}

/** A voter edits their own comment (the pages); see {@link ownComment}. */
export function voterEditComment(ctx: ServiceContext, voterId: number, commentId: number, body: UpdateCommentInput): Promise<Comment> {
  const input = parseOrThrow(updateCommentBody, body);
  return write(ctx, async (tx) => {
    const now = nowIso(ctx);
    const { board, post, comment } = await ownComment(tx, voterId, commentId);
    return present(ctx, tx, await editBody(tx, board, post, comment, input.body, { team: false, voterId }, now));
  });
}

/** A voter deletes their own comment (the pages); see {@link ownComment}. */
export function voterDeleteComment(ctx: ServiceContext, voterId: number, commentId: number): Promise<void> {
  return write(ctx, async (tx) => {
    const now = nowIso(ctx);
    const { comment } = await ownComment(tx, voterId, commentId);
    await remove(tx, comment, { team: false, voterId }, now);
  });
}

/** A comment of the organization with the bodies its edits and deletion replaced, oldest first. */
export interface CommentHistory {
  comment: CommentRecord;
  edits: CommentEditRecord[];
}

/** The team reads a comment's earlier bodies (deleted comments included); another organization's is not found. */
export function commentHistory(ctx: ServiceContext, organizationId: number, commentId: number): Promise<CommentHistory> {
  return read(ctx, async (tx) => {
    const comment = await tx.getComment(commentId);
    const post = comment && (await tx.getPost(comment.post_id));
    const board = post && (await tx.getBoard(post.board_id));
    if (!comment || !board || board.organization_id !== organizationId) throw notFound('Comment not found');
    return { comment, edits: await tx.listCommentEdits(comment.id) };
  });
}
