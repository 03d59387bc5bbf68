/**
 * The one table of the API's 24 operations. The typed client is derived from it and the OpenAPI
 * document is generated from it; the fetch handler routes by its two schema-free projections
 * (`routes.ts`, `request-schemas.ts`), which the compiler checks against it, so none can drift.
 * It holds only data and schemas (no service code). Its response schemas are classic zod: at run
 * time it is reached through `feedback-board/openapi` and the MCP server, never the core.
 */
import type * as z from 'zod/mini';
import { globalRegistry } from 'zod/mini';
import type { ErrorCode } from '../domain/errors.js';
import type { Scope } from '../domain/records.js';
import * as req from '../domain/requests.js';
import * as res from '../domain/responses.js';
import { registerTextBounds } from '../domain/validation.js';

// Everything that turns the table's schemas into JSON Schema (the OpenAPI document, the MCP tools,
// an application's own `toJSONSchema`) reaches them through this module: the text fields' length
// bounds enter zod's global registry here, as classic zod's `.meta()` put them there.
registerTextBounds(globalRegistry);

/** The methods the API uses. */
export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** One row of the operation table. */
export interface OperationSpec {
  method: HttpMethod;
  /** Path below the base path; `{slug}` is a board slug, `{id}` a post id. */
  path: string;
  /** The weakest scope that may call it (createPost needs `write` for a status other than open). */
  scope: Scope;
  summary: string;
  /** Where the typed client puts it: `client[group][method]`. */
  client: readonly [group: string, method: string];
  /** The query string's schema (`zod/mini`). */
  query?: z.ZodMiniObject;
  /** The JSON body's schema (`zod/mini`). */
  body?: z.core.$ZodType;
  /** Success status and response schema (none for 204). */
  success: { status: 200 | 201 | 204; schema?: z.core.$ZodType; alsoStatus?: 200 };
  /** Error codes the operation itself can answer, beyond those every operation can. */
  errors: readonly ErrorCode[];
}

// Exactly the codes each operation can answer (test/openapi samples every one from the handler).
const BOARD: readonly ErrorCode[] = ['not_found'];
/** Operations without body or query never answer a 422: a body sent to them is ignored. */
const WRITE: readonly ErrorCode[] = ['not_found', 'insufficient_scope'];
const BODY_ONLY: readonly ErrorCode[] = ['insufficient_scope', 'validation_error', 'invalid_json', 'payload_too_large', 'unsupported_media_type'];
const BODY: readonly ErrorCode[] = ['not_found', ...BODY_ONLY];

/**
 * The 24 operations of the API by name: method, path, scope, schemas, success status and errors.
 *
 * @example
 * ```ts
 * const { method, path, scope } = operations.claimPost; // 'POST', '/boards/{slug}/posts/{id}/claim', 'propose'
 * ```
 */
