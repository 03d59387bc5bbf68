/**
 * `createMcpServer`: an McpServer of the official SDK whose tools are the API's operations, acting
 * as one key through any API of the package's shape (the typed client, or `board.api(key)`).
 *
 * The tools are served by handlers installed on the SDK's underlying `Server`, with the JSON
 * Schemas derived from the operation table, rather than through `registerTool`: the service is
 * the one place that validates, so an invalid call gets the API's own `validation_error` with its
 * details, exactly as over HTTP. The resources (`resources.ts`) and prompts (`prompts.ts`) are
 * registered on the McpServer.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import type { Scope } from '../src/domain/records.js';
import { scopeAllows } from '../src/domain/scopes.js';
import { callTool, type McpApi, type McpLogger } from './call.js';
import { registerPrompts } from './prompts.js';
import { registerResources } from './resources.js';
import { detectScope, type DetectedScope } from './scope.js';
import { toolDefinitions, type ToolDefinition } from './tools.js';

/** Options of {@link createMcpServer}. */
export interface McpServerOptions {
  /** The API the tools call, acting as one key: `createClient({ baseUrl, apiKey })` or `await board.api(key)`. */
  api: McpApi;
  /**
   * The key's scope, which decides the tools listed. Default: learned from the API on the first
   * `tools/list` (one to three requests that change nothing; see `detectScope`).
   */
  scope?: Scope;
  /** Where unexpected failures are reported. Default: `console.error` (stderr, never stdout). */
  logger?: McpLogger;
  /** The server's name and version as MCP clients see them. Default `feedback-board`, `1.0.0`. */
  name?: string;
  version?: string;
}

const INSTRUCTIONS = `Tools of a feedback board (the Feedback Board API, acting as one API key).
Agent loop: claim_next_post on a board, do the work, add_evidence, propose_status (a human confirms),
and repeat until claim_next_post answers claim null. A failed call is a tool error whose text starts
with the API's error code (not_found, validation_error, claim_conflict, rate_limited...).`;

let validator: AjvJsonSchemaValidator | undefined;

/**
 * One JSON Schema validator for every server of the process. Left to itself, the SDK's server
 * builds an Ajv instance of its own (its vocabularies and rules, some 1.4 million instructions),
 * and `/mcp` over HTTP is stateless: a server per request. The validator checks the answers to
 * elicitation requests, which these servers never send; one shared is the same validator.
 */
function sharedValidator(): AjvJsonSchemaValidator {
  validator ??= new AjvJsonSchemaValidator();
  return validator;
}

/**
 * Creates an MCP server with one tool per API operation, listing only those the key's scope may
 * call (a `team` key also sees the team's own tools). Connect it to a transport (`StdioServerTransport`, Streamable HTTP) with `connect()`.
 *
 * @example
 * ```ts
 * import { createClient } from 'feedback-board/client';
 * import { createMcpServer } from 'feedback-board/mcp';
 * import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
 *
 * const api = createClient({ baseUrl: 'https://feedback.example.com', apiKey: process.env.FEEDBACK_BOARD_API_KEY! });
 * await createMcpServer({ api }).connect(new StdioServerTransport());
 * ```
 */
export function createMcpServer(options: McpServerOptions): McpServer {
  const logger = options.logger ?? { error: (message, cause) => console.error(message, cause) };
  const mcp = new McpServer(
    { name: options.name ?? 'feedback-board', version: options.version ?? '1.0.0' },
    { capabilities: { tools: { listChanged: false } }, instructions: INSTRUCTIONS, jsonSchemaValidator: sharedValidator() },
  );
  const byName = new Map<string, ToolDefinition>(toolDefinitions().map((tool) => [tool.name, tool]));

  let known: DetectedScope | undefined = options.scope === undefined ? undefined : { scope: options.scope, certain: true };
  async function scope(): Promise<Scope> {
    try {
      if (known?.certain !== true) known = await detectScope(options.api);
    } catch (error) {
      throw new McpError(ErrorCode.InternalError, `The API refused the key or could not be reached: ${(error as Error).message}`);
    }
    return known.scope;
  }

  mcp.server.setRequestHandler(ListToolsRequestSchema, async () => {
    const current = await scope();
    const tools = toolDefinitions()
      .filter((tool) => scopeAllows(current, tool.scope))
      .map(({ name, title, description, inputSchema, outputSchema, annotations }) => ({
        name, title, description, inputSchema, ...(outputSchema ? { outputSchema } : {}), annotations,
      }));
    return { tools };
  });

  // A tool the scope does not list still runs: the API answers insufficient_scope as a tool error.
  mcp.server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const tool = byName.get(request.params.name);
    if (tool === undefined) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${request.params.name}`);
    return callTool(options.api, tool, request.params.arguments, logger);
  });

  registerResources(mcp, options.api);
  registerPrompts(mcp, scope);

  return mcp;
}
