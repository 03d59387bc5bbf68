/**
 * What a row of the operation table holds, and what the compiler checks of every row. A row is
 * plain data: it names its request schema (an export of `src/domain/requests.ts`), its response
 * schema (an export of `src/domain/responses.ts` or `team-responses.ts`) and its service module (a key of
 * {@link OperationServices}) instead of importing them, so that the typed client carries the
 * table without a schema or a service. Each consumer resolves the names it needs, once, where it
 * loads.
 */
import type * as z from 'zod/mini';
import type { ErrorCode } from '../domain/errors.js';
import type { Scope } from '../domain/records.js';
import type * as requests from '../domain/requests.js';
import type * as changelogRequests from '../domain/changelog-requests.js';
import type * as fieldsRequests from '../domain/fields-requests.js';
import type * as responses from '../domain/responses.js';
import type * as teamResponses from '../domain/team-responses.js';
import type * as activity from '../services/activity.js';
import type * as agent from '../services/agent.js';
import type * as boardReads from '../services/board-reads.js';
import type * as boards from '../services/boards.js';
import type * as changelogEntries from '../services/changelog-entries.js';
import type * as claimNext from '../services/claim-next.js';
import type * as commentEdits from '../services/comment-edits.js';
import type * as comments from '../services/comments.js';
import type * as companyVotes from '../services/company-votes.js';
import type { Caller, ServiceContext } from '../services/context.js';
import type * as dashboard from '../services/dashboard.js';
import type * as mailSettings from '../services/mail-settings.js';
import type * as merges from '../services/merges.js';
import type * as moderation from '../services/moderation.js';
import type * as postReads from '../services/post-reads.js';
import type * as posts from '../services/posts.js';
import type * as stats from '../services/stats.js';
import type * as statuses from '../services/statuses.js';
import type * as fields from '../services/fields.js';
import type * as teamVoters from '../services/team-voters.js';
import type * as trash from '../services/trash.js';
import type * as integrationConnections from '../services/integration-connections.js';
import type * as integrationLinks from '../services/integration-links.js';
import type * as integrationChatTargets from '../services/integration-chat-targets.js';

/** The methods the API uses. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

type Requests = typeof requests & typeof changelogRequests & typeof fieldsRequests;
type Responses = typeof responses & typeof teamResponses;

/** The name of a request schema: an export of `src/domain/requests.ts` (or `changelog-requests.ts`, `fields-requests.ts`) that is a zod schema. */
export type BodySchemaName = { [K in keyof Requests]: Requests[K] extends z.core.$ZodType ? K : never }[keyof Requests];
/** The name of a query schema: an export of `src/domain/requests.ts` that is a `zod/mini` object. */
export type QuerySchemaName = { [K in keyof Requests]: Requests[K] extends z.ZodMiniObject ? K : never }[keyof Requests];
/** The name of a response schema: an export of `src/domain/responses.ts` or `team-responses.ts` that is a zod schema. */
export type ResponseSchemaName = { [K in keyof Responses]: Responses[K] extends z.core.$ZodType ? K : never }[keyof Responses];
/**
 * The service modules that serve the API's operations, by the names a row's `service` gives (a
 * module's file name in camel case). An operation is served by the function of its own name in
 * the module its row names (`createPost` by `posts.createPost`), called as
 * `(ctx, caller, ...path parameters, body or query)`.
 */
export interface OperationServices {
  activity: typeof activity;
  agent: typeof agent;
  boardReads: typeof boardReads;
  boards: typeof boards;
  changelogEntries: typeof changelogEntries;
  claimNext: typeof claimNext;
  commentEdits: typeof commentEdits;
  comments: typeof comments;
  companyVotes: typeof companyVotes;
  dashboard: typeof dashboard;
  mailSettings: typeof mailSettings;
  merges: typeof merges;
  moderation: typeof moderation;
  postReads: typeof postReads;
  posts: typeof posts;
  stats: typeof stats;
  statuses: typeof statuses;
  fields: typeof fields;
  teamVoters: typeof teamVoters;
  trash: typeof trash;
  integrationConnections: typeof integrationConnections;
  integrationLinks: typeof integrationLinks;
  integrationChatTargets: typeof integrationChatTargets;
}

/** The name of a service module: a key of {@link OperationServices}. */
export type ServiceModuleName = keyof OperationServices;

/** How an operation answers when it succeeds. */
export interface SuccessRow<Schema = ResponseSchemaName> {
  status: 200 | 201 | 204;
  /** The response schema (none for 204). */
  schema?: Schema;
  /** The other success status, answered when the result's `statusFrom` field is false or null. */
  alsoStatus?: 200;
  /**
   * The field of the service's result that picks the status: `status` while it holds a value (a
   * claim, `true`), `alsoStatus` when it is false or null.
   */
  statusFrom?: string;
  /**
   * The field of the service's result that is the answer's body, when the `statusFrom` field (a
   * boolean) travels as the status instead: the typed client puts the two back together, so it
   * returns what the in-process API does. Absent: the whole result is the body.
   */
  bodyFrom?: string;
}

