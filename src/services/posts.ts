/**
 * Posts: create, update, delete, find similar ones (docs/errors-scopes-limits.md#posts). Listing and
 * reading one are in post-reads.ts, which the core loads with the request path; this module loads
 * on the first call of one of its functions.
 */
import { validationError } from '../domain/errors.js';
import type { BoardRecord, EvidenceRecord, PostRecord, PostStatus } from '../domain/records.js';
import type { StatusRecord } from '../domain/statuses.js';
import {
  createPostBody,
  similarPostsQuery,
  updatePostBody,
  type CreatePostInput,
  type EvidenceInput,
  type UpdatePostInput,
} from '../domain/requests.js';

/** A PATCH body once checked. */
type UpdatePostBody = ReturnType<typeof updatePostBody.parse>;
import type { PostDetail, PostList, SimilarPosts } from '../domain/responses.js';
import { createPostScope, requireScope } from '../domain/scopes.js';
import { parseOrThrow } from '../domain/validation.js';
import type { NewRecord, PostPatch, StorageTx } from '../storage/contract.js';
import { foldCase } from '../storage/text.js';
import { type VoterNotification } from '../domain/ports.js';
import { actorOf, logActivity } from './activity.js';
import type { QueryInput } from './post-reads.js';
import { nowIso, read, write, type Caller, type ServiceContext } from './context.js';
import { attachmentsOfPosts, checkUploads, presentAttachment, storeAttachments, type AttachmentUpload } from './attachments.js';
import { assertPostRoom, assertTagRoom } from './limits.js';
import { boardOf, boardPostOf, readPostDetail, resolveTags, statusChange } from './lookup.js';
import { queueStatusMail } from './follower-mail.js';
import { deliver, notificationsFor } from './notifications.js';
import { presentPost, presentPostDetail } from './present.js';
import { findSimilar } from './similarity.js';
import { emitBoardEvent } from './webhook-events.js';
import { changedFields, sameEvidence, sameTags } from './post-changes.js';
import { labelOfPost, labelsOf } from './status-labels.js';
import { checkFieldValues, sameFieldValues } from './field-values.js';

/**
 * Listed posts of the board whose titles share words with `text`, best first (the rule is
 * similarity.ts, docs/similar-posts.md); `read` scope.
 */
export function findSimilarPosts(ctx: ServiceContext, caller: Caller, slug: string, query: QueryInput = {}): Promise<SimilarPosts> {
  const q = parseOrThrow(similarPostsQuery, query);
  return read(ctx, async (tx) => {
    const board = await boardOf(tx, caller, slug);
    const found = await findSimilar(tx, board.id, q.text, q.limit);
    const ids = found.map(({ post }) => post.id);
    const tags = await tx.getTagsOfPosts(ids);
    const attachments = await attachmentsOfPosts(ctx, tx, ids);
    const labelOf = await labelsOf(tx, board.organization_id);
    return { posts: found.map(({ post, score }) => ({ post: presentPost(post, labelOf(post), tags.get(post.id) ?? [], attachments.get(post.id)), score })) };
  });
}

/** A post of the team; `uploads` (in-process only) are images attached to it, checked before anything is stored. */
export async function createPost(
  ctx: ServiceContext,
  caller: Caller,
  slug: string,
  body: CreatePostInput,
  uploads: readonly AttachmentUpload[] = [],
): Promise<PostDetail> {
  requireScope(caller.scope, createPostScope(body));
  const input = parseOrThrow(createPostBody, body);
  const checked = await checkUploads(ctx, uploads);
  return write(ctx, async (tx) => {
    const now = nowIso(ctx);
    const board = await boardOf(tx, caller, slug);
    await assertPostRoom(ctx, tx, board.id);
    await assertTagRoom(ctx, tx, board.id, input.tags ?? []);
    const fields = checkFieldValues(await tx.listFields(board.id), input.fields, null, true);
    const status = input.status ?? 'open';
    const post = await tx.insertPost({
      board_id: board.id,
      title: input.title,
      body: input.body ?? '',
      status,
      is_admin: true,
      hidden: false,
      pinned: input.pinned ?? false,
      queue_rank: null,
      shipped_at: status === 'shipped' ? now : null,
      created_at: now,
      proposal: null,
      fields,
    });
    const tags = await resolveTags(tx, board.id, input.tags ?? []);
    if (tags.length > 0) await tx.setPostTags(post.id, tags.map((t) => t.id));
    const stored = await storeAttachments(tx, board.organization_id, { post_id: post.id }, checked, now);
    const detail = presentPostDetail(post, await labelOfPost(tx, post), tags, [], null, stored.map((a) => presentAttachment(a, ctx.attachmentsBaseUrl())));
    await logActivity(tx, post.id, 'created', actorOf(ctx, caller), now, status === 'open' ? {} : { to: status });
    await emitBoardEvent(ctx, tx, board, 'post.created', { post: detail }, now);
    return detail;
  });
}

