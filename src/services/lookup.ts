/**
 * Lookups every operation starts with. A board or post of another organization is "not found",
 * exactly like one that does not exist, so nothing leaks its existence.
 */
import { notFound } from '../domain/errors.js';
import type { HeldPostRecord } from '../domain/held-posts.js';
import { DELETED_POST_DAYS, type DeletedPostRecord } from '../domain/deleted-posts.js';
import type { ChatTargetRecord, IntegrationConnectionRecord } from '../domain/integrations.js';
import type { BoardRecord, CommentRecord, PostRecord, PostStatus, TagRecord, VoterRecord } from '../domain/records.js';
import type { PostDetail } from '../domain/responses.js';
import type { PostPatch, StorageTx } from '../storage/contract.js';
import { presentAttachment } from './attachment-views.js';
import { nowIso, type Caller, type ServiceContext } from './context.js';
import { liveClaim, presentPostDetail } from './present.js';
import { presentStatusLabel } from './status-labels.js';
import type { StatusRecord } from '../domain/statuses.js';

export async function boardOf(tx: StorageTx, caller: Caller, slug: string): Promise<BoardRecord> {
  const board = await tx.getBoardBySlug(caller.organizationId, slug);
  if (!board) throw notFound('Board not found');
  return board;
}

/** A post of the board, merged or not. */
export async function postOnBoard(tx: StorageTx, board: BoardRecord, id: number): Promise<PostRecord> {
  const post = await tx.getPost(id);
  if (!post || post.board_id !== board.id) throw notFound('Post not found');
  return post;
}

export async function postOf(tx: StorageTx, board: BoardRecord, id: number): Promise<PostRecord> {
  const post = await postOnBoard(tx, board, id);
  await assertNotMerged(tx, post);
  return post;
}

/** A held post of the organization. */
export async function heldPostOf(tx: StorageTx, organizationId: number, id: number): Promise<HeldPostRecord> {
  const held = await tx.getHeldPost(id);
  if (!held || held.organization_id !== organizationId) throw notFound('Held post not found');
  return held;
}

/** A status of the organization (another organization's is as unknown as one that never was). */
export async function statusOf(tx: StorageTx, organizationId: number, id: number): Promise<StatusRecord> {
  const status = await tx.getStatus(id);
  if (!status || status.organization_id !== organizationId) throw notFound('Status not found');
  return status;
}

/** A voter of the organization. */
export async function voterOf(tx: StorageTx, organizationId: number, id: number): Promise<VoterRecord> {
  const voter = await tx.getVoter(id);
  if (!voter || voter.organization_id !== organizationId) throw notFound('Voter not found');
  return voter;
}

/** An integration connection of the organization. */
export async function integrationConnectionOf(tx: StorageTx, organizationId: number, id: number): Promise<IntegrationConnectionRecord> {
  const connection = await tx.getIntegrationConnection(id);
  if (!connection || connection.organization_id !== organizationId) throw notFound('Integration connection not found');
  return connection;
}

/** A chat target of the board. */
export async function chatTargetOf(tx: StorageTx, board: BoardRecord, id: number): Promise<ChatTargetRecord> {
  const target = await tx.getChatTarget(id);
  if (!target || target.board_id !== board.id) throw notFound('Chat target not found');
  return target;
}

/**
 * A comment of the post that can still be changed: one of another post (or organization), or one
 * already deleted, is not found.
 */
export async function commentOf(tx: StorageTx, post: PostRecord, id: number): Promise<CommentRecord> {
  const comment = await tx.getComment(id);
  if (!comment || comment.post_id !== post.id || comment.deleted_at !== null) throw notFound('Comment not found');
  return comment;
}

/**
 * The post a merged post was merged into, or null for a post that is not merged. Merged posts are
 * stored hidden, so only a hidden post costs the read of its merge record.
 */
export async function mergedInto(tx: StorageTx, post: PostRecord): Promise<number | null> {
  return post.hidden ? ((await tx.getPostMerge(post.id))?.target_id ?? null) : null;
}

/** A merged post is not found, with a message naming the post it was merged into. */
export async function assertNotMerged(tx: StorageTx, post: PostRecord): Promise<void> {
  const target = await mergedInto(tx, post);
  if (target !== null) throw notFound(`Post ${post.id} was merged into post ${target}.`);
}

/** The board's deleted post `id`, still in the trash (restorable), or not_found. */
export async function deletedPostOf(tx: StorageTx, board: BoardRecord, id: number): Promise<DeletedPostRecord> {
  const deleted = await tx.getDeletedPost(board.organization_id, id);
  if (!deleted || deleted.board_id !== board.id) throw notFound(`Deleted post ${id} not found (it may have been restored, or purged after ${DELETED_POST_DAYS} days)`);
  return deleted;
}

/** The board and post named by a path, checked together. */
export async function boardPostOf(
  tx: StorageTx,
  caller: Caller,
  slug: string,
  id: number,
): Promise<{ board: BoardRecord; post: PostRecord }> {
  const board = await boardOf(tx, caller, slug);
  return { board, post: await postOf(tx, board, id) };
}

/**
 * The single-post shape: the post with its tags, attachments, evidence, live claim, pending
 * proposal and linked issues, read together. Without `now`, the time is read only for a post with
 * a claim to judge (formatting it was 2.5% of a GET of one post).
 */
export async function readPostDetail(ctx: ServiceContext, tx: StorageTx, post: PostRecord, now?: string): Promise<PostDetail> {
  const parts = await tx.getPostParts(post.id, post.status_label_id);
  const baseUrl = parts.attachments.length === 0 ? '' : ctx.attachmentsBaseUrl();
  const attachments = parts.attachments.map((record) => presentAttachment(record, baseUrl));
  return presentPostDetail(post, presentStatusLabel(parts.status!), parts.tags, parts.evidence, parts.claim && liveClaim(parts.claim, now ?? nowIso(ctx)), attachments, parts.links);
}

export function byId<T extends { id: number }>(rows: readonly T[]): T[] {
  return [...rows].sort((a, b) => a.id - b.id);
}

/** Tags to attach: created on first use, merged case-insensitively, in id order. */
export async function resolveTags(tx: StorageTx, boardId: number, names: readonly string[]): Promise<TagRecord[]> {
  return names.length === 0 ? [] : byId(await tx.ensureTags(boardId, [...names]));
}

/**
 * The patch that moves a post to `next`. Setting the status it already has changes nothing;
 * a real change sets or clears shipped_at and drops a pending proposal.
 */
export function statusChange(post: PostRecord, next: PostStatus, now: string): PostPatch {
  if (post.status === next) return {};
  return { status: next, shipped_at: next === 'shipped' ? now : null, proposal: null };
}
