/**
 * The operation table's routes as the typed client sends them, generated from
 * `src/http/operations.ts` by `npm run derive` (scripts/derive-served-operations.mjs): do not edit
 * it, edit the table and run that. A test fails while this file differs from what the table gives.
 *
 * Why it exists: the client is bundled into applications, so it carries only what sending needs,
 * as short rows: not the query parameters and second success status the core's routes
 * (`../http/operation-routes.ts`) hold for serving.
 */
import type { HttpMethod } from '../http/operation-row.js';
import type { OperationName } from '../http/operations.js';

/**
 * One operation as the client sends it: method, path, where its input goes, its place on the
 * client (`group.method`), its success status and, when that status tells part of the result
 * (`{ claim, created }`), the result's field the status gives and the field the body is.
 */
export type ClientRoute = readonly [method: HttpMethod, path: string, input: 'body' | 'query' | null, place: string, status: number, statusFrom?: string, bodyFrom?: string];

/** Every operation's client route, in table order. */
export const clientRoutes: { readonly [N in OperationName]: ClientRoute } = {
  listBoards: ['GET', '/boards', null, 'boards.list', 200],
  getBoard: ['GET', '/boards/{slug}', null, 'boards.get', 200],
  createBoard: ['POST', '/boards', 'body', 'boards.create', 201],
  publishBoard: ['POST', '/boards/{slug}/publish', null, 'boards.publish', 200],
  unpublishBoard: ['POST', '/boards/{slug}/unpublish', null, 'boards.unpublish', 200],
  listPosts: ['GET', '/boards/{slug}/posts', 'query', 'posts.list', 200],
  findSimilarPosts: ['GET', '/boards/{slug}/posts/similar', 'query', 'posts.similar', 200],
  createPost: ['POST', '/boards/{slug}/posts', 'body', 'posts.create', 201],
  getPost: ['GET', '/boards/{slug}/posts/{id}', null, 'posts.get', 200],
  updatePost: ['PATCH', '/boards/{slug}/posts/{id}', 'body', 'posts.update', 200],
  mergePost: ['POST', '/boards/{slug}/posts/{id}/merge', 'body', 'posts.merge', 200],
  deletePost: ['DELETE', '/boards/{slug}/posts/{id}', null, 'posts.delete', 204],
  getPostActivity: ['GET', '/boards/{slug}/posts/{id}/activity', 'query', 'activity.list', 200],
  getQueue: ['GET', '/boards/{slug}/queue', 'query', 'agent.queue', 200],
  claimPost: ['POST', '/boards/{slug}/posts/{id}/claim', 'body', 'agent.claim', 201, 'created', 'claim'],
  claimNextPost: ['POST', '/boards/{slug}/queue/claim', 'body', 'agent.claimNext', 201],
  releaseClaim: ['DELETE', '/boards/{slug}/posts/{id}/claim', null, 'agent.release', 204],
  addEvidence: ['POST', '/boards/{slug}/posts/{id}/evidence', 'body', 'agent.addEvidence', 201],
  proposeStatus: ['POST', '/boards/{slug}/posts/{id}/propose-status', 'body', 'agent.proposeStatus', 200],
  listVotes: ['GET', '/boards/{slug}/posts/{id}/votes', null, 'votes.list', 200],
  voteOnBehalf: ['POST', '/boards/{slug}/posts/{id}/votes', 'body', 'votes.onBehalf', 200],
  withdrawVoteOnBehalf: ['POST', '/boards/{slug}/posts/{id}/votes/withdraw', 'body', 'votes.withdrawOnBehalf', 200],
  listComments: ['GET', '/boards/{slug}/posts/{id}/comments', null, 'comments.list', 200],
  createComment: ['POST', '/boards/{slug}/posts/{id}/comments', 'body', 'comments.create', 201],
  updateComment: ['PATCH', '/boards/{slug}/posts/{id}/comments/{comment_id}', 'body', 'comments.update', 200],
  deleteComment: ['DELETE', '/boards/{slug}/posts/{id}/comments/{comment_id}', null, 'comments.delete', 204],
  getRoadmap: ['GET', '/boards/{slug}/roadmap', 'query', 'roadmap.list', 200],
  getChangelog: ['GET', '/boards/{slug}/changelog', 'query', 'changelog.list', 200],
  getShipStats: ['GET', '/boards/{slug}/ship-stats', 'query', 'stats.shipStats', 200],
  getAnalytics: ['GET', '/boards/{slug}/analytics', 'query', 'stats.analytics', 200],
  listWebhooks: ['GET', '/webhooks', null, 'webhooks.list', 200],
  listHeldPosts: ['GET', '/held-posts', 'query', 'moderation.list', 200],
  getHeldPost: ['GET', '/held-posts/{held_post_id}', null, 'moderation.get', 200],
  approveHeldPost: ['POST', '/held-posts/{held_post_id}/approve', null, 'moderation.approve', 201],
  rejectHeldPost: ['POST', '/held-posts/{held_post_id}/reject', 'body', 'moderation.reject', 200],
  blockVoter: ['POST', '/voters/{voter_id}/block', null, 'voters.block', 200],
  unblockVoter: ['DELETE', '/voters/{voter_id}/block', null, 'voters.unblock', 200],
  unmergePost: ['POST', '/boards/{slug}/posts/{merged_post_id}/unmerge', null, 'posts.unmerge', 200],
  pinPost: ['POST', '/boards/{slug}/posts/{id}/pin', null, 'posts.pin', 200],
  unpinPost: ['DELETE', '/boards/{slug}/posts/{id}/pin', null, 'posts.unpin', 200],
  createIntegrationConnection: ['POST', '/integrations/connections', 'body', 'integrations.createConnection', 201],
  listIntegrationConnections: ['GET', '/integrations/connections', null, 'integrations.listConnections', 200],
  rotateIntegrationConnectionSecret: ['POST', '/integrations/connections/{connection_id}/rotate-secret', 'body', 'integrations.rotateSecret', 200],
  deactivateIntegrationConnection: ['POST', '/integrations/connections/{connection_id}/deactivate', null, 'integrations.deactivate', 200],
  getMailSettings: ['GET', '/mail-settings', null, 'mail.settings', 200],
  updateMailSettings: ['PATCH', '/mail-settings', 'body', 'mail.updateSettings', 200],
};
