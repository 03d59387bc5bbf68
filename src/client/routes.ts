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
 * One operation as the client sends it: method, path (each parameter `{}`, filled in order),
 * where its input goes, its place on the client (`group.method`) and, when its success status
 * tells part of the result (`{ claim, created }`), that status, the result's field the status
 * gives and the field the body is.
 */
export type ClientRoute = readonly [method: HttpMethod, path: string, input: 'body' | 'query' | null, place: string, status?: number, statusFrom?: string, bodyFrom?: string];

/**
 * Every operation's client route, in table order, its name in the comment beside it: a list, not
 * an object by name, since the client reaches each operation by its place, and the names would
 * only weigh on the bundle.
 */
export const clientRoutes: readonly ClientRoute[] = [
  ['GET', '/boards', null, 'boards.list'], // listBoards
  ['GET', '/boards/{}', null, 'boards.get'], // getBoard
  ['POST', '/boards', 'body', 'boards.create'], // createBoard
  ['POST', '/boards/{}/publish', null, 'boards.publish'], // publishBoard
  ['POST', '/boards/{}/unpublish', null, 'boards.unpublish'], // unpublishBoard
  ['GET', '/boards/{}/posts', 'query', 'posts.list'], // listPosts
  ['GET', '/boards/{}/posts/similar', 'query', 'posts.similar'], // findSimilarPosts
  ['POST', '/boards/{}/posts', 'body', 'posts.create'], // createPost
  ['GET', '/boards/{}/posts/{}', null, 'posts.get'], // getPost
  ['PATCH', '/boards/{}/posts/{}', 'body', 'posts.update'], // updatePost
  ['POST', '/boards/{}/posts/{}/merge', 'body', 'posts.merge'], // mergePost
  ['DELETE', '/boards/{}/posts/{}', null, 'posts.delete'], // deletePost
  ['POST', '/boards/{}/posts/{}/restore', null, 'posts.restore'], // restorePost
  ['GET', '/boards/{}/posts/{}/activity', 'query', 'activity.list'], // getPostActivity
  ['GET', '/boards/{}/queue', 'query', 'agent.queue'], // getQueue
  ['POST', '/boards/{}/posts/{}/claim', 'body', 'agent.claim', 201, 'created', 'claim'], // claimPost
  ['POST', '/boards/{}/queue/claim', 'body', 'agent.claimNext'], // claimNextPost
  ['DELETE', '/boards/{}/posts/{}/claim', null, 'agent.release'], // releaseClaim
  ['POST', '/boards/{}/posts/{}/evidence', 'body', 'agent.addEvidence'], // addEvidence
  ['POST', '/boards/{}/posts/{}/propose-status', 'body', 'agent.proposeStatus'], // proposeStatus
  ['POST', '/boards/{}/posts/{}/links', 'body', 'posts.link'], // linkPost
  ['GET', '/boards/{}/posts/{}/links', null, 'posts.links'], // listPostLinks
  ['GET', '/boards/{}/posts/{}/votes', null, 'votes.list'], // listVotes
  ['POST', '/boards/{}/posts/{}/votes', 'body', 'votes.onBehalf'], // voteOnBehalf
  ['POST', '/boards/{}/posts/{}/votes/withdraw', 'body', 'votes.withdrawOnBehalf'], // withdrawVoteOnBehalf
  ['GET', '/boards/{}/posts/{}/comments', null, 'comments.list'], // listComments
  ['POST', '/boards/{}/posts/{}/comments', 'body', 'comments.create'], // createComment
  ['PATCH', '/boards/{}/posts/{}/comments/{}', 'body', 'comments.update'], // updateComment
  ['DELETE', '/boards/{}/posts/{}/comments/{}', null, 'comments.delete'], // deleteComment
  ['GET', '/boards/{}/roadmap', 'query', 'roadmap.list'], // getRoadmap
  ['GET', '/boards/{}/changelog', 'query', 'changelog.list'], // getChangelog
  ['GET', '/boards/{}/ship-stats', 'query', 'stats.shipStats'], // getShipStats
  ['GET', '/boards/{}/analytics', 'query', 'stats.analytics'], // getAnalytics
  ['GET', '/webhooks', null, 'webhooks.list'], // listWebhooks
  ['GET', '/statuses', null, 'statuses.list'], // listStatuses
  ['GET', '/held-posts', 'query', 'moderation.list'], // listHeldPosts
  ['GET', '/held-posts/{}', null, 'moderation.get'], // getHeldPost
  ['POST', '/held-posts/{}/approve', null, 'moderation.approve'], // approveHeldPost
  ['POST', '/held-posts/{}/reject', 'body', 'moderation.reject'], // rejectHeldPost
  ['POST', '/voters/{}/block', null, 'voters.block'], // blockVoter
  ['DELETE', '/voters/{}/block', null, 'voters.unblock'], // unblockVoter
  ['POST', '/boards/{}/posts/{}/unmerge', null, 'posts.unmerge'], // unmergePost
  ['GET', '/deleted-posts', 'query', 'posts.listDeleted'], // listDeletedPosts
  ['POST', '/boards/{}/posts/{}/pin', null, 'posts.pin'], // pinPost
  ['DELETE', '/boards/{}/posts/{}/pin', null, 'posts.unpin'], // unpinPost
  ['POST', '/integrations/connections', 'body', 'integrations.createConnection'], // createIntegrationConnection
  ['GET', '/integrations/connections', null, 'integrations.listConnections'], // listIntegrationConnections
  ['POST', '/integrations/connections/{}/rotate-secret', 'body', 'integrations.rotateSecret'], // rotateIntegrationConnectionSecret
  ['POST', '/integrations/connections/{}/deactivate', null, 'integrations.deactivate'], // deactivateIntegrationConnection
  ['POST', '/integrations/connections/{}/test', null, 'integrations.test'], // testIntegrationConnection
  ['POST', '/boards/{}/chat-targets', 'body', 'chat.create'], // createChatTarget
  ['GET', '/boards/{}/chat-targets', null, 'chat.list'], // listChatTargets
  ['POST', '/boards/{}/chat-targets/{}/deactivate', null, 'chat.deactivate'], // deactivateChatTarget
  ['POST', '/statuses', 'body', 'statuses.create'], // createStatus
  ['PATCH', '/statuses/{}', 'body', 'statuses.update'], // updateStatus
  ['DELETE', '/statuses/{}', null, 'statuses.delete'], // deleteStatus
  ['GET', '/mail-settings', null, 'mail.settings'], // getMailSettings
  ['PATCH', '/mail-settings', 'body', 'mail.updateSettings'], // updateMailSettings
  ['GET', '/boards/{}/changelog/entries', 'query', 'changelog.entries'], // listChangelogEntries
  ['POST', '/boards/{}/changelog/entries', 'body', 'changelog.createEntry'], // createChangelogEntry
  ['GET', '/boards/{}/fields', null, 'fields.list'], // listFields
  ['PUT', '/boards/{}/fields', 'body', 'fields.update'], // updateFields
  ['PATCH', '/boards/{}/changelog/entries/{}', 'body', 'changelog.updateEntry'], // updateChangelogEntry
  ['DELETE', '/boards/{}/changelog/entries/{}', null, 'changelog.deleteEntry'], // deleteChangelogEntry
];
