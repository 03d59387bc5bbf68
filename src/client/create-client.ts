/**
 * `createClient`: builds one method per row of the operation table at run time, from the client's
 * routes generated from it (`routes.ts`; the types in `types.ts` describe the same derivation
 * from the table), so the client cannot drift from the server. No zod schema, summary or MCP
 * guidance is part of the client's code.
 */
import type { HttpMethod } from '../http/operation-row.js';
import type { Post } from '../domain/responses.js';
import { FeedbackBoardError, isFeedbackBoardError } from '../domain/errors.js';
import { exchange, type FetchLike } from './http.js';
import { createRetrier, type RetryOptions } from './retry.js';
import { clientRoutes, type ClientRoute } from './routes.js';
import type { FeedbackBoardClient, RequestOptions } from './types.js';

/** Options of {@link createClient}: where the service is, the key, and how to send. */
export interface ClientOptions {
  /**
   * The service's base address, without `/api/v1` (the client appends it), e.g.
   * `https://feedback.example.com` or a mock server's `http://feedback-board.test`.
   */
  baseUrl: string;
  /** The API key, sent with every request. */
  apiKey: string;
  /**
   * The fetch to send requests with; it receives a `Request`. Default: `globalThis.fetch`, read
   * at each call (so a fetch mock installed later is used).
   */
  fetch?: FetchLike;
  /** How the key travels: `Authorization: Bearer <key>` (default) or `X-API-Key: <key>`. */
  authHeader?: 'bearer' | 'x-api-key';
  /** Opt-in retry (none by default); see {@link RetryOptions}. */
  retry?: RetryOptions;
  /** Per-attempt time limit in ms; a call that takes longer fails with code `timeout`. Default: none. */
  timeoutMs?: number;
}

interface Call {
  method: HttpMethod;
  path: string;
  query?: Record<string, unknown> | undefined;
  body?: unknown;
  options?: RequestOptions | undefined;
}

/** Fills `{slug}` and `{id}` in a path, each percent-encoded as one segment. */
function fillPath(path: string, values: unknown[]): string {
  let i = 0;
  return path.replace(/\{\}/g, () => encodeURIComponent(String(values[i++])));
}

/**
 * A route the server does not have, asked for under a base URL that already ends in `/api/v1`
 * (which the client adds itself): the error says so, as `No such route` alone does not.
 */
function withPrefixHint(error: unknown, baseUrl: string): unknown {
  if (!isFeedbackBoardError(error) || error.code !== 'not_found' || error.message !== 'No such route') return error;
  const hint = `the client adds /api/v1 to its baseUrl, which already ends in it: give ${baseUrl.replace(/\/+$/, '').slice(0, -'/api/v1'.length)} instead`;
  return new FeedbackBoardError(error.code, `${error.message} (${hint})`, { status: error.status, details: error.details, retryAfter: error.retryAfter, cause: error });
}

function searchOf(query: Record<string, unknown> | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const search = params.toString();
  return search && `?${search}`;
}

/**
 * Creates a typed client for any deployment of the API (a server, `board.fetch` in-process, a
 * mock server). Methods take path parameters first (`slug`, then `id`), then the body or the
 * query, then {@link RequestOptions}. Every failure rejects with a `FeedbackBoardError` whose
 * `code` is the server's (or `http_error`, `network_error`, `timeout`); an abort rejects with
 * the signal's reason.
 *
 * @example
 * ```ts
 * import { createClient } from 'feedback-board/client';
 *
 * const client = createClient({ baseUrl: 'https://feedback.example.com', apiKey: process.env.FB_KEY! });
 * const { boards } = await client.boards.list();
 * const post = await client.posts.get('features', 42, { signal: AbortSignal.timeout(5000) });
 * ```
 */
export function createClient(options: ClientOptions): FeedbackBoardClient {
  const base = options.baseUrl.replace(/\/+$/, '');
  const root = `${base}/api/v1`;
  const doubledPrefix = /\/api\/v1$/.test(base);
  const authHeader: [string, string] =
    options.authHeader === 'x-api-key' ? ['X-API-Key', options.apiKey] : ['Authorization', `Bearer ${options.apiKey}`];
  const retrying = createRetrier(options.retry);
  const fetchFn: FetchLike = (request) => (options.fetch ?? globalThis.fetch)(request);

  function send(call: Call) {
    const url = root + call.path + searchOf(call.query);
    const signal = call.options?.signal;
    const build = (attemptSignal: AbortSignal) => {
      const headers = new Headers({ Accept: 'application/json' });
      headers.set(...authHeader);
      if (call.body !== undefined) headers.set('Content-Type', 'application/json');
      const body = call.body === undefined ? null : JSON.stringify(call.body);
      return new Request(url, { method: call.method, headers, body, signal: attemptSignal });
    };
    const timeoutMs = call.options?.timeoutMs ?? options.timeoutMs;
    return retrying(call.method, signal, () => exchange(fetchFn, build, { signal, timeoutMs })).catch((error: unknown) => {
      throw doubledPrefix ? withPrefixHint(error, options.baseUrl) : error;
    });
  }

  async function invoke(route: ClientRoute, args: unknown[]): Promise<unknown> {
    const [method, path, inputTo, , status, statusFrom, bodyFrom] = route;
    const pathCount = path.split('{').length - 1;
    const hasInput = inputTo !== null;
    const input = hasInput ? args[pathCount] : undefined;
    const answer = await send({
      method,
      path: fillPath(path, args.slice(0, pathCount)),
      query: inputTo === 'query' ? (input as Record<string, unknown> | undefined) : undefined,
      body: inputTo === 'body' ? input : undefined,
      options: args[pathCount + (hasInput ? 1 : 0)] as RequestOptions | undefined,
    });
    // Where the status tells part of the result (`{ claim, created }`), put the two back together.
    if (statusFrom !== undefined && bodyFrom !== undefined) return { [bodyFrom]: answer.data, [statusFrom]: answer.status === status };
    return answer.data;
  }

  const client: Record<string, Record<string, unknown>> = {};
  for (const route of clientRoutes) {
    const [group, method] = route[3].split('.') as [string, string];
    (client[group] ??= {})[method] = (...args: unknown[]) => invoke(route, args);
  }

  type Page = { posts: Post[]; total: number };
  /** The iterator over every page of the group's `list` (posts, roadmap, changelog). */
  function pager(group: 'posts' | 'roadmap' | 'changelog') {
    const list = client[group]!['list'] as (...args: unknown[]) => Promise<unknown>;
    return async function* listAll(slug: string, query: Record<string, unknown> = {}, opts?: RequestOptions) {
      const limit = query['limit'] ?? 100;
      let offset = Number(query['offset'] ?? 0);
      for (;;) {
        const page = (await list(slug, { ...query, limit, offset }, opts)) as Page;
        yield* page.posts;
        offset += page.posts.length;
        if (page.posts.length === 0 || offset >= page.total) return;
      }
    };
  }
  for (const group of ['posts', 'roadmap', 'changelog'] as const) client[group]!['listAll'] = pager(group);

  return client as FeedbackBoardClient;
}
