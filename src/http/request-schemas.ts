/**
 * The request schemas of the operation table, without its response schemas: what the fetch
 * handler needs at run time (which query parameters an operation reads). With `routes.ts` it lets
 * the core route and validate without importing `operations.ts`, whose response schemas are
 * classic zod and are only reached through `feedback-board/openapi`. The compiler checks that
 * every operation has an entry here holding the very schemas of its row in the full table.
 */
import * as req from '../domain/requests.js';
import type { OperationName, Operations } from './operations.js';

/** The body or query schema of one operation, as its row in the full table has it. */
export type RequestOf<S> = (S extends { body: infer B } ? { readonly body: B } : { readonly body?: never }) &
  (S extends { query: infer Q } ? { readonly query: Q } : { readonly query?: never });

/** The request schemas of every operation that takes input: `body` for JSON bodies, `query` for query strings. */
export const requestSchemas = {
  createBoard: { body: req.createBoardBody },
  listPosts: { query: req.listPostsQuery },
  createPost: { body: req.createPostBody },
  updatePost: { body: req.updatePostBody },
  getQueue: { query: req.queueQuery },
  claimPost: { body: req.claimBody },
  claimNextPost: { body: req.claimBody },
  addEvidence: { body: req.addEvidenceBody },
  proposeStatus: { body: req.proposeStatusBody },
  createComment: { body: req.createCommentBody },
  getRoadmap: { query: req.pageQuery },
  getChangelog: { query: req.pageQuery },
  getShipStats: { query: req.shipStatsQuery },
  getAnalytics: { query: req.analyticsQuery },
} as const satisfies { readonly [K in OperationName as Operations[K] extends { body: unknown } | { query: unknown } ? K : never]: RequestOf<Operations[K]> };

/** The query parameters an operation reads, in schema order (none for operations without a query). */
export function queryKeys(name: OperationName): readonly string[] {
  const entry: { body?: unknown; query?: { shape: object } } | undefined = (requestSchemas as Partial<Record<OperationName, object>>)[name];
  return entry?.query ? Object.keys(entry.query.shape) : [];
}
