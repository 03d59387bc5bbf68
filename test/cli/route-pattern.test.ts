/**
 * Route patterns of the request log and the metrics: the API's and the pages' paths keep their
 * route words and lose every value a client put in them.
 */
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { routePattern } from '../../cli/route-pattern.js';

/**
 * The rule written plainly, segment by segment: after a collection word comes its placeholder
 * (after `boards` always `{slug}`), a route word stays, anything else is a placeholder.
 */
function patternByRule(path: string, isWord: (segment: string) => boolean): string {
  const after: Record<string, string> = { boards: '{slug}', posts: '{id}', comments: '{id}', keys: '{id}', proposals: '{id}', webhooks: '{id}', messages: '{id}' };
  const out: string[] = [];
  for (const [i, segment] of path.split('/').entries()) {
    const placeholder = i > 0 ? after[out[i - 1]!] : undefined;
    if (segment === '') out.push('');
    else if (placeholder === '{slug}') out.push(placeholder);
    else if (isWord(segment) && !/^[0-9]+$/.test(segment)) out.push(segment);
    else out.push(placeholder ?? '{other}');
  }
  return out.join('/');
}

describe('routePattern', () => {
  it.each([
    ['/api/v1/boards', '/api/v1/boards'],
    ['/api/v1/boards/demo/posts/17', '/api/v1/boards/{slug}/posts/{id}'],
    ['/api/v1/boards/demo/posts/17/claim', '/api/v1/boards/{slug}/posts/{id}/claim'],
    ['/api/v1/boards/demo/posts/similar', '/api/v1/boards/{slug}/posts/similar'],
    ['/api/v1/boards/roadmap/roadmap', '/api/v1/boards/{slug}/roadmap'],
    ['/boards/demo/posts/3/comments/9/react', '/boards/{slug}/posts/{id}/comments/{id}/react'],
    ['/dashboard/webhooks/messages/4/redeliver', '/dashboard/webhooks/messages/{id}/redeliver'],
    ['/dashboard/keys/12/revoke', '/dashboard/keys/{id}/revoke'],
    ['/sign-in/link', '/sign-in/link'],
    ['/', '/'],
    ['/healthz', '/healthz'],
  ])('%s → %s', (path, pattern) => {
    expect(routePattern(path)).toBe(pattern);
  });

  it('replaces values that are no route word, whatever they hold', () => {
    expect(routePattern('/api/v1/boards/someone%40example.com/posts/x')).toBe('/api/v1/boards/{slug}/posts/{id}');
    expect(routePattern('/sign-in/tok_0123456789abcdef')).toBe('/sign-in/{other}');
    expect(routePattern('/wp-admin/setup.php')).toBe('/{other}/{other}');
    expect(routePattern('/api/v1/123')).toBe('/api/v1/{other}');
  });

  it('walks only the last segment of a path that starts as a recent one, with the same result', () => {
    // Same length before the last slash, different words: each path is its own.
    const paths = [
      ['/api/v1/boards/demo/posts/17', '/api/v1/boards/{slug}/posts/{id}'],
      ['/api/v1/boards/demo/posts/similar', '/api/v1/boards/{slug}/posts/similar'],
      ['/api/v1/boards/demo/postz/17', '/api/v1/boards/{slug}/{other}/{other}'],
      ['/api/v1/boards/posts/posts/17', '/api/v1/boards/{slug}/posts/{id}'],
      ['/api/v1/boards/demo/posts/', '/api/v1/boards/{slug}/posts/'],
      ['/api/v1/boards/demo/posts', '/api/v1/boards/{slug}/posts'],
      ['/api/v1/boards/demo/posts//', '/api/v1/boards/{slug}/posts//'],
    ];
    // Twice over, and more paths than the recent ones kept in between.
    for (let round = 0; round < 2; round++) {
      for (const [path, pattern] of paths) expect(routePattern(path!)).toBe(pattern);
      for (let i = 0; i < 20; i++) expect(routePattern(`/x${i}/y`)).toBe('/{other}/{other}');
    }
  });

  it('walks any path exactly as the rule says, segment by segment', () => {
    const words = ['api', 'v1', 'boards', 'posts', 'comments', 'keys', 'claim', 'roadmap', 'sign-in', 'link', 'healthz', 'mcp', 'openapi.json'];
    // Whether a segment is a route word, read off the function itself on a path where nothing else decides.
    const isWord = (segment: string) => routePattern(`/${segment}`) === `/${segment}`;
    const segment = fc.oneof(fc.constantFrom(...words, '', '17', 'demo'), fc.string({ maxLength: 12 }).map((s) => s.replaceAll('/', '')));
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 9 }), (segments) => {
        const path = `/${segments.join('/')}`;
        expect(routePattern(path)).toBe(patternByRule(path, isWord));
      }),
      { numRuns: 2000 },
    );
  });

  it('gives the same patterns asked again, and past the patterns it keeps, whose memory stays bounded', async () => {
    // A module of its own, with no pattern kept yet (the tests above kept some).
    vi.resetModules();
    const { keptRoutePatterns, routePattern } = await import('../../cli/route-pattern.js');
    expect(keptRoutePatterns().patterns).toBe(0);
    expect(routePattern('/api/v1/boards/demo/posts/17')).toBe(routePattern('/api/v1/boards/other/posts/18'));
    // Each depth of /x/x/… is a pattern of its own, longer each time; and thousands of others.
    for (let depth = 1; depth <= 2000; depth += 1) {
      expect(routePattern('/x'.repeat(depth))).toBe('/{other}'.repeat(depth));
    }
    const words = ['api', 'v1', 'boards', 'posts', 'comments', 'keys', 'claim', 'roadmap', 'sign-in', 'link', 'healthz', 'mcp'];
    for (const a of words) for (const b of words) for (const c of words) for (const d of words) {
      const path = `/${a}/${b}/${c}/${d}/x`;
      expect(routePattern(path)).toBe(patternByRule(path, (segment) => words.includes(segment)));
    }
    const { patterns, characters } = keptRoutePatterns();
    expect(patterns).toBe(4096);
    expect(characters).toBeLessThanOrEqual(4096 * 256);
    expect(routePattern('/wp-admin/setup.php/x/x')).toBe('/{other}/{other}/{other}/{other}');
    expect(routePattern('/api/v1/boards/demo/posts/17/comments/9')).toBe('/api/v1/boards/{slug}/posts/{id}/comments/{id}');
  });
});

