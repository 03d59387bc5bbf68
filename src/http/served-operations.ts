/**
 * The operation table as the core serves it, generated from `src/http/operations.ts` by
 * `npm run derive` (scripts/derive-served-operations.mjs): do not edit it, edit the table and run that.
 * A test fails while this file differs from what the table gives.
 *
 * Why it exists: the router, the handler and the in-process API are built from these rows at run
 * time, and the core's browser bundle carries them instead of the table itself, whose summaries,
 * scopes, error lists and schema names only the OpenAPI document, the MCP tools and the typed
 * client read, and which would reach each service function through its whole module. Here each
 * row holds what serving needs: method, path, input and the query parameters its schema names,
 * the client place, the success status, and the service function itself.
 */
import * as agent from '../services/agent.js';
import * as boards from '../services/boards.js';
import * as claimNext from '../services/claim-next.js';
import * as comments from '../services/comments.js';
import * as companyVotes from '../services/company-votes.js';
import * as dashboard from '../services/dashboard.js';
import * as posts from '../services/posts.js';
import * as stats from '../services/stats.js';
import type { ServedOperation } from './operation-row.js';
import type { OperationName } from './operations.js';

/** Every operation as the core serves it, in table order. */
export const servedOperations: { readonly [N in OperationName]: ServedOperation } = {
  listBoards: { method: 'GET', path: '/boards', input: null, queryKeys: [], client: ['boards', 'list'], success: { status: 200 }, serve: boards.listBoards },
  getBoard: { method: 'GET', path: '/boards/{slug}', input: null, queryKeys: [], client: ['boards', 'get'], success: { status: 200 }, serve: boards.getBoard },
  createBoard: { method: 'POST', path: '/boards', input: 'body', queryKeys: [], client: ['boards', 'create'], success: { status: 201 }, serve: boards.createBoard },
  publishBoard: { method: 'POST', path: '/boards/{slug}/publish', input: null, queryKeys: [], client: ['boards', 'publish'], success: { status: 200 }, serve: boards.publishBoard },
  unpublishBoard: { method: 'POST', path: '/boards/{slug}/unpublish', input: null, queryKeys: [], client: ['boards', 'unpublish'], success: { status: 200 }, serve: boards.unpublishBoard },
  listPosts: { method: 'GET', path: '/boards/{slug}/posts', input: 'query', queryKeys: ['status', 'q', 'tag', 'sort', 'limit', 'offset'], client: ['posts', 'list'], success: { status: 200 }, serve: posts.listPosts },
  findSimilarPosts: { method: 'GET', path: '/boards/{slug}/posts/similar', input: 'query', queryKeys: ['text', 'limit'], client: ['posts', 'similar'], success: { status: 200 }, serve: posts.findSimilarPosts },
  createPost: { method: 'POST', path: '/boards/{slug}/posts', input: 'body', queryKeys: [], client: ['posts', 'create'], success: { status: 201 }, serve: posts.createPost },
  getPost: { method: 'GET', path: '/boards/{slug}/posts/{id}', input: null, queryKeys: [], client: ['posts', 'get'], success: { status: 200 }, serve: posts.getPost },
  updatePost: { method: 'PATCH', path: '/boards/{slug}/posts/{id}', input: 'body', queryKeys: [], client: ['posts', 'update'], success: { status: 200 }, serve: posts.updatePost },
  mergePost: { method: 'POST', path: '/boards/{slug}/posts/{id}/merge', input: 'body', queryKeys: [], client: ['posts', 'merge'], success: { status: 200 }, serve: posts.mergePost },
  deletePost: { method: 'DELETE', path: '/boards/{slug}/posts/{id}', input: null, queryKeys: [], client: ['posts', 'delete'], success: { status: 204 }, serve: posts.deletePost },
  getQueue: { method: 'GET', path: '/boards/{slug}/queue', input: 'query', queryKeys: ['limit'], client: ['agent', 'queue'], success: { status: 200 }, serve: agent.getQueue },
  claimPost: { method: 'POST', path: '/boards/{slug}/posts/{id}/claim', input: 'body', queryKeys: [], client: ['agent', 'claim'], success: { status: 201, alsoStatus: 200, statusFrom: 'created', bodyFrom: 'claim' }, serve: agent.claimPost },
  claimNextPost: { method: 'POST', path: '/boards/{slug}/queue/claim', input: 'body', queryKeys: [], client: ['agent', 'claimNext'], success: { status: 201, alsoStatus: 200, statusFrom: 'claim' }, serve: claimNext.claimNextPost },
  releaseClaim: { method: 'DELETE', path: '/boards/{slug}/posts/{id}/claim', input: null, queryKeys: [], client: ['agent', 'release'], success: { status: 204 }, serve: agent.releaseClaim },
  addEvidence: { method: 'POST', path: '/boards/{slug}/posts/{id}/evidence', input: 'body', queryKeys: [], client: ['agent', 'addEvidence'], success: { status: 201 }, serve: agent.addEvidence },
  proposeStatus: { method: 'POST', path: '/boards/{slug}/posts/{id}/propose-status', input: 'body', queryKeys: [], client: ['agent', 'proposeStatus'], success: { status: 200 }, serve: agent.proposeStatus },
  listVotes: { method: 'GET', path: '/boards/{slug}/posts/{id}/votes', input: null, queryKeys: [], client: ['votes', 'list'], success: { status: 200 }, serve: comments.listVotes },
  voteOnBehalf: { method: 'POST', path: '/boards/{slug}/posts/{id}/votes', input: 'body', queryKeys: [], client: ['votes', 'onBehalf'], success: { status: 200 }, serve: companyVotes.voteOnBehalf },
  withdrawVoteOnBehalf: { method: 'POST', path: '/boards/{slug}/posts/{id}/votes/withdraw', input: 'body', queryKeys: [], client: ['votes', 'withdrawOnBehalf'], success: { status: 200 }, serve: companyVotes.withdrawVoteOnBehalf },
  listComments: { method: 'GET', path: '/boards/{slug}/posts/{id}/comments', input: null, queryKeys: [], client: ['comments', 'list'], success: { status: 200 }, serve: comments.listComments },
  createComment: { method: 'POST', path: '/boards/{slug}/posts/{id}/comments', input: 'body', queryKeys: [], client: ['comments', 'create'], success: { status: 201 }, serve: comments.createComment },
  getRoadmap: { method: 'GET', path: '/boards/{slug}/roadmap', input: 'query', queryKeys: ['limit', 'offset'], client: ['roadmap', 'list'], success: { status: 200 }, serve: stats.getRoadmap },
  getChangelog: { method: 'GET', path: '/boards/{slug}/changelog', input: 'query', queryKeys: ['limit', 'offset'], client: ['changelog', 'list'], success: { status: 200 }, serve: stats.getChangelog },
  getShipStats: { method: 'GET', path: '/boards/{slug}/ship-stats', input: 'query', queryKeys: ['period'], client: ['stats', 'shipStats'], success: { status: 200 }, serve: stats.getShipStats },
  getAnalytics: { method: 'GET', path: '/boards/{slug}/analytics', input: 'query', queryKeys: ['period'], client: ['stats', 'analytics'], success: { status: 200 }, serve: stats.getAnalytics },
  listWebhooks: { method: 'GET', path: '/webhooks', input: null, queryKeys: [], client: ['webhooks', 'list'], success: { status: 200 }, serve: dashboard.listWebhooks },
};

/** Every operation name, in table order. */
export const servedOperationNames = Object.keys(servedOperations) as OperationName[];
