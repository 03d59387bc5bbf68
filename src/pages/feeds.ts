/**
 * What feed readers and search engines read: the changelog of a published board (the team's
 * entries and the shipped posts) as an Atom feed
 * (RFC 4287), `sitemap.xml` (sitemaps.org 0.9) of the published boards and their newest visible
 * posts, and `robots.txt`, which keeps crawlers out of the dashboard and the sign-in pages. Every
 * link is absolute, on the pages' public origin. See docs/pages.md, "Feeds and search engines".
 */
import type { Board, Post } from '../domain/responses.js';
import type { PageContext } from './context.js';
import { notFoundPage, publishedBoard } from './respond.js';
import { pageHeaders } from './security.js';
import { privateBoardIds } from './board-access.js';
import { changelogItems } from './changelog-page.js';
import { renderMarkdown } from './markdown.js';

/** Items (changelog entries and shipped posts) in a board's feed, newest first. */
export const FEED_ENTRIES = 50;
/** Posts of each board in the sitemap, newest first (the sitemap holds at most 50,000 URLs). */
export const SITEMAP_POSTS_PER_BOARD = 1000;
const SITEMAP_MAX_URLS = 50_000;
const PAGE = 100;

/** Text as XML character data or an attribute value: escaped, without the characters XML 1.0 forbids. */
export function xmlText(value: string): string {
  return value
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** The absolute URL of a path of the pages. */
export function absolute(ctx: PageContext, path: string): string {
  return new URL(ctx.href(path), ctx.origin).href;
}

const boardPath = (board: Board) => `/boards/${encodeURIComponent(board.slug)}`;

/**
 * A cacheable answer: the pages' security headers, and no cookie (a cache may share it); null
 * `maxAgeSeconds` for what only the asker may see (a private board's feed), which no cache keeps.
 */
function served(ctx: PageContext, type: string, body: string, maxAgeSeconds: number | null): Response {
  const headers = new Headers(pageHeaders(ctx.options.stylesheetUrl));
  headers.set('content-type', `${type}; charset=utf-8`);
  headers.set('cache-control', maxAgeSeconds === null ? 'private, no-store' : `public, max-age=${maxAgeSeconds}`);
  return new Response(body, { headers });
}

/** `GET /boards/{slug}/changelog.atom`: the board's changelog entries and shipped posts as an Atom feed; 404 for a draft board. */
export async function changelogFeed(ctx: PageContext, slug: string): Promise<Response> {
  const board = await publishedBoard(ctx, slug);
  if (!board) return notFoundPage(ctx);
  const items = await changelogItems(ctx, board, FEED_ENTRIES);
  const self = absolute(ctx, `${boardPath(board)}/changelog.atom`);
  const page = absolute(ctx, `${boardPath(board)}/changelog`);
  const updated = items.reduce((latest, item) => (item.at > latest ? item.at : latest), board.created_at);
  const entries = items.map((item) => {
    if (item.kind === 'entry') {
      const url = `${page}#entry-${item.entry.id}`;
      return [
        '  <entry>',
        `    <id>${xmlText(url)}</id>`,
        `    <title>${xmlText(item.entry.title)}</title>`,
        `    <link rel="alternate" type="text/html" href="${xmlText(url)}"/>`,
        `    <published>${item.at}</published>`,
        `    <updated>${item.at}</updated>`,
        // The body as the page renders it (raw HTML in the Markdown shown as text), escaped once more for XML.
        `    <content type="html">${xmlText(renderMarkdown(item.entry.body))}</content>`,
        ...item.posts.map((post) => `    <link rel="related" type="text/html" href="${xmlText(absolute(ctx, `${boardPath(board)}/posts/${post.id}`))}" title="${xmlText(post.title)}"/>`),
        '  </entry>',
      ].join('\n');
    }
    const post = item.post;
    const url = absolute(ctx, `${boardPath(board)}/posts/${post.id}`);
    return [
      '  <entry>',
      `    <id>${xmlText(url)}</id>`,
      `    <title>${xmlText(post.title)}</title>`,
      `    <link rel="alternate" type="text/html" href="${xmlText(url)}"/>`,
      `    <published>${item.at}</published>`,
      `    <updated>${item.at}</updated>`,
      ...(post.body ? [`    <summary type="text">${xmlText(post.body)}</summary>`] : []),
      ...post.tags.map((tag) => `    <category term="${xmlText(tag.name)}"/>`),
      '  </entry>',
    ].join('\n');
  });
  const feed = [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <id>${xmlText(self)}</id>`,
    `  <title>${xmlText(`${board.name} changelog`)}</title>`,
    ...(board.description ? [`  <subtitle>${xmlText(board.description)}</subtitle>`] : []),
    `  <link rel="self" type="application/atom+xml" href="${xmlText(self)}"/>`,
    `  <link rel="alternate" type="text/html" href="${xmlText(page)}"/>`,
    `  <updated>${updated}</updated>`,
    `  <author><name>${xmlText(ctx.siteName)}</name></author>`,
    ...entries,
    '</feed>',
    '',
  ].join('\n');
  const closed = (await privateBoardIds(ctx.board, [board.id])).has(board.id);
  return served(ctx, 'application/atom+xml', feed, closed ? null : 300);
}

/** The newest visible posts of a board, at most {@link SITEMAP_POSTS_PER_BOARD} and `room`. */
async function newestVisiblePosts(ctx: PageContext, board: Board, room: number): Promise<Post[]> {
  const wanted = Math.min(SITEMAP_POSTS_PER_BOARD, room);
  const found: Post[] = [];
  for (let offset = 0; found.length < wanted; offset += PAGE) {
    const { posts } = await ctx.team.api.posts.list(board.slug, { sort: 'new', limit: String(PAGE), offset: String(offset) });
    found.push(...posts.filter((post) => !post.hidden).slice(0, wanted - found.length));
    if (posts.length < PAGE) break;
  }
  return found;
}

/** `GET /sitemap.xml`: the board list, and each published public board's pages and newest visible posts. */
export async function sitemap(ctx: PageContext): Promise<Response> {
  const published = (await ctx.team.api.boards.list()).boards.filter((board) => board.published);
  // Private boards are never listed, whoever asks: search engines must not learn of them.
  const closed = await privateBoardIds(ctx.board, published.map((board) => board.id));
  const boards = published.filter((board) => !closed.has(board.id));
  const urls: { loc: string; lastmod?: string }[] = [{ loc: absolute(ctx, '/') }];
  for (const board of boards) {
    const base = boardPath(board);
    urls.push({ loc: absolute(ctx, base) }, { loc: absolute(ctx, `${base}/roadmap`) }, { loc: absolute(ctx, `${base}/changelog`) });
    for (const post of await newestVisiblePosts(ctx, board, SITEMAP_MAX_URLS - urls.length)) {
      urls.push({ loc: absolute(ctx, `${base}/posts/${post.id}`), lastmod: post.shipped_at ?? post.created_at });
    }
    if (urls.length >= SITEMAP_MAX_URLS) break;
  }
  const body = [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls
      .slice(0, SITEMAP_MAX_URLS)
      .map(({ loc, lastmod }) => `  <url><loc>${xmlText(loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`),
    '</urlset>',
    '',
  ].join('\n');
  return served(ctx, 'application/xml', body, 300);
}

/** `GET /robots.txt`: crawlers welcome on the public pages, kept out of the dashboard and sign-in. */
export function robots(ctx: PageContext): Response {
  const body = [
    'User-agent: *',
    `Disallow: ${ctx.href('/dashboard')}`,
    `Disallow: ${ctx.href('/sign-in')}`,
    `Disallow: ${ctx.href('/sign-out')}`,
    `Sitemap: ${absolute(ctx, '/sitemap.xml')}`,
    '',
  ].join('\n');
  return served(ctx, 'text/plain', body, 3600);
}
