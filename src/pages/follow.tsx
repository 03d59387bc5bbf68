/**
 * Following a post: a signed-in voter sees whether they follow it (they are mailed when its status
 * changes) and follows or unfollows it. An explicit unfollow is kept: voting or commenting later
 * does not follow the post again.
 */
import type { Board, Post } from '../domain/responses.js';
import type { PageContext } from './context.js';
import { PostForm } from './layout.js';
import { redirect } from './respond.js';

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
