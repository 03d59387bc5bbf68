/**
 * The team edits and deletes any comment from a post's dashboard page (through the API's
 * operations, acting as the team), and reads the bodies its edits and deletion replaced:
 * `/dashboard/comments/{id}/history`.
 */
import { isFeedbackBoardError } from '../../domain/errors.js';
import type { Comment } from '../../domain/responses.js';
import type { PageContext } from '../context.js';
import { day, PostForm } from '../layout.js';
import { Markdown } from '../markdown.js';
import { notFoundPage } from '../respond.js';
import type { Route } from '../route.js';
import { change, dashPage, idOf } from './frame.js';

/** What the comment's line says of it beyond its author and day: edited, removed. */
export function commentState(comment: Comment): string {
  if (comment.deleted_at !== null) return ` · removed ${day(comment.deleted_at)}`;
  return comment.edited_at !== null ? ` · edited ${day(comment.edited_at)}` : '';
}

/** The comment's body, or that it was removed; the body of a removed one is in its history. */
export function CommentBody({ comment }: { comment: Comment }) {
  return comment.deleted_at !== null ? <p class="muted">This comment was removed.</p> : <Markdown text={comment.body} mentions />;
}

/** Edit and delete forms of a comment that is not removed, and the link to its earlier versions. */
export function CommentEditTools({ ctx, comment, postId }: { ctx: PageContext; comment: Comment; postId: number }) {
  const history = comment.edited_at !== null || comment.deleted_at !== null;
  return (
    <>
      {history ? (
        <p class="small">
          <a href={ctx.href(`/dashboard/comments/${comment.id}/history`)}>Earlier versions</a>
        </p>
      ) : null}
      {comment.deleted_at === null ? (
        <details>
          <summary>Edit or delete</summary>
          <PostForm ctx={ctx} action={`/dashboard/comments/${comment.id}/edit`} label="Edit comment">
            <input type="hidden" name="post" value={String(postId)} />
            <div class="field">
              <label for={`edit-${comment.id}`}>Comment</label>
              <textarea id={`edit-${comment.id}`} name="body" required maxlength={10000}>
                {comment.body}
              </textarea>
            </div>
            <button type="submit">Save changes</button>
          </PostForm>
          <PostForm ctx={ctx} action={`/dashboard/comments/${comment.id}/delete`} label="Delete comment">
            <input type="hidden" name="post" value={String(postId)} />
            <button type="submit" class="danger">
              Delete this comment
            </button>
          </PostForm>
        </details>
      ) : null}
    </>
  );
}

/** The post and board a comment form names, checked: a comment of another post is not found. */
async function target(ctx: PageContext, id: string, form: FormData) {
  const commentId = idOf(id);
  const postId = idOf(form.get('post'));
  if (commentId === null || postId === null) return null;
  try {
    const board = await ctx.team.posts.boardOf(postId);
    return { commentId, postId, slug: board.slug, back: `/dashboard/posts/${postId}` };
  } catch (error) {
    if (isFeedbackBoardError(error) && error.code === 'not_found') return null;
    throw error;
  }
}

/** A change that names a comment gone, removed or of another post answers the 404 page. */
async function orNotFound(ctx: PageContext, fn: () => Promise<Response>): Promise<Response> {
  try {
    return await fn();
  } catch (error) {
    if (isFeedbackBoardError(error) && error.code === 'not_found') return notFoundPage(ctx);
    throw error;
  }
}

async function editAction(ctx: PageContext, id: string, form: FormData): Promise<Response> {
  const t = await target(ctx, id, form);
  if (!t) return notFoundPage(ctx);
  const body = String(form.get('body') ?? '');
  return orNotFound(ctx, () => change(ctx, t.back, 'saved', () => ctx.team.api.comments.update(t.slug, t.postId, t.commentId, { body })));
}

async function deleteAction(ctx: PageContext, id: string, form: FormData): Promise<Response> {
  const t = await target(ctx, id, form);
  if (!t) return notFoundPage(ctx);
  return orNotFound(ctx, () => change(ctx, t.back, 'deleted', () => ctx.team.api.comments.delete(t.slug, t.postId, t.commentId)));
}

/** The comment as it is, then every body it had before, newest first, with who replaced it. */
async function historyPage(ctx: PageContext, id: string): Promise<Response> {
  const commentId = idOf(id);
  if (commentId === null) return notFoundPage(ctx);
  return orNotFound(ctx, async () => {
    const { comment, edits } = await ctx.team.comments.history(commentId);
    return dashPage(
      ctx,
      'posts',
      `Comment ${comment.id}: earlier versions`,
      <>
        <p>
          <a href={ctx.href(`/dashboard/posts/${comment.post_id}#comment-${comment.id}`)}>Back to the post</a>
        </p>
        <h1>Comment {comment.id}: earlier versions</h1>
        <div class="card">
          <p class="muted small">Now{comment.deleted_at !== null ? ` · removed ${day(comment.deleted_at)}` : ''}</p>
          {comment.deleted_at !== null ? <p class="muted">Removed.</p> : <Markdown text={comment.body} />}
        </div>
        {edits.length === 0 ? <p class="muted">No earlier versions.</p> : null}
        {[...edits].reverse().map((edit) => (
          <div class="card">
            <p class="muted small">
              Until {day(edit.replaced_at)} · replaced by {edit.by_team ? 'the team' : 'its author'}
            </p>
            <Markdown text={edit.body} />
          </div>
        ))}
      </>,
    );
  });
}

export const commentEditRoutes: Route[] = [
  { method: 'POST', pattern: /^\/dashboard\/comments\/([^/]+)\/edit$/, handler: (ctx, [id], form) => editAction(ctx, id!, form) },
  { method: 'POST', pattern: /^\/dashboard\/comments\/([^/]+)\/delete$/, handler: (ctx, [id], form) => deleteAction(ctx, id!, form) },
  { method: 'GET', pattern: /^\/dashboard\/comments\/([^/]+)\/history$/, handler: (ctx, [id]) => historyPage(ctx, id!) },
];
