/**
 * The operation table as the core serves it, generated from `src/http/operations.ts` by
 * `npm run derive` (scripts/derive-served-operations.mjs): do not edit it, edit the table and run that.
 * A test fails while this file differs from what the table gives.
 *
 * Each row is the operation's route (`operation-routes.ts`) with the service function that serves
 * it, imported by name from its module, so the core's browser bundle carries the functions the
 * router, the handler and the in-process API call, and not the table. The modules of the request
 * path's reads are imported; every other module is loaded on the first call of one of its
 * operations (`lazy`, see ../services/lazy.ts), so that loading the core does not load them.
 */
import * as boardReads from '../services/board-reads.js';
import * as postReads from '../services/post-reads.js';
import { lazy } from '../services/lazy.js';
import type { ServedOperation } from './operation-row.js';
import { operationRoutes } from './operation-routes.js';
import type { OperationName } from './operations.js';

/** Every operation name, in table order. */
export const servedOperationNames = Object.keys(operationRoutes) as OperationName[];

// The modules loaded on the first call of one of their operations.
const activity = () => import('../services/activity.js');
const agent = () => import('../services/agent.js');
const boards = () => import('../services/boards.js');
const changelogEntries = () => import('../services/changelog-entries.js');
const claimNext = () => import('../services/claim-next.js');
const commentEdits = () => import('../services/comment-edits.js');
const comments = () => import('../services/comments.js');
const companyVotes = () => import('../services/company-votes.js');
const dashboard = () => import('../services/dashboard.js');
const fields = () => import('../services/fields.js');
const integrationChatTargets = () => import('../services/integration-chat-targets.js');
const integrationConnections = () => import('../services/integration-connections.js');
const integrationLinks = () => import('../services/integration-links.js');
const mailSettings = () => import('../services/mail-settings.js');
const merges = () => import('../services/merges.js');
const moderation = () => import('../services/moderation.js');
const posts = () => import('../services/posts.js');
const stats = () => import('../services/stats.js');
const statuses = () => import('../services/statuses.js');
const teamVoters = () => import('../services/team-voters.js');
const trash = () => import('../services/trash.js');

/** The service function of each operation, in table order. */
const SERVICES: readonly ServedOperation['serve'][] = [
  boardReads.listBoards,
  boardReads.getBoard,
  lazy(boards, 'createBoard'),
  lazy(boards, 'publishBoard'),
  lazy(boards, 'unpublishBoard'),
  postReads.listPosts,
  lazy(posts, 'findSimilarPosts'),
  lazy(posts, 'createPost'),
  postReads.getPost,
  lazy(posts, 'updatePost'),
  lazy(merges, 'mergePost'),
  lazy(posts, 'deletePost'),
  lazy(trash, 'restorePost'),
  lazy(activity, 'getPostActivity'),
  lazy(agent, 'getQueue'),
  lazy(agent, 'claimPost'),
  lazy(claimNext, 'claimNextPost'),
  lazy(agent, 'releaseClaim'),
  lazy(agent, 'addEvidence'),
  lazy(agent, 'proposeStatus'),
  lazy(integrationLinks, 'linkPost'),
  lazy(integrationLinks, 'listPostLinks'),
  lazy(comments, 'listVotes'),
  lazy(companyVotes, 'voteOnBehalf'),
  lazy(companyVotes, 'withdrawVoteOnBehalf'),
  lazy(comments, 'listComments'),
  lazy(comments, 'createComment'),
  lazy(commentEdits, 'updateComment'),
  lazy(commentEdits, 'deleteComment'),
  lazy(stats, 'getRoadmap'),
  lazy(stats, 'getChangelog'),
  lazy(stats, 'getShipStats'),
  lazy(stats, 'getAnalytics'),
  lazy(dashboard, 'listWebhooks'),
  lazy(statuses, 'listStatuses'),
  lazy(moderation, 'listHeldPosts'),
  lazy(moderation, 'getHeldPost'),
  lazy(moderation, 'approveHeldPost'),
  lazy(moderation, 'rejectHeldPost'),
  lazy(teamVoters, 'blockVoter'),
  lazy(teamVoters, 'unblockVoter'),
  lazy(merges, 'unmergePost'),
  lazy(trash, 'listDeletedPosts'),
  lazy(posts, 'pinPost'),
  lazy(posts, 'unpinPost'),
  lazy(integrationConnections, 'createIntegrationConnection'),
  lazy(integrationConnections, 'listIntegrationConnections'),
  lazy(integrationConnections, 'rotateIntegrationConnectionSecret'),
  lazy(integrationConnections, 'deactivateIntegrationConnection'),
  lazy(integrationConnections, 'testIntegrationConnection'),
  lazy(integrationChatTargets, 'createChatTarget'),
  lazy(integrationChatTargets, 'listChatTargets'),
  lazy(integrationChatTargets, 'deactivateChatTarget'),
  lazy(statuses, 'createStatus'),
  lazy(statuses, 'updateStatus'),
  lazy(statuses, 'deleteStatus'),
  lazy(mailSettings, 'getMailSettings'),
  lazy(mailSettings, 'updateMailSettings'),
  lazy(changelogEntries, 'listChangelogEntries'),
  lazy(changelogEntries, 'createChangelogEntry'),
  lazy(fields, 'listFields'),
  lazy(fields, 'updateFields'),
  lazy(changelogEntries, 'updateChangelogEntry'),
  lazy(changelogEntries, 'deleteChangelogEntry'),
];

/** Every operation as the core serves it: its route and its service function. */
export const servedOperations = Object.fromEntries(
  servedOperationNames.map((name, i) => [name, { ...operationRoutes[name], serve: SERVICES[i]! }]),
) as { readonly [N in OperationName]: ServedOperation };
