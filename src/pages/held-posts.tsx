/**
 * A voter's posts held for approval, as their author sees them (docs/pages.md, "Voters' posts and
 * moderation"). On a board whose team turned moderation on, an idea submitted from the board page
 * (submit-idea.tsx) waits: only its author (and the team) see it, marked "Waiting for approval",
 * until the team approves it.
 */
import type { Board } from '../domain/responses.js';
import type { HeldPost } from '../domain/held-posts.js';
import { isFeedbackBoardError } from '../domain/errors.js';
import type { PageContext } from './context.js';
import { Notice } from './layout.js';
import { Markdown } from './markdown.js';
import { boardNav, notFoundPage, page, publishedBoard, redirect } from './respond.js';

const boardPath = (board: Board) => `/boards/${encodeURIComponent(board.slug)}`;

/** The badge of a held post: "Waiting for approval" or "Not approved". */
export function ApprovalBadge({ ctx, post }: { ctx: PageContext; post: HeldPost }) {
  return post.approval === 'rejected' ? (
    <span class="badge approval-rejected">{ctx.t('held.rejected')}</span>
  ) : (
    <span class="badge approval-waiting">{ctx.t('held.waiting')}</span>
  );
}

/** The signed-in voter's posts waiting for approval on `board` (none for a visitor not signed in). */
export async function waitingPostsOf(ctx: PageContext, board: Board): Promise<readonly HeldPost[]> {
  return ctx.voter ? ctx.board.voters.waitingPosts(ctx.voter.id, board.id) : [];
}

/** The signed-in voter's posts waiting for approval on this board (`waitingPostsOf`), shown to them alone. */
export function WaitingPosts({ ctx, board, waiting }: { ctx: PageContext; board: Board; waiting: readonly HeldPost[] }) {
  if (waiting.length === 0) return null;
  return (
    <section class="card" aria-labelledby="waiting-posts">
      <h2 id="waiting-posts" class="h3">
        {ctx.t('held.yours')}
      </h2>
      <ul class="plain">
        {waiting.map((post) => (
          <li>
            <a class="user-text" href={ctx.href(`${boardPath(board)}/waiting/${post.id}`)}>
              {post.title}
            </a>{' '}
            <ApprovalBadge ctx={ctx} post={post} />
          </li>
        ))}
      </ul>
    </section>
  );
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
          <ApprovalBadge ctx={ctx} post={post} /> <span>{ctx.t('held.submitted', { date: ctx.i18n.date(post.created_at) })}</span>
        </p>
        <h1 id="held-title" class="user-text">
          {post.title}
        </h1>
        {post.body ? <Markdown text={post.body} /> : null}
        {post.approval === 'waiting' ? (
          <p class="muted">{ctx.t('held.onlyYou', { board: board.name })}</p>
        ) : (
          <p>
            {ctx.t('held.notApproved')}
            {post.reason ? ` ${ctx.t('held.reason', { reason: post.reason })}` : ''}
          </p>
        )}
      </article>
    </>,
    { nav: boardNav(board, 'post') },
  );
}
