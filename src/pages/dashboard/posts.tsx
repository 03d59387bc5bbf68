/** The dashboard's posts: a board's posts, and one post to change (status, hide, pin, queue rank, comments). */
import type { Comment, Post } from '../../domain/responses.js';
import type { PageContext } from '../context.js';
import { day, PostForm, StatusBadge, STATUSES } from '../layout.js';
import { LabelBadge } from '../status-labels.js';
import { StatusSelect } from './status-select.js';
import { BulkCheckbox, BulkControls, BulkSelectAll } from './bulk.js';
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

const PAGE_SIZE = 50;

/** The orders of the dashboard's post list: the `sort` parameter, its label, and the list's caption. */
const SORTS = [
  { value: 'new', label: 'Newest', caption: 'newest first' },
  { value: 'top', label: 'Most votes', caption: 'most votes first' },
  { value: 'revenue', label: 'Company revenue', caption: 'highest company revenue first' },
] as const;

/** A post of the list, with the revenue of the companies behind it when sorted by it. */
type ListedPost = Post & { company_revenue?: number };

export async function postsPage(ctx: PageContext): Promise<Response> {
  const boards = (await ctx.team.api.boards.list()).boards;
  const slug = ctx.url.searchParams.get('board');
  const board = boards.find((b) => b.slug === slug) ?? boards[0];
  // An unknown sort is the default, newest first.
  const sort = SORTS.find((s) => s.value === ctx.url.searchParams.get('sort')) ?? SORTS[0];
  const pageNumber = Math.min(Math.max(Number.parseInt(ctx.url.searchParams.get('page') ?? '1', 10) || 1, 1), 10_000);
  const offset = (pageNumber - 1) * PAGE_SIZE;
  const list: { posts: ListedPost[]; total: number } = !board
    ? { posts: [], total: 0 }
    : sort.value === 'revenue'
      ? await ctx.team.posts.listByCompanyRevenue(board.slug, { limit: PAGE_SIZE, offset })
      : await ctx.team.api.posts.list(board.slug, { sort: sort.value, limit: String(PAGE_SIZE), offset: String(offset) });
  const { statuses } = await ctx.team.api.statuses.list();
  const revenue = sort.value === 'revenue';
  const link = (n: number) => {
    const query = new URLSearchParams({ board: board?.slug ?? '', sort: sort.value, page: String(n) });
    return ctx.href(`/dashboard/posts?${query.toString()}`);
  };
  return dashPage(
    ctx,
    'posts',
    'Posts',
    <>
      <h1>Posts</h1>
      <form class="filters" method="get" action={ctx.href('/dashboard/posts')}>
        <div class="field">
          <label for="board">Board</label>
          <select id="board" name="board">
            {boards.map((b) => (
              <option value={b.slug} selected={b.slug === board?.slug}>
                {b.name}
              </option>
            ))}
          </select>
        </div>
        <div class="field">
          <label for="sort">Sort</label>
          <select id="sort" name="sort">
            {SORTS.map((s) => (
              <option value={s.value} selected={s.value === sort.value}>
                {s.label}
              </option>
            ))}
          </select>
        </div>
        <button type="submit">Show</button>
      </form>
      <p class="muted small">
        {counted(list.total, 'post')}, {sort.caption}.
      </p>
      <PostForm ctx={ctx} action="/dashboard/posts/bulk" label="Bulk action">
        <input type="hidden" name="board" value={board?.slug ?? ''} />
        <table>
          <thead>
            <tr>
              <th scope="col">
                <BulkSelectAll posts={list.posts} />
              </th>
              <th scope="col">Title</th>
              <th scope="col">Status</th>
              <th scope="col">Votes</th>
              {revenue ? <th scope="col">Company revenue</th> : null}
              <th scope="col">Flags</th>
            </tr>
          </thead>
          <tbody>
            {list.posts.map((post) => (
              <tr>
                <td>
                  <BulkCheckbox post={post} />
                </td>
                <td class="title">
                  <a href={ctx.href(`/dashboard/posts/${post.id}`)}>{post.title}</a>
                </td>
                <td>
                  <LabelBadge label={post.status_label} status={post.status} />
                </td>
                <td>{post.vote_count}</td>
                {revenue ? <td>{(post.company_revenue ?? 0).toLocaleString('en-US')}</td> : null}
                <td class="small">{[post.hidden ? 'hidden' : '', post.pinned ? 'pinned' : ''].filter(Boolean).join(', ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {list.posts.length > 0 ? <BulkControls statuses={statuses} /> : null}
      </PostForm>
      <nav class="pager" aria-label="Pages">
        {pageNumber > 1 ? <a href={link(pageNumber - 1)}>← Previous page</a> : <span />}
        {list.total > pageNumber * PAGE_SIZE ? <a href={link(pageNumber + 1)}>Next page →</a> : <span />}
      </nav>
    </>,
    200,
    list.posts.map((post) => post.status_label),
  );
}

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
