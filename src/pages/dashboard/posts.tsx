/** The dashboard's post page: one post to change (status, hide, pin, queue rank, comments); the list is posts-list.tsx. */
import type { Comment } from '../../domain/responses.js';
import type { PageContext } from '../context.js';
import { day, PostForm, StatusBadge, STATUSES } from '../layout.js';
import { LabelBadge } from '../status-labels.js';
import { StatusSelect } from './status-select.js';
import { Markdown } from '../markdown.js';
import { AttachmentList } from '../attachments.js';
import { FieldValuesList } from '../field-inputs.js';
import { TEAM_ATTACHMENTS_PREFIX } from '../attachment-files.js';
import { notFoundPage, redirect } from '../respond.js';
import { change, counted, dashPage, idOf } from './frame.js';
import { CommentBody, CommentEditTools, commentState } from './comment-edits.js';
import { AuthorTools, postAuthors, SimilarPostsList, similarToPost, TeamCommentForm } from './post-people.js';
import { CompanyVoteForm, postVoters, PostVotersList } from './post-voters.js';
import { MergeForm, mergedPostPage } from './post-merge.js';
import { historyVoters, PostHistory } from './post-history.js';
import { PostLinksSection, postLinksView } from './post-links.js';

function flatten(comments: Comment[], depth = 0): { comment: Comment; depth: number }[] {
  return comments.flatMap((c) => [{ comment: c, depth }, ...flatten(c.replies, depth + 1)]);
}

/** The post's page; `linkRefusal` is the reason a link form was just refused, shown in its section. */
export async function postAdminPage(ctx: PageContext, id: string, linkRefusal?: string): Promise<Response> {
  const postId = idOf(id);
  if (postId === null) return notFoundPage(ctx);
  const mergedInto = await ctx.team.posts.mergeTarget(postId);
  if (mergedInto !== null) return mergedPostPage(ctx, postId, mergedInto);
  const board = await ctx.team.posts.boardOf(postId);
  const post = await ctx.team.api.posts.get(board.slug, postId);
  const { comments } = await ctx.team.api.comments.list(board.slug, postId);
  const [authors, similar, history, voters, links, { statuses }, { fields }] = await Promise.all([
    postAuthors(ctx, postId, flatten(comments).map(({ comment }) => comment.id)),
    similarToPost(ctx, board, post),
    ctx.team.posts.activity(postId),
    postVoters(ctx, postId),
    postLinksView(ctx, post, linkRefusal),
    ctx.team.api.statuses.list(),
    Object.keys(post.fields).length > 0 ? ctx.team.api.fields.list(board.slug) : { fields: [] },
  ]);
  const historyNames = await historyVoters(ctx, history);
  const base = `/dashboard/posts/${post.id}`;
  return dashPage(
    ctx,
    'posts',
    post.title,
    <>
      <p class="small">
        <a href={ctx.href(`/dashboard/posts?board=${encodeURIComponent(board.slug)}`)}>← {board.name}</a>
        {board.published && !post.hidden ? (
          <>
            {' · '}
            <a href={ctx.href(`/boards/${encodeURIComponent(board.slug)}/posts/${post.id}`)}>Public page</a>
          </>
        ) : null}
      </p>
      <h1>{post.title}</h1>
      <p class="row">
        <LabelBadge label={post.status_label} status={post.status} />
        <span class="muted small">
          {counted(post.vote_count, 'vote')} · {counted(flatten(comments).length, 'comment')} · created {day(post.created_at)}
        </span>
        {post.hidden ? <span class="badge tag">Hidden</span> : null}
        {post.pinned ? <span class="badge tag">Pinned</span> : null}
      </p>
      {authors.post ? <AuthorTools ctx={ctx} author={authors.post} postId={post.id} /> : <p class="muted small">Posted by the team.</p>}
      {post.body ? <Markdown text={post.body} /> : null}
      <FieldValuesList fields={fields} values={post.fields} number={(n) => n.toLocaleString('en')} />
      <AttachmentList ctx={ctx} attachments={post.attachments} under={TEAM_ATTACHMENTS_PREFIX} />
      <div class="columns">
        <PostForm ctx={ctx} action={`${base}/status`} class="card" label="Change status">
          <StatusSelect statuses={statuses} selected={post.status_label.id} />
          <label class="row">
            <input type="checkbox" name="notify" value="yes" checked /> Notify voters
          </label>
          <p>
            <button type="submit">Change status</button>
          </p>
        </PostForm>
        <PostForm ctx={ctx} action={`${base}/rank`} class="card" label="Queue rank">
          <div class="field">
            <label for="rank">Queue rank (empty: not ranked)</label>
            <input id="rank" name="queue_rank" inputmode="numeric" pattern="[0-9]*" value={post.queue_rank === null ? '' : String(post.queue_rank)} />
          </div>
          <button type="submit">Save rank</button>
        </PostForm>
        <div class="card">
          <PostForm ctx={ctx} action={`${base}/pinned`} label="Pin">
            <input type="hidden" name="value" value={post.pinned ? 'no' : 'yes'} />
            <p>
              <button type="submit" class="secondary">
                {post.pinned ? 'Unpin' : 'Pin'}
              </button>
            </p>
          </PostForm>
          <PostForm ctx={ctx} action={`${base}/hidden`} label="Hide">
            <input type="hidden" name="value" value={post.hidden ? 'no' : 'yes'} />
            <button type="submit" class="danger">
              {post.hidden ? 'Show publicly again' : 'Hide from the public'}
            </button>
          </PostForm>
        </div>
      </div>
      {post.proposal ? (
        <p class="notice">
          A proposal to move this post to <StatusBadge status={post.proposal.status} /> is pending on the <a href={ctx.href('/dashboard/proposals')}>Proposals</a> page.
        </p>
      ) : null}
      <PostLinksSection ctx={ctx} postId={post.id} post={post} view={links} />
      <h2>Voters</h2>
      <PostVotersList ctx={ctx} postId={post.id} voters={voters.voters} />
      <CompanyVoteForm ctx={ctx} postId={post.id} companies={voters.companies} />
      <h2>Comments</h2>
      {comments.length === 0 ? <p class="muted">No comments.</p> : null}
      {flatten(comments).map(({ comment, depth }) => (
        <div class="card" id={`comment-${comment.id}`}>
          <p class="muted small">
            {depth > 0 ? `Reply (level ${depth + 1}) · ` : ''}
            {comment.is_admin ? 'Team' : 'Voter'} · {day(comment.created_at)}
            {comment.hidden ? ' · hidden' : ''}
            {commentState(comment)}
          </p>
          <CommentBody comment={comment} />
          <AttachmentList ctx={ctx} attachments={comment.attachments} under={TEAM_ATTACHMENTS_PREFIX} />
          {authors.comments.has(comment.id) ? <AuthorTools ctx={ctx} author={authors.comments.get(comment.id)!} postId={post.id} /> : null}
          <PostForm ctx={ctx} action={`/dashboard/comments/${comment.id}/hidden`} label="Hide comment">
            <input type="hidden" name="value" value={comment.hidden ? 'no' : 'yes'} />
            <input type="hidden" name="post" value={String(post.id)} />
            <button type="submit" class="secondary">
              {comment.hidden ? 'Show' : 'Hide'}
            </button>
          </PostForm>
          <CommentEditTools ctx={ctx} comment={comment} postId={post.id} />
          <TeamCommentForm ctx={ctx} postId={post.id} parentId={comment.id} />
        </div>
      ))}
      <TeamCommentForm ctx={ctx} postId={post.id} />
      <SimilarPostsList ctx={ctx} posts={similar} />
      <MergeForm ctx={ctx} post={post} similar={similar} />
      <PostHistory ctx={ctx} postId={post.id} page={history} voters={historyNames} />
    </>,
    200,
    [post.status_label, ...similar.map((p) => p.status_label)],
  );
}

