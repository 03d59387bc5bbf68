/**
 * MCP over Streamable HTTP as a fetch handler, to mount next to `board.fetch` (the CLI's `serve`
 * answers it at `/mcp`). Stateless: each POST is one exchange with a server made for its key, and
 * answered with JSON. Authenticated and rate limited exactly like `/api/v1`, through the board's
 * own handler, so the key cache, the limiter and the answers are the same:
 *
 * - a browser page of another origin is refused with 403 first (DNS rebinding; see origin.ts);
 * - every request needs a valid key (the same two headers): 401 with the API's envelope otherwise;
 * - a request carrying tool calls only is not counted itself: each tool call is one API request
 *   through `board.fetch`, counted there, and a 429 comes back as a tool error saying when to retry;
 * - any other request (initialize, tools/list, notifications) is counted once as it arrives, by
 *   asking the API's base path itself (answered 404 after authentication and the limit, without
 *   touching storage), and refused with the API's 429 when the key has used its window.
 */
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { SmallLru } from '../src/http/lru.js';
import { createClient } from '../src/client/create-client.js';
import { FeedbackBoardError, isFeedbackBoardError } from '../src/domain/errors.js';
import { extractApiKey } from '../src/http/auth.js';
import { DEFAULT_MAX_BODY_BYTES, requestBodyBytes } from '../src/http/body.js';
import { errorResponse } from '../src/http/handler.js';
import type { McpApi, McpLogger } from './call.js';
import { checkedOrigins, forbiddenOrigin, originAllowed } from './origin.js';
import { detectScope, type DetectedScope } from './scope.js';
import { createMcpServer } from './server.js';
import type { McpOAuth } from './oauth.js';

/** What the handler needs of a board: its HTTP face (the API at `/api/v1`) and its in-process API. */
export interface McpBoard {
  /** The board's HTTP face: `board.fetch`, given the runtime's context (the client's address). */
  fetch(request: Request, context?: unknown): Promise<Response>;
  /** The in-process API for a raw key (`board.api`); rejects with `unauthorized` for a refused key. */
  api(rawKey: string): Promise<McpApi>;
}

/** Options of {@link createMcpHttpHandler}. */
export interface McpHttpOptions {
  /** The board to serve; its API must be mounted at `/api/v1` (the default base path). */
  board: McpBoard;
  /** Largest accepted request body. Default 1 MiB, as for the API. */
  maxBodyBytes?: number;
  /** Where unexpected failures are reported. Default: `console.error`. */
  logger?: McpLogger;
  /**
   * Origins whose browser pages may call (`https://app.example.com`). A request with another
   * `Origin` is refused with 403, except the server's own at a loopback address; requests
   * without `Origin` (agents) are always served. Default none. See `docs/mcp.md`.
   */
  allowedOrigins?: readonly string[];
  /**
   * OAuth access tokens besides API keys (`createMcpOAuth`): which key a bearer credential acts
   * as, and the `WWW-Authenticate` of a 401 that points clients at the resource's metadata.
   */
  oauth?: Pick<McpOAuth, 'keyFor' | 'challenge'>;
}

const API_BASE = '/api/v1';
const RATE_HEADERS = ['ratelimit', 'ratelimit-policy'];

function isToolCall(message: unknown): boolean {
  return message !== null && typeof message === 'object' && (message as { method?: unknown }).method === 'tools/call';
}

/**
 * True when the body is one `tools/call` request or a batch of nothing else: each tool call goes
 * through the API's fetch handler, and so takes its own rate-limit slot there.
 */
function onlyToolCalls(body: unknown): boolean {
  return Array.isArray(body) ? body.length > 0 && body.every(isToolCall) : isToolCall(body);
}

/**
 * Creates the fetch handler of MCP's Streamable HTTP transport for `board`. Mount it at the path
 * of your choice (the CLI uses `/mcp`); it answers POST, and 405 to other methods (there is no
 * server-to-client stream in stateless mode).
 *
 * @example
 * ```ts
 * const mcp = createMcpHttpHandler({ board });
 * Bun.serve({ fetch: (req) => (new URL(req.url).pathname === '/mcp' ? mcp(req) : board.fetch(req)) });
 * ```
 */