/** One row of the operation table. */
export interface OperationRow {
  method: HttpMethod;
  /** Path below the base path; its parameters are those of `path-params.ts` (`{slug}` a board slug, `{id}` a post id). */
  path: string;
  /** The weakest scope that may call it (createPost needs `write` for a status other than open). */
  scope: Scope;
  summary: string;
  /** Where the typed client and the in-process API put it: `client[group][method]`. */
  client: readonly [group: string, method: string];
  /** The query string's schema. */
  query?: QuerySchemaName;
  /** The JSON body's schema. */
  body?: BodySchemaName;
  /** Success status and response schema. */
  success: SuccessRow;
  /** Error codes the operation itself can answer, beyond those every operation can. */
  errors: readonly ErrorCode[];
  /** The service module whose function of the operation's name serves it. */
  service: ServiceModuleName;
  /** The MCP tool's name when it is not the operation's name in snake case (`listVotes` is `get_votes`). */
  tool?: string;
  /**
   * When an agent should use the operation's MCP tool, and what to use instead: added to the
   * tool's description after the summary. Without it the summary alone describes the tool.
   */
  guidance?: string;
  /**
   * True for a `POST` whose repeat changes nothing (the MCP tool's `idempotentHint`); reads,
   * `PATCH` and `DELETE` are idempotent by their method.
   */
  idempotent?: true;
  /** True when it destroys data nothing restores (the MCP tool's `destructiveHint`). */
  destructive?: true;
}

/**
 * The path parameters of an operation as positional arguments, in path order: `slug` (a board
 * slug) as a string, every id (`id` a post, `held_post_id`, `voter_id`...) as a number.
 */
export type PathArgs<P extends string> = P extends `${string}{${infer K}}${infer Rest}`
  ? [...(K extends 'slug' ? [slug: string] : [id: number]), ...PathArgs<Rest>]
  : [];

// What a service function must accept after `(ctx, caller)`: the path parameters, then the raw
// body (any type: the service validates it) or the query strings, as the handler passes them.
type ServiceArgs<R> = [
  ...(R extends { path: infer P extends string } ? PathArgs<P> : never),
  ...(R extends { body: string } ? [body: never] : R extends { query: string } ? [query: Record<string, string>] : []),
];
// What it must resolve to: nothing for 204, the fields `statusFrom` and `bodyFrom` name.
type ServiceResult<S> = S extends { status: 204 }
  ? void
  : S extends { statusFrom: infer F extends string; bodyFrom: infer B extends string }
    ? { [K in F]: boolean } & { [K in B]: unknown }
    : S extends { statusFrom: infer F extends string }
      ? { [K in F]: unknown }
      : unknown;
type Serves<R> = (ctx: ServiceContext, caller: Caller, ...args: ServiceArgs<R>) => Promise<R extends { success: infer S } ? ServiceResult<S> : never>;

/** The service modules holding a function named `N` that can serve row `R`. */
type ServingModule<N, R> = {
  [M in ServiceModuleName]: N extends keyof OperationServices[M] ? (OperationServices[M][N] extends Serves<R> ? M : never) : never;
}[ServiceModuleName];

/**
 * The operation table's rows as given, after the compiler has checked each: a row is an
 * {@link OperationRow} (so every schema name is an export of the right module), and the service
 * module it names has a function of the operation's name taking its path parameters and input
 * and resolving to what its success needs. A row that breaks either does not compile: a wrong
 * `service` is reported as not assignable to the modules that could serve it (`never` if none).
 */
export function defineOperations<const T extends { readonly [N in keyof T]: OperationRow & { readonly service: ServingModule<N, T[N]> } }>(rows: T): T {
  return rows;
}

/**
 * The part of a row that sending and serving it needs: method, path, input (with the query
 * parameters its schema names) and client place and success. `src/http/operation-routes.ts` holds
 * one per row, generated from the table, for the router and the handler (see there why); the typed
 * client has shorter rows of its own (`src/client/routes.ts`).
 */
export interface OperationRoute {
  method: HttpMethod;
  path: string;
  /** Where its input comes from: a JSON body, the query string, or nowhere. */
  input: 'body' | 'query' | null;
  /** The query parameters its query schema names, in schema order (none without a query). */
  queryKeys: readonly string[];
  client: readonly [group: string, method: string];
  success: Omit<SuccessRow, 'schema'>;
}

/**
 * One operation as the core serves it: its route, with its service function in place of the
 * module's name. `src/http/served-operations.ts` holds one per row, generated from the table.
 */
export interface ServedOperation extends OperationRoute {
  /** The service function, `(ctx, caller, ...path parameters, body or query)`. */
  serve: (ctx: ServiceContext, caller: Caller, ...args: never[]) => Promise<unknown>;
}

/** A served operation's `serve` as the handler and the in-process API call it, with what the row gives. */
export type ServiceCall = (ctx: ServiceContext, caller: Caller, ...args: unknown[]) => Promise<unknown>;
