/**
 * `feedback-board mcp`: an MCP server on stdio acting as one API key, against a deployment
 * (`--url`, through the typed client) or a store of its own (`--db`: a SQLite file or a PostgreSQL
 * URL, through the in-process API). Stdout carries only the protocol; everything else goes to stderr. The SDK and the MCP
 * module are loaded only when this command runs, so `serve` works without the optional peer.
 */
import { stat } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { createFeedbackBoard } from '../src/board.js';
import { createClient } from '../src/client/create-client.js';
import { isFeedbackBoardError } from '../src/domain/errors.js';
import { checkDbScheme, isPostgresUrl, openStorage } from './storage.js';

export const MCP_USAGE = `Usage: feedback-board mcp (--url URL | --db FILE) [--key KEY]

Runs a Model Context Protocol server on stdin/stdout with one tool per API operation,
acting as one API key: the tools a key sees are those its scope may call.

Options:
  --url URL    a deployment of the API, e.g. https://feedback.example.com (without /api/v1),
               reached through the typed client; its rate limit applies
  --db FILE|URL
               an existing SQLite database file or a PostgreSQL URL (postgres://…), as
               used by "serve --db", served in-process
  --key KEY    the API key (default: the FEEDBACK_BOARD_API_KEY environment variable)
  -h, --help   show this help

"feedback-board serve" also answers MCP over Streamable HTTP at /mcp, with the key in
"Authorization: Bearer <key>" or "X-API-Key: <key>". See docs/mcp.md.
`;

/** A mistake in the command line: reported with the usage, exit status 2. */
export class McpUsageError extends Error {}

interface McpChoice {
  key: string;
  url?: string;
  db?: string;
}

async function parseChoice(argv: string[], env: NodeJS.ProcessEnv): Promise<McpChoice | 'help'> {
  const { values } = parseArgs({
    args: argv,
    options: { url: { type: 'string' }, db: { type: 'string' }, key: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    strict: true,
    allowPositionals: false,
  });
  if (values.help) return 'help';
  if ((values.url === undefined) === (values.db === undefined)) throw new McpUsageError('give exactly one of --url URL and --db FILE');
  const key = values.key ?? env['FEEDBACK_BOARD_API_KEY'];
  if (key === undefined || key.trim() === '') throw new McpUsageError('no API key: set FEEDBACK_BOARD_API_KEY or pass --key KEY');
  if (values.url !== undefined) {
    let url: URL | undefined;
    try {
      url = new URL(values.url);
    } catch {
      url = undefined;
    }
    if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
      throw new McpUsageError(`--url takes an http(s) address, not "${values.url}"`);
    }
    return { key: key.trim(), url: values.url };
  }
  const file = values.db!;
  checkDbScheme(file);
  if (isPostgresUrl(file)) return { key: key.trim(), db: file };
  const info = await stat(file).catch(() => null);
  if (info === null || !info.isFile()) throw new McpUsageError(`--db ${file} is not an existing database file`);
  return { key: key.trim(), db: file };
}

/** Runs the command; resolves once the server is connected (it then runs until stdin closes). */
export async function runMcp(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const choice = await parseChoice(argv, env);
  if (choice === 'help') {
    process.stdout.write(MCP_USAGE);
    return;
  }
  const [{ createMcpServer, detectScope }, { StdioServerTransport }] = await Promise.all([
    import('../mcp/index.js'),
    import('@modelcontextprotocol/sdk/server/stdio.js'),
  ]).catch((error: unknown) => {
    throw new Error(`the MCP server needs the @modelcontextprotocol/sdk package (npm install @modelcontextprotocol/sdk): ${(error as Error).message}`);
  });

  let api: import('../mcp/index.js').McpApi;
  let close: () => Promise<void> = async () => undefined;
  let where = choice.url ?? '';
  if (choice.url !== undefined) {
    api = createClient({ baseUrl: choice.url, apiKey: choice.key }) as unknown as typeof api;
  } else {
    const opened = await openStorage({ db: choice.db!, memory: false, fixture: false });
    where = opened.description;
    const board = createFeedbackBoard({ storage: opened.storage });
    close = () => board.close();
    try {
      api = (await board.api(choice.key)) as unknown as typeof api;
    } catch (error) {
      await close();
      throw refused(error, where);
    }
  }
  // Learn the scope before serving, so a refused key or an unreachable server is said at once.
  const scope = await detectScope(api).catch(async (error: unknown) => {
    await close();
    throw refused(error, where);
  });
  const server = createMcpServer({ api, ...(scope.certain ? { scope: scope.scope } : {}) });
  const transport = new StdioServerTransport();
  transport.onclose = () => void close();
  await server.connect(transport);
  process.stderr.write(`feedback-board mcp: serving as a ${scope.scope} key on stdio (${where})\n`);
}

/** Why the first call failed: the key refused, another answer of the API, or no answer at all. */
function refused(error: unknown, where: string): Error {
  if (isFeedbackBoardError(error) && error.code === 'unauthorized') return new Error('the API refused the key (unknown or revoked)');
  if (isFeedbackBoardError(error) && error.status > 0) return new Error(`the API at ${where} answered ${error.status} ${error.code}: ${error.message}`);
  return new Error(`cannot reach the API at ${where}: ${(error as Error).message}`);
}