export async function postAction(ctx: PageContext, id: string, what: string, form: FormData): Promise<Response> {
  const postId = idOf(id);
  if (postId === null) return notFoundPage(ctx);
  const board = await ctx.team.posts.boardOf(postId);
  const back = `/dashboard/posts/${postId}`;
  const update = (input: Parameters<typeof ctx.team.api.posts.update>[2]) => ctx.team.api.posts.update(board.slug, postId, input);
  switch (what) {
    case 'status': {
      // One of the organization's statuses (the form's choice), or a category alone (its default).
      const notify_voters = form.get('notify') === 'yes';
      const labelId = idOf(form.get('status_label_id'));
      if (labelId !== null) return change(ctx, back, 'saved', () => update({ status_label_id: labelId, notify_voters }));
      const status = STATUSES.find((s) => s === form.get('status'));
      if (!status) return redirect(ctx, back, 'invalid');
      return change(ctx, back, 'saved', () => update({ status, notify_voters }));
    }
    case 'rank': {
      const raw = String(form.get('queue_rank') ?? '').trim();
      const rank = raw === '' ? null : /^[0-9]{1,9}$/.test(raw) ? Number(raw) : undefined;
      if (rank === undefined) return redirect(ctx, back, 'invalid');
      return change(ctx, back, 'saved', () => update({ queue_rank: rank }));
    }
    case 'pinned':
      return change(ctx, back, 'saved', () => update({ pinned: form.get('value') === 'yes' }));
    case 'hidden':
      return change(ctx, back, 'saved', () => ctx.team.posts.setHidden(postId, form.get('value') === 'yes'));
    default:
      return notFoundPage(ctx);
  }
}

export async function commentHiddenAction(ctx: PageContext, id: string, form: FormData): Promise<Response> {
  const commentId = idOf(id);
  const postId = idOf(form.get('post'));
  if (commentId === null) return notFoundPage(ctx);
  const back = postId === null ? '/dashboard/posts' : `/dashboard/posts/${postId}`;
  return change(ctx, back, 'saved', () => ctx.team.comments.setHidden(commentId, form.get('value') === 'yes'));
}
