/**
 * Embed mode: one board's public pages without the site chrome, for the panel of
 * `feedback-board/widget` (docs/widget.md). Its pages live under `/embed/boards/{slug}`:
 *
 * - `/embed/boards/{slug}`, `…/roadmap`, `…/changelog`, `…/posts/{id}` (and its forms),
 *   `…/ideas/new`, `…/ideas`, `…/waiting/{id}` are the board's pages of the same name;
 * - `/embed/boards/{slug}/sign-in`, `…/sign-in/link`, `…/sign-out` are the sign-in pages.
 *
 * Nothing else is served in embed mode (another board, the dashboard, feeds: 404), and every link,
 * form and redirect of an embed-mode page stays in it. Its answers may be framed by exactly the
 * board's allowed embedding origins (embed-origins.ts): `frame-ancestors` names them; a board
 * without any keeps `frame-ancestors 'none'`, as every page outside embed mode does.
 */

/** The embed mode of a request: the board it shows and the origins allowed to frame it. */
export interface EmbedMode {
  /** The board's slug. */
  readonly slug: string;
  /** The board's allowed embedding origins (none for an unknown or draft board). */
  readonly origins: readonly string[];
}

/**
 * The one script of embed-mode pages. It tells the widget the board arrived (`ready`: a frame the
 * browser refused sends nothing, and the widget then says why the panel is empty), and Escape
 * pressed inside the frame asks the widget to close its panel (a key pressed in a frame of
 * another origin never reaches the host page). The messages carry nothing else, so any parent
 * may read them.
 */
export const EMBED_SCRIPT =
  "if(parent!==window)parent.postMessage('feedback-board:ready','*');addEventListener('keydown',function(e){if(e.key==='Escape'&&parent!==window)parent.postMessage('feedback-board:escape','*')})";

/** The Content-Security-Policy source that allows {@link EMBED_SCRIPT} and nothing else (its SHA-256). */
export const EMBED_SCRIPT_SOURCE = "'sha256-v6Cpj+tquKoCqZLD7KW2jNN9j9lATTjP22bc/mp56CE='";

const EMBED_PATH = /^\/embed\/boards\/([^/?]+)(\/.*)?$/;
const BOARD_PAGES = /^(|\/roadmap|\/changelog|\/ideas|\/ideas\/new|\/posts\/.+|\/waiting\/[^/]+)$/;
const SIGN_IN_PAGES = /^\/sign-in(\/link)?$|^\/sign-out$/;

/**
 * For a path of the pages (below the base path): `undefined` when it is not in embed mode; `null`
 * when it is but names nothing embed mode serves; else the board's slug and the path of the page
 * it shows.
 */
export function embedTarget(pathName: string): { slug: string; path: string } | null | undefined {
  const match = EMBED_PATH.exec(pathName);
  if (!match) return pathName === '/embed' || pathName.startsWith('/embed/') ? null : undefined;
  let slug: string;
  try {
    slug = decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
  const rest = (match[2] ?? '').replace(/^\/$/, '');
  if (BOARD_PAGES.test(rest)) return { slug, path: `/boards/${encodeURIComponent(slug)}${rest}` };
  if (SIGN_IN_PAGES.test(rest)) return { slug, path: rest };
  return null;
}

/**
 * The `href` of an embed-mode page: paths of its board's pages and the sign-in pages map into embed
 * mode; anything else (`/` after signing in, another board) is the ordinary page, which no other
 * site may frame.
 */
export function embedHref(slug: string, plain: (path: string) => string): (path: string) => string {
  const boardPath = `/boards/${encodeURIComponent(slug)}`;
  return (path) => {
    if (path === boardPath || path.startsWith(`${boardPath}/`) || path.startsWith(`${boardPath}?`)) return plain(`/embed${path}`);
    if (/^\/sign-(in|out)([/?]|$)/.test(path)) return plain(`/embed${boardPath}${path}`);
    if (path === '/' || path.startsWith('/?')) return plain(`/embed${boardPath}`);
    return plain(path);
  };
}
