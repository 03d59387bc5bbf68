/**
 * The fetch handler: `Request → Promise<Response>` serving the operation table at a base path.
 *
 * Order of checks, so that nothing leaks existence (docs/errors-scopes-limits.md, "Which error wins"): 401, 429, route
 * (404/405), board or post (404), 413, 415, 400, 403, 422, 409. The happy path reads a board or
 * post once (inside its service); only an error of a later rank triggers an extra existence check,
 * so that a 4xx never tells a caller anything about an object it cannot see.
 */
import { ERROR_STATUS, FeedbackBoardError, isFeedbackBoardError, type ErrorCode } from '../domain/errors.js';
import { validationFailure } from '../domain/validation.js';
import type { Caller, ServiceContext } from '../services/context.js';
import { authenticateKey, hashApiKey } from '../services/keys.js';
import { extractApiKey } from './auth.js';
import { SmallLru } from './lru.js';
import type { ApiKeyRecord } from '../domain/records.js';
import { AuthFailureThrottle, addressFromContext, addressKey, type AuthThrottleOptions } from './auth-throttle.js';
import { sha256HexSync } from './sha256.js';
import type { AnswerCache, CachedResult } from './answer-cache.js';
import { bindings, type Binding } from './bindings.js';
import { DEFAULT_MAX_BODY_BYTES, parseJsonObject, requestBodyBytes, type HeaderReader } from './body.js';
import { rateLimitHeaders, sharedDecision, SlidingLogLimiter, type RateLimitOptions } from './rate-limit.js';
import { matchRoute } from './router.js';
import { requestTarget } from './request-path.js';
import { openApiGeneratorOf, type OpenApiGenerator } from './serve-openapi.js';

/** Options of the HTTP face: `createFeedbackBoard({ http: { ... } })`. */
export interface HandlerOptions {
  /** Where the API is mounted. Default `/api/v1`. */
  basePath?: string;
  /** Per-key limit (default 120 requests per rolling 60 s), or `false` for none. */
  rateLimit?: RateLimitOptions | false;
  /** Largest accepted request body. Default 1 MiB. */
  maxBodyBytes?: number;
  /** How long an authenticated key is trusted without a storage read. Default 5000 ms. */
  keyCacheTtlMs?: number;
  /**
   * Serve the OpenAPI document at `GET {basePath}/openapi.json` to anyone, without a key: pass the
   * generator, `serveOpenApi: createOpenApiDocument` imported from `feedback-board/openapi` (so
   * that the core, and a browser bundle of it, carries no generator and no response schemas).
   * Off by default: every other request, to any path, needs a valid key first (401 before
   * anything else). The document describes the API only and holds no data.
   */
  serveOpenApi?: OpenApiGenerator | false;
  /**
   * Throttle of failed authentication per client address (default 30 at once, then 30 a minute),
   * or `false` for none. It applies only where the client address is known: see `clientAddress`.
   */
  authThrottle?: AuthThrottleOptions | false;
  /**
   * The client address of a request, when the application knows it better than the runtime (say,
   * from a proxy's `X-Forwarded-For` it trusts). Without it, the address comes from the second
   * argument of `fetch`: `{ clientAddress }` (as `serve` passes it), Deno's `info.remoteAddr` or
   * Bun's `server.requestIP()`.
   */
  clientAddress?: (request: Request) => string | null | undefined;
  /**
   * Serve one post and pages of posts again, from their JSON text, while the storage reports no
   * change since (only storages that can tell: memory and SQLite). Default true; `false` builds
   * every answer anew.
   */
  answerCache?: boolean;
}

/**
 * The HTTP API as one function: a `Request` in, a `Response` out (never a rejection). The optional
 * second argument is what the runtime passes beside the request (`{ clientAddress }`, Deno's info,
 * Bun's server); it is read only for the client address.
 */
export type FetchHandler = (request: Request, context?: unknown) => Promise<Response>;

/**
 * What the handler reads of a request. `fetch` serves a Fetch `Request` through it; the mock
 * server serves `mock.fetch(url, init)` through a lighter one, without building a `Request`.
 */
