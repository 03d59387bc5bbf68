/** A post's public page, and what signed-in voters do there: vote, comment, reply, react. */
import { isFeedbackBoardError } from '../domain/errors.js';
import type { Board, Evidence, PostDetail } from '../domain/responses.js';
import { commentPage, CommentPageLinks } from './comment-pages.js';
import { ownComments } from './comment-own.js';
import { CommentTree, REACTIONS } from './comment-tree.js';
import { AttachmentList, ImagesField, uploadRefusal, uploadsOf } from './attachments.js';
import { FieldValuesList } from './field-inputs.js';
import type { PageContext } from './context.js';
import { BackLink, Notice, PostForm } from './layout.js';
import { LabelBadge } from './status-labels.js';
import { requestedPagePath } from './local-target.js';
import type { MessageKey } from '../i18n/catalogs.js';
import { Markdown, markdownExcerpt } from './markdown.js';
import { VoteBox, votedPosts } from './public-board.js';
import { boardNav, movedPermanently, notFoundPage, page, publishedBoard, redirect } from './respond.js';
import { asVoter, followAction, FollowButton, followsPost } from './voter-standing.js';

/** The message of each kind of evidence. */
const KIND_TEXT: Record<string, MessageKey> = { url: 'evidence.url', pr: 'evidence.pr', commit: 'evidence.commit', note: 'evidence.note', file: 'evidence.file' };

