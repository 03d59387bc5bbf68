/**
 * Route patterns of the request log and the metrics: the API's and the pages' paths keep their
 * route words and lose every value a client put in them.
 */
import { describe, expect, it } from 'vitest';
import { routePattern } from '../../cli/route-pattern.js';

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
});
