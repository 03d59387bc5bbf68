/**
 * The operation table as the core serves it, generated from `src/http/operations.ts` by
 * `npm run derive` (scripts/derive-served-operations.mjs): do not edit it, edit the table and run that.
 * A test fails while this file differs from what the table gives.
 *
 * Each row is the operation's route (`operation-routes.ts`) with the service function that serves
 * it, imported by name from its module, so the core's browser bundle carries the functions the
 * router, the handler and the in-process API call, and not the table.
 */
import * as agent from '../services/agent.js';
import * as boards from '../services/boards.js';
import * as claimNext from '../services/claim-next.js';
import * as comments from '../services/comments.js';
import * as companyVotes from '../services/company-votes.js';
import * as dashboard from '../services/dashboard.js';
import * as merges from '../services/merges.js';
import * as posts from '../services/posts.js';
import * as stats from '../services/stats.js';
import type { ServedOperation } from './operation-row.js';
import { operationRoutes } from './operation-routes.js';
import type { OperationName } from './operations.js';

/** Every operation as the core serves it, in table order. */
export const servedOperations: { readonly [N in OperationName]: ServedOperation } = {
  listBoards: { ...operationRoutes.listBoards, serve: boards.listBoards },
  getBoard: { ...operationRoutes.getBoard, serve: boards.getBoard },
  createBoard: { ...operationRoutes.createBoard, serve: boards.createBoard },
  publishBoard: { ...operationRoutes.publishBoard, serve: boards.publishBoard },
  unpublishBoard: { ...operationRoutes.unpublishBoard, serve: boards.unpublishBoard },
  listPosts: { ...operationRoutes.listPosts, serve: posts.listPosts },
  findSimilarPosts: { ...operationRoutes.findSimilarPosts, serve: posts.findSimilarPosts },
  createPost: { ...operationRoutes.createPost, serve: posts.createPost },
  getPost: { ...operationRoutes.getPost, serve: posts.getPost },
  updatePost: { ...operationRoutes.updatePost, serve: posts.updatePost },
  mergePost: { ...operationRoutes.mergePost, serve: merges.mergePost },
  deletePost: { ...operationRoutes.deletePost, serve: posts.deletePost },
  getQueue: { ...operationRoutes.getQueue, serve: agent.getQueue },
  claimPost: { ...operationRoutes.claimPost, serve: agent.claimPost },
  claimNextPost: { ...operationRoutes.claimNextPost, serve: claimNext.claimNextPost },
  releaseClaim: { ...operationRoutes.releaseClaim, serve: agent.releaseClaim },
  addEvidence: { ...operationRoutes.addEvidence, serve: agent.addEvidence },
  proposeStatus: { ...operationRoutes.proposeStatus, serve: agent.proposeStatus },
  listVotes: { ...operationRoutes.listVotes, serve: comments.listVotes },
  voteOnBehalf: { ...operationRoutes.voteOnBehalf, serve: companyVotes.voteOnBehalf },
  withdrawVoteOnBehalf: { ...operationRoutes.withdrawVoteOnBehalf, serve: companyVotes.withdrawVoteOnBehalf },
  listComments: { ...operationRoutes.listComments, serve: comments.listComments },
  createComment: { ...operationRoutes.createComment, serve: comments.createComment },
  getRoadmap: { ...operationRoutes.getRoadmap, serve: stats.getRoadmap },
  getChangelog: { ...operationRoutes.getChangelog, serve: stats.getChangelog },
  getShipStats: { ...operationRoutes.getShipStats, serve: stats.getShipStats },
  getAnalytics: { ...operationRoutes.getAnalytics, serve: stats.getAnalytics },
  listWebhooks: { ...operationRoutes.listWebhooks, serve: dashboard.listWebhooks },
};

/** Every operation name, in table order. */
export const servedOperationNames = Object.keys(servedOperations) as OperationName[];
