/**
 * `createFeedbackBoard`: one instance, two faces. The in-process services (the API operations,
 * the dashboard side and the voter side) and `fetch`, the HTTP face of the same services.
 */
import type { Storage } from './storage/contract.js';
import { consoleLogger, cryptoRandom, systemClock, type Clock, type Logger, type Notifier, type RandomBytes } from './domain/ports.js';
import { teamCaller, type ServiceContext } from './services/context.js';
import { lazy } from './services/lazy.js';
import type { ModerationDecider } from './services/moderation.js';
import * as keys from './services/keys.js';
import { createFetchHandler, type ApiRequest, type FetchHandler, type HandlerOptions } from './http/handler.js';
import { apiFor, type ApiServices } from './http/in-process-api.js';
import { hashApiKey } from './services/keys.js';
import { FeedbackBoardError } from './domain/errors.js';
import type { ImageInspector } from './domain/attachments.js';
import { resolveLimits, type ResourceLimits } from './domain/limits.js';
import type { LoadedFixture } from './fixture/load.js';
import { combineDispatchers, createWebhookDispatcher, driveDeliveryPool, poolSettings, type WebhookDispatcherOptions } from './webhooks/dispatcher.js';


// The services of the dashboard, the team, sign-in and the voter side, loaded on the first call of
// one of their functions (see services/lazy.ts): the core loads what the request path runs.
const activity = () => import('./services/activity.js');
const agent = () => import('./services/agent.js');
const attachments = () => import('./services/attachments.js');
const comments = () => import('./services/comments.js');
const commentEdits = () => import('./services/comment-edits.js');
const companyRevenue = () => import('./services/company-revenue.js');
const dashboard = () => import('./services/dashboard.js');
const merges = () => import('./services/merges.js');
const moderation = () => import('./services/moderation.js');
const people = () => import('./services/people.js');
const team = () => import('./services/team.js');
const bulkPosts = () => import('./services/bulk-posts.js');
const changelogEntries = () => import('./services/changelog-entries.js');
const teamAttachments = () => import('./services/team-attachments.js');
const teamVoters = () => import('./services/team-voters.js');
const trash = () => import('./services/trash.js');
const voterLanguage = () => import('./services/voter-language.js');
const voterPosts = () => import('./services/voter-posts.js');
const webhookDashboard = () => import('./services/webhooks.js');

/** Options of {@link createFeedbackBoard}; only `storage` is required. */
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
  /** Limits on boards, posts, comments and tags one organization can create. Default: generous (see docs). */
  limits?: ResourceLimits;
  /** Options of the HTTP face: base path, rate limit, body size. */
  http?: HandlerOptions;
  /**
   * Options of the webhook dispatcher (`board.webhooks`): `allowPrivateNetworks`, `fetch`,
   * `timeoutMs`, `pollIntervalMs`... Its storage, clock, randomness and logger are the board's.
   */
  webhooks?: Omit<WebhookDispatcherOptions, 'storage'>;
  /**
   * Image attachments (docs/attachments.md): `inspect` reads an upload's type and size from its
   * bytes (`inspectImage` of `feedback-board/images`; without one every upload is refused), and
   * `baseUrl` is where the pages serve them (their origin and base path), which each attachment's
   * `url` starts with: a string, or a function read when a url is made (for an origin known only
   * once the server listens). Their number and size are limited by `limits`.
   */
  attachments?: {
    /** Reads an upload's type and dimensions from its bytes; without it every upload is refused. */
    inspect?: ImageInspector;
    /** Where the pages serve attachments (origin and base path), or a function read when a url is made. */
    baseUrl?: string | (() => string);
  };
}

/** The attachments' base URL as a function, without a trailing slash. */
function baseUrlOf(given: string | (() => string) | undefined): () => string {
  const read = typeof given === 'function' ? given : () => given ?? '';
  return () => read().replace(/\/+$/, '');
}

// Async wrappers, so that a validation error arrives as a rejected promise, never a synchronous throw.
const bind =
  <A extends unknown[], R>(ctx: ServiceContext, fn: (ctx: ServiceContext, ...args: A) => Promise<R>) =>
  async (...args: A): Promise<R> =>
    fn(ctx, ...args);

