/**
 * The typed client's shape, derived from the operation table: every method's positional path
 * parameters come from the operation's path, its body or query from the request schema, and its
 * result from the response schema. Adding an operation to the table adds a typed client method.
 */
import type * as z from 'zod/mini';
import type { Claim, Post } from '../domain/responses.js';
import type { listPostsQuery, pageQuery } from '../domain/requests.js';
import type { Operations } from '../http/operation-schemas.js';
import type { OperationName } from '../http/operations.js';
import type { PathArgs } from '../http/operation-row.js';

export type { PathArgs } from '../http/operation-row.js';

/** Per-call options, the last argument of every client method. */
export interface RequestOptions {
  /** Aborts the call (and any retry wait); the call rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Overrides the client's `timeoutMs` for this call (per attempt). */
  timeoutMs?: number;
}

type Spec<N extends OperationName> = Operations[N];

/**
 * A query as the client takes it: every parameter optional (the server applies defaults), with
 * the parsed types of the query schema, so `limit` is a number and `status` a status literal.
 * The client turns them into URL parameters.
 */
export type QueryInput<Q extends z.ZodMiniObject> = { [K in keyof z.output<Q>]?: z.output<Q>[K] };

/** Body (the request schema's input type; optional when every field is) or query argument. */
type InputArgs<S> = S extends { body: infer B extends z.core.$ZodType }
  ? {} extends z.input<B>
    ? [body?: z.input<B>]
    : [body: z.input<B>]
  : S extends { query: infer Q extends z.ZodMiniObject }
    ? [query?: QueryInput<Q>]
    : [];

/** Every argument of an operation's client method: path parameters, body or query, options. */
export type OperationArgs<N extends OperationName> = [
  ...PathArgs<Spec<N>['path']>,
  ...InputArgs<Spec<N>>,
  options?: RequestOptions,
];

/**
 * The result of `client.agent.claim()`: the claim, and whether it was created (HTTP 201: a new
 * claim, or one taken over after the previous holder's expired) or extended (HTTP 200: the
 * caller's own live claim, with a new `expires_at`). The in-process API returns the same shape.
 */
export interface ClaimOutcome {
  claim: Claim;
  created: boolean;
}

type SchemaResult<S> = S extends { success: { schema: infer R extends z.core.$ZodType } } ? z.output<R> : void;

/**
 * What an operation's client method resolves to: the response schema's output type (`void` for
 * 204). Where the status tells part of the result (a row's `statusFrom` and `bodyFrom`), the two
 * are put back together, as the in-process API returns them: `client.agent.claim()` resolves to a
 * {@link ClaimOutcome}.
 */
export type OperationResult<N extends OperationName> = Spec<N>['success'] extends { statusFrom: infer F extends string; bodyFrom: infer B extends string }
  ? { [K in B | F]: K extends B ? SchemaResult<Spec<N>> : boolean }
  : SchemaResult<Spec<N>>;

/** The client method of one operation. */
export type OperationMethod<N extends OperationName> = (...args: OperationArgs<N>) => Promise<OperationResult<N>>;

type GroupOf<N extends OperationName> = Spec<N>['client'][0];

/** The client's groups: `boards`, `posts`, `agent`, `votes`, `comments`, `roadmap`, `changelog`, `stats`, `webhooks`. */
export type GroupName = GroupOf<OperationName>;

/** One method per operation, grouped as the table's `client: [group, method]` says. */
export type OperationGroups = {
  [G in GroupName]: {
    [N in keyof Operations as GroupOf<N> extends G ? Spec<N>['client'][1] : never]: OperationMethod<N>;
  };
};

/** Paging parameters of `listAll`: `limit` is the page size, `offset` where to start. */
export type ListPostsQuery = QueryInput<typeof listPostsQuery>;
/** Paging parameters of the roadmap and changelog: `limit` is the page size, `offset` where to start. */
export type PageQuery = QueryInput<typeof pageQuery>;

/** Iterators that walk every page of a list, one item at a time, for `for await`. */
export interface PagingMethods {
  posts: {
    /** Every post matching `query`, page by page (`query.limit` is the page size, default 100). */
    listAll(slug: string, query?: ListPostsQuery, options?: RequestOptions): AsyncGenerator<Post, void, undefined>;
  };
  roadmap: {
    /** Every roadmap post, page by page. */
    listAll(slug: string, query?: PageQuery, options?: RequestOptions): AsyncGenerator<Post, void, undefined>;
  };
  changelog: {
    /** Every changelog post (shipped, newest first), page by page. */
    listAll(slug: string, query?: PageQuery, options?: RequestOptions): AsyncGenerator<Post, void, undefined>;
  };
}

/**
 * The typed client: one method per API operation, plus paging iterators.
 *
 * @example
 * ```ts
 * const { posts, total } = await client.posts.list('features', { status: 'planned', limit: 20 });
 * const post = await client.posts.create('features', { title: 'Dark mode', tags: ['UI'] });
 * const { claim, created } = await client.agent.claim('features', post.id, { ttl_seconds: 600 });
 * for await (const shipped of client.changelog.listAll('features')) console.log(shipped.title);
 * ```
 */
export type FeedbackBoardClient = {
  [G in GroupName]: G extends keyof PagingMethods ? OperationGroups[G] & PagingMethods[G] : OperationGroups[G];
};
