/**
 * The MCP server through the SDK's own Client over its in-memory transport, acting through
 * `board.api(key)`: the tools each scope sees, schemas and annotations, every tool called with
 * its structured result checked against its output schema, and API errors as tool errors.
 */
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../../adapters/memory/index.js';
import { createFeedbackBoard } from '../../src/board.js';
import { operationNames } from '../../src/http/operations.js';
import type { Storage } from '../../src/storage/contract.js';
import { toolDefinitions, toolName } from '../../mcp/index.js';
import { snapshot } from '../helpers/state.js';
import { ALL_TOOLS, callEveryTool, connectInProcess, fixture, KEYS, makeBoard, PROPOSE_TOOLS, READ_TOOLS, TEAM_TOOLS, textOf, WRITE_TOOLS } from './helpers.js';

let closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers) await close();
  closers = [];
});

async function connect(key: string, board?: Awaited<ReturnType<typeof makeBoard>>['board'], logged: unknown[] = []) {
  const target = board ?? (await makeBoard()).board;
  const connection = await connectInProcess(target, key, { logger: { error: (_message, cause) => void logged.push(cause) } });
  closers.push(connection.close);
  return { board: target, client: connection.client };
}

describe('tools', () => {
  it('are those of the table, one per operation, derived from it', () => {
    expect(toolDefinitions().map((tool) => tool.name)).toEqual(ALL_TOOLS);
    expect(toolDefinitions().map((tool) => tool.operation)).toEqual(operationNames);
    expect(toolName('claimNextPost')).toBe('claim_next_post');
  });

  it.each([
    ['read', KEYS.read, READ_TOOLS],
    ['propose', KEYS.propose, PROPOSE_TOOLS],
    ['write', KEYS.write, WRITE_TOOLS],
    ['team', KEYS.team, ALL_TOOLS],
  ])('a %s key sees exactly the tools its scope may call (scope learned from the API)', async (_scope, key, expected) => {
    const { client } = await connect(key);
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(expected);
  });

  it("a write key is refused every team tool it does not see, as a tool error, and nothing changes", async () => {
    const { board, client } = await connect(KEYS.write);
    await board.team(1).boards.setModerated('features', true);
    const voter = await board.voters.register(1, { email: 'cy@example.com' });
    await board.voters.submitPost(voter.id, 'features', { title: 'Held idea' });
    const connection = await board.team(1).api.integrations.createConnection({ provider: 'github' });
    const chat = await board.team(1).api.chat.create('features', { platform: 'slack', url: 'https://hooks.slack.com/services/T0/B0/X', events: ['post.created'] });
    const before = await snapshot(board);
    const args: Record<string, Record<string, unknown>> = {
      get_held_post: { held_post_id: 1 }, approve_held_post: { held_post_id: 1 }, reject_held_post: { held_post_id: 1 },
      block_voter: { voter_id: voter.id }, unblock_voter: { voter_id: voter.id }, unmerge_post: { slug: 'features', merged_post_id: 1 },
      pin_post: { slug: 'features', id: 1 }, unpin_post: { slug: 'features', id: 1 },
      update_mail_settings: { reply: false }, create_integration_connection: { provider: 'github' },
      rotate_integration_connection_secret: { connection_id: connection.id }, deactivate_integration_connection: { connection_id: connection.id },
      test_integration_connection: { connection_id: connection.id },
      create_chat_target: { slug: 'features', platform: 'slack', url: 'https://hooks.slack.com/services/T0/B0/Y', events: ['post.created'] }, list_chat_targets: { slug: 'features' },
      deactivate_chat_target: { slug: 'features', chat_target_id: chat.id },
      create_status: { name: 'Under review', color: '#6b21a8', category: 'open' }, update_status: { status_id: 1, name: 'Opened' }, delete_status: { status_id: 1 },
      update_fields: { slug: 'features', fields: [] },
    };
    for (const name of TEAM_TOOLS) {
      const refused = await client.callTool({ name, arguments: args[name] ?? {} });
      expect([refused.isError, textOf(refused)], name).toEqual([true, expect.stringMatching(/^insufficient_scope: This operation needs a key with team scope/)]);
    }
    expect(await snapshot(board)).toEqual(before);
  });

  it('learns the scope without changing anything, and with no board treats a key as read until one exists', async () => {
    const storage = createMemoryStorage();
    const board = createFeedbackBoard({ storage, logger: { error: () => undefined } });
    const org = await board.dashboard.organizations.create({ name: 'Empty' });
    const { key } = await board.dashboard.apiKeys.create(org.id, { scope: 'propose' });
    const { key: writeKey } = await board.dashboard.apiKeys.create(org.id, { scope: 'write' });
    const { client } = await connect(key, board);
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(READ_TOOLS);
    await (await board.api(writeKey)).boards.create({ slug: 'first', name: 'First' });
    const before = await snapshot(board);
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(PROPOSE_TOOLS);
    expect(await snapshot(board)).toEqual(before);
  });

  it('carry input schemas with the path parameters and the body or query, output schemas and annotations', async () => {
    const { client } = await connect(KEYS.team);
    const tools = new Map((await client.listTools()).tools.map((tool) => [tool.name, tool]));
    const evidence = tools.get('add_evidence')!;
    expect(evidence.inputSchema.required).toEqual(['slug', 'id', 'kind', 'ref']);
    expect(Object.keys(evidence.inputSchema.properties!)).toEqual(['slug', 'id', 'kind', 'ref', 'label', 'action_key']);
    const list = tools.get('list_posts')!;
    expect(list.inputSchema.required).toEqual(['slug']);
    expect(list.inputSchema.properties!['limit']).toMatchObject({ type: 'integer', minimum: 1, maximum: 500 });
    expect(tools.get('list_boards')!.inputSchema).toEqual({ type: 'object', properties: {}, required: [], additionalProperties: false });
    expect(tools.get('claim_next_post')!.outputSchema!.required).toEqual(['claim', 'post']);
    expect(tools.get('delete_post')!.outputSchema).toBeUndefined();
    expect(tools.get('release_claim')!.outputSchema).toBeUndefined();
    const hints = (name: string) => {
      const { readOnlyHint, destructiveHint, idempotentHint } = tools.get(name)!.annotations!;
      return [readOnlyHint, destructiveHint, idempotentHint];
    };
    for (const name of READ_TOOLS) expect(hints(name), name).toEqual([true, false, true]);
    expect(hints('delete_post')).toEqual([false, true, true]);
    expect(hints('release_claim')).toEqual([false, false, true]);
    expect(hints('update_post')).toEqual([false, false, true]);
    expect(hints('publish_board')).toEqual([false, false, true]);
    expect(hints('block_voter')).toEqual([false, false, true]);
    expect(hints('unblock_voter')).toEqual([false, false, true]);
    expect(hints('reject_held_post')).toEqual([false, true, false]);
    for (const name of ['create_board', 'create_post', 'claim_post', 'claim_next_post', 'add_evidence', 'propose_status', 'create_comment', 'approve_held_post', 'unmerge_post']) {
      expect(hints(name), name).toEqual([false, false, false]);
    }
    expect(tools.get('unmerge_post')!.inputSchema.required).toEqual(['slug', 'merged_post_id']);
    expect(tools.get('get_post_activity')!.inputSchema.properties).toHaveProperty('cursor');
  });
});

