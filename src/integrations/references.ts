/**
 * Which posts a pull request, merge request or issue names, and which it says it closes. A post
 * is named by `#fb-<id>`, by its page URL (`{pages}/boards/{slug}/posts/{id}`) or by its API URL
 * (`{api}/boards/{slug}/posts/{id}`), where `{pages}` and `{api}` are the organization's public
 * roots and `{slug}` one of its boards. A reference closes the post when a closing keyword stands
 * right before it, as GitHub reads `Fixes #12`: close, closes, closed, fix, fixes, fixed, resolve,
 * resolves, resolved, in any case, then an optional colon and at least one space.
 */

/** Where an organization's posts live, to recognise links to them. */
export interface PostReferenceContext {
  /** The root of the public pages: `https://feedback.example.com` (with its base path, if any). */
  pages_url: string;
  /** The root of the API: `https://feedback.example.com/api/v1`. */
  api_url: string;
  /** The slugs of the organization's boards; a URL to any other board names nothing. */
  board_slugs: readonly string[];
}

/** A post named in a text, and whether the text says it closes it. */
export interface PostReference {
  post_id: number;
  closes: boolean;
}

/** At most this many posts are read from one text: a body naming more is noise, not work done. */
export const MAX_REFERENCES = 20;

const SHORT_REFERENCE = /(?<![\w/#-])#fb-([1-9]\d{0,14})(?![\w-])/gi;
const URL_CANDIDATE = /https?:\/\/[^\s<>()[\]{}"'`]+/gi;
const TRAILING_PUNCTUATION = /[.,;:!?*_~]+$/;
const CLOSING_KEYWORD = /(?:^|[^\w-])(?:close[sd]?|fix(?:e[sd])?|resolve[sd]?):?[ \t]+$/i;
/** How far back a closing keyword can start: the longest keyword, a colon and a few spaces. */
const KEYWORD_WINDOW = 24;

interface Root {
  origin: string;
  path: string;
}

function rootOf(url: string): Root | null {
  try {
    const parsed = new URL(url);
    return { origin: parsed.origin, path: parsed.pathname.replace(/\/+$/, '') };
  } catch {
    return null;
  }
}

/** The post id a URL names under one of the roots, or null. Query and fragment do not matter. */
function postIdOfUrl(candidate: string, roots: Root[], slugs: ReadonlySet<string>): number | null {
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return null;
  }
  for (const root of roots) {
    if (url.origin !== root.origin || !url.pathname.startsWith(`${root.path}/`)) continue;
    const match = /^\/boards\/([a-z0-9-]+)\/posts\/([1-9]\d{0,14})\/?$/.exec(url.pathname.slice(root.path.length));
    if (match && slugs.has(match[1]!)) return Number(match[2]);
  }
  return null;
}

function closedByKeyword(text: string, index: number): boolean {
  return CLOSING_KEYWORD.test(text.slice(Math.max(0, index - KEYWORD_WINDOW), index));
}

/**
 * The posts `text` names, in the order of their first mention, at most {@link MAX_REFERENCES};
 * a post named several times closes if any of its mentions does.
 */
export function findPostReferences(text: string, context: PostReferenceContext): PostReference[] {
  const found = new Map<number, { index: number; closes: boolean }>();
  const note = (postId: number, index: number) => {
    if (!Number.isSafeInteger(postId)) return;
    const closes = closedByKeyword(text, index);
    const seen = found.get(postId);
    if (seen) seen.closes ||= closes;
    else found.set(postId, { index, closes });
  };
  for (const match of text.matchAll(SHORT_REFERENCE)) note(Number(match[1]), match.index);
  const roots = [context.pages_url, context.api_url].map(rootOf).filter((root): root is Root => root !== null);
  const slugs = new Set(context.board_slugs);
  for (const match of text.matchAll(URL_CANDIDATE)) {
    const postId = postIdOfUrl(match[0].replace(TRAILING_PUNCTUATION, ''), roots, slugs);
    if (postId !== null) note(postId, match.index);
  }
  return [...found]
    .sort(([, a], [, b]) => a.index - b.index)
    .slice(0, MAX_REFERENCES)
    .map(([post_id, { closes }]) => ({ post_id, closes }));
}
