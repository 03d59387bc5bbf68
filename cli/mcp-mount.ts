/**
 * `serve`'s `/mcp`: MCP over Streamable HTTP next to the API, when the optional MCP SDK is
 * installed. The module is loaded here, at run time, so the core never imports the SDK and
 * `serve` works without it.
 */
import type { FeedbackBoard } from '../src/board.js';
import type { FetchHandler } from '../src/http/handler.js';
import { requestPath } from '../src/http/request-path.js';

/** The path MCP is answered at. */
export const MCP_PATH = '/mcp';

/**
 * The fetch handler to serve (the API, plus `/mcp` when possible) and a line saying which.
 * `allowedOrigins` are the browser origins `/mcp` serves besides its own loopback one: the
 * public URL's, when `serve` has one.
 */
export async function withMcp(board: FeedbackBoard, allowedOrigins: readonly string[] = []): Promise<{ fetch: FetchHandler; note: string }> {
  let mcp: typeof import('../mcp/index.js');
  try {
    mcp = await import('../mcp/index.js');
  } catch {
    return { fetch: board.fetch, note: `MCP: not served (install @modelcontextprotocol/sdk to answer it at ${MCP_PATH})` };
  }
  const handler = mcp.createMcpHttpHandler({ board: { fetch: board.fetch, api: (key) => board.api(key) as never }, allowedOrigins });
  return {
    fetch: (request, context) =>
      requestPath(request.url) === MCP_PATH ? handler(request, context) : board.fetch(request, context),
    note: `MCP: Streamable HTTP at ${MCP_PATH} (same keys and rate limit as the API)`,
  };
}