describe('calls', () => {
  it('every tool answers with structured content that its output schema accepts', async () => {
    const { board } = await makeBoard();
    await board.team(1).boards.setModerated('features', true);
    const voter = await board.voters.register(1, { email: 'cy@example.com' });
    for (const title of ['Held idea', 'Buy pills']) await board.voters.submitPost(voter.id, 'features', { title });
    const { client } = await connect(KEYS.team, board);
    expect([...(await callEveryTool(client, [1, 2]))].sort()).toEqual([...ALL_TOOLS].sort());
  });

  it('claim_next_post answers claim and post null when nothing is left', async () => {
    const { client } = await connect(KEYS.propose);
    for (let i = 0; i < 3; i++) expect((await client.callTool({ name: 'claim_next_post', arguments: { slug: 'features' } })).structuredContent).toMatchObject({ claim: {} });
    const none = await client.callTool({ name: 'claim_next_post', arguments: { slug: 'features' } });
    expect([none.isError, none.structuredContent]).toEqual([undefined, { claim: null, post: null }]);
  });
});

describe('errors', () => {
  it('API errors are tool errors with the code and message, details included, and nothing changes', async () => {
    const { board, client } = await connect(KEYS.propose);
    const before = await snapshot(board);
    const cases: [string, Record<string, unknown>, RegExp][] = [
      ['get_board', { slug: 'secret' }, /^not_found: Board not found$/],
      ['get_post', { slug: 'features', id: 999 }, /^not_found: /],
      ['claim_next_post', { slug: 'features', ttl_seconds: 0 }, /^validation_error: [\s\S]*\n {2}at ttl_seconds: /],
      ['add_evidence', { slug: 'features', id: 1, kind: 'url', ref: 'ftp://x' }, /^validation_error: [\s\S]*at ref: /],
      ['create_post', { slug: 'features', title: 'x', status: 'shipped' }, /^insufficient_scope: /],
      ['update_post', { slug: 'features', id: 1, title: 'y' }, /^insufficient_scope: /],
      ['propose_status', { slug: 'features', id: 1, status: 'planned' }, /^status_unchanged: /],
      ['create_post', { slug: 'features', title: 'x', vote_count: 5 }, /^validation_error: [\s\S]*at vote_count: /],
      ['get_queue', { slug: 'features', limit: 0 }, /^validation_error: [\s\S]*at limit: /],
      ['get_queue', { slug: 'features', bogus: 1 }, /^validation_error: [\s\S]*at bogus: is not a field/],
      ['get_post', { slug: 'features', id: '1' }, /^validation_error: [\s\S]*at id: /],
      ['get_post', { slug: 'features' }, /^validation_error: [\s\S]*at id: /],
      ['get_board', {}, /^validation_error: [\s\S]*at slug: /],
    ];
    for (const [name, args, pattern] of cases) {
      const result = await client.callTool({ name, arguments: args });
      expect(result.isError, `${name} ${JSON.stringify(args)}`).toBe(true);
      expect(textOf(result), `${name} ${JSON.stringify(args)}`).toMatch(pattern);
      expect(result.structuredContent).toBeUndefined();
    }
    expect(await snapshot(board)).toEqual(before);
  });

  it('another key’s live claim is claim_conflict; an unknown tool is a protocol error; the server keeps serving', async () => {
    const { board } = await makeBoard();
    const { client: writer } = await connect(KEYS.write, board);
    const { client: agent } = await connect(KEYS.propose, board);
    await writer.callTool({ name: 'claim_post', arguments: { slug: 'features', id: 1 } });
    const conflict = await agent.callTool({ name: 'claim_post', arguments: { slug: 'features', id: 1 } });
    expect([conflict.isError, textOf(conflict)]).toEqual([true, 'claim_conflict: Another key holds a live claim on this post']);
    await expect(agent.callTool({ name: 'drop_tables', arguments: {} })).rejects.toBeInstanceOf(McpError);
    expect((await agent.callTool({ name: 'list_boards', arguments: {} })).isError).toBeFalsy();
  });

  it('a storage failure is internal_error without its cause, logged, and the server keeps serving', async () => {
    const memory = createMemoryStorage();
    let broken = false;
    const storage: Storage = {
      transaction: (mode, fn) => (broken ? Promise.reject(new Error('disk on fire at /var/db')) : memory.transaction(mode, fn)),
      close: () => memory.close(),
    };
    const board = createFeedbackBoard({ storage, logger: { error: () => undefined } });
    await board.loadFixture(fixture());
    const logged: unknown[] = [];
    const { client } = await connect(KEYS.write, board, logged);
    await client.listTools();
    broken = true;
    const failed = await client.callTool({ name: 'list_boards', arguments: {} });
    expect([failed.isError, textOf(failed)]).toEqual([true, 'internal_error: Something went wrong on our side']);
    expect(logged.map((cause) => (cause as Error).message)).toEqual(['disk on fire at /var/db']);
    broken = false;
    expect((await client.callTool({ name: 'list_boards', arguments: {} })).isError).toBeFalsy();
  });
});
