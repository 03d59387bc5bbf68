/**
 * Merging on the dashboard's post page (docs/pages.md, "Merged posts"): "Merge into…" offers the
 * post's similar posts, or any post number of the organization, as the post to keep; a merged
 * post's page says where it went and offers "Unmerge", which puts it back exactly as it was (see
 * docs/errors-scopes-limits.md#merging-posts). Both forms are CSRF-checked like every dashboard
 * form.
 */
import { isFeedbackBoardError } from '../../domain/errors.js';
import type { Post } from '../../domain/responses.js';
import type { MergeTarget } from '../../services/merges.js';
import type { PageContext } from '../context.js';
import { PostForm } from '../layout.js';
import type { Route } from '../route.js';
import { notFoundPage, redirect } from '../respond.js';
import { change, counted, dashPage, idOf } from './frame.js';

/** The "Merge into…" card: the similar posts as choices, or a post number. */
export function MergeForm(props: { ctx: PageContext; post: Post; similar: Post[] }) {
  const { ctx, post, similar } = props;
  return (
    <details class="card">
      <summary>Merge into…</summary>
      <PostForm ctx={ctx} action={`/dashboard/posts/${post.id}/merge`} label="Merge this post into another">
        <p class="muted small">
          This post's voters, comments and evidence move to the post you choose, and this post is then gone from every list; its
          public page leads to the other one. A merge can be undone here.
        </p>
        {similar.length > 0 ? (
          <fieldset>
            <legend>Similar posts</legend>
            {similar.map((p) => (
              <label class="row">
                <input type="radio" name="into" value={String(p.id)} /> #{p.id} {p.title} <span class="muted small">({counted(p.vote_count, 'vote')})</span>
              </label>
            ))}
          </fieldset>
        ) : null}
        <div class="field">
          <label for="merge-into">Or the number of any post of your boards</label>
          <input id="merge-into" name="into_number" inputmode="numeric" pattern="[0-9]*" />
        </div>
        <button type="submit" class="danger">
          Merge
        </button>
      </PostForm>
    </details>
  );
}

/** The dashboard page of a merged post: where it went, and "Unmerge". */
export function mergedPostPage(ctx: PageContext, postId: number, target: MergeTarget): Promise<Response> {
  return dashPage(
    ctx,
    'posts',
    `Post #${postId}`,
    <>
      <p class="small">
        <a href={ctx.href(`/dashboard/posts?board=${encodeURIComponent(target.source_board_slug)}`)}>← Posts</a>
      </p>
      <h1>Post #{postId} was merged</h1>
      <p>
        Its voters, comments and evidence are on <a href={ctx.href(`/dashboard/posts/${target.post_id}`)}>post #{target.post_id}</a> now,
        and its public page leads there.
      </p>
      <PostForm ctx={ctx} action={`/dashboard/posts/${postId}/unmerge`} class="card" label="Unmerge">
        <p class="muted small">Unmerging puts the post back with its own voters, comments and evidence. Votes cast since on the other post stay there.</p>
        <button type="submit">Unmerge</button>
      </PostForm>
    </>,
  );
}

/** POST /dashboard/posts/{id}/merge: `into` (a similar post) or `into_number`; then the kept post's page. */
async function mergeAction(ctx: PageContext, id: string, form: FormData): Promise<Response> {
  const postId = idOf(id);
  if (postId === null) return notFoundPage(ctx);
  const back = `/dashboard/posts/${postId}`;
  const typed = String(form.get('into_number') ?? '').trim();
  const into = typed === '' ? idOf(form.get('into')) : idOf(typed);
  if (into === null) return redirect(ctx, back, 'invalid');
  const board = await ctx.team.posts.boardOf(postId);
  try {
    await ctx.team.api.posts.merge(board.slug, postId, { into });
  } catch (error) {
    // Itself, a merged post, or a post that is not the organization's: nothing changed.
    if (isFeedbackBoardError(error) && (error.code === 'validation_error' || error.code === 'not_found')) return redirect(ctx, back, 'merge_refused');
    throw error;
  }
  return redirect(ctx, `/dashboard/posts/${into}`, 'merged');
}

/** POST /dashboard/posts/{id}/unmerge: the post back as it was. */
async function unmergeAction(ctx: PageContext, id: string): Promise<Response> {
  const postId = idOf(id);
  if (postId === null) return notFoundPage(ctx);
  return change(ctx, `/dashboard/posts/${postId}`, 'unmerged', () => ctx.team.posts.unmerge(postId));
}

const path = (source: string) => new RegExp(`^${source.replaceAll(':p', '([^/]+)')}$`);

/** The routes of merging and unmerging. */
export const postMergeRoutes: Route[] = [
  { method: 'POST', pattern: path('/dashboard/posts/:p/merge'), handler: (ctx, [id], form) => mergeAction(ctx, id!, form) },
  { method: 'POST', pattern: path('/dashboard/posts/:p/unmerge'), handler: (ctx, [id]) => unmergeAction(ctx, id!) },
];
