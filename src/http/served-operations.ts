/**
 * The operation table as the core serves it, generated from `src/http/operations.ts` by
 * `npm run derive` (scripts/derive-served-operations.mjs): do not edit it, edit the table and run that.
 * A test fails while this file differs from what the table gives.
 *
 * Each row is the operation's route (`operation-routes.ts`) with the service function that serves
 * it, imported by name from its module, so the core's browser bundle carries the functions the
 * router, the handler and the in-process API call, and not the table.
 */
import * as activity from '../services/activity.js';
import * as agent from '../services/agent.js';
import * as boards from '../services/boards.js';
import * as claimNext from '../services/claim-next.js';
import * as comments from '../services/comments.js';
import * as companyVotes from '../services/company-votes.js';
import * as dashboard from '../services/dashboard.js';
import * as mailSettings from '../services/mail-settings.js';
import * as merges from '../services/merges.js';
import * as moderation from '../services/moderation.js';
import * as posts from '../services/posts.js';
import * as stats from '../services/stats.js';
import * as teamVoters from '../services/team-voters.js';
import type { ServedOperation } from './operation-row.js';
import { operationRoutes } from './operation-routes.js';
import type { OperationName } from './operations.js';

/** Every operation name, in table order. */
export const servedOperationNames = Object.keys(operationRoutes) as OperationName[];

/** The service function of each operation, in table order. */
const SERVICES: readonly ServedOperation['serve'][] = [
  boards.listBoards,
  boards.getBoard,
  boards.createBoard,
  boards.publishBoard,
  boards.unpublishBoard,
  posts.listPosts,
  posts.findSimilarPosts,
  posts.createPost,
  posts.getPost,
  posts.updatePost,
  merges.mergePost,
  posts.deletePost,
  activity.getPostActivity,
  agent.getQueue,
  agent.claimPost,
  claimNext.claimNextPost,
  agent.releaseClaim,
  agent.addEvidence,
  agent.proposeStatus,
  comments.listVotes,
  companyVotes.voteOnBehalf,
  companyVotes.withdrawVoteOnBehalf,
  comments.listComments,
  comments.createComment,
  stats.getRoadmap,
  stats.getChangelog,
  stats.getShipStats,
  stats.getAnalytics,
  dashboard.listWebhooks,
  moderation.listHeldPosts,
  moderation.getHeldPost,
  moderation.approveHeldPost,
  moderation.rejectHeldPost,
  teamVoters.blockVoter,
  teamVoters.unblockVoter,
  merges.unmergePost,
  mailSettings.getMailSettings,
  mailSettings.updateMailSettings,
];

/** Every operation as the core serves it: its route and its service function. */
export const servedOperations = Object.fromEntries(
  servedOperationNames.map((name, i) => [name, { ...operationRoutes[name], serve: SERVICES[i]! }]),
) as { readonly [N in OperationName]: ServedOperation };