export interface ApiRequest {
  /** The method as sent (the router upper-cases it). */
  readonly method: string;
  /** The absolute URL, in the form `Request.url` gives. */
  readonly url: string;
  readonly headers: HeaderReader;
  /** The body's bytes, refusing more than `maxBytes` (413) before reading the rest. */
  bodyBytes(maxBytes: number): Promise<Uint8Array> | Uint8Array;
  /** A Fetch `Request` of it, for an application's `clientAddress` and Bun's `requestIP`. */
  fetchRequest(): Request;
  /**
   * Builds a successful answer (default: `new Response(text, init)`). The mock server's light
   * request answers with a `Response` that keeps the text and builds the Fetch one only if needed.
   */
  respond?(text: string | null, init: { status: number; headers: Record<string, string> }): Response;
}

const HEADER_READER = Symbol.for('feedback-board.headerReader');

/** A Fetch `Request` as the handler reads it. */
class FetchApiRequest implements ApiRequest {
  constructor(private readonly request: Request) {}
  get method(): string {
    return this.request.method;
  }
  get url(): string {
    return this.request.url;
  }
  get headers(): HeaderReader {
    // `listen` leaves a reader of Node's raw headers on the requests it makes (src/node/request-id.ts).
    return (this.request as Request & Record<symbol, HeaderReader | undefined>)[HEADER_READER] ?? this.request.headers;
  }
  bodyBytes(maxBytes: number): Promise<Uint8Array> {
    // `listen` also leaves a reader of Node's incoming message, which spares the light request's
    // conversion to a whole Fetch `Request` and a web stream.
    return requestBodyBytes(this.request, this.headers, maxBytes);
  }
  fetchRequest(): Request {
    return this.request;
  }
}

/** Seconds a client is told to wait (`Retry-After`) when the storage cannot be used. */
export const UNAVAILABLE_RETRY_SECONDS = 5;

const JSON_HEADERS = { 'Content-Type': 'application/json; charset=utf-8' };

/**
 * Headers on every API answer: nothing is cached by browsers or proxies (answers depend on the
 * key), and no answer is ever sniffed into another content type. They go into each `Response`'s
 * init rather than being set afterwards: @hono/node-server's light `Response` writes an init's
 * plain header object straight to the socket, and a header read or set after construction would
 * make it build a `Headers` first. A fresh object each time, because that bridge adds
 * `Content-Length` to the object it is given.
 */
