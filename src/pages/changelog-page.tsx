/**
 * A board's changelog as the public reads it: the entries the team wrote and the posts that
 * shipped, newest first, on the changelog page and in its Atom feed (feeds.ts). An entry's body is
 * Markdown, rendered by the pages' renderer (raw HTML shown as text); its linked posts are named
 * only when the public may see them (visible, on the board).
 */
import type { Board, ChangelogEntry, Post } from '../domain/responses.js';
import type { PageContext } from './context.js';
import { Markdown, markdownExcerpt } from './markdown.js';
import { boardNav, notFoundPage, page, publishedBoard } from './respond.js';

/** A post an entry links, as the public may see it. */
export interface LinkedPost {
  id: number;
  title: string;
}

/** One item of a board's changelog: an entry the team wrote, or a post that shipped; `at` orders them. */
export type ChangelogItem = { kind: 'entry'; at: string; entry: ChangelogEntry; posts: LinkedPost[] } | { kind: 'post'; at: string; post: Post };

/**
 * The newest `limit` items of the board's changelog: its published entries and its visible shipped
 * posts, newest first (an entry before a post shipped at the same instant).
 */
export async function changelogItems(ctx: PageContext, board: Board, limit: number): Promise<ChangelogItem[]> {
  const [{ posts }, { entries }] = await Promise.all([
    ctx.team.api.changelog.list(board.slug, { limit: String(limit) }),
    ctx.team.api.changelog.entries(board.slug, { state: 'published', limit: String(limit) }),
  ]);
  const linked = new Map<number, LinkedPost | null>();
  for (const id of new Set(entries.flatMap((entry) => entry.post_ids))) linked.set(id, await visiblePost(ctx, board, id));
  const items: ChangelogItem[] = [
    ...entries.map((entry) => ({
      kind: 'entry' as const,
      at: entry.published_at!,
      entry,
      posts: entry.post_ids.flatMap((id) => linked.get(id) ?? []),
    })),
    ...posts.map((post) => ({ kind: 'post' as const, at: post.shipped_at ?? post.created_at, post })),
  ];
  return items.sort((a, b) => (a.at === b.at ? (a.kind === b.kind ? 0 : a.kind === 'entry' ? -1 : 1) : a.at < b.at ? 1 : -1)).slice(0, limit);
}

/** The post, when the public may see it: on the board, not hidden, not merged away. */
async function visiblePost(ctx: PageContext, board: Board, id: number): Promise<LinkedPost | null> {
  try {
    const post = await ctx.team.api.posts.get(board.slug, id);
    return post.hidden ? null : { id: post.id, title: post.title };
  } catch {
    return null;
  }
}

const postPath = (board: Board, id: number) => `/boards/${encodeURIComponent(board.slug)}/posts/${id}`;

function EntryArticle({ ctx, board, item }: { ctx: PageContext; board: Board; item: Extract<ChangelogItem, { kind: 'entry' }> }) {
  return (
    <article class="card" id={`entry-${item.entry.id}`}>
      <p class="muted small">{ctx.t('changelog.published', { date: ctx.i18n.date(item.at) })}</p>
      <h2 class="h3 user-text">{item.entry.title}</h2>
      <Markdown text={item.entry.body} />
      {item.posts.length === 0 ? null : (
        <p class="small">
          {ctx.t('changelog.about')}{' '}
          {item.posts.map((post, i) => (
            <>
              {i > 0 ? ', ' : null}
              <a class="user-text" href={ctx.href(postPath(board, post.id))}>
                {post.title}
              </a>
            </>
          ))}
        </p>
      )}
    </article>
  );
}

export async function changelogPage(ctx: PageContext, slug: string): Promise<Response> {
  const board = await publishedBoard(ctx, slug);
  if (!board) return notFoundPage(ctx);
  const items = await changelogItems(ctx, board, 100);
  const feed = `/boards/${encodeURIComponent(board.slug)}/changelog.atom`;
  return page(
    ctx,
    ctx.t('changelog.title', { board: board.name }),
    <>
      <h1>{ctx.t('nav.changelog')}</h1>
      <p class="lead">{ctx.i18n.rich('changelog.lead', { board: board.name }, { feed: (chunks) => <a href={ctx.href(feed)}>{chunks}</a> })}</p>
      {items.length === 0 ? <p class="muted">{ctx.t('changelog.empty')}</p> : null}
      {items.map((item) =>
        item.kind === 'entry' ? (
          <EntryArticle ctx={ctx} board={board} item={item} />
        ) : (
          <article class="card">
            <p class="muted small">{ctx.t('post.shipped', { date: ctx.i18n.date(item.at) })}</p>
            <h2 class="h3 user-text">
              <a href={ctx.href(postPath(board, item.post.id))}>{item.post.title}</a>
            </h2>
            {item.post.body ? <p class="excerpt">{markdownExcerpt(item.post.body, 300)}</p> : null}
          </article>
        ),
      )}
    </>,
    {
      nav: boardNav(board, 'changelog'),
      meta: {
        description: ctx.t('changelog.description', { board: board.name }),
        path: `/boards/${encodeURIComponent(board.slug)}/changelog`,
        feed: { title: ctx.t('board.feedTitle', { board: board.name }), path: feed },
      },
    },
  );
}
