/**
 * Merging a duplicate post into another (docs/errors-scopes-limits.md#merging-posts): the
 * source's voters, comments, evidence and claim go to the target in one transaction, and the
 * source becomes a merged post, which every list leaves out and every operation answers 404 for,
 * naming the target. Nothing is deleted: the merge record keeps what moved.
 */
import { notFound, validationError } from '../domain/errors.js';
import type { BoardRecord, PostMergeRecord, PostRecord } from '../domain/records.js';
import { LIMITS, mergePostBody, type MergePostInput } from '../domain/requests.js';
import type { PostDetail } from '../domain/responses.js';
import { requireScope } from '../domain/scopes.js';
import { parseOrThrow } from '../domain/validation.js';
import type { StorageTx } from '../storage/contract.js';
import { actorOf, logActivity } from './activity.js';
import { nowIso, read, teamCaller, write, type Caller, type ServiceContext } from './context.js';
import { boardOf, mergedInto, postOnBoard, readPostDetail } from './lookup.js';
import { liveClaim } from './present.js';
import { emitBoardEvent } from './webhook-events.js';

/** Refuses a post that is already merged (422: it can be neither merged nor merged into). */
async function assertMergeable(tx: StorageTx, post: PostRecord, role: 'source' | 'target'): Promise<void> {
  const into = await mergedInto(tx, post);
  if (into === null) return;
  const message =
    role === 'source'
      ? `post ${post.id} is already merged into post ${into}`
      : `post ${post.id} is merged into post ${into}; merge into that post instead`;
  throw validationError('into', message);
}

/**
 * Merges post `id` of the board into the post `body.into` (any board of the caller's
 * organization); `write` scope. Every voter of the source counts once on the target, the source's
 * comments move with their threads, its evidence is appended (an `action_key` the target already
 * has is not added twice), a live claim on it is released. Returns the target.
 */
export function mergePost(ctx: ServiceContext, caller: Caller, slug: string, id: number, body: MergePostInput): Promise<PostDetail> {
  requireScope(caller.scope, 'write');
  const input = parseOrThrow(mergePostBody, body);
  return write(ctx, async (tx) => {
    const board = await boardOf(tx, caller, slug);
    const source = await tx.getPost(id);
    if (!source || source.board_id !== board.id) throw notFound('Post not found');
    return mergeIn(ctx, tx, caller, board, source, input.into, nowIso(ctx));
  });
}

/**
 * Merges `source` (a post of `board`) into the post `into` within the caller's transaction, as
 * {@link mergePost} does; the dashboard's bulk merge runs it for each selected post in one
 * transaction. Returns the target.
 */
export async function mergeIn(ctx: ServiceContext, tx: StorageTx, caller: Caller, board: BoardRecord, source: PostRecord, into: number, now: string): Promise<PostDetail> {
  if (into === source.id) throw validationError('into', 'a post cannot be merged into itself');
  await assertMergeable(tx, source, 'source');
  const target = await tx.getPost(into);
  const targetBoard = target && (await tx.getBoard(target.board_id));
  if (!target || !targetBoard || targetBoard.organization_id !== caller.organizationId) {
    throw notFound(`Post ${into} to merge into not found`);
  }
  await assertMergeable(tx, target, 'target');

  const targetEvidence = await tx.listEvidence(target.id);
  const keys = new Set(targetEvidence.map((e) => e.action_key).filter((key) => key !== null));
  const copies = (await tx.listEvidence(source.id)).filter((e) => e.action_key === null || !keys.has(e.action_key));
  if (targetEvidence.length + copies.length > LIMITS.evidencePerPost) {
    throw validationError('into', `the merged post would hold more than ${LIMITS.evidencePerPost} evidence items`);
  }

  const voters = new Set(await tx.listVoterIds(target.id));
  const votesAdded: number[] = [];
  for (const voterId of await tx.listVoterIds(source.id)) {
    if (voters.has(voterId)) continue;
    await tx.insertVote({ post_id: target.id, voter_id: voterId, created_at: now });
    votesAdded.push(voterId);
  }
  const commentIds = (await tx.listComments(source.id)).map((c) => c.id);
  await tx.moveComments(source.id, target.id, commentIds);
  const evidenceIds: number[] = [];
  for (const { id: _id, post_id: _post, ...entry } of copies) {
    evidenceIds.push((await tx.insertEvidence({ ...entry, post_id: target.id })).id);
  }
  const claim = liveClaim(await tx.getClaim(source.id), now);
  if (claim) await tx.releaseClaim(source.id, claim.api_key_id, now);
  await tx.updatePost(source.id, { hidden: true });
  const record: PostMergeRecord = {
    source_id: source.id,
    target_id: target.id,
    board_id: board.id,
    merged_at: now,
    source_hidden: source.hidden,
    votes_added: votesAdded,
    comment_ids: commentIds,
    evidence_ids: evidenceIds,
    claim,
  };
  await tx.insertPostMerge(record);
  await tx.dropMailQueueOfPost(source.id);
  const actor = actorOf(ctx, caller);
  await logActivity(tx, source.id, 'merged_into', actor, now, { other_post_id: target.id });
  await logActivity(tx, target.id, 'merge_received', actor, now, { other_post_id: source.id });

  const detail = await readPostDetail(ctx, tx, (await tx.getPost(target.id))!, now);
  await emitBoardEvent(ctx, tx, board, 'post.merged', { post_id: source.id, into: detail }, now);
  return detail;
}

