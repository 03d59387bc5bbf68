/** The public pages of boards: the list of published boards, a board's posts, roadmap (the changelog is changelog-page.tsx). */
import type { Board, Post } from '../domain/responses.js';
import type { StatusRecord } from '../domain/statuses.js';
import type { PageContext } from './context.js';
import { Notice, PostForm, StatusBadge, statusText, STATUSES } from './layout.js';
import { markdownExcerpt } from './markdown.js';
import { LabelBadge, labelText } from './status-labels.js';
import { boardNav, notFoundPage, page, publishedBoard } from './respond.js';
import { openBoardIds, signedInOf } from './board-access.js';
import { boardPageChoices, IdeaForm } from './idea-form.js';
import { WaitingPosts, waitingPostsOf } from './held-posts.js';

const DEFAULT_PAGE_SIZE = 20;

export async function boardsPage(ctx: PageContext): Promise<Response> {
  const all = (await ctx.team.api.boards.list()).boards;
  // A private board is listed only to those it is open to (docs/private-boards.md).
  const open = await openBoardIds(ctx.board, all.map((b) => b.id), signedInOf(ctx));
  const boards = all.filter((b) => open.has(b.id));
  return page(
    ctx,
    ctx.t('boards.title'),
    <>
      <Notice ctx={ctx} />
      <h1>{ctx.t('boards.heading', { site: ctx.siteName })}</h1>
      <p class="lead">{ctx.t('boards.lead')}</p>
      {boards.length === 0 ? <p class="muted">{ctx.t('boards.none')}</p> : null}
      <div class="grid">
        {boards.map((board) => (
          <div class="card">
            <h2 class="h3 user-text">
              <a href={ctx.href(`/boards/${encodeURIComponent(board.slug)}`)}>{board.name}</a>
            </h2>
            {board.description ? <p class="muted user-text">{board.description}</p> : null}
          </div>
        ))}
      </div>
    </>,
  );
}

/** Voted state of the signed-in voter for these posts. */
export async function votedPosts(ctx: PageContext, postIds: readonly number[]): Promise<Set<number>> {
  const voter = ctx.voter;
  if (!voter || postIds.length === 0) return new Set();
  return ctx.board.storage.transaction('read', async (tx) => {
    const voted = new Set<number>();
    for (const id of postIds) if ((await tx.listVoterIds(id)).includes(voter.id)) voted.add(id);
    return voted;
  });
}

/** The vote box of a post: its count and, for a signed-in voter, the vote or unvote button. */
export function VoteBox(props: { ctx: PageContext; board: Board; post: Post; voted: boolean }) {
  const { ctx, board, post, voted } = props;
  const path = `/boards/${encodeURIComponent(board.slug)}/posts/${post.id}`;
  return (
    <div class="votes">
      <span class="count">{ctx.i18n.number(post.vote_count)}</span>
      <span class="label">{ctx.t('vote.label', { count: post.vote_count })}</span>
      {ctx.voter ? (
        <PostForm ctx={ctx} action={`${path}/vote`} label={ctx.t('vote.for', { title: post.title })}>
          <input type="hidden" name="action" value={voted ? 'unvote' : 'vote'} />
          <input type="hidden" name="next" value={ctx.url.pathname + ctx.url.search} />
          <button type="submit" class={voted ? 'secondary' : undefined} aria-pressed={voted ? 'true' : 'false'}>
            <span class="vote-label">
              <span>{voted ? ctx.t('vote.voted') : ctx.t('vote.vote')}</span>
              <span aria-hidden="true">{voted ? ctx.t('vote.vote') : ctx.t('vote.voted')}</span>
            </span>
          </button>
        </PostForm>
      ) : (
        <a class="button" href={ctx.href(`/sign-in?next=${encodeURIComponent(ctx.href(path))}`)}>
          {ctx.i18n.rich('vote.signInToVote', {}, { hidden: (chunks) => <span class="sr-only">{chunks}</span> })}
        </a>
      )}
    </div>
  );
}

function Tags({ post }: { post: Post }) {
  return (
    <>
      {post.tags.map((tag) => (
        <span class="badge tag user-text">{tag.name}</span>
      ))}
    </>
  );
}

