/**
 * The agent workflow (docs/errors-scopes-limits.md#agent-workflow): queue, claim, release, evidence, status proposals, and
 * the dashboard's confirmation or rejection of a proposal.
 */
import { FeedbackBoardError, notFound, validationError } from '../domain/errors.js';
import {
  LIMITS,
  addEvidenceBody,
  claimBody,
  proposeStatusBody,
  queueQuery,
  type AddEvidenceInput,
  type ClaimInput,
  type ProposeStatusInput,
} from '../domain/requests.js';
import type { Claim, PostDetail, ProposeStatusResult, Queue } from '../domain/responses.js';
import { requireScope } from '../domain/scopes.js';
import { toIso } from '../domain/time.js';
import { parseOrThrow } from '../domain/validation.js';
import { nowIso, read, write, type Caller, type ServiceContext } from './context.js';
import { actorOf, logActivity } from './activity.js';
import { assertNotMerged, boardOf, boardPostOf, readPostDetail, statusChange } from './lookup.js';
import { queueStatusMail } from './follower-mail.js';
import { deliver, notificationsFor } from './notifications.js';
import type { QueryInput } from './post-reads.js';
import { liveClaim, presentClaim, presentEvidence, presentProposal, presentQueueItem } from './present.js';
import { emitBoardEvent } from './webhook-events.js';

export function getQueue(ctx: ServiceContext, caller: Caller, slug: string, query: QueryInput = {}): Promise<Queue> {
  const { limit } = parseOrThrow(queueQuery, query);
  return read(ctx, async (tx) => {
    const now = nowIso(ctx);
    const board = await boardOf(tx, caller, slug);
    const page = await tx.listQueue(board.id, { apiKeyId: caller.apiKeyId, now, limit });
    const claims = await tx.getClaims(page.rows.map((p) => p.id));
    return {
      posts: page.rows.map((p) => presentQueueItem(p, liveClaim(claims.get(p.id), now))),
      total: page.total,
    };
  });
}

/** The claim and whether it is new (201) or an extension of the caller's own (200). */
export interface ClaimResult {
  claim: Claim;
  created: boolean;
}

export async function claimPost(
  ctx: ServiceContext,
  caller: Caller,
  slug: string,
  id: number,
  body: ClaimInput = {},
): Promise<ClaimResult> {
  requireScope(caller.scope, 'propose');
  const input = parseOrThrow(claimBody, body);
  const ttl = input.ttl_seconds ?? LIMITS.defaultTtlSeconds;
  return write(ctx, async (tx) => {
    // Read inside the transaction: a claim that waited for the lock starts when it runs.
    const nowMs = ctx.clock.now();
    const { board, post } = await boardPostOf(tx, caller, slug, id);
    const result = await tx.claimPost({
      post_id: post.id,
      api_key_id: caller.apiKeyId,
      agent_label: input.agent_label,
      now: toIso(nowMs),
      expires_at: toIso(nowMs + ttl * 1000),
    });
    if (result.outcome === 'conflict') {
      throw new FeedbackBoardError('claim_conflict', 'Another key holds a live claim on this post');
    }
    const claim = presentClaim(result.claim);
    if (result.outcome === 'created') {
      await logActivity(tx, post.id, 'claimed', actorOf(ctx, caller), toIso(nowMs));
      await emitBoardEvent(ctx, tx, board, 'claim.created', { post_id: post.id, claim }, toIso(nowMs));
    }
    return { claim, created: result.outcome === 'created' };
  });
}

/** Succeeds when the caller held the claim or nobody does; 409 when another key does. */
export function releaseClaim(ctx: ServiceContext, caller: Caller, slug: string, id: number): Promise<void> {
  requireScope(caller.scope, 'propose');
  return write(ctx, async (tx) => {
    const now = nowIso(ctx);
    const { board, post } = await boardPostOf(tx, caller, slug, id);
    const held = await tx.getClaim(post.id);
    const outcome = await tx.releaseClaim(post.id, caller.apiKeyId, now);
    if (outcome === 'conflict') {
      throw new FeedbackBoardError('claim_conflict', 'Another key holds a live claim on this post');
    }
    if (outcome === 'released' && held) {
      await logActivity(tx, post.id, 'released', actorOf(ctx, caller), now);
      await emitBoardEvent(ctx, tx, board, 'claim.released', { post_id: post.id, claim: presentClaim(held) }, now);
    }
  });
}