/**
 * Evidence replaced by PATCH: an entry equal in kind, ref and label to an existing one keeps its
 * added_at (and action key); the others are added now.
 */
function mergeEvidence(
  postId: number,
  existing: readonly EvidenceRecord[],
  items: readonly EvidenceInput[],
  now: string,
): NewRecord<EvidenceRecord>[] {
  const pool = new Map<string, EvidenceRecord[]>();
  for (const e of existing) {
    const key = JSON.stringify([e.kind, e.ref, e.label]);
    pool.set(key, [...(pool.get(key) ?? []), e]);
  }
  return items.map((item) => {
    const label = item.label ?? '';
    const match = pool.get(JSON.stringify([item.kind, item.ref, label]))?.shift();
    return {
      post_id: postId,
      kind: item.kind,
      ref: item.ref,
      label,
      added_at: match?.added_at ?? now,
      action_key: match?.action_key ?? null,
    };
  });
}

export async function updatePost(
  ctx: ServiceContext,
  caller: Caller,
  slug: string,
  id: number,
  body: UpdatePostInput,
): Promise<PostDetail> {
  requireScope(caller.scope, 'write');
  const input = parseOrThrow(updatePostBody, body);
  const { detail, notifications } = await write(ctx, async (tx) => {
    const { board, post } = await boardPostOf(tx, caller, slug, id);
    return applyPostUpdate(ctx, tx, caller, board, post, input, nowIso(ctx));
  });
  await deliver(ctx, notifications);
  return detail;
}

/**
 * One post's update within the caller's transaction, as `PATCH` makes it: the change, its follower
 * mail, activity and webhook events; the notifications to deliver after commit are returned. The
 * dashboard's bulk actions apply it to each selected post in one transaction.
 */
