/**
 * `serve`'s `/mcp`: MCP over Streamable HTTP next to the API, when the optional MCP SDK is
 * installed, with OAuth for it when the pages are served (a team member approves clients there).
 * The SDK and the MCP server are loaded on the first request to `/mcp`, not when `serve` starts:
 * they are about a third of the modules a start would load, and most servers never see an agent
 * in their first seconds. At start, `serve` only checks that the SDK can be found, to say whether
 * `/mcp` is served; the OAuth endpoints are the package's own code and load at once.
 */
import type { FeedbackBoard } from '../src/board.js';
import type { FetchHandler } from '../src/http/handler.js';
import { requestPath } from '../src/http/request-path.js';

/** The path MCP is answered at. */
export const MCP_PATH = '/mcp';

/** Paths under which OAuth's router (`McpOAuth.handle`) answers: its metadata, registration and token endpoints. */
const isOAuthPath = (path: string) => path.startsWith('/.well-known/oauth-') || path.startsWith('/oauth/');

/**
 * The fetch handler to serve (the API, plus `/mcp` when possible) and a line saying which, for the
 * server's public origin.
 * `allowedOrigins` are the browser origins `/mcp` serves besides its own loopback one: the
 * public URL's, when `serve` has one. With `oauthOrigin` (the pages' public origin, read per
 * request) `/mcp` also takes OAuth access tokens, and the OAuth metadata, registration and token
 * endpoints are answered; `oauth` then says so.
 */
export async function withMcp(
  board: FeedbackBoard,
  allowedOrigins: readonly string[] = [],
  oauthOrigin?: () => string,
): Promise<{ fetch: FetchHandler; note(origin: string): string; oauth: boolean }> {
  if (!sdkInstalled()) {
    return { fetch: board.fetch, note: () => `MCP: not served (install @modelcontextprotocol/sdk to answer it at ${MCP_PATH})`, oauth: false };
  }
  const { createMcpOAuth } = await import('../mcp/oauth.js');
  const oauth =
    oauthOrigin === undefined
      ? undefined
      : createMcpOAuth({
          storage: board.storage,
          clock: board.clock,
          revokeApiKey: (organizationId, keyId) => board.team(organizationId).apiKeys.revoke(keyId),
          resourcePath: MCP_PATH,
          publicOrigin: oauthOrigin,
        });
  let handler: Promise<FetchHandler> | undefined;
  const mcpHandler = (): Promise<FetchHandler> =>
    (handler ??= import('../mcp/http.js').then(({ createMcpHttpHandler }) =>
      createMcpHttpHandler({ board: { fetch: board.fetch, api: (key) => board.api(key) as never }, allowedOrigins, oauth }),
    ));
  return {
    fetch: (request, context) => {
      const path = requestPath(request.url);
      if (path === MCP_PATH) return mcpHandler().then((answer) => answer(request, context));
      // Only requests under OAuth's paths are offered to its router; every other one goes straight
      // to the API, without its URL parsed once more.
      if (oauth === undefined || !isOAuthPath(path)) return board.fetch(request, context);
      return oauth.handle(request, context).then((answer) => answer ?? board.fetch(request, context));
    },
    note: (origin) => `MCP: ${origin}${MCP_PATH}  (Streamable HTTP; same keys and rate limit as the API${oauth ? '; OAuth for agents, approved in the pages' : ''})`,
    oauth: oauth !== undefined,
  };
}

/** Whether the MCP SDK can be found from here (resolved, not loaded). */
function sdkInstalled(): boolean {
  try {
    import.meta.resolve('@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js');
    return true;
  } catch {
    return false;
  }
}
