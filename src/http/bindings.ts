/**
 * What each operation of the table calls. Inputs arrive unparsed (raw JSON body, query strings):
 * the services check scope and validate, in the order of docs/errors-scopes-limits.md, "Which error wins".
 */
import * as agent from '../services/agent.js';
import * as boards from '../services/boards.js';
import { claimNextPost } from '../services/claim-next.js';
import * as comments from '../services/comments.js';
import type { Caller, ServiceContext } from '../services/context.js';
import { listWebhooks } from '../services/dashboard.js';
import * as posts from '../services/posts.js';
import * as stats from '../services/stats.js';
import type { OperationName } from './operations.js';
import type { PathParams } from './router.js';

export interface OperationInput {
  params: PathParams;
  query: Record<string, string>;
  body: Record<string, unknown>;
}

export interface OperationResult {
  status: number;
  body?: unknown;
}

type Binding = (ctx: ServiceContext, caller: Caller, input: OperationInput) => Promise<OperationResult>;

const ok = async (value: Promise<unknown>, status = 200): Promise<OperationResult> => ({ status, body: await value });
const noContent = async (value: Promise<void>): Promise<OperationResult> => {
  await value;
  return { status: 204 };
};

// The router guarantees the path parameters each operation's path declares.
const slug = (i: OperationInput) => i.params.slug!;
const id = (i: OperationInput) => i.params.id!;
// The services validate bodies at run time; the casts only hand them over.
type Body<F extends (...args: never[]) => unknown> = Parameters<F>[4];

export const bindings: Record<OperationName, Binding> = {
  listBoards: (ctx, c) => ok(boards.listBoards(ctx, c)),
  getBoard: (ctx, c, i) => ok(boards.getBoard(ctx, c, slug(i))),
  createBoard: (ctx, c, i) => ok(boards.createBoard(ctx, c, i.body as Parameters<typeof boards.createBoard>[2]), 201),
  publishBoard: (ctx, c, i) => ok(boards.publishBoard(ctx, c, slug(i))),
  unpublishBoard: (ctx, c, i) => ok(boards.unpublishBoard(ctx, c, slug(i))),

  listPosts: (ctx, c, i) => ok(posts.listPosts(ctx, c, slug(i), i.query)),
  createPost: (ctx, c, i) => ok(posts.createPost(ctx, c, slug(i), i.body as Parameters<typeof posts.createPost>[3]), 201),
  getPost: (ctx, c, i) => ok(posts.getPost(ctx, c, slug(i), id(i))),
  updatePost: (ctx, c, i) => ok(posts.updatePost(ctx, c, slug(i), id(i), i.body as Body<typeof posts.updatePost>)),
  deletePost: (ctx, c, i) => noContent(posts.deletePost(ctx, c, slug(i), id(i))),

  getQueue: (ctx, c, i) => ok(agent.getQueue(ctx, c, slug(i), i.query)),
  claimPost: async (ctx, c, i) => {
    const result = await agent.claimPost(ctx, c, slug(i), id(i), i.body as Body<typeof agent.claimPost>);
    return { status: result.created ? 201 : 200, body: result.claim };
  },
  claimNextPost: async (ctx, c, i) => {
    const result = await claimNextPost(ctx, c, slug(i), i.body as Parameters<typeof claimNextPost>[3]);
    return { status: result.claim === null ? 200 : 201, body: result };
  },
  releaseClaim: (ctx, c, i) => noContent(agent.releaseClaim(ctx, c, slug(i), id(i))),
  addEvidence: (ctx, c, i) => ok(agent.addEvidence(ctx, c, slug(i), id(i), i.body as Body<typeof agent.addEvidence>), 201),
  proposeStatus: (ctx, c, i) => ok(agent.proposeStatus(ctx, c, slug(i), id(i), i.body as Body<typeof agent.proposeStatus>)),

  listVotes: (ctx, c, i) => ok(comments.listVotes(ctx, c, slug(i), id(i))),
  listComments: (ctx, c, i) => ok(comments.listComments(ctx, c, slug(i), id(i))),
  createComment: (ctx, c, i) =>
    ok(comments.createComment(ctx, c, slug(i), id(i), i.body as Body<typeof comments.createComment>), 201),

  getRoadmap: (ctx, c, i) => ok(stats.getRoadmap(ctx, c, slug(i), i.query)),
  getChangelog: (ctx, c, i) => ok(stats.getChangelog(ctx, c, slug(i), i.query)),
  getShipStats: (ctx, c, i) => ok(stats.getShipStats(ctx, c, slug(i), i.query)),
  getAnalytics: (ctx, c, i) => ok(stats.getAnalytics(ctx, c, slug(i), i.query)),

  listWebhooks: (ctx, c) => ok(listWebhooks(ctx, c)),
};