/**
 * Undoes the merge of post `id` of the board (its `team` scope): the post is back with its own
 * voters, comments, evidence and released claim, exactly as before the merge, and the target loses
 * what the merge gave it. Votes cast on the target after the merge stay. Of a chain (A into B,
 * then B into C) only the latest merge can be undone first: unmerging A while B is merged is a
 * 422 that names B. Returns the restored post.
 */
export function unmergePost(ctx: ServiceContext, caller: Caller, slug: string, id: number): Promise<PostDetail> {
  requireScope(caller.scope, 'team');
  return write(ctx, async (tx) => {
    const now = nowIso(ctx);
    const board = await boardOf(tx, caller, slug);
    const source = await postOnBoard(tx, board, id);
    const merge = source.hidden ? await tx.getPostMerge(source.id) : null;
    if (merge === null) throw validationError('post', `post ${source.id} is not merged`);
    const target = await tx.getPost(merge.target_id);
    const targetInto = target && (await mergedInto(tx, target));
    if (targetInto) {
      throw validationError('post', `post ${merge.target_id} was merged into post ${targetInto} since; unmerge post ${merge.target_id} first`);
    }
    if (target) {
      for (const voterId of merge.votes_added) await tx.deleteVote(target.id, voterId);
      await tx.moveComments(target.id, source.id, merge.comment_ids);
    }
    await tx.removePostMerge(source.id);
    if (merge.claim) {
      const { post_id, api_key_id, agent_label, claimed_at, expires_at } = merge.claim;
      await tx.claimPost({ post_id, api_key_id, agent_label, now: claimed_at, expires_at });
    }
    const restored = (await tx.updatePost(source.id, { hidden: merge.source_hidden }))!;
    const actor = actorOf(ctx, caller);
    await logActivity(tx, source.id, 'unmerged', actor, now, { other_post_id: merge.target_id });
    if (target) await logActivity(tx, target.id, 'merge_undone', actor, now, { other_post_id: source.id });
    const detail = await readPostDetail(ctx, tx, restored, now);
    await emitBoardEvent(ctx, tx, board, 'post.unmerged', { post: detail }, now);
    return detail;
  });
}

/**
 * {@link unmergePost} of a post of the organization named by its id alone, as the team's dashboard
 * names it (`board.team(id).posts.unmerge`); a post of another organization is `not_found`.
 */
export async function unmergePostById(ctx: ServiceContext, organizationId: number, postId: number): Promise<PostDetail> {
  const slug = await read(ctx, async (tx) => {
    const post = await tx.getPost(postId);
    const board = post && (await tx.getBoard(post.board_id));
    if (!board || board.organization_id !== organizationId) throw notFound('Post not found');
    return board.slug;
  });
  return unmergePost(ctx, teamCaller(organizationId), slug, postId);
}

/** Where a merged post went: the board and id of the post that holds it now. */
export interface MergeTarget {
  /** The board of the merged post itself. */
  source_board_slug: string;
  board_slug: string;
  post_id: number;
}

/**
 * The post a merged post of the organization lives on now, following merges of merged posts to
 * the last one (A into B, then B into C: C); null for a post that is not merged, or not the
 * organization's. The public pages answer a merged post's address with a permanent redirect there.
 */
export function mergeTargetOf(ctx: ServiceContext, organizationId: number, postId: number): Promise<MergeTarget | null> {
  return read(ctx, async (tx) => {
    let post = await tx.getPost(postId);
    const board = post && (await tx.getBoard(post.board_id));
    if (!post || !board || board.organization_id !== organizationId) return null;
    let into = await mergedInto(tx, post);
    if (into === null) return null;
    // Each step of a chain is one merge record; a post already seen would be a loop, never followed.
    const seen = new Set([post.id]);
    while (into !== null && !seen.has(into)) {
      seen.add(into);
      post = await tx.getPost(into);
      if (!post) return null;
      const next = await mergedInto(tx, post);
      if (next === null) return { source_board_slug: board.slug, board_slug: (await tx.getBoard(post.board_id))!.slug, post_id: post.id };
      into = next;
    }
    return null;
  });
}