export const operations = {
  listBoards: { method: 'GET', path: '/boards', scope: 'read', summary: "List the organization's boards, drafts included, oldest first.", client: ['boards', 'list'], success: { status: 200, schema: res.boardListSchema }, errors: [] },
  getBoard: { method: 'GET', path: '/boards/{slug}', scope: 'read', summary: 'Get one board.', client: ['boards', 'get'], success: { status: 200, schema: res.boardSchema }, errors: BOARD },
  createBoard: { method: 'POST', path: '/boards', scope: 'write', summary: 'Create a board (a draft).', client: ['boards', 'create'], body: req.createBoardBody, success: { status: 201, schema: res.boardSchema }, errors: [...BODY_ONLY, 'slug_taken'] },
  publishBoard: { method: 'POST', path: '/boards/{slug}/publish', scope: 'write', summary: 'Publish a board; 403 publish_disabled while agent publishing is off (the default).', client: ['boards', 'publish'], success: { status: 200, schema: res.boardSchema }, errors: [...WRITE, 'publish_disabled'] },
  unpublishBoard: { method: 'POST', path: '/boards/{slug}/unpublish', scope: 'write', summary: 'Return a board to draft; deletes nothing.', client: ['boards', 'unpublish'], success: { status: 200, schema: res.boardSchema }, errors: WRITE },

  listPosts: { method: 'GET', path: '/boards/{slug}/posts', scope: 'read', summary: 'List posts with filters (status, q, tag), sort (new, top) and paging.', client: ['posts', 'list'], query: req.listPostsQuery, success: { status: 200, schema: res.postListSchema }, errors: [...BOARD, 'validation_error'] },
  createPost: { method: 'POST', path: '/boards/{slug}/posts', scope: 'propose', summary: 'Create a post (propose scope for status open, write scope for any other).', client: ['posts', 'create'], body: req.createPostBody, success: { status: 201, schema: res.postDetailSchema }, errors: BODY },
  getPost: { method: 'GET', path: '/boards/{slug}/posts/{id}', scope: 'read', summary: 'Get one post with queue rank, evidence, live claim and pending proposal.', client: ['posts', 'get'], success: { status: 200, schema: res.postDetailSchema }, errors: BOARD },
  updatePost: { method: 'PATCH', path: '/boards/{slug}/posts/{id}', scope: 'write', summary: 'Update a post; absent fields are unchanged.', client: ['posts', 'update'], body: req.updatePostBody, success: { status: 200, schema: res.postDetailSchema }, errors: BODY },
  deletePost: { method: 'DELETE', path: '/boards/{slug}/posts/{id}', scope: 'write', summary: 'Delete a post with its votes, comments, claim, evidence and proposal.', client: ['posts', 'delete'], success: { status: 204 }, errors: WRITE },

  getQueue: { method: 'GET', path: '/boards/{slug}/queue', scope: 'read', summary: 'The top unclaimed posts for agents: ranked first, then planned by votes.', client: ['agent', 'queue'], query: req.queueQuery, success: { status: 200, schema: res.queueSchema }, errors: [...BOARD, 'validation_error'] },
  claimPost: { method: 'POST', path: '/boards/{slug}/posts/{id}/claim', scope: 'propose', summary: 'Claim a post (201), or extend your own live claim (200); 409 while another key holds one.', client: ['agent', 'claim'], body: req.claimBody, success: { status: 201, schema: res.claimSchema, alsoStatus: 200 }, errors: [...BODY, 'claim_conflict'] },
  claimNextPost: { method: 'POST', path: '/boards/{slug}/queue/claim', scope: 'propose', summary: 'Claim the first post in queue order that nobody holds a live claim on (201 with claim and post), or 200 with both null when none is left.', client: ['agent', 'claimNext'], body: req.claimBody, success: { status: 201, schema: res.claimNextSchema, alsoStatus: 200 }, errors: BODY },
  releaseClaim: { method: 'DELETE', path: '/boards/{slug}/posts/{id}/claim', scope: 'propose', summary: 'Release your claim; 409 while another key holds one.', client: ['agent', 'release'], success: { status: 204 }, errors: [...WRITE, 'claim_conflict'] },
  addEvidence: { method: 'POST', path: '/boards/{slug}/posts/{id}/evidence', scope: 'propose', summary: 'Attach implementation evidence; a repeated action_key adds nothing.', client: ['agent', 'addEvidence'], body: req.addEvidenceBody, success: { status: 201, schema: res.postDetailSchema }, errors: BODY },
  proposeStatus: { method: 'POST', path: '/boards/{slug}/posts/{id}/propose-status', scope: 'propose', summary: 'Propose a status for a human to confirm; nothing changes publicly.', client: ['agent', 'proposeStatus'], body: req.proposeStatusBody, success: { status: 200, schema: res.proposeStatusResultSchema }, errors: [...BODY, 'status_unchanged'] },

  listVotes: { method: 'GET', path: '/boards/{slug}/posts/{id}/votes', scope: 'read', summary: "A post's vote count.", client: ['votes', 'list'], success: { status: 200, schema: res.votesSchema }, errors: BOARD },
  listComments: { method: 'GET', path: '/boards/{slug}/posts/{id}/comments', scope: 'read', summary: 'Comments, oldest first, with replies nested.', client: ['comments', 'list'], success: { status: 200, schema: res.commentListSchema }, errors: BOARD },
  createComment: { method: 'POST', path: '/boards/{slug}/posts/{id}/comments', scope: 'propose', summary: 'Comment as the board team (is_admin true).', client: ['comments', 'create'], body: req.createCommentBody, success: { status: 201, schema: res.commentSchema }, errors: BODY },

  getRoadmap: { method: 'GET', path: '/boards/{slug}/roadmap', scope: 'read', summary: 'Visible posts that are open, planned, in progress or shipped.', client: ['roadmap', 'list'], query: req.pageQuery, success: { status: 200, schema: res.postListSchema }, errors: [...BOARD, 'validation_error'] },
  getChangelog: { method: 'GET', path: '/boards/{slug}/changelog', scope: 'read', summary: 'Visible shipped posts, newest first.', client: ['changelog', 'list'], query: req.pageQuery, success: { status: 200, schema: res.postListSchema }, errors: [...BOARD, 'validation_error'] },
  getShipStats: { method: 'GET', path: '/boards/{slug}/ship-stats', scope: 'read', summary: 'Posts shipped this month or ISO week, and their voters.', client: ['stats', 'shipStats'], query: req.shipStatsQuery, success: { status: 200, schema: res.shipStatsSchema }, errors: [...BOARD, 'validation_error'] },
  getAnalytics: { method: 'GET', path: '/boards/{slug}/analytics', scope: 'read', summary: 'Board analytics over the last 30 or 90 days.', client: ['stats', 'analytics'], query: req.analyticsQuery, success: { status: 200, schema: res.analyticsSchema }, errors: [...BOARD, 'validation_error'] },

  listWebhooks: { method: 'GET', path: '/webhooks', scope: 'read', summary: "The organization's webhooks (read-only; never the signing secret).", client: ['webhooks', 'list'], success: { status: 200, schema: res.webhookListSchema }, errors: [] },
} as const satisfies Record<string, OperationSpec>;

/** The type of {@link operations}: every row with its literal method, path and schema types. */
export type Operations = typeof operations;
/** The name of an operation: `listBoards`, `claimPost`... */
export type OperationName = keyof Operations;

export { operationNames } from './routes.js';

/** Errors every authenticated operation can answer. */
export const COMMON_ERRORS: readonly ErrorCode[] = ['unauthorized', 'rate_limited', 'internal_error'];