/** Adds one evidence entry; a repeated `action_key` on the same post adds nothing. */
export function addEvidence(
  ctx: ServiceContext,
  caller: Caller,
  slug: string,
  id: number,
  body: AddEvidenceInput,
): Promise<PostDetail> {
  requireScope(caller.scope, 'propose');
  const input = parseOrThrow(addEvidenceBody, body);
  return write(ctx, async (tx) => {
    const now = nowIso(ctx);
    const { board, post } = await boardPostOf(tx, caller, slug, id);
    const repeated = input.action_key !== undefined && (await tx.findEvidenceByActionKey(post.id, input.action_key));
    if (!repeated) {
      if ((await tx.listEvidence(post.id)).length >= LIMITS.evidencePerPost) {
        throw validationError('implementation_evidence', `a post holds at most ${LIMITS.evidencePerPost} evidence items`);
      }
      const evidence = await tx.insertEvidence({
        post_id: post.id,
        kind: input.kind,
        ref: input.ref,
        label: input.label ?? '',
        added_at: now,
        action_key: input.action_key ?? null,
      });
      await logActivity(tx, post.id, 'evidence_added', actorOf(ctx, caller), now, { evidence_id: evidence.id });
      await emitBoardEvent(ctx, tx, board, 'evidence.added', { post_id: post.id, evidence: presentEvidence(evidence) }, now);
    }
    return readPostDetail(ctx, tx, post, now);
  });
}

/** Records a pending proposal (replacing one); nothing changes publicly and nobody is notified. */
export function proposeStatus(
  ctx: ServiceContext,
  caller: Caller,
  slug: string,
  id: number,
  body: ProposeStatusInput,
): Promise<ProposeStatusResult> {
  requireScope(caller.scope, 'propose');
  const input = parseOrThrow(proposeStatusBody, body);
  return write(ctx, async (tx) => {
    const now = nowIso(ctx);
    const { board, post } = await boardPostOf(tx, caller, slug, id);
    if (post.status === input.status) {
      throw new FeedbackBoardError('status_unchanged', `The post already has status ${input.status}`);
    }
    const proposal = { status: input.status, note: input.note ?? '', proposed_at: now, proposed_by_api_key_id: caller.apiKeyId, proposed_by_connection_id: null };
    await tx.updatePost(post.id, { proposal });
    await logActivity(tx, post.id, 'proposal_made', actorOf(ctx, caller), now, { to: input.status, note: proposal.note });
    await emitBoardEvent(ctx, tx, board, 'proposal.created', { post_id: post.id, proposal: { ...proposal } }, now);
    return { id: post.id, status: post.status, proposal };
  });
}

/** Options of `board.dashboard.proposals.confirm`. */
export interface ConfirmOptions {
  /** Notify the post's voters of the change, as a PATCH with `notify_voters: true` would. Default true. */
  notifyVoters?: boolean;
}

/** Applies the pending proposal exactly like a status PATCH. Returns the post as the API shows it. */
export async function confirmProposal(ctx: ServiceContext, postId: number, options: ConfirmOptions = {}): Promise<PostDetail> {
  const { detail, notifications } = await write(ctx, async (tx) => {
    const now = nowIso(ctx);
    const post = await tx.getPost(postId);
    if (!post?.proposal) throw notFound('No pending proposal for this post');
    await assertNotMerged(tx, post);
    const board = (await tx.getBoard(post.board_id))!;
    const next = post.proposal.status;
    const notifications =
      options.notifyVoters !== false && next !== post.status ? await notificationsFor(tx, board, post, next, now) : [];
    const updated = (await tx.updatePost(post.id, { ...statusChange(post, next, now), proposal: null }))!;
    if (options.notifyVoters !== false && next !== post.status) await queueStatusMail(tx, board, post, updated, now);
    const detail = await readPostDetail(ctx, tx, updated, now);
    const { proposed_by_api_key_id: keyId } = post.proposal;
    await logActivity(tx, post.id, 'proposal_confirmed', actorOf(ctx), now, { from: post.status, to: next, ...(keyId === null ? {} : { key_id: keyId }) });
    await emitBoardEvent(ctx, tx, board, 'proposal.confirmed', { post_id: post.id, proposal: presentProposal(post.proposal) }, now);
    if (updated.status !== post.status) {
      await emitBoardEvent(ctx, tx, board, 'post.status_changed', { post: detail, previous_status: post.status }, now);
    }
    return { detail, notifications };
  });
  await deliver(ctx, notifications);
  return detail;
}

/** Drops the pending proposal; the status stays as it is. */
export function rejectProposal(ctx: ServiceContext, postId: number): Promise<PostDetail> {
  return write(ctx, async (tx) => {
    const now = nowIso(ctx);
    const post = await tx.getPost(postId);
    if (!post?.proposal) throw notFound('No pending proposal for this post');
    await assertNotMerged(tx, post);
    const detail = await readPostDetail(ctx, tx, (await tx.updatePost(post.id, { proposal: null }))!, now);
    const board = (await tx.getBoard(post.board_id))!;
    const { status: to, proposed_by_api_key_id: keyId } = post.proposal;
    await logActivity(tx, post.id, 'proposal_rejected', actorOf(ctx), now, { to, ...(keyId === null ? {} : { key_id: keyId }) });
    await emitBoardEvent(ctx, tx, board, 'proposal.rejected', { post_id: post.id, proposal: presentProposal(post.proposal) }, now);
    return detail;
  });
}

export async function readPost(ctx: ServiceContext, postId: number): Promise<PostDetail> {
  return read(ctx, async (tx) => {
    const now = nowIso(ctx);
    const post = await tx.getPost(postId);
    if (!post) throw notFound('Post not found');
    await assertNotMerged(tx, post);
    return readPostDetail(ctx, tx, post, now);
  });
}
