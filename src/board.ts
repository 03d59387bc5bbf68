/**
 * `createFeedbackBoard`: one instance, two faces. The in-process services (the API operations,
 * the dashboard side and the voter side) and `fetch`, the HTTP face of the same services.
 */
import type { Storage } from './storage/contract.js';
import * as agent from './services/agent.js';
import * as boards from './services/boards.js';
import * as comments from './services/comments.js';
import {
  consoleLogger,
  cryptoRandom,
  systemClock,
  type Caller,
  type Clock,
  type Logger,
  type Notifier,
  type RandomBytes,
  type ServiceContext,
} from './services/context.js';
import * as dashboard from './services/dashboard.js';
import * as keys from './services/keys.js';
import * as posts from './services/posts.js';
import * as stats from './services/stats.js';
import { createFetchHandler, type FetchHandler, type HandlerOptions } from './http/handler.js';
import { hashApiKey } from './services/keys.js';
import { FeedbackBoardError } from './domain/errors.js';
import { loadFixture, type LoadedFixture } from './fixture/load.js';

export interface FeedbackBoardOptions {
  /** Where the data lives: `createMemoryStorage()`, `createSqliteStorage(...)`, `createIndexedDbStorage(...)`. */
  storage: Storage;
  /** Source of "now" (claims, rate limit, statistics). Default: the system clock. */
  clock?: Clock;
  /** Source of random bytes for keys and secrets. Default: `crypto.getRandomValues`. */
  random?: RandomBytes;
  /** Receives voter notifications. Default: none are sent. */
  notifier?: Notifier;
  /** Where unexpected errors are reported. Default: console.error. */
  logger?: Logger;
  /** The server's own agent-publishing setting, used while none is stored. Default false. */
  agentPublishing?: boolean;
  /** Options of the HTTP face: base path, rate limit, body size. */
  http?: HandlerOptions;
}

// Async wrappers, so that a validation error arrives as a rejected promise, never a synchronous throw.
const bind =
  <A extends unknown[], R>(ctx: ServiceContext, fn: (ctx: ServiceContext, ...args: A) => Promise<R>) =>
  async (...args: A): Promise<R> =>
    fn(ctx, ...args);

function apiFor(ctx: ServiceContext, caller: Caller) {
  const as =
    <A extends unknown[], R>(fn: (ctx: ServiceContext, caller: Caller, ...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> =>
      fn(ctx, caller, ...args);
  return {
    boards: { list: as(boards.listBoards), get: as(boards.getBoard), create: as(boards.createBoard), publish: as(boards.publishBoard), unpublish: as(boards.unpublishBoard) },
    posts: { list: as(posts.listPosts), create: as(posts.createPost), get: as(posts.getPost), update: as(posts.updatePost), delete: as(posts.deletePost) },
    agent: { queue: as(agent.getQueue), claim: as(agent.claimPost), release: as(agent.releaseClaim), addEvidence: as(agent.addEvidence), proposeStatus: as(agent.proposeStatus) },
    votes: { list: as(comments.listVotes) },
    comments: { list: as(comments.listComments), create: as(comments.createComment) },
    roadmap: { list: as(stats.getRoadmap) },
    changelog: { list: as(stats.getChangelog) },
    stats: { shipStats: as(stats.getShipStats), analytics: as(stats.getAnalytics) },
    webhooks: { list: as(dashboard.listWebhooks) },
  };
}

/** The 23 operations in-process, acting as one API key (same scopes and rules as over HTTP). */
export type ApiServices = ReturnType<typeof apiFor>;

export function createFeedbackBoard(options: FeedbackBoardOptions) {
  let handler: ReturnType<typeof createFetchHandler> | undefined;
  const ctx: ServiceContext = {
    storage: options.storage,
    clock: options.clock ?? systemClock,
    random: options.random ?? cryptoRandom,
    notifier: options.notifier ?? null,
    logger: options.logger ?? consoleLogger,
    agentPublishingDefault: options.agentPublishing ?? false,
    onKeyRevoked: (hash) => handler?.keyCache.evict(hash),
  };
  handler = createFetchHandler(ctx, options.http);

  return {
    /** The HTTP face: `Request → Promise<Response>`, the API mounted at the base path. */
    fetch: handler.fetch as FetchHandler,
    storage: options.storage,
    clock: ctx.clock,

    /** The API operations in-process for a raw key, checked exactly as the handler checks it. */
    async api(rawKey: string): Promise<ApiServices> {
      const key = await keys.authenticateKey(ctx, await hashApiKey(rawKey));
      if (!key) throw new FeedbackBoardError('unauthorized', 'A valid API key is required');
      return apiFor(ctx, { organizationId: key.organization_id, apiKeyId: key.id, scope: key.scope });
    },

    /** The dashboard side: organizations, keys, proposals, webhooks, settings, moderation. */
    dashboard: {
      organizations: { create: bind(ctx, dashboard.createOrganization), list: bind(ctx, dashboard.listOrganizations) },
      apiKeys: { create: bind(ctx, keys.createApiKey), list: bind(ctx, keys.listApiKeys), revoke: bind(ctx, keys.revokeApiKey) },
      proposals: { confirm: bind(ctx, agent.confirmProposal), reject: bind(ctx, agent.rejectProposal) },
      webhooks: {
        create: bind(ctx, dashboard.createWebhook),
        update: bind(ctx, dashboard.updateWebhook),
        delete: bind(ctx, dashboard.deleteWebhook),
        list: bind(ctx, dashboard.listWebhookSecrets),
      },
      settings: { getAgentPublishing: bind(ctx, dashboard.getAgentPublishing), setAgentPublishing: bind(ctx, dashboard.setAgentPublishing) },
      posts: {
        get: bind(ctx, agent.readPost),
        hide: (postId: number) => dashboard.setPostHidden(ctx, postId, true),
        unhide: (postId: number) => dashboard.setPostHidden(ctx, postId, false),
      },
      comments: {
        hide: (commentId: number) => dashboard.setCommentHidden(ctx, commentId, true),
        unhide: (commentId: number) => dashboard.setCommentHidden(ctx, commentId, false),
      },
    },

    /** The voter side, which the API only reads: voters, votes, reactions, voters' comments. */
    voters: {
      register: bind(ctx, comments.registerVoter),
      vote: bind(ctx, comments.vote),
      unvote: bind(ctx, comments.unvote),
      react: bind(ctx, comments.react),
      unreact: bind(ctx, comments.unreact),
      comment: bind(ctx, comments.voterComment),
    },

    /**
     * Validates a fixture (CONTRACT section 11) and loads it whole in one transaction, or throws a
     * `validation_error` naming the offending path and loads nothing.
     */
    loadFixture: (fixture: unknown): Promise<LoadedFixture> =>
      loadFixture(options.storage, fixture, { clock: ctx.clock, random: ctx.random }),

    /** Limiter state, for tests of its bound. */
    get rateLimiter() {
      return handler!.limiter;
    },

    /** Closes the storage. */
    close: () => options.storage.close(),
  };
}

export type FeedbackBoard = ReturnType<typeof createFeedbackBoard>;