export async function applyPostUpdate(
  ctx: ServiceContext,
  tx: StorageTx,
  caller: Caller,
  board: BoardRecord,
  post: PostRecord,
  input: UpdatePostBody,
  now: string,
): Promise<{ detail: PostDetail; notifications: VoterNotification[] }> {
  if (input.tags !== undefined) await assertTagRoom(ctx, tx, board.id, input.tags);
  const patch: PostPatch = {};
  if (input.title !== undefined) patch.title = input.title;
  if (input.body !== undefined) patch.body = input.body;
  if (input.pinned !== undefined) patch.pinned = input.pinned;
  if (input.queue_rank !== undefined) patch.queue_rank = input.queue_rank;
  if (input.fields !== undefined) patch.fields = checkFieldValues(await tx.listFields(board.id), input.fields, post.fields, false);
  // A label sets the status to its category; a status alone shows its category's default.
  const label = input.status_label_id === undefined ? undefined : await labelFor(tx, board.organization_id, input.status_label_id, input.status);
  const status = label?.category ?? input.status;
  let notifications: VoterNotification[] = [];
  if (status !== undefined && status !== post.status) {
    Object.assign(patch, statusChange(post, status, now));
    if (input.notify_voters === true) notifications = await notificationsFor(tx, board, post, status, now);
  }
  if (label !== undefined) {
    patch.status = label.category;
    patch.status_label_id = label.id;
  } else if (input.status !== undefined) {
    patch.status = input.status;
  }
  const updated = Object.keys(patch).length > 0 ? (await tx.updatePost(post.id, patch))! : post;
  // Followers hear of every change of the status the post shows, within a category too.
  if (input.notify_voters === true && updated.status_label_id !== post.status_label_id) await queueStatusMail(tx, board, post, updated, now);
  const changed = changedFields(post, updated);
  if (updated.status === post.status && updated.status_label_id !== post.status_label_id) changed.push('status_label');
  if (!sameFieldValues(post.fields, updated.fields)) changed.push('fields');
  if (input.tags !== undefined) {
    const before = (await tx.getTagsOfPosts([post.id])).get(post.id) ?? [];
    const tags = await resolveTags(tx, board.id, input.tags);
    await tx.setPostTags(post.id, tags.map((t) => t.id));
    if (!sameTags(before, tags)) changed.push('tags');
  }
  if (input.implementation_evidence !== undefined) {
    const existing = await tx.listEvidence(post.id);
    const merged = mergeEvidence(post.id, existing, input.implementation_evidence, now);
    await tx.replaceEvidence(post.id, merged);
    if (!sameEvidence(existing, merged)) changed.push('implementation_evidence');
  }
  const actor = actorOf(ctx, caller);
  if (updated.status !== post.status) await logActivity(tx, post.id, 'status_changed', actor, now, { from: post.status, to: updated.status });
  if (changed.length > 0) await logActivity(tx, post.id, 'edited', actor, now, { fields: [...changed] });
  const detail = await readPostDetail(ctx, tx, updated, now);
  if (updated.status !== post.status) {
    await emitBoardEvent(ctx, tx, board, 'post.status_changed', { post: detail, previous_status: post.status }, now);
  }
  if (changed.length > 0) await emitBoardEvent(ctx, tx, board, 'post.updated', { post: detail, changed }, now);
  return { detail, notifications };
}

/**
 * Pins a post of the board: it leads the board's list asked with `pinned_first=true`, as on the
 * public board and in the widget. Pinning a pinned post changes nothing (no event, no activity).
 */
export function pinPost(ctx: ServiceContext, caller: Caller, slug: string, id: number): Promise<PostDetail> {
  requireScope(caller.scope, 'team');
  return updatePost(ctx, caller, slug, id, { pinned: true });
}

/** Unpins a post; unpinning a post that is not pinned changes nothing. */
export function unpinPost(ctx: ServiceContext, caller: Caller, slug: string, id: number): Promise<PostDetail> {
  requireScope(caller.scope, 'team');
  return updatePost(ctx, caller, slug, id, { pinned: false });
}

/**
 * Deletes the post with its votes, comments, claim, evidence and proposal. Everything it had is
 * kept for 30 days, during which the team can restore it (see trash.ts); then it is purged.
 */
export function deletePost(ctx: ServiceContext, caller: Caller, slug: string, id: number): Promise<void> {
  requireScope(caller.scope, 'write');
  return write(ctx, async (tx) => {
    const now = nowIso(ctx);
    const { board, post } = await boardPostOf(tx, caller, slug, id);
    const actor = actorOf(ctx, caller);
    await logActivity(tx, post.id, 'deleted', actor, now);
    await tx.trashPost(post.id, { organization_id: board.organization_id, deleted_at: now, ...actor });
    await emitBoardEvent(ctx, tx, board, 'post.deleted', { post_id: post.id }, now);
  });
}

/**
 * The status a PATCH names (`status_label_id`): one of the organization's (another organization's
 * is unknown), of the category of the `status` given with it, if any.
 */
async function labelFor(tx: StorageTx, organizationId: number, id: number, status: PostStatus | undefined): Promise<StatusRecord> {
  const label = await tx.getStatus(id);
  if (!label || label.organization_id !== organizationId) throw validationError('status_label_id', "is not one of the organization's statuses");
  if (status !== undefined && status !== label.category) throw validationError('status_label_id', `is a status of ${label.category} posts, not ${status}`);
  return label;
}
