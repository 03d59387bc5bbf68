/** The public pages of boards: the list of published boards, a board's posts, roadmap, changelog. */
import type { Board, Post } from '../domain/responses.js';
import type { PageContext } from './context.js';
import { day, Notice, PostForm, StatusBadge, STATUS_TEXT, STATUSES } from './layout.js';
import { markdownExcerpt } from './markdown.js';
import { boardNav, notFoundPage, page, publishedBoard } from './respond.js';
import { boardTags, IdeaForm } from './idea-form.js';
import { WaitingPosts } from './held-posts.js';

const DEFAULT_PAGE_SIZE = 20;

export async function boardsPage(ctx: PageContext): Promise<Response> {
  const boards = (await ctx.team.api.boards.list()).boards.filter((b) => b.published);
  return page(
    ctx,
    'Boards',
    <>
      <Notice ctx={ctx} />
      <h1>{ctx.siteName} feedback</h1>
      <p class="lead">Share ideas, vote on what matters to you, and follow what gets built.</p>
      {boards.length === 0 ? <p class="muted">No board is published yet.</p> : null}
      <div class="grid">
        {boards.map((board) => (
          <div class="card">
            <h2 class="h3">
              <a href={ctx.href(`/boards/${encodeURIComponent(board.slug)}`)}>{board.name}</a>
            </h2>
            {board.description ? <p class="muted">{board.description}</p> : null}
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
      <span class="count">{post.vote_count}</span>
      <span class="label">{post.vote_count === 1 ? 'vote' : 'votes'}</span>
      {ctx.voter ? (
        <PostForm ctx={ctx} action={`${path}/vote`} label={`Vote for ${post.title}`}>
          <input type="hidden" name="action" value={voted ? 'unvote' : 'vote'} />
          <input type="hidden" name="next" value={ctx.url.pathname + ctx.url.search} />
          <button type="submit" class={voted ? 'secondary' : undefined} aria-pressed={voted ? 'true' : 'false'}>
            {voted ? 'Voted' : 'Vote'}
          </button>
        </PostForm>
      ) : (
        <a class="button" href={ctx.href(`/sign-in?next=${encodeURIComponent(ctx.href(path))}`)}>
          <span class="sr-only">Sign in to </span>Vote
        </a>
      )}
    </div>
  );
}

function Tags({ post }: { post: Post }) {
  return (
    <>
      {post.tags.map((tag) => (
        <span class="badge tag">{tag.name}</span>
      ))}
    </>
  );
}

function PostSummary(props: { ctx: PageContext; board: Board; post: Post; voted: boolean }) {
  const { ctx, board, post } = props;
  const excerpt = markdownExcerpt(post.body, 220);
  return (
    <article class="card post">
      <VoteBox {...props} />
      <div class="content">
        <h3>
          <a href={ctx.href(`/boards/${encodeURIComponent(board.slug)}/posts/${post.id}`)}>{post.title}</a>
        </h3>
        {excerpt ? <p class="excerpt">{excerpt}</p> : null}
        <div class="meta">
          <StatusBadge status={post.status} />
          <Tags post={post} />
          {post.pinned ? <span class="badge tag">Pinned</span> : null}
          <span>{day(post.created_at)}</span>
        </div>
      </div>
    </article>
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
  const status = pick(params.get('status'), STATUSES);
  const q = [...(params.get('q') ?? '')].slice(0, 200).join('').replace(/\0/g, '');
  const pageNumber = Math.min(Math.max(Number.parseInt(params.get('page') ?? '1', 10) || 1, 1), 10_000);
  const size = Math.min(Math.max(Math.trunc(ctx.options.boardPageSize ?? DEFAULT_PAGE_SIZE), 1), 100);
  const query: Record<string, string> = { sort, limit: String(size), offset: String((pageNumber - 1) * size) };
  if (status) query.status = status;
  if (q.trim()) query.q = q.trim();
  const submissions = ctx.options.voterSubmissions !== false;
  const [list, tags] = await Promise.all([ctx.team.api.posts.list(board.slug, query), submissions ? boardTags(ctx, board) : []]);
  // Hidden posts never appear publicly; pages are counted over every post, so one may come out short.
  const posts = list.posts.filter((p) => !p.hidden);
  const voted = await votedPosts(ctx, posts.map((p) => p.id));
  const link = (n: number) => {
    const next = new URLSearchParams({ sort, ...(status ? { status } : {}), ...(q ? { q } : {}), page: String(n) });
    return ctx.href(`/boards/${encodeURIComponent(board.slug)}?${next.toString()}`);
  };
  return page(
    ctx,
    board.name,
    <>
      <Notice ctx={ctx} />
      <h1>{board.name}</h1>
      {board.welcome_message || board.description ? <p class="lead">{board.welcome_message || board.description}</p> : null}
      {submissions ? (
        <details class="card idea">
          <summary>Submit an idea</summary>
          <IdeaForm ctx={ctx} board={board} tags={tags} />
        </details>
      ) : null}
      <form class="filters" method="get" action={ctx.href(`/boards/${encodeURIComponent(board.slug)}`)} role="search">
        <div class="field">
          <label for="q">Search</label>
          <input id="q" type="search" name="q" value={q} maxlength={200} placeholder="Search posts" />
        </div>
        <div class="field">
          <label for="status">Status</label>
          <select id="status" name="status">
            <option value="">Any status</option>
            {STATUSES.map((s) => (
              <option value={s} selected={s === status}>
                {STATUS_TEXT[s]}
              </option>
            ))}
          </select>
        </div>
        <div class="field">
          <label for="sort">Sort</label>
          <select id="sort" name="sort">
            <option value="top" selected={sort === 'top'}>
              Most votes
            </option>
            <option value="new" selected={sort === 'new'}>
              Newest
            </option>
          </select>
        </div>
        <button type="submit">Apply</button>
      </form>
      <WaitingPosts ctx={ctx} board={board} />
      {posts.length === 0 ? <p class="muted">No posts match.</p> : null}
      {posts.map((post) => (
        <PostSummary ctx={ctx} board={board} post={post} voted={voted.has(post.id)} />
      ))}
      <nav class="pager" aria-label="Pages">
        {pageNumber > 1 ? <a href={link(pageNumber - 1)}>← Previous page</a> : <span />}
        {list.total > pageNumber * size ? <a href={link(pageNumber + 1)}>Next page →</a> : <span />}
      </nav>
    </>,
    { nav: boardNav(board, 'posts'), meta: { description: board.description, path: `/boards/${encodeURIComponent(board.slug)}`, feed: { title: `${board.name} changelog`, path: `/boards/${encodeURIComponent(board.slug)}/changelog.atom` } } },
  );
}

export async function roadmapPage(ctx: PageContext, slug: string): Promise<Response> {
  const board = await publishedBoard(ctx, slug);
  if (!board) return notFoundPage(ctx);
  const { posts } = await ctx.team.api.roadmap.list(board.slug, { limit: '500' });
  const columns = (['planned', 'in_progress', 'shipped'] as const).map((status) => ({ status, posts: posts.filter((p) => p.status === status) }));
  return page(
    ctx,
    `Roadmap · ${board.name}`,
    <>
      <h1>Roadmap</h1>
      <p class="lead">What is planned, under way and recently shipped on {board.name}.</p>
      <div class="columns">
        {columns.map((column) => (
          <section class="card" aria-labelledby={`col-${column.status}`}>
            <h2 id={`col-${column.status}`} class="h3">
              <StatusBadge status={column.status} /> <span class="muted small">{column.posts.length}</span>
            </h2>
            {column.posts.length === 0 ? <p class="muted small">Nothing here yet.</p> : null}
            <ul class="plain">
              {column.posts.map((post) => (
                <li>
                  <a href={ctx.href(`/boards/${encodeURIComponent(board.slug)}/posts/${post.id}`)}>{post.title}</a>
                  <span class="muted small count-text">{post.vote_count} votes</span>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </>,
    { nav: boardNav(board, 'roadmap'), meta: { description: `What is planned and in progress on ${board.name}.`, path: `/boards/${encodeURIComponent(board.slug)}/roadmap` } },
  );
}

export async function changelogPage(ctx: PageContext, slug: string): Promise<Response> {
  const board = await publishedBoard(ctx, slug);
  if (!board) return notFoundPage(ctx);
  const { posts } = await ctx.team.api.changelog.list(board.slug, { limit: '100' });
  return page(
    ctx,
    `Changelog · ${board.name}`,
    <>
      <h1>Changelog</h1>
      <p class="lead">
        Shipped on {board.name}, newest first. <a href={ctx.href(`/boards/${encodeURIComponent(board.slug)}/changelog.atom`)}>Follow it in a feed reader</a>.
      </p>
      {posts.length === 0 ? <p class="muted">Nothing has shipped yet.</p> : null}
      {posts.map((post) => (
        <article class="card">
          <p class="muted small">Shipped {day(post.shipped_at)}</p>
          <h2 class="h3">
            <a href={ctx.href(`/boards/${encodeURIComponent(board.slug)}/posts/${post.id}`)}>{post.title}</a>
          </h2>
          {post.body ? <p class="excerpt">{markdownExcerpt(post.body, 300)}</p> : null}
        </article>
      ))}
    </>,
    { nav: boardNav(board, 'changelog'), meta: { description: `Shipped on ${board.name}.`, path: `/boards/${encodeURIComponent(board.slug)}/changelog`, feed: { title: `${board.name} changelog`, path: `/boards/${encodeURIComponent(board.slug)}/changelog.atom` } } },
  );
}
