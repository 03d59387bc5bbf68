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
  if (candidates !== undefined) for (const word of candidates) if (path.startsWith(word, start)) return word;
  return undefined;
}

/**
 * The pattern of `path` (a URL's pathname, without its query). It runs for every request the log
 * or the metrics see, so it walks the path once and builds the pattern from constant strings,
 * without splitting the path or slicing out its segments.
 */
export function routePattern(path: string): string {
  let out = '';
  let previous = '';
  for (let start = 0; ; ) {
    const slash = path.indexOf('/', start);
    const end = slash === -1 ? path.length : slash;
    let shown = '';
    if (end > start) {
      const placeholder = PARAMETER_AFTER[previous];
      shown = placeholder === '{slug}' ? placeholder : (wordAt(path, start, end) ?? placeholder ?? '{other}');
    }
    out = start === 0 ? shown : `${out}/${shown}`;
    if (slash === -1) return out;
    previous = shown;
    start = slash + 1;
  }
}