function PostSummary(props: { ctx: PageContext; board: Board; post: Post; voted: boolean }) {
  const { ctx, board, post } = props;
  const excerpt = markdownExcerpt(post.body, 220);
  return (
    <article class="card post" id={`post-${post.id}`}>
      <VoteBox {...props} />
      <div class="content">
        <h3 class="user-text">
          <a href={ctx.href(`/boards/${encodeURIComponent(board.slug)}/posts/${post.id}`)}>{post.title}</a>
        </h3>
        {excerpt ? <p class="excerpt">{excerpt}</p> : null}
        <div class="meta">
          <LabelBadge label={post.status_label} status={post.status} ctx={ctx} />
          <Tags post={post} />
          {post.pinned ? <span class="badge tag">{ctx.t('board.pinned')}</span> : null}
          <span>{ctx.i18n.date(post.created_at)}</span>
        </div>
      </div>
    </article>
  );
}

/**
 * The status filter: any status, then each category with the organization's own labels of it
 * (those it added) below it. A category with only its default label is one option, in the
 * label's words; a category's option lists every post of it, whatever its label.
 */
function StatusFilterOptions({ ctx, statuses, chosen }: { ctx: PageContext; statuses: readonly StatusRecord[]; chosen: string | undefined }) {
  return (
    <select id="status" name="status">
      <option value="">{ctx.t('board.anyStatus')}</option>
      {STATUSES.map((category) => {
        const labels = statuses.filter((s) => s.category === category);
        const added = labels.filter((s) => !s.is_default);
        const only = labels.length === 1 ? labels[0]! : undefined;
        const all = (
          <option value={category} selected={category === chosen}>
            {only ? labelText(only, category, ctx) : statusText(category, ctx)}
          </option>
        );
        if (added.length === 0 || only) return all;
        return (
          <optgroup label={statusText(category, ctx)}>
            {all}
            {added.map((label) => (
              <option value={`label-${label.id}`} selected={`label-${label.id}` === chosen}>
                {labelText(label, category, ctx)}
              </option>
            ))}
          </optgroup>
        );
      })}
    </select>
  );
}

function pick<T extends string>(value: string | null, allowed: readonly T[]): T | undefined {
  return allowed.find((a) => a === value);
}

