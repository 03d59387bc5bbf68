/**
 * The route pattern of a request path, for logs and metrics: `/api/v1/boards/demo/posts/7` →
 * `/api/v1/boards/{slug}/posts/{id}`. Only the words of the service's own routes are kept; every
 * other segment becomes a placeholder, so a log never carries a value a client put in a path (a
 * token, an address), and metrics have a bounded set of labels.
 */
import { servedOperations } from '../src/http/served-operations.js';

/** The placeholder of the segment after each collection word. */
const PARAMETER_AFTER: Readonly<Record<string, string>> = {
  boards: '{slug}',
  posts: '{id}',
  comments: '{id}',
  keys: '{id}',
  proposals: '{id}',
  webhooks: '{id}',
  messages: '{id}',
};

/** Words of the pages, the dashboard and `serve`'s own endpoints (the API's come from its table). */
const PAGE_WORDS = [
  'api', 'v1', 'boards', 'posts', 'roadmap', 'changelog', 'changelog.atom', 'sitemap.xml', 'robots.txt', 'vote',
  'comments', 'react', 'sign-in', 'link', 'sign-out', 'dashboard', 'publish', 'unpublish', 'hidden', 'keys',
  'revoke', 'status', 'rank', 'pinned', 'proposals', 'confirm', 'reject', 'settings', 'agent-publishing', 'team',
  'stats', 'webhooks', 'delete', 'rotate', 'test', 'messages', 'redeliver', 'healthz', 'readyz', 'metrics', 'mcp',
  'openapi.json',
];

/** The route words by length; a segment of digits only is a value wherever it stands, so none is a word. */
const WORDS_BY_LENGTH = new Map<number, string[]>();
for (const word of new Set([
  ...PAGE_WORDS,
  ...Object.values(servedOperations).flatMap((operation) => operation.path.split('/').filter((s) => s !== '' && !s.startsWith('{'))),
])) {
  if (/^[0-9]+$/.test(word)) continue;
  const same = WORDS_BY_LENGTH.get(word.length);
  if (same === undefined) WORDS_BY_LENGTH.set(word.length, [word]);
  else same.push(word);
}

/** The route word `path` holds from `start` to `end`, if it is one (compared in place, without slicing it out). */
function wordAt(path: string, start: number, end: number): string | undefined {
  const candidates = WORDS_BY_LENGTH.get(end - start);
  if (candidates === undefined) return undefined;
  const first = path.charCodeAt(start);
  for (const word of candidates) if (word.charCodeAt(0) === first && path.startsWith(word, start)) return word;
  return undefined;
}

/**
 * The patterns made so far, as a tree of the segments they show (`''`, `api`, `v1`, `boards`,
 * `{slug}`, …): a pattern is found by the segments a path shows, each one map lookup by a constant
 * string, and is made (joined) only the first time. The segments a path can show are the route
 * words and the placeholders, but a path has any number of them: at most {@link MOST_PATTERNS}
 * patterns of at most {@link LONGEST_PATTERN} characters are kept (about a megabyte however many
 * odd paths clients send), and any other is joined each time.
 */
interface Shown {
  readonly pattern: string;
  /** The placeholder of the segment after this one. */
  readonly after: string | undefined;
  /** Whether this pattern is kept in the tree (the patterns after it may be kept only if so). */
  readonly kept: boolean;
  next: Map<string, Shown> | undefined;
}
const MOST_PATTERNS = 4096;
const LONGEST_PATTERN = 256;
const PATTERNS: Shown = { pattern: '', after: undefined, kept: true, next: undefined };
let kept = { patterns: 0, characters: 0 };

function shown(from: Shown, segment: string): Shown {
  const known = from.next?.get(segment);
  if (known !== undefined) return known;
  const pattern = from === PATTERNS ? segment : `${from.pattern}/${segment}`;
  const keep = from.kept && kept.patterns < MOST_PATTERNS && pattern.length <= LONGEST_PATTERN;
  const made: Shown = { pattern, after: Object.hasOwn(PARAMETER_AFTER, segment) ? PARAMETER_AFTER[segment] : undefined, kept: keep, next: undefined };
  if (keep) {
    kept = { patterns: kept.patterns + 1, characters: kept.characters + pattern.length };
    (from.next ??= new Map()).set(segment, made);
  }
  return made;
}

/** How many route patterns are kept, and their characters in all (for tests). */
export function keptRoutePatterns(): { patterns: number; characters: number } {
  return kept;
}

/**
 * The patterns' tree node that the segments of `path` before `end` lead to, walked from the root.
 */
function walk(path: string, end: number): Shown {
  let at = PATTERNS;
  for (let start = 0; ; ) {
    const found = path.indexOf('/', start);
    const slash = found === -1 || found >= end ? -1 : found;
    at = step(at, path, start, slash === -1 ? end : slash);
    if (slash === -1) return at;
    start = slash + 1;
  }
}

/** The node after `at` for the segment of `path` from `start` to `end`. */
function step(at: Shown, path: string, start: number, end: number): Shown {
  let segment = '';
  if (end > start) {
    const placeholder = at.after;
    segment = placeholder === '{slug}' ? placeholder : (wordAt(path, start, end) ?? placeholder ?? '{other}');
  }
  return shown(at, segment);
}

/**
 * The paths before their last segment of recent requests (`/api/v1/boards/demo/posts` for
 * `/api/v1/boards/demo/posts/17`), each with the node it leads to: paths of one route differ
 * mostly in their last segment, so a request whose path starts as a recent one's walks only that
 * segment. Compared by length, then whole (see {@link routePattern}); no hash. The oldest is
 * replaced.
 */
const RECENT = 8;
const recentPrefixes: string[] = [];
const recentNodes: Shown[] = [];
let nextRecent = 0;

/**
 * The pattern of `path` (a URL's pathname, without its query). It runs for every request the log
 * or the metrics see, so it walks the path once without splitting it or slicing out its segments,
 * and finds the pattern among those already made (see {@link Shown}); for a path that starts as a
 * recent one, only its last segment (a walk of every segment was about 1% of the instructions of
 * a GET of one post).
 */
export function routePattern(path: string): string {
  // Found from the end by hand: `lastIndexOf` calls into the runtime, and costs more than the rest.
  let last = path.length - 1;
  while (last >= 0 && path.charCodeAt(last) !== 47) last -= 1;
  if (last <= 0) return walk(path, path.length).pattern;
  // The prefix is compared as a slice, whole: `startsWith`, inlined, reads both strings (slices of
  // the request's URL) a character at a time, and every read unwrapped the slice again, 2.9 K
  // instructions for the 29 characters of `/api/v1/boards/{slug}/posts` against 1.2 K.
  for (let i = 0; i < recentPrefixes.length; i += 1) {
    const prefix = recentPrefixes[i]!;
    if (prefix.length === last && path.slice(0, last) === prefix) return step(recentNodes[i]!, path, last + 1, path.length).pattern;
  }
  const at = walk(path, last);
  if (last <= LONGEST_PATTERN) {
    recentPrefixes[nextRecent] = path.slice(0, last);
    recentNodes[nextRecent] = at;
    nextRecent = (nextRecent + 1) % RECENT;
  }
  return step(at, path, last + 1, path.length).pattern;
}
