/**
 * `feedback-board/mcp`: the API as Model Context Protocol tools, for AI agents, built on the
 * official `@modelcontextprotocol/sdk` (an optional peer dependency, imported only here and by the
 * CLI). One tool per operation of the operation table, each key seeing those of its scope, named
 * in snake case (`claim_next_post`, `add_evidence`...), with input schemas from the request
 * schemas and path parameters, output schemas from the response schemas, structured results and
 * annotations.
 *
 * - {@link createMcpServer}: an McpServer acting as one key through any API of the package's
 *   shape: the typed client for a deployment, or `await board.api(key)` in-process; it also serves
 *   the published boards and their visible posts as resources (`feedback-board://boards/...`).
 * - {@link createMcpHttpHandler}: Streamable HTTP as a fetch handler next to `board.fetch`
 *   (what `feedback-board serve` mounts at `/mcp`), authenticated and rate limited like `/api/v1`.
 * - {@link createMcpOAuth}: OAuth 2.1 for that endpoint (metadata, client registration, tokens);
 *   the pages' consent page approves clients.
 * - `feedback-board mcp` (the CLI) serves it on stdio; see `docs/mcp.md`.
 *
 * ```ts
 * import { createMcpServer } from 'feedback-board/mcp';
 * import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
 *
 * await createMcpServer({ api: await board.api(process.env.FEEDBACK_BOARD_API_KEY!) }).connect(new StdioServerTransport());
 * ```
 *
 * @module feedback-board/mcp
 */
export { createMcpServer, type McpServerOptions } from './server.js';
export { createMcpHttpHandler, type McpBoard, type McpHttpOptions } from './http.js';
export { ACCESS_TOKEN_PREFIX, createMcpOAuth, DEFAULT_REGISTRATION_LIMITS, OAUTH_PATHS, type McpOAuth, type McpOAuthOptions, type RegistrationLimits } from './oauth.js';
export type { OAuthContext } from '../src/services/oauth.js';
export { callTool, errorText, type McpApi, type McpLogger, type ToolResult } from './call.js';
export { detectScope, type DetectedScope } from './scope.js';
export { toolDefinitions, toolName, type JsonSchema, type Paging, type ToolDefinition } from './tools.js';
