/**
 * A voter's new post from the public pages: the form, the submission, and the author's own page
 * of a post held for approval (docs/pages.md, "Voters' posts and moderation"). On a board whose
 * team turned moderation on, a new post waits: only its author (and the team) see it, marked
 * "Waiting for approval", until the team approves it. The per-voter limits answer with how long
 * to wait.
 */
import type { Board } from '../domain/responses.js';
import type { HeldPost } from '../domain/held-posts.js';
import { isFeedbackBoardError } from '../domain/errors.js';
import { LIMITS } from '../domain/requests.js';
import type { PageContext } from './context.js';
import { day, Notice, PostForm } from './layout.js';
import { boardNav, forbiddenPage, notFoundPage, page, publishedBoard, redirect } from './respond.js';

const boardPath = (board: Board) => `/boards/${encodeURIComponent(board.slug)}`;

/** The badge of a held post: "Waiting for approval" or "Not approved". */
export function ApprovalBadge({ post }: { post: HeldPost }) {
  return post.approval === 'rejected' ? (
    <span class="badge approval-rejected">Not approved</span>
  ) : (
    <span class="badge approval-waiting">Waiting for approval</span>
  );
}

/** The signed-in voter's posts waiting for approval on this board, shown to them alone. */
export async function WaitingPosts({ ctx, board }: { ctx: PageContext; board: Board }) {
  if (!ctx.voter) return null;
  const waiting = await ctx.board.voters.waitingPosts(ctx.voter.id, board.id);
  if (waiting.length === 0) return null;
  return (
    <section class="card" aria-labelledby="waiting-posts">
      <h2 id="waiting-posts" class="h3">
        Your posts waiting for approval
      </h2>
      <ul class="plain">
        {waiting.map((post) => (
          <li>
            <a href={ctx.href(`${boardPath(board)}/waiting/${post.id}`)}>{post.title}</a> <ApprovalBadge post={post} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** How long a voter waits before the next post or comment, in whole minutes (at least 1). */
export async function tryAgainPage(ctx: PageContext, what: string, retryAfterSeconds: number): Promise<Response> {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  const answer = await page(
    ctx,
    'Too many requests',
    <>
      <h1>Not so fast</h1>
      <p class="lead">
        You {what} recently. Try again in {minutes} minute{minutes === 1 ? '' : 's'}.
      </p>
    </>,
    { status: 429 },
  );
  answer.headers.set('retry-after', String(retryAfterSeconds));
  return answer;
}

/** GET /boards/{slug}/submit: the form of a new post (voters sign in first). */
export async function submitPage(ctx: PageContext, slug: string): Promise<Response> {
  const board = await publishedBoard(ctx, slug);
  if (!board) return notFoundPage(ctx);
  const path = `${boardPath(board)}/submit`;
  if (!ctx.voter) return redirect(ctx, `/sign-in?next=${encodeURIComponent(ctx.href(path))}`, 'sign_in_to_post');
  const moderated = await ctx.team.boards.moderated(board.slug);
  return page(
    ctx,
    `New post · ${board.name}`,
    <>
      <Notice ctx={ctx} />
      <h1>New post</h1>
      {moderated ? <p class="lead">New posts on {board.name} are read by the team before they appear.</p> : null}
      <PostForm ctx={ctx} action={path} class="card" label="New post">
        <div class="field">
          <label for="post-title">Title</label>
          <input id="post-title" name="title" required maxlength={LIMITS.title} />
        </div>
        <div class="field">
          <label for="post-body">Details (optional)</label>
          <textarea id="post-body" name="body" maxlength={LIMITS.body} />
        </div>
        <button type="submit">Submit post</button>
      </PostForm>
    </>,
    { nav: boardNav(board, 'posts') },
  );
}

/** POST /boards/{slug}/submit: the post, or on a moderated board its held copy, then its page. */
export async function submitAction(ctx: PageContext, slug: string, form: FormData): Promise<Response> {
  const board = await publishedBoard(ctx, slug);
  if (!board) return notFoundPage(ctx);
  const path = `${boardPath(board)}/submit`;
  if (!ctx.voter) return redirect(ctx, `/sign-in?next=${encodeURIComponent(ctx.href(path))}`, 'sign_in_to_post');
  const input = { title: String(form.get('title') ?? ''), body: String(form.get('body') ?? '') };
  try {
    const submitted = await ctx.board.voters.submitPost(ctx.voter.id, board.slug, input);
    if ('approval' in submitted) return redirect(ctx, `${boardPath(board)}/waiting/${submitted.id}`, 'waiting_for_approval');
    return redirect(ctx, `${boardPath(board)}/posts/${submitted.id}`, 'submitted');
  } catch (error) {
    if (!isFeedbackBoardError(error)) throw error;
    if (error.code === 'validation_error') return redirect(ctx, path, 'invalid');
    if (error.code === 'rate_limited') return tryAgainPage(ctx, 'posted several times', error.retryAfter ?? 60);
    if (error.code === 'insufficient_scope') return forbiddenPage(ctx, 'The team of this board has blocked you from posting.');
    throw error;
  }
}

/** GET /boards/{slug}/waiting/{id}: the author's own held post; anyone else gets 404. */
export async function waitingPage(ctx: PageContext, slug: string, id: string): Promise<Response> {
  const board = await publishedBoard(ctx, slug);
  if (!board || !ctx.voter || !/^[1-9][0-9]{0,15}$/.test(id)) return notFoundPage(ctx);
  const voterId = ctx.voter.id;
  const post = await ctx.board.voters.heldPost(voterId, Number(id)).catch((error: unknown) => {
    if (isFeedbackBoardError(error) && error.code === 'not_found') return null;
    throw error;
  });
  if (!post || post.board_id !== board.id) return notFoundPage(ctx);
  if (post.post_id !== null) return redirect(ctx, `${boardPath(board)}/posts/${post.post_id}`);
  return page(
    ctx,
    `${post.title} · ${board.name}`,
    <>
      <Notice ctx={ctx} />
      <article class="card" aria-labelledby="held-title">
        <p class="meta">
          <ApprovalBadge post={post} /> <span>Submitted {day(post.created_at)}</span>
        </p>
        <h1 id="held-title">{post.title}</h1>
        {post.body ? <p class="body">{post.body}</p> : null}
        {post.approval === 'waiting' ? (
          <p class="muted">Only you can see this post until the team approves it; then it appears on {board.name} for everyone.</p>
        ) : (
          <p>The team did not approve this post.{post.reason ? ` Their reason: ${post.reason}` : ''}</p>
        )}
      </article>
    </>,
    { nav: boardNav(board, 'post') },
  );
}
