/**
 * The rules every voter action follows (docs/errors-scopes-limits.md#voters): a blocked voter
 * changes nothing, a voter follows what they take part in unless they unfollowed it, and a voter
 * posts and comments at most so often. Each runs inside the action's write transaction, so the
 * check and the write agree across every process sharing the storage.
 */
import { FeedbackBoardError } from '../domain/errors.js';
import { toIso } from '../domain/time.js';
import type { StorageTx } from '../storage/contract.js';
import type { ServiceContext } from './context.js';

const HOUR_MS = 3_600_000;
const TEN_MINUTES_MS = 600_000;

/**
 * Refuses anything a blocked voter tries: a 403 `insufficient_scope` whose detail has the path
 * `voter` (the pages show "you are blocked" on it). Nothing changes.
 */
export async function assertVoterNotBlocked(tx: StorageTx, voterId: number): Promise<void> {
  if ((await tx.listVoterBlocks([voterId])).length > 0) {
    throw new FeedbackBoardError('insufficient_scope', 'This voter is blocked by the board team', {
      details: [{ path: 'voter', message: 'is blocked' }],
    });
  }
}

/** Follows the post for the voter, unless they follow it already or unfollowed it explicitly. */
export async function followAutomatically(tx: StorageTx, postId: number, voterId: number, now: string): Promise<void> {
  if (await tx.getFollow(postId, voterId)) return;
  await tx.putFollow({ post_id: postId, voter_id: voterId, following: true, updated_at: now });
}

/**
 * The rolling-window check: `times` are the voter's writes within the window (oldest first).
 * At `max` of them, the next is allowed when the oldest that keeps the count at `max` leaves it.
 */
function assertWindowRoom(times: readonly string[], max: number, windowMs: number, nowMs: number, what: string): void {
  if (times.length < max) return;
  const freedAt = Date.parse(times[times.length - max]!) + windowMs;
  const retryAfter = Math.max(1, Math.ceil((freedAt - nowMs) / 1000));
  throw new FeedbackBoardError('rate_limited', `A voter may ${what}; try again after ${toIso(freedAt)}`, { retryAfter });
}

/**
 * At most `limits.voterPostsPerHour` posts per voter in any rolling hour: posts, and posts held
 * for approval that did not become one (an approved post counts once, as the post).
 */
export async function assertVoterPostRoom(ctx: ServiceContext, tx: StorageTx, voterId: number, nowMs: number): Promise<void> {
  const max = ctx.limits.voterPostsPerHour;
  const since = toIso(nowMs - HOUR_MS + 1);
  const held = (await tx.listVoterHeldPosts(voterId, since)).filter((row) => row.state !== 'approved');
  const times = [...(await tx.listVoterPostTimes(voterId, since)), ...held.map((row) => row.created_at)].sort();
  assertWindowRoom(times, max, HOUR_MS, nowMs, `submit at most ${max} posts an hour`);
}

/** At most `limits.voterCommentsPerTenMinutes` comments per voter in any rolling 10 minutes. */
export async function assertVoterCommentRoom(ctx: ServiceContext, tx: StorageTx, voterId: number, nowMs: number): Promise<void> {
  const max = ctx.limits.voterCommentsPerTenMinutes;
  const times = await tx.listVoterCommentTimes(voterId, toIso(nowMs - TEN_MINUTES_MS + 1));
  assertWindowRoom(times, max, TEN_MINUTES_MS, nowMs, `write at most ${max} comments in 10 minutes`);
}
