/**
 * The operation table as the typed client sends it, generated from `src/http/operations.ts` by
 * `npm run derive` (scripts/derive-served-operations.mjs): do not edit it, edit the table and run that.
 * A test fails while this file differs from what the table gives.
 *
 * Why it exists: `feedback-board/client` builds its methods from these rows, and an application
 * bundles them instead of the table itself, whose summaries (the MCP tools' descriptions), scopes,
 * error lists and schema names the client never reads. Here each row holds what sending needs:
 * method, path, where the input goes, the client place and the success status.
 */
import type { ClientOperation } from './operation-row.js';
import type { OperationName } from './operations.js';

/** Every operation as the typed client sends it, in table order. */
export const clientOperations: { readonly [N in OperationName]: ClientOperation } = {
  listBoards: { method: 'GET', path: '/boards', input: null, client: ['boards', 'list'], success: { status: 200 } },
  getBoard: { method: 'GET', path: '/boards/{slug}', input: null, client: ['boards', 'get'], success: { status: 200 } },
  createBoard: { method: 'POST', path: '/boards', input: 'body', client: ['boards', 'create'], success: { status: 201 } },
  publishBoard: { method: 'POST', path: '/boards/{slug}/publish', input: null, client: ['boards', 'publish'], success: { status: 200 } },
  unpublishBoard: { method: 'POST', path: '/boards/{slug}/unpublish', input: null, client: ['boards', 'unpublish'], success: { status: 200 } },
  listPosts: { method: 'GET', path: '/boards/{slug}/posts', input: 'query', client: ['posts', 'list'], success: { status: 200 } },
  findSimilarPosts: { method: 'GET', path: '/boards/{slug}/posts/similar', input: 'query', client: ['posts', 'similar'], success: { status: 200 } },
  createPost: { method: 'POST', path: '/boards/{slug}/posts', input: 'body', client: ['posts', 'create'], success: { status: 201 } },
  getPost: { method: 'GET', path: '/boards/{slug}/posts/{id}', input: null, client: ['posts', 'get'], success: { status: 200 } },
  updatePost: { method: 'PATCH', path: '/boards/{slug}/posts/{id}', input: 'body', client: ['posts', 'update'], success: { status: 200 } },
  mergePost: { method: 'POST', path: '/boards/{slug}/posts/{id}/merge', input: 'body', client: ['posts', 'merge'], success: { status: 200 } },
  deletePost: { method: 'DELETE', path: '/boards/{slug}/posts/{id}', input: null, client: ['posts', 'delete'], success: { status: 204 } },
  getQueue: { method: 'GET', path: '/boards/{slug}/queue', input: 'query', client: ['agent', 'queue'], success: { status: 200 } },
  claimPost: { method: 'POST', path: '/boards/{slug}/posts/{id}/claim', input: 'body', client: ['agent', 'claim'], success: { status: 201, statusFrom: 'created', bodyFrom: 'claim' } },
  claimNextPost: { method: 'POST', path: '/boards/{slug}/queue/claim', input: 'body', client: ['agent', 'claimNext'], success: { status: 201, statusFrom: 'claim' } },
  releaseClaim: { method: 'DELETE', path: '/boards/{slug}/posts/{id}/claim', input: null, client: ['agent', 'release'], success: { status: 204 } },
  addEvidence: { method: 'POST', path: '/boards/{slug}/posts/{id}/evidence', input: 'body', client: ['agent', 'addEvidence'], success: { status: 201 } },
  proposeStatus: { method: 'POST', path: '/boards/{slug}/posts/{id}/propose-status', input: 'body', client: ['agent', 'proposeStatus'], success: { status: 200 } },
  listVotes: { method: 'GET', path: '/boards/{slug}/posts/{id}/votes', input: null, client: ['votes', 'list'], success: { status: 200 } },
  voteOnBehalf: { method: 'POST', path: '/boards/{slug}/posts/{id}/votes', input: 'body', client: ['votes', 'onBehalf'], success: { status: 200 } },
  withdrawVoteOnBehalf: { method: 'POST', path: '/boards/{slug}/posts/{id}/votes/withdraw', input: 'body', client: ['votes', 'withdrawOnBehalf'], success: { status: 200 } },
  listComments: { method: 'GET', path: '/boards/{slug}/posts/{id}/comments', input: null, client: ['comments', 'list'], success: { status: 200 } },
  createComment: { method: 'POST', path: '/boards/{slug}/posts/{id}/comments', input: 'body', client: ['comments', 'create'], success: { status: 201 } },
  getRoadmap: { method: 'GET', path: '/boards/{slug}/roadmap', input: 'query', client: ['roadmap', 'list'], success: { status: 200 } },
  getChangelog: { method: 'GET', path: '/boards/{slug}/changelog', input: 'query', client: ['changelog', 'list'], success: { status: 200 } },
  getShipStats: { method: 'GET', path: '/boards/{slug}/ship-stats', input: 'query', client: ['stats', 'shipStats'], success: { status: 200 } },
  getAnalytics: { method: 'GET', path: '/boards/{slug}/analytics', input: 'query', client: ['stats', 'analytics'], success: { status: 200 } },
  listWebhooks: { method: 'GET', path: '/webhooks', input: null, client: ['webhooks', 'list'], success: { status: 200 } },
};