/**
 * Creates a board: the in-process services (`api(key)`, `dashboard`, `voters`) and `fetch`, the
 * HTTP API of the same data, over the storage you give it.
 *
 * @example
 * ```ts
 * import { createFeedbackBoard } from 'feedback-board';
 * import { createMemoryStorage } from 'feedback-board/adapters/memory';
 *
 * const board = createFeedbackBoard({ storage: createMemoryStorage() });
 * const org = await board.dashboard.organizations.create({ name: 'Acme' });
 * const { key } = await board.dashboard.apiKeys.create(org.id, { scope: 'write' });
 * await (await board.api(key)).boards.create({ slug: 'features', name: 'Features' });
 * Bun.serve({ fetch: board.fetch }); // or Deno.serve(board.fetch), export default { fetch: board.fetch }
 * ```
 */
export function createFeedbackBoard(options: FeedbackBoardOptions) {
  let handler: ReturnType<typeof createFetchHandler> | undefined;
  const ctx: ServiceContext = {
    storage: options.storage,
    clock: options.clock ?? systemClock,
    random: options.random ?? cryptoRandom,
    notifier: options.notifier ?? null,
    logger: options.logger ?? consoleLogger,
    agentPublishingDefault: options.agentPublishing ?? false,
    limits: resolveLimits(options.limits),
    onKeyRevoked: () => handler?.keyCache.clear(),
    inspectImage: options.attachments?.inspect ?? null,
    allowPrivateNetworks: options.webhooks?.allowPrivateNetworks ?? false,
    attachmentsBaseUrl: baseUrlOf(options.attachments?.baseUrl),
  };
  handler = createFetchHandler(ctx, options.http);
  const dispatcherOptions = { clock: ctx.clock, random: ctx.random, logger: ctx.logger, ...options.webhooks, storage: options.storage };
  // Integrations' calls go through a pool of their own (a slow tracker or chat holds no webhook's
  // sends), with the webhook dispatcher's options and another owner; their code loads on first use.
  const callSettings = poolSettings(dispatcherOptions);
  ctx.outbound = { fetch: callSettings.send.fetch, timeoutMs: callSettings.send.timeoutMs };
  const dispatcher = combineDispatchers([
    createWebhookDispatcher(dispatcherOptions),
    driveDeliveryPool(() => import('./services/integration-calls.js').then((calls) => calls.createIntegrationCallPool(callSettings)), {
      ...callSettings,
      label: 'integration dispatcher: sending due calls',
    }),
  ]);

  const board = {
    /** The HTTP face: `Request → Promise<Response>`, the API mounted at the base path. */
    fetch: handler.fetch as FetchHandler,
    /** The storage given in the options (for maintenance and reporting transactions of your own). */
    storage: options.storage,
    /** The clock the board reads "now" from. */
    clock: ctx.clock,
    /** The resource limits in force (the defaults overridden by the `limits` option). */
    limits: ctx.limits,

    /** The API operations in-process for a raw key, checked exactly as the handler checks it. */
    async api(rawKey: string): Promise<ApiServices> {
      const key = await keys.authenticateKey(ctx, await hashApiKey(rawKey));
      if (!key) throw new FeedbackBoardError('unauthorized', 'A valid API key is required');
      return apiFor(ctx, { organizationId: key.organization_id, apiKeyId: key.id, scope: key.scope });
    },

    /** The dashboard side: organizations, keys, proposals, webhooks, settings, moderation. */
    dashboard: {
      organizations: {
        /** Creates an organization (`name` 1..120). */
        create: bind(ctx, lazy(dashboard, 'createOrganization')),
        /** Every organization, oldest first. */
        list: bind(ctx, lazy(dashboard, 'listOrganizations')),
      },
      apiKeys: {
        /** Creates a key of an organization; the raw key is in the result, this once. */
        create: bind(ctx, keys.createApiKey),
        /** The organization's keys (revoked ones included), without their hashes. */
        list: bind(ctx, keys.listApiKeys),
        /** Revokes a key at once in this process; revoking twice keeps the first time. */
        revoke: bind(ctx, keys.revokeApiKey),
      },
      proposals: {
        /** Applies a post's pending proposal like a status PATCH, notifying voters unless told not to. */
        confirm: bind(ctx, lazy(agent, 'confirmProposal')),
        /** Drops a post's pending proposal; the status stays. */
        reject: bind(ctx, lazy(agent, 'rejectProposal')),
      },
      webhooks: {
        /** Creates a webhook of an organization, with a new signing secret. */
        create: bind(ctx, lazy(dashboard, 'createWebhook')),
        /** Changes a webhook; absent fields are unchanged. */
        update: bind(ctx, lazy(dashboard, 'updateWebhook')),
        /** Deletes a webhook. */
        delete: bind(ctx, lazy(dashboard, 'deleteWebhook')),
        /** The organization's webhooks with their secrets, oldest first. */
        list: bind(ctx, lazy(dashboard, 'listWebhookSecrets')),
        /** A webhook's messages, newest first: `{ rows, total }`, paged with `limit` (1..500, default 50) and `offset`. */
        messages: bind(ctx, lazy(webhookDashboard, 'listWebhookMessages')),
        /** A message's delivery attempts, newest first, paged like `messages`. */
        attempts: bind(ctx, lazy(webhookDashboard, 'listWebhookAttempts')),
        /** Makes a message due now (delivered and failed ones too); the dispatcher sends it next. */
        redeliver: bind(ctx, lazy(webhookDashboard, 'redeliverWebhookMessage')),
        /** Gives the webhook a new signing secret; returns the webhook with it. */
        rotateSecret: bind(ctx, lazy(webhookDashboard, 'rotateWebhookSecret')),
        /** Enqueues a `webhook.test` event for this webhook alone. */
        sendTest: bind(ctx, lazy(webhookDashboard, 'sendTestEvent')),
      },
      settings: {
        /** Whether `POST …/publish` may publish boards (the stored setting, else the option). */
        getAgentPublishing: bind(ctx, lazy(dashboard, 'getAgentPublishing')),
        /** Stores the agent-publishing setting, for every process sharing the storage. */
        setAgentPublishing: bind(ctx, lazy(dashboard, 'setAgentPublishing')),
      },
      posts: {
        /** A post by id in the single-post shape, whatever its board. */
        get: bind(ctx, lazy(agent, 'readPost')),
        /** Hides a post: it leaves the queue, roadmap, changelog and statistics; lists show `hidden: true`. */
        hide: async (postId: number) => (await dashboard()).setPostHidden(ctx, postId, true),
        /** Shows a hidden post again. */
        unhide: async (postId: number) => (await dashboard()).setPostHidden(ctx, postId, false),
      },
      comments: {
        /** Hides a comment (still listed, with `hidden: true`). */
        hide: async (commentId: number) => (await dashboard()).setCommentHidden(ctx, commentId, true),
        /** Shows a hidden comment again. */
        unhide: async (commentId: number) => (await dashboard()).setCommentHidden(ctx, commentId, false),
      },
    },

    /**
     * The dashboard side scoped to one organization (what the team pages use): the API operations
     * acting as the team (`team` scope, no key: `api`, including the team's own operations, such as
     * `api.moderation.approve`), and the dashboard functions, each refusing with `not_found`
     * anything of another organization. The functions that are operations too (moderation, voter
     * blocks, unmerging) call them.
     */
    team(organizationId: number, options: TeamOptions = {}) {
      const teamCtx: ServiceContext = options.memberId === undefined ? ctx : { ...ctx, teamMemberId: options.memberId };
      const caller = teamCaller(organizationId);
      const api = apiFor(teamCtx, caller);
      /** The operations acting for `memberId` instead, when a call names one. */
      const actingFor = (memberId: number | undefined) => (memberId === undefined ? api : apiFor({ ...teamCtx, teamMemberId: memberId }, caller));
      const of = <A extends unknown[], R>(fn: (ctx: ServiceContext, organizationId: number, ...args: A) => Promise<R>) =>
        async (...args: A): Promise<R> =>
          fn(teamCtx, organizationId, ...args);
      return {
        /** The organization's id. */
        organizationId,
        /** The API operations, as the organization's team (`team` scope; publishing still follows the setting). */
        api,
        proposals: {
          /** Pending proposals of every board, with the post, its evidence and the proposing key. */
          list: async () => (await team()).listPendingProposals(teamCtx, organizationId),
          /** Applies a pending proposal; voters are notified unless `notifyVoters: false`. */
          confirm: of(lazy(team, 'confirmProposal')),
          /** Drops a pending proposal; the status stays. */
          reject: of(lazy(team, 'rejectProposal')),
        },
        posts: {
          /** A post's activity log, newest first (`limit` 1–500, default 50; `before` the `next_before` of the previous page). */
          activity: of(lazy(activity, 'teamPostActivity')),
          /** The board of one of the organization's posts. */
          boardOf: of(lazy(team, 'boardOfPost')),
          /** Hides or shows a post. */
          setHidden: of(lazy(team, 'setPostHidden')),
          /** Undoes the merge of a merged post (by id; `api.posts.unmerge` by slug and id); see docs/errors-scopes-limits.md#merging-posts. */
          unmerge: of(lazy(merges, 'unmergePostById')),
          /** Where a merged post lives now (the end of a chain of merges), or null for a post that is not merged. */
          mergeTarget: of(lazy(merges, 'mergeTargetOf')),
          /** Restores a deleted post within 30 days (by id; `api.posts.restore` by slug and id); see docs/deleted-posts.md. */
          restore: of(lazy(trash, 'restorePostById')),
          /** The voter who submitted a post, or null for a post of the team. */
          author: of(lazy(teamVoters, 'postAuthor')),
          /** The voters following a post, by id (whom mail about it goes to). */
          followers: of(lazy(teamVoters, 'postFollowers')),
          /**
           * A page (`limit` 1–500, default 50; `offset`) of a board's posts by the monthly revenue of
           * the distinct companies behind each (`company_revenue`), then vote count, creation time
           * and id, all descending (the `top` order); posts with no company last, at 0. See
           * docs/sso.md.
           */
          listByCompanyRevenue: of(lazy(companyRevenue, 'listPostsByCompanyRevenue')),
          /** What a bulk action would do to the selected posts (by id): the posts it changes and the follower mails it queues. */
          previewBulk: of(lazy(bulkPosts, 'previewBulkAction')),
          /** Applies a bulk action to the selected posts in one transaction (docs/pages.md#bulk-actions); all or nothing. */
          applyBulk: of(lazy(bulkPosts, 'applyBulkAction')),
        },
        comments: {
          /** Hides or shows a comment. */
          setHidden: of(lazy(team, 'setCommentHidden')),
          /** A comment of the team (`is_admin: true`); `parent_comment_id` makes it a reply. */
          create: of(lazy(teamVoters, 'createTeamComment')),
          /** A comment with the bodies its edits and deletion replaced, oldest first (`api.comments.update` and `delete` change it). */
          history: of(lazy(commentEdits, 'commentHistory')),
        },
        voters: {
          /** Blocks a voter: no more posts, votes, comments or reactions; their content stays (`api.voters.block`). */
          block: api.voters.block,
          /** Lifts a block; false if the voter was not blocked (`api.voters.unblock`). */
          unblock: async (voterId: number): Promise<boolean> => (await api.voters.unblock(voterId)).changed,
          /** When the voter was blocked, or null. */
          blockedAt: of(lazy(teamVoters, 'voterBlockedAt')),
        },
        apiKeys: {
          /**
           * Creates a key; the raw key is in the result, this once. A `team` key only when a signed-in
           * member of the organization acts (`board.team(id, { memberId })`), else `insufficient_scope`.
           */
          create: of(lazy(team, 'createApiKey')),
          /** The organization's keys, revoked ones included, without hashes. */
          list: () => keys.listApiKeys(teamCtx, organizationId),
          /** Revokes one of the organization's keys. */
          revoke: of(lazy(team, 'revokeApiKey')),
        },
        webhooks: {
          /** Creates a webhook with a new signing secret. */
          create: of(lazy(dashboard, 'createWebhook')),
          /** The organization's webhooks with their secrets. */
          list: async () => (await dashboard()).listWebhookSecrets(teamCtx, organizationId),
          /** Changes one of the organization's webhooks. */
          update: of(lazy(team, 'updateWebhook')),
          /** Deletes one of the organization's webhooks. */
          delete: of(lazy(team, 'deleteWebhook')),
          /** One of the organization's webhooks, with its secret. */
          get: of(lazy(team, 'getWebhook')),
          /** A webhook's messages, newest first: `{ rows, total }`, paged with `limit` and `offset`. */
          messages: of(lazy(team, 'listWebhookMessages')),
          /** A message's delivery attempts, newest first, paged like `messages`. */
          attempts: of(lazy(team, 'listWebhookAttempts')),
          /** Makes one of the organization's messages due now; the dispatcher sends it next. */
          redeliver: of(lazy(team, 'redeliverWebhookMessage')),
          /** Gives the webhook a new signing secret; returns the webhook with it. */
          rotateSecret: of(lazy(team, 'rotateWebhookSecret')),
          /** Enqueues a `webhook.test` event for this webhook alone. */
          sendTest: of(lazy(team, 'sendTestEvent')),
        },
        boards: {
          /** Publishes or unpublishes a board by the team's decision (not subject to agent publishing). */
          setPublished: of(lazy(team, 'setBoardPublished')),
          /** Whether new posts from voters on the board wait for approval (off by default). */
          moderated: of(lazy(moderation, 'boardModeration')),
          /** Turns "new posts from voters wait for approval" on or off for a board. */
          setModerated: of(lazy(moderation, 'setBoardModeration')),
        },
        /** Posts held for approval (docs/errors-scopes-limits.md#moderation); the operations are `api.moderation`. */
        moderation: {
          /** Every held post in one state (default `waiting`: the inbox), oldest first (`api.moderation.list` pages them). */
          list: of(lazy(moderation, 'heldPostsInState')),
          /** How many posts wait for approval. */
          countWaiting: async () => (await moderation()).countWaitingPosts(teamCtx, organizationId),
          /** One held post, in any state (`api.moderation.get`). */
          get: api.moderation.get,
          /** Approves a waiting post: it becomes a post and `post.created` fires (`api.moderation.approve`, for `memberId` when given). */
          approve: (id: number, by: ModerationDecider = {}) => actingFor(by.memberId).moderation.approve(id),
          /** Rejects a waiting post with an optional reason (`api.moderation.reject`); answers it with its author (to mail the reason to). */
          reject: of(lazy(moderation, 'rejectPost')),
        },
        attachments: {
          /**
           * An attachment (`id`, `sha256`) of the organization with its bytes, while the public may
           * see it (its post published, not hidden, merged or held; its comment not hidden), else null.
           */
          readPublic: of(lazy(attachments, 'readPublicAttachment')),
          /** An attachment (`id`, `sha256`) of the organization with its bytes, whatever its post's visibility (the dashboard's view), else null. */
          read: of(lazy(teamAttachments, 'readTeamAttachment')),
          /** The images of one of the organization's held posts, as the API shows attachments. */
          ofHeldPost: of(lazy(teamAttachments, 'heldPostAttachments')),
        },
        members: {
          /** Adds a team member (an e-mail already on the team returns that member). */
          add: of(lazy(people, 'addTeamMember')),
          /** The team, oldest first. */
          list: async () => (await people()).listTeamMembers(teamCtx, organizationId),
          /** Changes a member's address and name (`validation_error` for an address another member has). */
          update: of(lazy(people, 'updateTeamMember')),
        },
      };
    },

    /** One-time sign-in links and the sessions they start (team members and voters). */
    signIn: {
      /** A one-time link token (15 minutes, single use) for a team member or voter, with an optional return path. */
      createLink: bind(ctx, lazy(people, 'createSignInLink')),
      /**
       * A one-time link token for the organization's voter of an e-mail address; the voter is
       * created (or found) only when the link is used.
       */
      createVoterLink: bind(ctx, lazy(people, 'createVoterSignInLink')),
      /**
       * Uses a link token and starts a session, with the link's return path; `not_found` for an
       * unknown, used or expired link.
       */
      useLink: bind(ctx, lazy(people, 'useSignInLink')),
      /** The live session of a session token with its team member or voter, or null. */
      session: bind(ctx, lazy(people, 'readSession')),
      /** Ends a session (sign-out). */
      endSession: bind(ctx, lazy(people, 'endSession')),
    },

    /** The voter side, which the API only reads: voters, their posts, votes, follows, reactions and comments. */
    voters: {
      /** The organization's voter with this e-mail (case-insensitive), created on first use. */
      register: bind(ctx, lazy(comments, 'registerVoter')),
      /**
       * A voter's post on a published board (`voterId, slug, { title, body?, tags? }`): `is_admin:
       * false`, the voter's vote counted, the post followed; tags must be the board's.
       */
      submitPost: bind(ctx, lazy(voterPosts, 'submitPost')),
      /** Follows a post explicitly; answers true. */
      follow: async (voterId: number, postId: number) => (await voterPosts()).setFollowing(ctx, voterId, postId, true),
      /** Unfollows a post; voting or commenting later does not follow it again. Answers false. */
      unfollow: async (voterId: number, postId: number) => (await voterPosts()).setFollowing(ctx, voterId, postId, false),
      /** Whether the voter follows the post. */
      isFollowing: bind(ctx, lazy(voterPosts, 'isFollowing')),
      /** One vote per voter per post; voting twice changes nothing. Answers `{ post_id, vote_count }`. */
      vote: bind(ctx, lazy(comments, 'vote')),
      /**
       * Sets a voter's language (`voterId, locale`: a language tag such as `de` or `pt-BR`, kept in
       * BCP 47's case, or null for none), which their mail is written in; an unknown voter is `not_found`.
       */
      setLanguage: bind(ctx, lazy(voterLanguage, 'setVoterLanguage')),
      /** Withdraws the voter's vote. */
      unvote: bind(ctx, lazy(comments, 'unvote')),
      /** Adds a reaction (1..32 characters, an emoji say) to a comment; false if it was there. */
      react: bind(ctx, lazy(comments, 'react')),
      /** Removes a reaction; false if there was none. */
      unreact: bind(ctx, lazy(comments, 'unreact')),
      /** A voter's comment or reply (`is_admin: false`). */
      comment: bind(ctx, lazy(comments, 'voterComment')),
      /** A voter edits their own comment (`voterId, commentId, { body }`); anyone else's, or a deleted one, is `not_found`. */
      editComment: bind(ctx, lazy(commentEdits, 'voterEditComment')),
      /** A voter deletes their own comment (`voterId, commentId`): it says it was removed, its replies stay. */
      deleteComment: bind(ctx, lazy(commentEdits, 'voterDeleteComment')),
      /** One of the voter's own posts held for approval (`voterId, heldPostId`); another voter's is `not_found`. */
      heldPost: bind(ctx, lazy(moderation, 'voterHeldPost')),
      /** The voter's posts waiting for approval on a board (`voterId, boardId`), oldest first. */
      waitingPosts: bind(ctx, lazy(moderation, 'voterWaitingPosts')),
    },

    /**
     * Validates a fixture (docs/errors-scopes-limits.md#fixtures) and loads it whole in one transaction, or throws a
     * `validation_error` naming the offending path and loads nothing.
     */
    loadFixture: async (fixture: unknown): Promise<LoadedFixture> =>
      (await import('./fixture/load.js')).loadFixture(options.storage, fixture, { clock: ctx.clock, random: ctx.random }),

    /**
     * Purges, for good, the posts deleted more than 30 days ago; the number purged. `serve` runs it
     * every hour; an application of its own runs it from a timer or a cron job. Safe to run in
     * several processes at once: each post is purged once. See docs/deleted-posts.md.
     */
    purgeDeletedPosts: (): Promise<number> => lazy(trash, 'purgeDeletedPosts')(ctx),

    /**
     * Publishes the changelog entries whose `publish_at` has come, each with its followers' mail
     * and its webhook event; the number published. `serve` runs it every 10 seconds; an
     * application of its own runs it from a timer (a board's list of entries also publishes its
     * due ones when it is read). Safe to run in several processes at once: each entry is published
     * once. See docs/changelog.md.
     */
    publishDueChangelogEntries: (): Promise<number> => lazy(changelogEntries, 'publishDueChangelogEntries')(ctx),

    /** Failed-authentication throttle state (null when switched off), for tests of its bound. */
    get authThrottle(): { readonly size: number } | null {
      return handler!.authThrottle;
    },

    /** Limiter state, for tests of its bound. */
    get rateLimiter() {
      return handler!.limiter;
    },

    /**
     * The webhook dispatcher, which also sends integrations' calls (issues created or linked from
     * posts, chat messages) from a pool of their own: `start()` and `stop()` in a long-running
     * process, or `deliverDue()` from a worker or cron job. Nothing is sent until one of them is called.
     */
    webhooks: dispatcher,

    /** Stops the webhook dispatcher, then closes the storage. */
    close: async () => {
      await dispatcher.stop();
      await options.storage.close();
    },
  };
  apiHandlers.set(board, handler.handle);
  return board;
}

/** Each board's handler of requests that are not Fetch `Request`s (for the mock server). */
const apiHandlers = new WeakMap<object, (request: ApiRequest, context?: unknown) => Promise<Response>>();

/** The handler of a board made by {@link createFeedbackBoard} for an {@link ApiRequest}. */
export function apiHandlerOf(board: FeedbackBoard): (request: ApiRequest, context?: unknown) => Promise<Response> {
  const handle = apiHandlers.get(board);
  if (!handle) throw new TypeError('Not a board made by createFeedbackBoard');
  return handle;
}

/** A board created by {@link createFeedbackBoard}. */
export type FeedbackBoard = ReturnType<typeof createFeedbackBoard>;

/** Options of `board.team(organizationId, options)`. */
export interface TeamOptions {
  /** The signed-in team member acting: the posts' activity logs name them. Default: the team, unnamed. */
  memberId?: number;
}
