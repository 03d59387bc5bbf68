/**
 * A voter edits or deletes their own comment from the post page (POST forms with the pages' CSRF
 * token, like every form). The comment must be one of this post's; another voter's, a team
 * comment or one already deleted answers the 404 page and changes nothing.
 */
import { isFeedbackBoardError } from '../domain/errors.js';
import type { PageContext } from './context.js';
import { visiblePost } from './public-post.js';
import { notFoundPage, redirect } from './respond.js';
import { asVoter } from './voter-standing.js';

type Change = (voterId: number, commentId: number) => Promise<unknown>;

/** Runs `change` as the signed-in voter on a comment of the visible post, then back to the thread. */
async function ownCommentChange(ctx: PageContext, slug: string, id: string, commentId: string, notice: string, change: Change): Promise<Response> {
  const found = await visiblePost(ctx, slug, id);
  if (!found || !/^[1-9][0-9]{0,15}$/.test(commentId)) return notFoundPage(ctx);
  const back = `/boards/${encodeURIComponent(found.board.slug)}/posts/${found.post.id}`;
  if (!ctx.voter) return redirect(ctx, `/sign-in?next=${encodeURIComponent(ctx.href(back))}`, 'sign_in_to_vote');
  const comment = await ctx.board.storage.transaction('read', (tx) => tx.getComment(Number(commentId)));
  if (!comment || comment.post_id !== found.post.id) return notFoundPage(ctx);
  const voterId = ctx.voter.id;
  return asVoter(ctx, 'comment', back, async () => {
    try {
      await change(voterId, comment.id);
      return redirect(ctx, `${back}?comment=${comment.id}#comment-${comment.id}`, notice);
    } catch (error) {
      if (isFeedbackBoardError(error) && error.code === 'validation_error') return redirect(ctx, back, 'invalid');
      if (isFeedbackBoardError(error) && error.code === 'not_found') return notFoundPage(ctx);
      throw error;
    }
  });
}

/** POST …/comments/{id}/edit: `body`, the comment's new text. */
export function editCommentAction(ctx: PageContext, slug: string, id: string, commentId: string, form: FormData): Promise<Response> {
  const body = String(form.get('body') ?? '');
  return ownCommentChange(ctx, slug, id, commentId, 'comment_edited', (voterId, comment) => ctx.board.voters.editComment(voterId, comment, { body }));
}

/** POST …/comments/{id}/delete: the comment says it was removed; its replies stay. */
export function deleteCommentAction(ctx: PageContext, slug: string, id: string, commentId: string): Promise<Response> {
  return ownCommentChange(ctx, slug, id, commentId, 'comment_deleted', (voterId, comment) => ctx.board.voters.deleteComment(voterId, comment));
}
