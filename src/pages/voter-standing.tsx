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
    <PostForm ctx={ctx} action={`/boards/${encodeURIComponent(board.slug)}/posts/${post.id}/follow`} class="follow" label={ctx.t('follow.label')}>
      <input type="hidden" name="action" value={following ? 'unfollow' : 'follow'} />
      <span class="muted small">{following ? ctx.t('follow.following') : ctx.t('follow.offer')}</span>{' '}
      <button type="submit" class={following ? 'secondary' : undefined}>
        {following ? ctx.t('follow.unfollow') : ctx.t('follow.follow')}
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
function waitText(ctx: PageContext, seconds: number): string {
  if (seconds < 60) return ctx.t('standing.seconds', { count: seconds });
  return ctx.t('standing.minutes', { count: Math.ceil(seconds / 60) });
}

/** The key of each action in the messages' `{doing, select, …}`. */
const DOING_KEY: Record<VoterDoing, string> = { 'submit ideas': 'submit', vote: 'vote', comment: 'comment', 'react to comments': 'react' };

/** The page of a blocked voter: 403, and what they wrote before stays. */
export function blockedPage(ctx: PageContext, doing: VoterDoing, back: string): Promise<Response> {
  return page(
    ctx,
    ctx.t('standing.blockedTitle'),
    <>
      <h1>{ctx.t('standing.blockedHeading', { doing: DOING_KEY[doing] })}</h1>
      <div class="notice error" role="alert">
        {ctx.t('standing.blocked')}
      </div>
      <p>{ctx.t('standing.kept')}</p>
      <a class="button secondary" href={ctx.href(back)}>
        {ctx.t('standing.back')}
      </a>
    </>,
    { status: 403 },
  );
}

/** The page of a voter past a per-voter limit: 429 with `Retry-After` and the wait in words. */
export async function tooSoonPage(ctx: PageContext, doing: VoterDoing, retryAfterSeconds: number, back: string): Promise<Response> {
  const answer = await page(
    ctx,
    ctx.t('standing.tooSoonTitle'),
    <>
      <h1>{ctx.t('standing.tooSoonHeading')}</h1>
      <div class="notice error" role="alert">
        {ctx.t('standing.tooSoon', { doing: DOING_KEY[doing], wait: waitText(ctx, retryAfterSeconds) })}
      </div>
      <a class="button secondary" href={ctx.href(back)}>
        {ctx.t('standing.back')}
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
