/**
 * Where the typed client puts each operation, `client[group][method]`: the `client` column of the
 * operation table, apart from `routes.ts` so that the core's handler, which routes by that file,
 * does not carry it. The compiler checks every entry against the table, and a test the values.
 */
import type { OperationName, Operations } from '../http/operations.js';

/** Every operation's `[group, method]` in the client. */
export const clientPlaces = {
  listBoards: ['boards', 'list'],
  getBoard: ['boards', 'get'],
  createBoard: ['boards', 'create'],
  publishBoard: ['boards', 'publish'],
  unpublishBoard: ['boards', 'unpublish'],
  listPosts: ['posts', 'list'],
  createPost: ['posts', 'create'],
  getPost: ['posts', 'get'],
  updatePost: ['posts', 'update'],
  deletePost: ['posts', 'delete'],
  getQueue: ['agent', 'queue'],
  claimPost: ['agent', 'claim'],
  claimNextPost: ['agent', 'claimNext'],
  releaseClaim: ['agent', 'release'],
  addEvidence: ['agent', 'addEvidence'],
  proposeStatus: ['agent', 'proposeStatus'],
  listVotes: ['votes', 'list'],
  listComments: ['comments', 'list'],
  createComment: ['comments', 'create'],
  getRoadmap: ['roadmap', 'list'],
  getChangelog: ['changelog', 'list'],
  getShipStats: ['stats', 'shipStats'],
  getAnalytics: ['stats', 'analytics'],
  listWebhooks: ['webhooks', 'list'],
} as const satisfies { readonly [K in OperationName]: Operations[K]['client'] };
