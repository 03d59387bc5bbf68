/**
 * The operation table without its schemas: what the handler and a client need at run time to
 * route or send each operation (method, path, where its input goes; where the client puts it is
 * in `src/client/places.ts`). Both import this instead of `operations.ts`, so they carry no
 * response schema at run time, while the client's types are still computed from the full table
 * (`import type`). The compiler checks that every operation has a row here that agrees with the
 * table, and a test checks the values.
 */
import type { OperationName, Operations } from './operations.js';

/** Where an operation's input goes: a JSON body, the query string, or nowhere. */
export type InputKind = 'body' | 'query' | null;

/** The schema-free row of one operation, derived from its row in the full table. */
export type RouteOf<S> = S extends { method: infer M; path: infer P }
  ? { readonly method: M; readonly path: P; readonly input: S extends { body: unknown } ? 'body' : S extends { query: unknown } ? 'query' : null }
  : never;

/** Every operation's method, path and input kind. */
export const routes = {
  listBoards: { method: 'GET', path: '/boards', input: null },
  getBoard: { method: 'GET', path: '/boards/{slug}', input: null },
  createBoard: { method: 'POST', path: '/boards', input: 'body' },
  publishBoard: { method: 'POST', path: '/boards/{slug}/publish', input: null },
  unpublishBoard: { method: 'POST', path: '/boards/{slug}/unpublish', input: null },
  listPosts: { method: 'GET', path: '/boards/{slug}/posts', input: 'query' },
  createPost: { method: 'POST', path: '/boards/{slug}/posts', input: 'body' },
  getPost: { method: 'GET', path: '/boards/{slug}/posts/{id}', input: null },
  updatePost: { method: 'PATCH', path: '/boards/{slug}/posts/{id}', input: 'body' },
  deletePost: { method: 'DELETE', path: '/boards/{slug}/posts/{id}', input: null },
  getQueue: { method: 'GET', path: '/boards/{slug}/queue', input: 'query' },
  claimPost: { method: 'POST', path: '/boards/{slug}/posts/{id}/claim', input: 'body' },
  claimNextPost: { method: 'POST', path: '/boards/{slug}/queue/claim', input: 'body' },
  releaseClaim: { method: 'DELETE', path: '/boards/{slug}/posts/{id}/claim', input: null },
  addEvidence: { method: 'POST', path: '/boards/{slug}/posts/{id}/evidence', input: 'body' },
  proposeStatus: { method: 'POST', path: '/boards/{slug}/posts/{id}/propose-status', input: 'body' },
  listVotes: { method: 'GET', path: '/boards/{slug}/posts/{id}/votes', input: null },
  listComments: { method: 'GET', path: '/boards/{slug}/posts/{id}/comments', input: null },
  createComment: { method: 'POST', path: '/boards/{slug}/posts/{id}/comments', input: 'body' },
  getRoadmap: { method: 'GET', path: '/boards/{slug}/roadmap', input: 'query' },
  getChangelog: { method: 'GET', path: '/boards/{slug}/changelog', input: 'query' },
  getShipStats: { method: 'GET', path: '/boards/{slug}/ship-stats', input: 'query' },
  getAnalytics: { method: 'GET', path: '/boards/{slug}/analytics', input: 'query' },
  listWebhooks: { method: 'GET', path: '/webhooks', input: null },
} as const satisfies { readonly [K in OperationName]: RouteOf<Operations[K]> };

/** Every operation name, in table order. */
export const operationNames = Object.keys(routes) as OperationName[];
