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

/**
 * One operation as the client sends it: method, path, where its input goes, its place on the
 * client (`group.method`), its success status and, when that status tells part of the result
 * (`{ claim, created }`), the result's field the status gives and the field the body is.
 */
export type ClientRoute = readonly [method: HttpMethod, path: string, input: 'body' | 'query' | null, place: string, status: number, statusFrom?: string, bodyFrom?: string];

/**
 * Every operation's client route, in table order, its name in the comment beside it: a list, not
 * an object by name, since the client reaches each operation by its place, and the names would
 * only weigh on the bundle.
 */
export const clientRoutes: readonly ClientRoute[] = [
  ['GET', '/boards', null, 'boards.list', 200], // listBoards
  ['GET', '/boards/{slug}', null, 'boards.get', 200], // getBoard
  ['POST', '/boards', 'body', 'boards.create', 201], // createBoard
  ['POST', '/boards/{slug}/publish', null, 'boards.publish', 200], // publishBoard
  ['POST', '/boards/{slug}/unpublish', null, 'boards.unpublish', 200], // unpublishBoard
  ['GET', '/boards/{slug}/posts', 'query', 'posts.list', 200], // listPosts
  ['GET', '/boards/{slug}/posts/similar', 'query', 'posts.similar', 200], // findSimilarPosts
  ['POST', '/boards/{slug}/posts', 'body', 'posts.create', 201], // createPost
  ['GET', '/boards/{slug}/posts/{id}', null, 'posts.get', 200], // getPost
  ['PATCH', '/boards/{slug}/posts/{id}', 'body', 'posts.update', 200], // updatePost
  ['POST', '/boards/{slug}/posts/{id}/merge', 'body', 'posts.merge', 200], // mergePost
  ['DELETE', '/boards/{slug}/posts/{id}', null, 'posts.delete', 204], // deletePost
  ['POST', '/boards/{slug}/posts/{deleted_post_id}/restore', null, 'posts.restore', 200], // restorePost
  ['GET', '/boards/{slug}/posts/{id}/activity', 'query', 'activity.list', 200], // getPostActivity
  ['GET', '/boards/{slug}/queue', 'query', 'agent.queue', 200], // getQueue
  ['POST', '/boards/{slug}/posts/{id}/claim', 'body', 'agent.claim', 201, 'created', 'claim'], // claimPost
  ['POST', '/boards/{slug}/queue/claim', 'body', 'agent.claimNext', 201], // claimNextPost
  ['DELETE', '/boards/{slug}/posts/{id}/claim', null, 'agent.release', 204], // releaseClaim
  ['POST', '/boards/{slug}/posts/{id}/evidence', 'body', 'agent.addEvidence', 201], // addEvidence
  ['POST', '/boards/{slug}/posts/{id}/propose-status', 'body', 'agent.proposeStatus', 200], // proposeStatus
  ['POST', '/boards/{slug}/posts/{id}/links', 'body', 'posts.link', 201], // linkPost
  ['GET', '/boards/{slug}/posts/{id}/links', null, 'posts.links', 200], // listPostLinks
  ['GET', '/boards/{slug}/posts/{id}/votes', null, 'votes.list', 200], // listVotes
  ['POST', '/boards/{slug}/posts/{id}/votes', 'body', 'votes.onBehalf', 200], // voteOnBehalf
  ['POST', '/boards/{slug}/posts/{id}/votes/withdraw', 'body', 'votes.withdrawOnBehalf', 200], // withdrawVoteOnBehalf
  ['GET', '/boards/{slug}/posts/{id}/comments', null, 'comments.list', 200], // listComments
  ['POST', '/boards/{slug}/posts/{id}/comments', 'body', 'comments.create', 201], // createComment
  ['PATCH', '/boards/{slug}/posts/{id}/comments/{comment_id}', 'body', 'comments.update', 200], // updateComment
  ['DELETE', '/boards/{slug}/posts/{id}/comments/{comment_id}', null, 'comments.delete', 204], // deleteComment
  ['GET', '/boards/{slug}/roadmap', 'query', 'roadmap.list', 200], // getRoadmap
  ['GET', '/boards/{slug}/changelog', 'query', 'changelog.list', 200], // getChangelog
  ['GET', '/boards/{slug}/ship-stats', 'query', 'stats.shipStats', 200], // getShipStats
  ['GET', '/boards/{slug}/analytics', 'query', 'stats.analytics', 200], // getAnalytics
  ['GET', '/webhooks', null, 'webhooks.list', 200], // listWebhooks
  ['GET', '/statuses', null, 'statuses.list', 200], // listStatuses
  ['GET', '/held-posts', 'query', 'moderation.list', 200], // listHeldPosts
  ['GET', '/held-posts/{held_post_id}', null, 'moderation.get', 200], // getHeldPost
  ['POST', '/held-posts/{held_post_id}/approve', null, 'moderation.approve', 201], // approveHeldPost
  ['POST', '/held-posts/{held_post_id}/reject', 'body', 'moderation.reject', 200], // rejectHeldPost
  ['POST', '/voters/{voter_id}/block', null, 'voters.block', 200], // blockVoter
  ['DELETE', '/voters/{voter_id}/block', null, 'voters.unblock', 200], // unblockVoter
  ['POST', '/boards/{slug}/posts/{merged_post_id}/unmerge', null, 'posts.unmerge', 200], // unmergePost
  ['GET', '/deleted-posts', 'query', 'posts.listDeleted', 200], // listDeletedPosts
  ['POST', '/boards/{slug}/posts/{id}/pin', null, 'posts.pin', 200], // pinPost
  ['DELETE', '/boards/{slug}/posts/{id}/pin', null, 'posts.unpin', 200], // unpinPost
  ['POST', '/integrations/connections', 'body', 'integrations.createConnection', 201], // createIntegrationConnection
  ['GET', '/integrations/connections', null, 'integrations.listConnections', 200], // listIntegrationConnections
  ['POST', '/integrations/connections/{connection_id}/rotate-secret', 'body', 'integrations.rotateSecret', 200], // rotateIntegrationConnectionSecret
  ['POST', '/integrations/connections/{connection_id}/deactivate', null, 'integrations.deactivate', 200], // deactivateIntegrationConnection
  ['POST', '/integrations/connections/{connection_id}/test', null, 'integrations.test', 200], // testIntegrationConnection
  ['POST', '/statuses', 'body', 'statuses.create', 201], // createStatus
  ['PATCH', '/statuses/{status_id}', 'body', 'statuses.update', 200], // updateStatus
  ['DELETE', '/statuses/{status_id}', null, 'statuses.delete', 204], // deleteStatus
  ['GET', '/mail-settings', null, 'mail.settings', 200], // getMailSettings
  ['PATCH', '/mail-settings', 'body', 'mail.updateSettings', 200], // updateMailSettings
];
