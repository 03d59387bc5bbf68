/**
 * A signed-in voter's standing on the board. Following: whether they follow a post (they are
 * mailed when its status changes), and Follow / Unfollow; an explicit unfollow is kept, so voting
 * or commenting later does not follow the post again. Refusals: what a voter sees when the
 * services refuse what they tried, because the team blocked them (403, the service's
 * `insufficient_scope` with the detail path `voter`) or they are past a per-voter limit (429
 * `rate_limited`, with the time to wait). Nothing was changed in either case.
 */
import { isFeedbackBoardError } from '../domain/errors.js';
import type { Board, Post } from '../domain/responses.js';
import type { PageContext } from './context.js';
import { PostForm } from './layout.js';
import { page, redirect } from './respond.js';

/** Whether the signed-in voter follows the post (false for a visitor). */
export function followsPost(ctx: PageContext, postId: number): Promise<boolean> {
  return ctx.voter ? ctx.board.voters.isFollowing(ctx.voter.id, postId) : Promise.resolve(false);
}

/** The Follow / Unfollow button of a signed-in voter, showing their state; nothing for a visitor. */
export function FollowButton(props: { ctx: PageContext; board: Board; post: Post; following: boolean }) {
  const { ctx, board, post, following } = props;
  if (!ctx.voter) return null;
  return (
    <PostForm ctx={ctx} action={`/boards/${encodeURIComponent(board.slug)}/posts/${post.id}/follow`} class="follow" label="Follow">
      <input type="hidden" name="action" value={following ? 'unfollow' : 'follow'} />
      <span class="muted small">{following ? 'You follow this post: we e-mail you when its status changes.' : 'Get an e-mail when its status changes.'}</span>{' '}
      <button type="submit" class={following ? 'secondary' : undefined}>
        {following ? 'Unfollow' : 'Follow'}
      </button>
    </PostForm>
  );
}

/** POST …/follow: `action` follow or unfollow, then back to the post. */
export async function followAction(ctx: PageContext, board: Board, post: Post, form: FormData): Promise<Response> {
  const back = `/boards/${encodeURIComponent(board.slug)}/posts/${post.id}`;
  if (!ctx.voter) return redirect(ctx, `/sign-in?next=${encodeURIComponent(ctx.href(back))}`, 'sign_in_to_vote');
  const action = form.get('action');
  if (action !== 'follow' && action !== 'unfollow') return redirect(ctx, back, 'invalid');
  if (action === 'follow') await ctx.board.voters.follow(ctx.voter.id, post.id);
  else await ctx.board.voters.unfollow(ctx.voter.id, post.id);
  return redirect(ctx, back, action === 'follow' ? 'followed' : 'unfollowed');
}

/** What the voter tried, in the words of the message ("Your account can no longer {doing}"). */
export type VoterDoing = 'submit ideas' | 'vote' | 'comment' | 'react to comments';

/** True for the services' refusal of a blocked voter. */
function isBlockedVoter(error: unknown): boolean {
  return isFeedbackBoardError(error) && error.code === 'insufficient_scope' && (error.details ?? []).some((d) => d.path === 'voter');
}

/** "12 minutes", "1 minute", "30 seconds": a wait in the words of the retry message. */
function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** The page of a blocked voter: 403, and what they wrote before stays. */
export function blockedPage(ctx: PageContext, doing: VoterDoing, back: string): Promise<Response> {
  return page(
    ctx,
    'Account blocked',
    <>
      <h1>Your account can no longer {doing}</h1>
      <div class="notice error" role="alert">
        The team of this board has blocked your account: it can no longer submit ideas, vote, comment or react here. Nothing was changed.
      </div>
      <p>What you wrote before stays on the board.</p>
      <a class="button secondary" href={ctx.href(back)}>
        Back
      </a>
    </>,
    { status: 403 },
  );
}

/** The page of a voter past a per-voter limit: 429 with `Retry-After` and the wait in words. */
export async function tooSoonPage(ctx: PageContext, doing: VoterDoing, retryAfterSeconds: number, back: string): Promise<Response> {
  const answer = await page(
    ctx,
    'Too many at once',
    <>
      <h1>Not so fast</h1>
      <div class="notice error" role="alert">
        You can {doing === 'submit ideas' ? 'submit' : doing} only so often, and nothing was saved this time. Try again in {waitText(retryAfterSeconds)}.
      </div>
      <a class="button secondary" href={ctx.href(back)}>
        Back
      </a>
    </>,
    { status: 429 },
  );
  answer.headers.set('retry-after', String(retryAfterSeconds));
  return answer;
}

/**
 * Runs a voter's action; a blocked voter or a per-voter limit becomes its page instead of an
 * error. Any other error goes on.
 */
export async function asVoter(ctx: PageContext, doing: VoterDoing, back: string, action: () => Promise<Response>): Promise<Response> {
  try {
    return await action();
  } catch (error) {
    if (isBlockedVoter(error)) return blockedPage(ctx, doing, back);
    if (isFeedbackBoardError(error) && error.code === 'rate_limited') return tooSoonPage(ctx, doing, error.retryAfter ?? 60, back);
    throw error;
  }
}
