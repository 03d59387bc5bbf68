/**
 * The operation table without its schemas: what a client needs at run time to send each
 * operation (method, path, where its input goes, where the client puts it). The client imports
 * this instead of `operations.ts`, so it carries no zod at run time, while its types are still
 * computed from the full table (`import type`). The compiler checks that every operation has a
 * row here that agrees with the table, and a test checks the values.
 */
import type { OperationName, Operations } from './operations.js';

/** Where an operation's input goes: a JSON body, the query string, or nowhere. */
export type InputKind = 'body' | 'query' | null;

/** The schema-free row of one operation, derived from its row in the full table. */
export type RouteOf<S> = S extends { method: infer M; path: infer P; client: infer C }
  ? { readonly method: M; readonly path: P; readonly client: C; readonly input: S extends { body: unknown } ? 'body' : S extends { query: unknown } ? 'query' : null }
  : never;

/** Every operation's method, path, client place and input kind. */
export const routes = {
  listBoards: { method: 'GET', path: '/boards', client: ['boards', 'list'], input: null },
  getBoard: { method: 'GET', path: '/boards/{slug}', client: ['boards', 'get'], input: null },
  createBoard: { method: 'POST', path: '/boards', client: ['boards', 'create'], input: 'body' },
  publishBoard: { method: 'POST', path: '/boards/{slug}/publish', client: ['boards', 'publish'], input: null },
  unpublishBoard: { method: 'POST', path: '/boards/{slug}/unpublish', client: ['boards', 'unpublish'], input: null },
  listPosts: { method: 'GET', path: '/boards/{slug}/posts', client: ['posts', 'list'], input: 'query' },
  createPost: { method: 'POST', path: '/boards/{slug}/posts', client: ['posts', 'create'], input: 'body' },
  getPost: { method: 'GET', path: '/boards/{slug}/posts/{id}', client: ['posts', 'get'], input: null },
  updatePost: { method: 'PATCH', path: '/boards/{slug}/posts/{id}', client: ['posts', 'update'], input: 'body' },
  deletePost: { method: 'DELETE', path: '/boards/{slug}/posts/{id}', client: ['posts', 'delete'], input: null },
  getQueue: { method: 'GET', path: '/boards/{slug}/queue', client: ['agent', 'queue'], input: 'query' },
  claimPost: { method: 'POST', path: '/boards/{slug}/posts/{id}/claim', client: ['agent', 'claim'], input: 'body' },
  claimNextPost: { method: 'POST', path: '/boards/{slug}/queue/claim', client: ['agent', 'claimNext'], input: 'body' },
  releaseClaim: { method: 'DELETE', path: '/boards/{slug}/posts/{id}/claim', client: ['agent', 'release'], input: null },
  addEvidence: { method: 'POST', path: '/boards/{slug}/posts/{id}/evidence', client: ['agent', 'addEvidence'], input: 'body' },
  proposeStatus: { method: 'POST', path: '/boards/{slug}/posts/{id}/propose-status', client: ['agent', 'proposeStatus'], input: 'body' },
  listVotes: { method: 'GET', path: '/boards/{slug}/posts/{id}/votes', client: ['votes', 'list'], input: null },
  listComments: { method: 'GET', path: '/boards/{slug}/posts/{id}/comments', client: ['comments', 'list'], input: null },
  createComment: { method: 'POST', path: '/boards/{slug}/posts/{id}/comments', client: ['comments', 'create'], input: 'body' },
  getRoadmap: { method: 'GET', path: '/boards/{slug}/roadmap', client: ['roadmap', 'list'], input: 'query' },
  getChangelog: { method: 'GET', path: '/boards/{slug}/changelog', client: ['changelog', 'list'], input: 'query' },
  getShipStats: { method: 'GET', path: '/boards/{slug}/ship-stats', client: ['stats', 'shipStats'], input: 'query' },
  getAnalytics: { method: 'GET', path: '/boards/{slug}/analytics', client: ['stats', 'analytics'], input: 'query' },
  listWebhooks: { method: 'GET', path: '/webhooks', client: ['webhooks', 'list'], input: null },
} as const satisfies { readonly [K in OperationName]: RouteOf<Operations[K]> };

/** Every operation name, in table order. */
export const operationNames = Object.keys(routes) as OperationName[];
