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

const WORDS: ReadonlySet<string> = new Set([
  ...PAGE_WORDS,
  ...Object.values(servedOperations).flatMap((operation) => operation.path.split('/').filter((s) => s !== '' && !s.startsWith('{'))),
]);

/** The pattern of `path` (a URL's pathname, without its query). */
export function routePattern(path: string): string {
  const segments = path.split('/');
  const out: string[] = [];
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!;
    const previous = i > 0 ? out[i - 1]! : '';
    const placeholder = PARAMETER_AFTER[previous];
    if (segment === '') out.push('');
    else if (placeholder === '{slug}') out.push(placeholder);
    else if (WORDS.has(segment) && !/^[0-9]+$/.test(segment)) out.push(segment);
    else out.push(placeholder ?? '{other}');
  }
  return out.join('/');
}
