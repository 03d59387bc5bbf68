/**
 * `feedback-board mcp --db postgres://…` as a real child process on stdio, through the SDK's own
 * Client: the store is the PostgreSQL database, served in-process as the key; the tools and their
 * structured results are those of the same store through the API.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresStorage } from '../../../adapters/postgres/index.js';
import { createFeedbackBoard } from '../../../src/board.js';
import { CLI, assertBuilt } from '../../helpers/cli.js';
import { fixture, KEYS, PROPOSE_TOOLS } from '../../mcp/helpers.js';
import { createTestDatabase, dropTestDatabase } from './server.js';

let url: string;
beforeAll(async () => {
  assertBuilt();
  url = await createTestDatabase('fb_mcp');
  const board = createFeedbackBoard({ storage: await createPostgresStorage({ connectionString: url }) });
  await board.loadFixture(fixture([], new Date(Date.now() - 60_000).toISOString()));
  await board.close();
});
afterAll(async () => {
  await dropTestDatabase(url);
});

describe('feedback-board mcp --db postgres://… (stdio)', () => {
  it('serves the database as the key: the tools of its scope, and claims that the database keeps', async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [CLI, 'mcp', '--db', url],
      env: { PATH: process.env['PATH'] ?? '', FEEDBACK_BOARD_API_KEY: KEYS.propose },
      stderr: 'pipe',
    });
    const client = new Client({ name: 'pg-stdio-test', version: '1.0.0' });
    await client.connect(transport);
    try {
      // In-process on the database.
      expect((await client.listTools()).tools.map((tool) => tool.name).sort()).toEqual([...PROPOSE_TOOLS].sort());
      const boards = await client.callTool({ name: 'list_boards', arguments: {} });
      expect(boards.isError).not.toBe(true);
      const slug = (boards.structuredContent as { boards: { slug: string }[] }).boards[0]!.slug;
      const claimed = await client.callTool({ name: 'claim_next_post', arguments: { slug, agent_label: 'pg-mcp' } });
      expect(claimed.isError).not.toBe(true);
      const { claim } = claimed.structuredContent as { claim: { post_id: number; agent_label: string } | null };
      expect(claim).toMatchObject({ agent_label: 'pg-mcp' });
      // The claim is in PostgreSQL: another process reading the same database sees it.
      const reader = createFeedbackBoard({ storage: await createPostgresStorage({ connectionString: url }) });
      try {
        const post = await (await reader.api(KEYS.read)).posts.get(slug, claim!.post_id);
        expect(post.claim).toMatchObject({ agent_label: 'pg-mcp' });
      } finally {
        await reader.close();
      }
    } finally {
      await client.close();
    }
  });
});
