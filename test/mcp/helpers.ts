/**
 * Shared by the MCP tests: a board loaded with a fixture on a frozen clock, the SDK's own Client
 * connected to our server in-process (InMemoryTransport), and checks of structured results
 * against the output schemas the server lists (with ajv, independently of the SDK's own check).
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { createRequire } from 'node:module';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { FormatsPlugin } from 'ajv-formats';
import { createMemoryStorage } from '../../adapters/memory/index.js';
import { createFeedbackBoard, type FeedbackBoard, type FeedbackBoardOptions } from '../../src/board.js';
import type { Scope } from '../../src/domain/records.js';
import { createMcpServer, type McpApi, type McpLogger } from '../../mcp/index.js';

export const KEYS = {
  read: 'acme-read-0123456789',
  propose: 'acme-propose-0123456789',
  write: 'acme-write-0123456789',
  other: 'globex-write-0123456789',
} as const;

/** 2026-11-20T12:00:00Z. */
export const START = Date.UTC(2026, 10, 20, 12, 0, 0);

/** Board "features": a ranked post, two planned ones, an open one, a shipped one; a webhook. */
export function fixture(extraPosts: Record<string, unknown>[] = []) {
  return {
    organizations: [
      {
        name: 'Acme',
        apiKeys: [
          { key: KEYS.read, scope: 'read' },
          { key: KEYS.propose, scope: 'propose' },
          { key: KEYS.write, scope: 'write' },
        ],
        webhooks: [{ url: 'https://hooks.example.com/fb', events: ['post.created'] }],
        boards: [
          {
            slug: 'features',
            name: 'Features',
            published: true,
            posts: [
              { title: 'Dark mode', status: 'planned', votes: 3, created_at: '2026-11-01T09:00:00Z', comments: [{ body: 'Yes please', replies: [{ body: 'Seconded' }] }] },
              { title: 'Export to CSV', status: 'in_progress', queue_rank: 0, created_at: '2026-11-02T09:00:00Z' },
              { title: 'Slack integration', status: 'open', votes: 1, created_at: '2026-11-03T09:00:00Z' },
              { title: 'Keyboard shortcuts', status: 'shipped', created_at: '2026-11-04T09:00:00Z', shipped_at: '2026-11-18T09:00:00Z', votes: 2 },
              { title: 'Offline mode', status: 'planned', created_at: '2026-11-05T09:00:00Z' },
              ...extraPosts,
            ],
          },
        ],
      },
      { name: 'Globex', apiKeys: [{ key: KEYS.other, scope: 'write' }], boards: [{ slug: 'secret', name: 'Secret' }] },
    ],
  };
}

/** A board on memory storage and a frozen clock, loaded with {@link fixture}. */
export async function makeBoard(options: Partial<FeedbackBoardOptions> = {}, posts: Record<string, unknown>[] = []) {
  let now = START;
  const board = createFeedbackBoard({
    storage: createMemoryStorage(),
    clock: { now: () => now },
    logger: { error: () => undefined },
    agentPublishing: true,
    ...options,
  });
  await board.loadFixture(fixture(posts));
  return { board, advance: (ms: number) => void (now += ms) };
}

/** The SDK's Client connected in-process to a server acting as `key` through `board.api(key)`. */
export async function connectInProcess(board: FeedbackBoard, key: string, options: { scope?: Scope; logger?: McpLogger } = {}) {
  const api = (await board.api(key)) as unknown as McpApi;
  const server = createMcpServer({ api, ...options });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'feedback-board-tests', version: '1.0.0' });
  await client.connect(clientSide);
  return { client, server, close: async () => { await client.close(); await server.close(); } };
}

// ajv-formats is CommonJS with `module.exports = plugin`; require() hands over the plugin itself.
const addFormats = createRequire(import.meta.url)('ajv-formats') as FormatsPlugin;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);

/** Lists tools and returns a validator per tool name for its output schema. */
export async function outputValidators(client: Client) {
  const { tools } = await client.listTools();
  return new Map(tools.filter((t) => t.outputSchema).map((t) => [t.name, ajv.compile(t.outputSchema!)]));
}

/** The text of a tool result's first content item. */
export function textOf(result: object): string {
  const [first] = ((result as { content?: unknown }).content ?? []) as { type: string; text?: string }[];
  return first?.type === 'text' ? first.text ?? '' : '';
}