export async function boardPage(ctx: PageContext, slug: string): Promise<Response> {
  const board = await publishedBoard(ctx, slug);
  if (!board) return notFoundPage(ctx);
  const params = ctx.url.searchParams;
  const sort = pick(params.get('sort'), ['top', 'new'] as const) ?? 'top';
  // A category (`planned`) or one of the organization's labels (`label-7`).
  const labelId = /^label-([1-9][0-9]{0,9})$/.exec(params.get('status') ?? '')?.[1];
  const status = labelId === undefined ? pick(params.get('status'), STATUSES) : undefined;
  const q = [...(params.get('q') ?? '')].slice(0, 200).join('').replace(/\0/g, '');
  const pageNumber = Math.min(Math.max(Number.parseInt(params.get('page') ?? '1', 10) || 1, 1), 10_000);
  const size = Math.min(Math.max(Math.trunc(ctx.options.boardPageSize ?? DEFAULT_PAGE_SIZE), 1), 100);
  // Pinned posts lead the board (and the widget, which frames it), each part in the chosen order.
  const query: Record<string, string> = { sort, pinned_first: 'true', limit: String(size), offset: String((pageNumber - 1) * size) };
  if (status) query.status = status;
  if (labelId !== undefined) query.status_label = labelId;
  if (q.trim()) query.q = q.trim();
  const submissions = ctx.options.voterSubmissions !== false;
  const [list, { statuses, tags, fields }] = await Promise.all([ctx.team.api.posts.list(board.slug, query), boardPageChoices(ctx, board, submissions)]);
  const chosen = labelId === undefined ? status : `label-${labelId}`;
  // Hidden posts never appear publicly; pages are counted over every post, so one may come out short.
  const posts = list.posts.filter((p) => !p.hidden);
  const voted = await votedPosts(ctx, posts.map((p) => p.id));
  const waiting = await waitingPostsOf(ctx, board);
  const link = (n: number) => {
    const next = new URLSearchParams({ sort, ...(chosen ? { status: chosen } : {}), ...(q ? { q } : {}), page: String(n) });
    return ctx.href(`/boards/${encodeURIComponent(board.slug)}?${next.toString()}`);
  };
  return page(
    ctx,
    board.name,
    <>
      <Notice ctx={ctx} />
      <h1 class="user-text">{board.name}</h1>
      {board.welcome_message || board.description ? <p class="lead user-text">{board.welcome_message || board.description}</p> : null}
      {submissions ? (
        <details class="card idea">
          <summary>{ctx.t('board.submitIdea')}</summary>
          <IdeaForm ctx={ctx} board={board} tags={tags} fields={fields} />
        </details>
      ) : null}
      <form class="filters" method="get" action={ctx.href(`/boards/${encodeURIComponent(board.slug)}`)} role="search">
        <div class="field">
          <label for="q">{ctx.t('board.search')}</label>
          <input id="q" type="search" name="q" value={q} maxlength={200} placeholder={ctx.t('board.searchPlaceholder')} />
        </div>
        <div class="field">
          <label for="status">{ctx.t('board.status')}</label>
          <StatusFilterOptions ctx={ctx} statuses={statuses} chosen={chosen} />
        </div>
        <div class="field">
          <label for="sort">{ctx.t('board.sort')}</label>
          <select id="sort" name="sort">
            <option value="top" selected={sort === 'top'}>
              {ctx.t('board.sortTop')}
            </option>
            <option value="new" selected={sort === 'new'}>
              {ctx.t('board.sortNew')}
            </option>
          </select>
        </div>
        <button type="submit">{ctx.t('board.apply')}</button>
      </form>
      <WaitingPosts ctx={ctx} board={board} waiting={waiting} />
      {posts.length === 0 ? <p class="muted">{ctx.t('board.noPosts')}</p> : null}
      {posts.map((post) => (
        <PostSummary ctx={ctx} board={board} post={post} voted={voted.has(post.id)} />
      ))}
      <nav class="pager" aria-label={ctx.t('board.pages')}>
        {pageNumber > 1 ? <a href={link(pageNumber - 1)}>{ctx.t('board.previousPage')}</a> : <span />}
        {list.total > pageNumber * size ? <a href={link(pageNumber + 1)}>{ctx.t('board.nextPage')}</a> : <span />}
      </nav>
    </>,
    { nav: boardNav(board, 'posts'), labels: posts.map((post) => post.status_label), meta: { description: board.description, path: `/boards/${encodeURIComponent(board.slug)}`, feed: { title: ctx.t('board.feedTitle', { board: board.name }), path: `/boards/${encodeURIComponent(board.slug)}/changelog.atom` } } },
  );
}

export async function roadmapPage(ctx: PageContext, slug: string): Promise<Response> {
  const board = await publishedBoard(ctx, slug);
  if (!board) return notFoundPage(ctx);
  const { posts } = await ctx.team.api.roadmap.list(board.slug, { limit: '500' });
  const columns = (['planned', 'in_progress', 'shipped'] as const).map((status) => ({ status, posts: posts.filter((p) => p.status === status) }));
  return page(
    ctx,
    ctx.t('roadmap.title', { board: board.name }),
    <>
      <h1>{ctx.t('nav.roadmap')}</h1>
      <p class="lead">{ctx.t('roadmap.lead', { board: board.name })}</p>
      <div class="columns">
        {columns.map((column) => (
          <section class="card" aria-labelledby={`col-${column.status}`}>
            <h2 id={`col-${column.status}`} class="h3">
              <StatusBadge status={column.status} ctx={ctx} /> <span class="muted small">{ctx.i18n.number(column.posts.length)}</span>
            </h2>
            {column.posts.length === 0 ? <p class="muted small">{ctx.t('roadmap.empty')}</p> : null}
            <ul class="plain">
              {column.posts.map((post) => (
                <li>
                  <a class="user-text" href={ctx.href(`/boards/${encodeURIComponent(board.slug)}/posts/${post.id}`)}>
                    {post.title}
                  </a>
                  {/* The column is the category; each card shows the label it has within it. */}
                  <LabelBadge label={post.status_label} status={post.status} ctx={ctx} />
                  <span class="muted small count-text">{ctx.t('vote.count', { count: post.vote_count })}</span>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </>,
    { nav: boardNav(board, 'roadmap'), labels: posts.map((post) => post.status_label), meta: { description: ctx.t('roadmap.description', { board: board.name }), path: `/boards/${encodeURIComponent(board.slug)}/roadmap` } },
  );
}