export function createMcpHttpHandler(options: McpHttpOptions): (request: Request, context?: unknown) => Promise<Response> {
  const { board } = options;
  const logger = options.logger ?? { error: (message: string, cause?: unknown) => console.error(message, cause) };
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const allowedOrigins = checkedOrigins(options.allowedOrigins ?? []);
  // Scopes never change for a key; revocation is caught by authentication on every request.
  const scopes = new SmallLru<string, DetectedScope>({ max: 1000, ttlMs: 60_000 });
  /** The typed clients over `board.fetch` the servers call the API through, by origin and key (making one was a sixth of a tools/call). */
  const clients = new SmallLru<string, McpApi>({ max: 1000 });

  /** Takes one rate-limit slot for the key through the API itself; a Response when refused. */
  async function admit(origin: string, key: string): Promise<Headers | Response> {
    const probe = await board.fetch(new Request(`${origin}${API_BASE}/`, { headers: { authorization: `Bearer ${key}` } }));
    if (probe.status === 401 || probe.status === 429) return probe;
    await probe.body?.cancel();
    const headers = new Headers();
    for (const name of RATE_HEADERS) {
      const value = probe.headers.get(name);
      if (value !== null) headers.set(name, value);
    }
    return headers;
  }

  async function handle(request: Request, context: unknown): Promise<Response> {
    if (!originAllowed(request, allowedOrigins)) return forbiddenOrigin();
    const credential = extractApiKey(request.headers);
    const key = credential === null || !options.oauth ? credential : await options.oauth.keyFor(credential, request);
    if (key === null) return errorResponse(new FeedbackBoardError('unauthorized', 'A valid API key is required'));
    if (request.method !== 'POST') {
      return new Response(null, { status: 405, headers: { Allow: 'POST' } });
    }
    // Read from Node's message when `listen` left its reader (no web stream over it).
    const text = new TextDecoder().decode(await requestBodyBytes(request, request.headers, maxBodyBytes));
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined; // the transport answers a JSON-RPC parse error
    }

    let inProcess: McpApi;
    try {
      inProcess = await board.api(key);
    } catch (error) {
      if (isFeedbackBoardError(error) && error.code === 'unauthorized') {
        // Refused through the API with the runtime's context, so that the failure counts against the
        // client's address like any other (and a throttled address gets the API's 429). The API's
        // key cache may still hold a key just revoked by another process, for a few seconds: its
        // answer is then no refusal (a 404 for the probe's path), and the key is refused here.
        const probe = new Request(`${new URL(request.url).origin}${API_BASE}/`, { headers: { authorization: `Bearer ${key}` } });
        const refused = await board.fetch(probe, context);
        if (refused.status === 401 || refused.status === 429) return refused;
        await refused.body?.cancel();
        return errorResponse(new FeedbackBoardError('unauthorized', 'A valid API key is required'));
      }
      throw error;
    }
    const origin = new URL(request.url).origin;
    let rateHeaders = new Headers();
    if (!onlyToolCalls(parsed)) {
      const admitted = await admit(origin, key);
      if (admitted instanceof Response) return admitted;
      rateHeaders = admitted;
    }

    let scope = scopes.get(key);
    if (scope?.certain !== true) {
      scope = await detectScope(inProcess);
      scopes.set(key, scope);
    }
    // The operations go through the API's fetch handler (its rate limit and logs), which checks
    // the key on every call: a client holds nothing else, so one per key and origin is kept.
    const clientKey = `${origin} ${key}`;
    let api = clients.get(clientKey);
    if (api === undefined) {
      api = createClient({ baseUrl: origin, apiKey: key, fetch: (r) => board.fetch(r) }) as unknown as McpApi;
      clients.set(clientKey, api);
    }
    const server = createMcpServer({ api, scope: scope.scope, logger });
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    await server.connect(transport);
    try {
      // The transport reads the body only when given none parsed: then from a copy that holds it
      // (this request's was read above). A copy of every request cost a tenth of a tools/call.
      const response =
        parsed === undefined
          ? await transport.handleRequest(new Request(request.url, { method: 'POST', headers: request.headers, body: text }))
          : await transport.handleRequest(request, { parsedBody: parsed });
      const headers = new Headers(response.headers);
      rateHeaders.forEach((value, name) => headers.set(name, value));
      const body = response.body === null ? null : await response.arrayBuffer();
      return new Response(body, { status: response.status, headers });
    } finally {
      await server.close();
    }
  }

  const answer = (request: Request, context: unknown) =>
    handle(request, context).catch((error: unknown) => {
      if (isFeedbackBoardError(error) && error.code !== 'internal_error') return errorResponse(error);
      logger.error('feedback-board mcp: unexpected error while handling a request', error);
      return errorResponse(new FeedbackBoardError('internal_error', 'Something went wrong on our side'));
    });
  const { oauth } = options;
  if (!oauth) return answer;
  return async (request, context) => {
    const response = await answer(request, context);
    if (response.status !== 401) return response;
    const headers = new Headers(response.headers);
    headers.set('www-authenticate', oauth.challenge(request));
    return new Response(response.body, { status: 401, headers });
  };
}