const apiHeaders = (): Record<string, string> => ({ 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' });

/** {@link apiHeaders} of a JSON answer. */
const apiJsonHeaders = (): Record<string, string> => ({
  'Content-Type': 'application/json; charset=utf-8',
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
});

/** Errors that rank below "board or post not found" in the precedence of docs/errors-scopes-limits.md. */
const RANKED_BELOW_NOT_FOUND = new Set<ErrorCode>([
  'payload_too_large', 'unsupported_media_type', 'invalid_json', 'insufficient_scope',
  'publish_disabled', 'validation_error', 'status_unchanged', 'claim_conflict', 'slug_taken',
]);

export function errorResponse(error: FeedbackBoardError, extraHeaders: Record<string, string> = {}): Response {
  const status = (ERROR_STATUS as Record<string, number>)[error.code] ?? error.status;
  const envelope = {
    error: { code: error.code, message: error.message, ...(error.details ? { details: error.details } : {}) },
  };
  const headers: Record<string, string> = { ...JSON_HEADERS, ...extraHeaders };
  if (status === 401) headers['WWW-Authenticate'] = 'Bearer realm="feedback-board"';
  return new Response(JSON.stringify(envelope), { status, headers });
}

/** The answer to an address that has spent its allowance of failed authentications. */
function tooManyFailures(retryAfterSeconds: number): Response {
  return errorResponse(
    new FeedbackBoardError('rate_limited', 'Too many failed authentication attempts from this address'),
    { ...apiHeaders(), 'Retry-After': String(retryAfterSeconds) },
  );
}

/**
 * Query parameters an operation knows; a repeated one is a 422, unknown ones are ignored. The
 * query string is parsed only for an operation that reads one.
 */
function readQuery(binding: Binding, search: string): Record<string, string> {
  const query: Record<string, string> = {};
  if (binding.input !== 'query') return query;
  const params = new URLSearchParams(search);
  const repeated: string[] = [];
  for (const key of binding.queryKeys) {
    const values = params.getAll(key);
    if (values.length > 1) repeated.push(key);
    if (values.length > 0) query[key] = values[0]!;
  }
  if (repeated.length > 0) {
    throw validationFailure(repeated.map((path) => ({ path, message: 'must be given at most once' })));
  }
  return query;
}

const NO_ROUTE = { kind: 'not_found' } as const;

/** Where issue trackers deliver events, beside the API (see integration-deliveries.ts, loaded on the first one). */
const DELIVERY_PATH = /^\/integrations\/(?:github|gitlab|linear)\/[1-9]\d{0,14}$/;

export function createFetchHandler(ctx: ServiceContext, options: HandlerOptions = {}): {
  fetch: FetchHandler;
  /** `fetch` for an {@link ApiRequest} that is not a Fetch `Request`. */
  handle: (request: ApiRequest, context?: unknown) => Promise<Response>;
  keyCache: SmallLru<string, ApiKeyRecord>;
  limiter: SlidingLogLimiter | null;
  authThrottle: AuthFailureThrottle | null;
} {
  const basePath = (options.basePath ?? '/api/v1').replace(/\/+$/, '');
  const basePrefix = `${basePath}/`;
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const limiter = options.rateLimit === false ? null : new SlidingLogLimiter(options.rateLimit ?? {});
  const shared = ctx.storage.sharedLimits;
  const keyCacheTtlMs = Math.min(options.keyCacheTtlMs ?? 5000, shared?.maxKeyCacheTtlMs ?? Infinity);
  // Live key records by the key as the client sent it, so most requests skip both the key's
  // SHA-256 (5 K instructions, more than the rest of authentication) and a storage read. Only keys
  // that authenticated are kept (unknown keys leave no trace), each for the TTL from its storage
  // read, so a key stays in memory no longer than that after its last read. A revocation in this
  // process empties the cache at once (it knows keys only as sent, and revocations are rare); the
  // TTL bounds how long another process's revocation takes to be seen.
  const keyCache = new SmallLru<string, ApiKeyRecord>({ max: 1000, ttlMs: keyCacheTtlMs });
  const authThrottle = options.authThrottle === false ? null : new AuthFailureThrottle(options.authThrottle ?? {});
  // Loaded only over a storage with a version (answer-cache.ts); until it is, answers are built anew.
  let answers: AnswerCache | null = null;
  if (options.answerCache !== false && ctx.storage.changeVersion) {
    import('./answer-cache.js').then(
      (m) => void (answers = new m.AnswerCache(ctx.storage)),
      (error: unknown) => ctx.logger.error('answer cache not loaded: every answer is built anew', error),
    );
  }
  const clientAddressOf = (request: ApiRequest, context: unknown): string | null => {
    const address = options.clientAddress
      ? options.clientAddress(request.fetchRequest())
      : addressFromContext(request, context);
    return address ? addressKey(address) : null;
  };

  async function authenticate(request: ApiRequest): Promise<Caller | null> {
    const raw = extractApiKey(request.headers);
    if (raw === null) return null;
    let key = keyCache.get(raw);
    if (!key) {
      // Synchronous where the runtime can: no thread-pool round trip (see sha256.ts).
      const hash = sha256HexSync !== null ? sha256HexSync(raw) : await hashApiKey(raw);
      const found = await authenticateKey(ctx, hash);
      if (!found) return null;
      keyCache.set(raw, found);
      key = found;
    }
    return { organizationId: key.organization_id, apiKeyId: key.id, scope: key.scope };
  }

  const openApiGenerator = openApiGeneratorOf(options.serveOpenApi);
  const openApiPath = openApiGenerator ? `${basePath}/openapi.json` : null;
  let openApiJson: string | undefined;

  async function handle(request: ApiRequest, context: unknown): Promise<Response> {
    // Upper case as Node's parser and Fetch give the usual methods, and V8 upper-cases through its
    // runtime (0.3 K instructions a call); Fetch leaves `patch` and unknown methods as sent.
    let method = request.method;
    if (method !== 'GET' && method !== 'POST') method = method.toUpperCase();
    if (openApiPath !== null && method === 'GET' && new URL(request.url).pathname === openApiPath) {
      openApiJson ??= JSON.stringify(openApiGenerator!({ basePath }));
      return new Response(openApiJson, { status: 200, headers: apiJsonHeaders() });
    }
    if (method === 'POST' && DELIVERY_PATH.test(requestTarget(request.url).path)) {
      return (await import('./integration-deliveries.js')).answerDelivery(ctx, request, maxBodyBytes, basePath);
    }
    // Only an address that failed lately has a bucket: while none has, nothing is checked.
    let address = authThrottle !== null && authThrottle.size > 0 ? clientAddressOf(request, context) : null;
    if (address !== null) {
      const wait = authThrottle!.retryAfter(address, ctx.clock.now());
      if (wait > 0) return tooManyFailures(wait);
    }
    const caller = await authenticate(request);
    if (!caller) {
      if (authThrottle !== null) address ??= clientAddressOf(request, context);
      if (address !== null) authThrottle!.fail(address, ctx.clock.now());
      return errorResponse(new FeedbackBoardError('unauthorized', 'A valid API key is required'), apiHeaders());
    }

    // The rate-limit headers every later answer carries; null without a limiter.
    let headers: Record<string, string> | null = null;
    if (limiter) {
      const decision = shared
        ? sharedDecision(limiter, await shared.takeRateLimit(caller.apiKeyId, limiter.limit, limiter.windowMs))
        : limiter.take(caller.apiKeyId, ctx.clock.now());
      headers = rateLimitHeaders(decision);
      if (!decision.allowed) {
        return errorResponse(new FeedbackBoardError('rate_limited', 'Too many requests for this key'), { ...apiHeaders(), ...headers });
      }
    }

    const target = requestTarget(request.url);
    const path = target.path.startsWith(basePrefix) ? target.path.slice(basePath.length) : null;
    const route = path === null ? NO_ROUTE : matchRoute(method, path);
    if (route.kind === 'not_found') {
      return errorResponse(new FeedbackBoardError('not_found', 'No such route'), { ...apiHeaders(), ...headers });
    }
    if (route.kind === 'method_not_allowed') {
      return errorResponse(new FeedbackBoardError('method_not_allowed', 'Method not allowed on this path'), {
        ...apiHeaders(),
        ...headers,
        Allow: route.allow.join(', '),
      });
    }

    try {
      const binding = bindings[route.name];
      const query = readQuery(binding, target.query);
      const body =
        binding.input === 'body'
          ? parseJsonObject(await request.bodyBytes(maxBodyBytes), request.headers.get('content-type'))
          : {};
      const call = () => binding.call(ctx, caller, { params: route.params, query, body });
      const cache = answers as AnswerCache | null;
      const result: CachedResult = cache === null ? await call() : await cache.answer(route.name, caller, target, call);
      const text = result.status === 204 ? null : (result.json ?? JSON.stringify(result.body));
      const base = text === null ? apiHeaders() : apiJsonHeaders();
      const init = { status: result.status, headers: headers ? { ...base, ...headers } : base };
      return request.respond?.(text, init) ?? new Response(text, init);
    } catch (error) {
      let failure = error;
      if (isFeedbackBoardError(error) && RANKED_BELOW_NOT_FOUND.has(error.code as ErrorCode)) {
        // Loaded with the first such error (path-exists.ts).
        const { assertPathExists } = await import('./path-exists.js');
        failure = await assertPathExists(ctx, caller, route.params).then(() => error, (notFound: unknown) => notFound);
      }
      return failureResponse(failure, headers ? { ...apiHeaders(), ...headers } : apiHeaders());
    }
  }

  function failureResponse(error: unknown, headers: Record<string, string>): Response {
    if (isFeedbackBoardError(error) && error.code === 'service_unavailable') {
      const cause = error.cause instanceof Error ? error.cause.message : error.message;
      ctx.logger.error(`storage unavailable, answering 503: ${cause}`);
      return errorResponse(error, { ...headers, 'Retry-After': String(UNAVAILABLE_RETRY_SECONDS) });
    }
    if (isFeedbackBoardError(error) && error.code !== 'internal_error') return errorResponse(error, headers);
    ctx.logger.error('unexpected error while handling a request', error);
    return errorResponse(new FeedbackBoardError('internal_error', 'Something went wrong on our side'), headers);
  }

  // Every answer of `handle` carries the API headers already; a failure before the route is known
  // gets them here.
  const serve = (request: ApiRequest, context?: unknown): Promise<Response> =>
    handle(request, context).catch((error: unknown) => failureResponse(error, apiHeaders()));
  const fetch: FetchHandler = (request, context) => serve(new FetchApiRequest(request), context);

  return { fetch, handle: serve, keyCache, limiter, authThrottle };
}
