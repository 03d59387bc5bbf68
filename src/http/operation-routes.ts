/**
 * The operation table's routes, generated from `src/http/operations.ts` by `npm run derive`
 * (scripts/derive-served-operations.mjs): do not edit it, edit the table and run that. A test
 * fails while this file differs from what the table gives.
 *
 * Why it exists: the core serves the operations from these rows (the router, the handler and the
 * in-process API), so that it does not carry the table itself, whose summaries, scopes, error
 * lists, schema names and MCP guidance only the OpenAPI document and the MCP tools read. Each row
 * holds what serving needs: method, path, input and the query parameters its schema names, the
 * client place and the success statuses. The typed client has shorter rows of its own
 * (`../client/routes.ts`).
 */
import type { OperationRoute } from './operation-row.js';
import type { OperationName } from './operations.js';

/** Every operation's route, in table order. */
export const operationRoutes: { readonly [N in OperationName]: OperationRoute } = {
  listBoards: { method: 'GET', path: '/boards', input: null, queryKeys: [], client: ['boards', 'list'], success: { status: 200 } },
  getBoard: { method: 'GET', path: '/boards/{slug}', input: null, queryKeys: [], client: ['boards', 'get'], success: { status: 200 } },
  createBoard: { method: 'POST', path: '/boards', input: 'body', queryKeys: [], client: ['boards', 'create'], success: { status: 201 } },
  publishBoard: { method: 'POST', path: '/boards/{slug}/publish', input: null, queryKeys: [], client: ['boards', 'publish'], success: { status: 200 } },
  unpublishBoard: { method: 'POST', path: '/boards/{slug}/unpublish', input: null, queryKeys: [], client: ['boards', 'unpublish'], success: { status: 200 } },
  listPosts: { method: 'GET', path: '/boards/{slug}/posts', input: 'query', queryKeys: ['status', 'q', 'tag', 'sort', 'pinned_first', 'status_label', 'field', 'limit', 'offset'], client: ['posts', 'list'], success: { status: 200 } },
  findSimilarPosts: { method: 'GET', path: '/boards/{slug}/posts/similar', input: 'query', queryKeys: ['text', 'limit'], client: ['posts', 'similar'], success: { status: 200 } },
  createPost: { method: 'POST', path: '/boards/{slug}/posts', input: 'body', queryKeys: [], client: ['posts', 'create'], success: { status: 201 } },
  getPost: { method: 'GET', path: '/boards/{slug}/posts/{id}', input: null, queryKeys: [], client: ['posts', 'get'], success: { status: 200 } },
  updatePost: { method: 'PATCH', path: '/boards/{slug}/posts/{id}', input: 'body', queryKeys: [], client: ['posts', 'update'], success: { status: 200 } },
  mergePost: { method: 'POST', path: '/boards/{slug}/posts/{id}/merge', input: 'body', queryKeys: [], client: ['posts', 'merge'], success: { status: 200 } },
  deletePost: { method: 'DELETE', path: '/boards/{slug}/posts/{id}', input: null, queryKeys: [], client: ['posts', 'delete'], success: { status: 204 } },
  restorePost: { method: 'POST', path: '/boards/{slug}/posts/{deleted_post_id}/restore', input: null, queryKeys: [], client: ['posts', 'restore'], success: { status: 200 } },
  getPostActivity: { method: 'GET', path: '/boards/{slug}/posts/{id}/activity', input: 'query', queryKeys: ['limit', 'before'], client: ['activity', 'list'], success: { status: 200 } },
  getQueue: { method: 'GET', path: '/boards/{slug}/queue', input: 'query', queryKeys: ['limit'], client: ['agent', 'queue'], success: { status: 200 } },
  claimPost: { method: 'POST', path: '/boards/{slug}/posts/{id}/claim', input: 'body', queryKeys: [], client: ['agent', 'claim'], success: { status: 201, alsoStatus: 200, statusFrom: 'created', bodyFrom: 'claim' } },
  claimNextPost: { method: 'POST', path: '/boards/{slug}/queue/claim', input: 'body', queryKeys: [], client: ['agent', 'claimNext'], success: { status: 201, alsoStatus: 200, statusFrom: 'claim' } },
  releaseClaim: { method: 'DELETE', path: '/boards/{slug}/posts/{id}/claim', input: null, queryKeys: [], client: ['agent', 'release'], success: { status: 204 } },
  addEvidence: { method: 'POST', path: '/boards/{slug}/posts/{id}/evidence', input: 'body', queryKeys: [], client: ['agent', 'addEvidence'], success: { status: 201 } },
  proposeStatus: { method: 'POST', path: '/boards/{slug}/posts/{id}/propose-status', input: 'body', queryKeys: [], client: ['agent', 'proposeStatus'], success: { status: 200 } },
  linkPost: { method: 'POST', path: '/boards/{slug}/posts/{id}/links', input: 'body', queryKeys: [], client: ['posts', 'link'], success: { status: 201 } },
  listPostLinks: { method: 'GET', path: '/boards/{slug}/posts/{id}/links', input: null, queryKeys: [], client: ['posts', 'links'], success: { status: 200 } },
  listVotes: { method: 'GET', path: '/boards/{slug}/posts/{id}/votes', input: null, queryKeys: [], client: ['votes', 'list'], success: { status: 200 } },
  voteOnBehalf: { method: 'POST', path: '/boards/{slug}/posts/{id}/votes', input: 'body', queryKeys: [], client: ['votes', 'onBehalf'], success: { status: 200 } },
  withdrawVoteOnBehalf: { method: 'POST', path: '/boards/{slug}/posts/{id}/votes/withdraw', input: 'body', queryKeys: [], client: ['votes', 'withdrawOnBehalf'], success: { status: 200 } },
  listComments: { method: 'GET', path: '/boards/{slug}/posts/{id}/comments', input: null, queryKeys: [], client: ['comments', 'list'], success: { status: 200 } },
  createComment: { method: 'POST', path: '/boards/{slug}/posts/{id}/comments', input: 'body', queryKeys: [], client: ['comments', 'create'], success: { status: 201 } },
  updateComment: { method: 'PATCH', path: '/boards/{slug}/posts/{id}/comments/{comment_id}', input: 'body', queryKeys: [], client: ['comments', 'update'], success: { status: 200 } },
  deleteComment: { method: 'DELETE', path: '/boards/{slug}/posts/{id}/comments/{comment_id}', input: null, queryKeys: [], client: ['comments', 'delete'], success: { status: 204 } },
  getRoadmap: { method: 'GET', path: '/boards/{slug}/roadmap', input: 'query', queryKeys: ['limit', 'offset'], client: ['roadmap', 'list'], success: { status: 200 } },
  getChangelog: { method: 'GET', path: '/boards/{slug}/changelog', input: 'query', queryKeys: ['limit', 'offset'], client: ['changelog', 'list'], success: { status: 200 } },
  getShipStats: { method: 'GET', path: '/boards/{slug}/ship-stats', input: 'query', queryKeys: ['period'], client: ['stats', 'shipStats'], success: { status: 200 } },
  getAnalytics: { method: 'GET', path: '/boards/{slug}/analytics', input: 'query', queryKeys: ['period'], client: ['stats', 'analytics'], success: { status: 200 } },
  listWebhooks: { method: 'GET', path: '/webhooks', input: null, queryKeys: [], client: ['webhooks', 'list'], success: { status: 200 } },
  listStatuses: { method: 'GET', path: '/statuses', input: null, queryKeys: [], client: ['statuses', 'list'], success: { status: 200 } },
  listHeldPosts: { method: 'GET', path: '/held-posts', input: 'query', queryKeys: ['state', 'limit', 'offset'], client: ['moderation', 'list'], success: { status: 200 } },
  getHeldPost: { method: 'GET', path: '/held-posts/{held_post_id}', input: null, queryKeys: [], client: ['moderation', 'get'], success: { status: 200 } },
  approveHeldPost: { method: 'POST', path: '/held-posts/{held_post_id}/approve', input: null, queryKeys: [], client: ['moderation', 'approve'], success: { status: 201 } },
  rejectHeldPost: { method: 'POST', path: '/held-posts/{held_post_id}/reject', input: 'body', queryKeys: [], client: ['moderation', 'reject'], success: { status: 200 } },
  blockVoter: { method: 'POST', path: '/voters/{voter_id}/block', input: null, queryKeys: [], client: ['voters', 'block'], success: { status: 200 } },
  unblockVoter: { method: 'DELETE', path: '/voters/{voter_id}/block', input: null, queryKeys: [], client: ['voters', 'unblock'], success: { status: 200 } },
  unmergePost: { method: 'POST', path: '/boards/{slug}/posts/{merged_post_id}/unmerge', input: null, queryKeys: [], client: ['posts', 'unmerge'], success: { status: 200 } },
  listDeletedPosts: { method: 'GET', path: '/deleted-posts', input: 'query', queryKeys: ['board', 'limit', 'offset'], client: ['posts', 'listDeleted'], success: { status: 200 } },
  pinPost: { method: 'POST', path: '/boards/{slug}/posts/{id}/pin', input: null, queryKeys: [], client: ['posts', 'pin'], success: { status: 200 } },
  unpinPost: { method: 'DELETE', path: '/boards/{slug}/posts/{id}/pin', input: null, queryKeys: [], client: ['posts', 'unpin'], success: { status: 200 } },
  createIntegrationConnection: { method: 'POST', path: '/integrations/connections', input: 'body', queryKeys: [], client: ['integrations', 'createConnection'], success: { status: 201 } },
  listIntegrationConnections: { method: 'GET', path: '/integrations/connections', input: null, queryKeys: [], client: ['integrations', 'listConnections'], success: { status: 200 } },
  rotateIntegrationConnectionSecret: { method: 'POST', path: '/integrations/connections/{connection_id}/rotate-secret', input: 'body', queryKeys: [], client: ['integrations', 'rotateSecret'], success: { status: 200 } },
  deactivateIntegrationConnection: { method: 'POST', path: '/integrations/connections/{connection_id}/deactivate', input: null, queryKeys: [], client: ['integrations', 'deactivate'], success: { status: 200 } },
  testIntegrationConnection: { method: 'POST', path: '/integrations/connections/{connection_id}/test', input: null, queryKeys: [], client: ['integrations', 'test'], success: { status: 200 } },
  createChatTarget: { method: 'POST', path: '/boards/{slug}/chat-targets', input: 'body', queryKeys: [], client: ['chat', 'create'], success: { status: 201 } },
  listChatTargets: { method: 'GET', path: '/boards/{slug}/chat-targets', input: null, queryKeys: [], client: ['chat', 'list'], success: { status: 200 } },
  deactivateChatTarget: { method: 'POST', path: '/boards/{slug}/chat-targets/{chat_target_id}/deactivate', input: null, queryKeys: [], client: ['chat', 'deactivate'], success: { status: 200 } },
  createStatus: { method: 'POST', path: '/statuses', input: 'body', queryKeys: [], client: ['statuses', 'create'], success: { status: 201 } },
  updateStatus: { method: 'PATCH', path: '/statuses/{status_id}', input: 'body', queryKeys: [], client: ['statuses', 'update'], success: { status: 200 } },
  deleteStatus: { method: 'DELETE', path: '/statuses/{status_id}', input: null, queryKeys: [], client: ['statuses', 'delete'], success: { status: 204 } },
  getMailSettings: { method: 'GET', path: '/mail-settings', input: null, queryKeys: [], client: ['mail', 'settings'], success: { status: 200 } },
  updateMailSettings: { method: 'PATCH', path: '/mail-settings', input: 'body', queryKeys: [], client: ['mail', 'updateSettings'], success: { status: 200 } },
  listChangelogEntries: { method: 'GET', path: '/boards/{slug}/changelog/entries', input: 'query', queryKeys: ['state', 'limit', 'offset'], client: ['changelog', 'entries'], success: { status: 200 } },
  createChangelogEntry: { method: 'POST', path: '/boards/{slug}/changelog/entries', input: 'body', queryKeys: [], client: ['changelog', 'createEntry'], success: { status: 201 } },
  listFields: { method: 'GET', path: '/boards/{slug}/fields', input: null, queryKeys: [], client: ['fields', 'list'], success: { status: 200 } },
  updateFields: { method: 'PUT', path: '/boards/{slug}/fields', input: 'body', queryKeys: [], client: ['fields', 'update'], success: { status: 200 } },
  updateChangelogEntry: { method: 'PATCH', path: '/boards/{slug}/changelog/entries/{entry_id}', input: 'body', queryKeys: [], client: ['changelog', 'updateEntry'], success: { status: 200 } },
  deleteChangelogEntry: { method: 'DELETE', path: '/boards/{slug}/changelog/entries/{entry_id}', input: null, queryKeys: [], client: ['changelog', 'deleteEntry'], success: { status: 204 } },
};
