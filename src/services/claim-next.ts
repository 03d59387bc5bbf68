/**
 * Claim-next (docs/agent-workflow.md#claim-the-next-post-many-agents-one-queue): in one atomic step, the first post of the board's queue that
 * nobody holds a live claim on, the caller included, becomes the caller's. Repeated calls hand out
 * distinct posts; concurrent callers never share one.
 */
import { LIMITS, claimBody, type ClaimInput } from '../domain/requests.js';
import type { ClaimNext } from '../domain/responses.js';
import { requireScope } from '../domain/scopes.js';
import { toIso } from '../domain/time.js';
import { parseOrThrow } from '../domain/validation.js';
import { actorOf, logActivity } from './activity.js';
import { write, type Caller, type ServiceContext } from './context.js';
import { boardOf, readPostDetail } from './lookup.js';
import { presentClaim } from './present.js';
import { emitBoardEvent } from './webhook-events.js';

/**
 * `{ claim, post }` of the newly claimed post, or `{ claim: null, post: null }` when nothing is
 * claimable. Scope, then validation, then the board: nothing is read or written before both pass.
 */
export async function claimNextPost(
  ctx: ServiceContext,
  caller: Caller,
  slug: string,
  body: ClaimInput = {},
): Promise<ClaimNext> {
  requireScope(caller.scope, 'propose');
  const input = parseOrThrow(claimBody, body);
  const ttl = input.ttl_seconds ?? LIMITS.defaultTtlSeconds;
  return write(ctx, async (tx) => {
    // Read inside the transaction: a claim that waited for the lock starts when it runs.
    const nowMs = ctx.clock.now();
    const now = toIso(nowMs);
    const board = await boardOf(tx, caller, slug);
    const claim = await tx.claimNextPost({
      board_id: board.id,
      api_key_id: caller.apiKeyId,
      ...(input.agent_label === undefined ? {} : { agent_label: input.agent_label }),
      now,
      expires_at: toIso(nowMs + ttl * 1000),
    });
    if (claim === null) return { claim: null, post: null };
    const post = (await tx.getPost(claim.post_id))!;
    const presented = presentClaim(claim);
    await logActivity(tx, post.id, 'claimed', actorOf(ctx, caller), now);
    await emitBoardEvent(ctx, tx, board, 'claim.created', { post_id: post.id, claim: presented }, now);
    return { claim: presented, post: await readPostDetail(ctx, tx, post, now) };
  });
}