/** An evidence reference as a link only when it is an absolute http(s) URL of kind url or pr. */
function safeHref(evidence: Evidence): string | null {
  if (evidence.kind !== 'url' && evidence.kind !== 'pr') return null;
  try {
    const url = new URL(evidence.ref);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Publicly visible post of a published board, or null. */
export async function visiblePost(ctx: PageContext, slug: string, id: string): Promise<{ board: Board; post: PostDetail } | null> {
  const board = await publishedBoard(ctx, slug);
  if (!board || !/^[1-9][0-9]{0,15}$/.test(id)) return null;
  try {
    const post = await ctx.team.api.posts.get(board.slug, Number(id));
    return post.hidden ? null : { board, post };
  } catch (error) {
    if (isFeedbackBoardError(error) && error.code === 'not_found') return null;
    throw error;
  }
}

/**
 * A merged post's page answers 301 with the page of the post it was merged into, so links and
 * search engines follow it; null when the post is not a merged post of this published board, or
 * when the post it went to is not on a published board.
 */
async function mergedPostRedirect(ctx: PageContext, slug: string, id: string): Promise<Response | null> {
  const board = await publishedBoard(ctx, slug);
  if (!board || !/^[1-9][0-9]{0,15}$/.test(id)) return null;
  const target = await ctx.team.posts.mergeTarget(Number(id));
  if (target === null || target.source_board_slug !== board.slug) return null;
  if (!(await publishedBoard(ctx, target.board_slug))) return null;
  return movedPermanently(ctx, `/boards/${encodeURIComponent(target.board_slug)}/posts/${target.post_id}`);
}

export async function postPage(ctx: PageContext, slug: string, id: string): Promise<Response> {
  const found = await visiblePost(ctx, slug, id);
  if (!found) return (await mergedPostRedirect(ctx, slug, id)) ?? notFoundPage(ctx);
  const { board, post } = found;
  const { comments } = await ctx.team.api.comments.list(board.slug, post.id);
  const shown = commentPage(ctx, comments);
  const [voted, following, own, fields] = await Promise.all([
    votedPosts(ctx, [post.id]),
    followsPost(ctx, post.id),
    ownComments(ctx, post.id),
    // The fields' labels, read only for a post that holds values.
    Object.keys(post.fields).length > 0 ? ctx.team.api.fields.list(board.slug).then((list) => list.fields) : [],
  ]);
  const base = `/boards/${encodeURIComponent(board.slug)}/posts/${post.id}`;
  return page(
    ctx,
    post.title,
    <>
      <Notice ctx={ctx} />
      <BackLink ctx={ctx} path={`/boards/${encodeURIComponent(board.slug)}`}>
        {board.name}
      </BackLink>
      <article class="card post">
        <VoteBox ctx={ctx} board={board} post={post} voted={voted.has(post.id)} />
        <div class="content">
          <h1 class="user-text">{post.title}</h1>
          <div class="meta">
            <LabelBadge label={post.status_label} status={post.status} ctx={ctx} />
            {post.tags.map((tag) => (
              <span class="badge tag user-text">{tag.name}</span>
            ))}
            <span>{ctx.t('post.posted', { date: ctx.i18n.date(post.created_at) })}</span>
            {post.shipped_at ? <span>{ctx.t('post.shipped', { date: ctx.i18n.date(post.shipped_at) })}</span> : null}
          </div>
          {post.body ? <Markdown text={post.body} /> : null}
          <FieldValuesList fields={fields} values={post.fields} number={ctx.i18n.number} />
          <AttachmentList ctx={ctx} attachments={post.attachments} />
          <FollowButton ctx={ctx} board={board} post={post} following={following} />
        </div>
      </article>
      {post.implementation_evidence.length > 0 ? (
        <section class="card" aria-labelledby="implementation">
          <h2 id="implementation">{ctx.t('post.implementation')}</h2>
          <ul class="evidence">
            {post.implementation_evidence.map((evidence) => {
              const href = safeHref(evidence);
              return (
                <li>
                  <span class="kind">{KIND_TEXT[evidence.kind] ? ctx.t(KIND_TEXT[evidence.kind]!) : evidence.kind}</span>
                  <span class="user-text">
                    {href ? (
                      <a href={href} rel="nofollow noopener noreferrer">
                        {evidence.label || evidence.ref}
                      </a>
                    ) : (
                      <>
                        {evidence.label ? <strong>{evidence.label} </strong> : null}
                        <code>{evidence.ref}</code>
                      </>
                    )}
                  </span>
                  <span class="muted small">{ctx.i18n.date(evidence.added_at)}</span>
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="comments">
        <h2 id="comments">{ctx.t('post.comments')}</h2>
        {comments.length === 0 ? <p class="muted">{ctx.t('post.noComments')}</p> : null}
        <CommentTree ctx={ctx} base={base} comments={shown.threads} own={own} />
        <CommentPageLinks ctx={ctx} base={base} page={shown} />
        {ctx.voter ? (
          <PostForm ctx={ctx} action={`${base}/comments`} class="card" label={ctx.t('post.addComment')} files>
            <div class="field">
              <label for="comment-body">{ctx.t('post.yourComment')}</label>
              <textarea id="comment-body" name="body" required maxlength={10000} />
            </div>
            <ImagesField ctx={ctx} id="comment-images" />
            <button type="submit">{ctx.t('post.postComment')}</button>
          </PostForm>
        ) : (
          <p>
            {ctx.i18n.rich('post.signInToComment', {}, { link: (chunks) => <a href={ctx.href(`/sign-in?next=${encodeURIComponent(ctx.href(base))}`)}>{chunks}</a> })}
          </p>
        )}
      </section>
    </>,
    { nav: boardNav(board, 'post'), labels: [post.status_label], meta: { type: 'article', description: markdownExcerpt(post.body, 400), path: base } },
  );
}

/** POST …/vote: `action` vote or unvote, then back to `next` (a path of these pages) or the post. */
export async function voteAction(ctx: PageContext, slug: string, id: string, form: FormData): Promise<Response> {
  const found = await visiblePost(ctx, slug, id);
  if (!found) return notFoundPage(ctx);
  const back = `/boards/${encodeURIComponent(found.board.slug)}/posts/${found.post.id}`;
  if (!ctx.voter) return redirect(ctx, `/sign-in?next=${encodeURIComponent(ctx.href(back))}`, 'sign_in_to_vote');
  const voterId = ctx.voter.id;
  const unvote = form.get('action') === 'unvote';
  return asVoter(ctx, 'vote', back, async () => {
    if (unvote) await ctx.board.voters.unvote(voterId, found.post.id);
    else await ctx.board.voters.vote(voterId, found.post.id);
    const target = requestedPagePath(ctx, form.get('next'), back);
    // Back on a list of posts, the page opens where the visitor was: at the post voted for.
    const place = target === back ? '' : `#post-${found.post.id}`;
    return redirect(ctx, target.replace(/[?&]notice=[a-z_]*/, '') + place, unvote ? 'unvoted' : 'voted');
  });
}

/** POST …/comments: a voter's comment or reply. */
export async function commentAction(ctx: PageContext, slug: string, id: string, form: FormData): Promise<Response> {
  const found = await visiblePost(ctx, slug, id);
  if (!found) return notFoundPage(ctx);
  const back = `/boards/${encodeURIComponent(found.board.slug)}/posts/${found.post.id}`;
  if (!ctx.voter) return redirect(ctx, `/sign-in?next=${encodeURIComponent(ctx.href(back))}`, 'sign_in_to_vote');
  const parent = String(form.get('parent_comment_id') ?? '');
  const input: { body: string; parent_comment_id?: number } = { body: String(form.get('body') ?? '') };
  if (/^[1-9][0-9]{0,15}$/.test(parent)) input.parent_comment_id = Number(parent);
  const voterId = ctx.voter.id;
  const uploads = await uploadsOf(form);
  return asVoter(ctx, 'comment', back, async () => {
    try {
      const comment = await ctx.board.voters.comment(voterId, found.post.id, input, uploads);
      return redirect(ctx, `${back}?comment=${comment.id}#comment-${comment.id}`, 'commented');
    } catch (error) {
      const refusal = uploadRefusal(ctx, error);
      if (refusal !== null) return refusedPage(ctx, found.board, back, refusal);
      if (isFeedbackBoardError(error) && error.code === 'validation_error') return redirect(ctx, back, 'invalid');
      throw error;
    }
  });
}

/** 422: the comment was not posted because its images were refused; `message` says why. */
function refusedPage(ctx: PageContext, board: Board, back: string, message: string): Promise<Response> {
  return page(
    ctx,
    ctx.t('post.commentRefusedTitle'),
    <>
      <h1>{ctx.t('post.commentRefusedTitle')}</h1>
      <div class="notice error" role="alert">
        {message}
      </div>
      <p>
        <a href={ctx.href(back)}>{ctx.t('post.backToPost')}</a>
      </p>
    </>,
    { nav: boardNav(board, 'post'), status: 422 },
  );
}

/** POST …/comments/{id}/react: one of the offered reactions. */
export async function reactAction(ctx: PageContext, slug: string, id: string, commentId: string, form: FormData): Promise<Response> {
  const found = await visiblePost(ctx, slug, id);
  if (!found || !/^[1-9][0-9]{0,15}$/.test(commentId)) return notFoundPage(ctx);
  const back = `/boards/${encodeURIComponent(found.board.slug)}/posts/${found.post.id}`;
  if (!ctx.voter) return redirect(ctx, `/sign-in?next=${encodeURIComponent(ctx.href(back))}`, 'sign_in_to_vote');
  const reaction = String(form.get('reaction') ?? '');
  if (!(REACTIONS as readonly string[]).includes(reaction)) return redirect(ctx, back, 'invalid');
  const comment = await ctx.board.storage.transaction('read', (tx) => tx.getComment(Number(commentId)));
  if (!comment || comment.post_id !== found.post.id || comment.hidden) return notFoundPage(ctx);
  const voterId = ctx.voter.id;
  return asVoter(ctx, 'react to comments', back, async () => {
    await ctx.board.voters.react(voterId, comment.id, reaction);
    return redirect(ctx, `${back}#comment-${comment.id}`, 'reacted');
  });
}

/** POST …/follow: a voter follows or unfollows a visible post. */
export async function followPostAction(ctx: PageContext, slug: string, id: string, form: FormData): Promise<Response> {
  const found = await visiblePost(ctx, slug, id);
  return found ? followAction(ctx, found.board, found.post, form) : notFoundPage(ctx);
}
