/**
 * A signed-in voter's own comments on a post page: which they are, and the forms that edit or
 * delete one (deleting asks once more, in a second step, since nothing brings a comment back).
 */
import type { Comment } from '../domain/responses.js';
import type { PageContext } from './context.js';
import { PostForm } from './layout.js';

/** The ids of the signed-in voter's comments on the post that can still be changed; none for a visitor. */
export async function ownComments(ctx: PageContext, postId: number): Promise<Set<number>> {
  const voter = ctx.voter;
  if (!voter) return new Set();
  const comments = await ctx.board.storage.transaction('read', (tx) => tx.listComments(postId));
  return new Set(comments.filter((c) => c.voter_id === voter.id && c.deleted_at === null).map((c) => c.id));
}

/** Edit (the body in a text area) and delete (a confirming button), each behind a disclosure. */
export function OwnCommentTools({ ctx, base, comment }: { ctx: PageContext; base: string; comment: Comment }) {
  return (
    <div class="own-comment">
      <details>
        <summary>{ctx.t('comment.edit')}</summary>
        <PostForm ctx={ctx} action={`${base}/comments/${comment.id}/edit`} label={ctx.t('comment.edit')}>
          <div class="field">
            <label for={`edit-${comment.id}`}>{ctx.t('comment.yourEdit')}</label>
            <textarea id={`edit-${comment.id}`} name="body" required maxlength={10000}>
              {comment.body}
            </textarea>
          </div>
          <button type="submit">{ctx.t('comment.saveEdit')}</button>
        </PostForm>
      </details>
      <details>
        <summary>{ctx.t('comment.delete')}</summary>
        <PostForm ctx={ctx} action={`${base}/comments/${comment.id}/delete`} label={ctx.t('comment.delete')}>
          <button type="submit" class="danger">
            {ctx.t('comment.confirmDelete')}
          </button>
        </PostForm>
      </details>
    </div>
  );
}
