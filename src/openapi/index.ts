/**
 * feedback-board/openapi: the OpenAPI 3.1 document of the API, the full operation table with its
 * request and response schemas, and the response schemas themselves (zod). Kept out of the core
 * entry, which only routes and validates requests, so that an application that does not serve
 * the document (a browser bundle above all) carries neither the generator nor classic zod.
 *
 * ```ts
 * import { createFeedbackBoard } from 'feedback-board';
 * import { createOpenApiDocument } from 'feedback-board/openapi';
 *
 * const document = createOpenApiDocument({ serverUrl: 'https://feedback.example.com' });
 * // or serve it at GET {basePath}/openapi.json, without a key:
 * const board = createFeedbackBoard({ storage, http: { serveOpenApi: createOpenApiDocument } });
 * ```
 *
 * @module feedback-board/openapi
 */
export { createOpenApiDocument, type OpenApiOptions, type OpenApiDocument } from '../http/openapi.js';
export { operations, type Operations, type OperationSpec } from '../http/operation-schemas.js';
export type { OperationName, HttpMethod } from '../http/operations.js';
export {
  boardSchema,
  boardListSchema,
  tagSchema,
  evidenceSchema,
  claimSchema,
  proposalSchema,
  attachmentSchema,
  postSchema,
  postDetailSchema,
  postListSchema,
  similarPostsSchema,
  queueItemSchema,
  queueSchema,
  claimNextSchema,
  proposeStatusResultSchema,
  votesSchema,
  commentSchema,
  commentListSchema,
  shipStatsSchema,
  analyticsSchema,
  webhookSchema,
  webhookListSchema,
  errorSchema,
} from '../domain/responses.js';
