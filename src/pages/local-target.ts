/**
 * Where the pages may send a browser. Every redirect of the pages passes through
 * {@link sameOriginPath}, and every target taken from a request (a form's `next`, `return_to` of
 * `POST /sso`, the page of a `?sso=` token, a sign-in link's return path, `/language?next=`)
 * through {@link requestedPagePath} first: the target is parsed as a URL against the pages'
 * public origin, as a browser would read it, and only a path of that origin is kept (its path,
 * query and fragment, serialized by the URL parser, so ASCII only). A target that names another
 * origin in any spelling (`//evil.example`, `/\t/evil.example`, `/\evil.example`,
 * `https:evil.example`) or a path that a browser would read as another host (`/.//evil.example`
 * serializes to `//evil.example`) falls back, and nothing a request sends can make an answer fail.
 *
 * The one redirect that leaves the pages is OAuth's, to a client's redirect URI that the client
 * registered and the request names exactly (oauth-consent.tsx).
 */
import type { PageContext } from './context.js';

/** The longest target kept (a sign-in link stores it, and takes at most this many characters). */
export const MAX_TARGET_CHARS = 1024;

/**
 * `target` read as a URL against `origin` (`https://feedback.example.com`): its path, query and
 * fragment when it is on that origin and its path cannot be taken for a host, else null.
 */
export function sameOriginPath(origin: string, target: string): string | null {
  let url: URL;
  try {
    url = new URL(target, `${origin}/`);
  } catch {
    return null;
  }
  if (url.origin !== origin || url.pathname.startsWith('//')) return null;
  return url.pathname + url.search + url.hash;
}

/**
 * A redirect target taken from a request, as a path of these pages relative to their base
 * (`/boards/features?x=1#c`), or `fallback`. `target` is a full path of the site (`next`: the
 * base included) unless `relativeToBase` (`return_to`: a path of the pages, as `/boards/x`). In
 * embed mode only the embedded board's pages qualify.
 */
export function requestedPagePath(
  ctx: Pick<PageContext, 'origin' | 'base' | 'href'>,
  target: unknown,
  fallback = '/',
  options: { relativeToBase?: boolean } = {},
): string {
  if (typeof target !== 'string' || target === '' || target.length > MAX_TARGET_CHARS) return fallback;
  const path = sameOriginPath(ctx.origin, options.relativeToBase === true && target.startsWith('/') ? ctx.href(target) : target);
  if (path === null) return fallback;
  const pathname = path.replace(/[?#].*$/s, '');
  const root = ctx.href('/');
  if (root !== '/' && pathname !== root && !pathname.startsWith(`${root}/`)) return fallback;
  const local = path.slice(ctx.base.length);
  // The URL parser leaves backslashes in a query or fragment: encoded, the path can be stored
  // (a sign-in link keeps no backslash) and read back by any browser alike.
  const kept = (local.startsWith('/') ? local : `/${local}`).replaceAll('\\', '%5C');
  return kept.startsWith('//') || kept.length > MAX_TARGET_CHARS ? fallback : kept;
}
