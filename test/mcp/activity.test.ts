/**
 * The tool get_post_activity through the SDK's own Client: after an agent's claim, evidence and
 * proposal the log names the agent's key by label and prefix, newest first, paged by an opaque
 * cursor, the structured result accepted by the listed output schema; bad arguments are tool
 * errors that change nothing; the log is an operation of the API, so the typed client of a remote
 * deployment lists and calls the tool as well.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createMcpServer, type McpApi } from '../../mcp/index.js';
import { createClient } from '../../src/client/index.js';
import { snapshot } from '../helpers/state.js';
import { connectInProcess, KEYS, makeBoard, outputValidators, textOf } from './helpers.js';

let closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers) await close();
  closers = [];
});

async function agentOnBoard() {
  const { board, advance } = await makeBoard();
  const connection = await connectInProcess(board, KEYS.propose);
  closers.push(connection.close);
  const { client } = connection;
  const key = (await board.team(1).apiKeys.list()).find((k) => k.scope === 'propose')!;
  return { board, advance, client, key };
}

type Page = { entries: { kind: string; at: string; actor: Record<string, unknown> }[]; next_cursor?: string };

describe('get_post_activity', () => {
  it("shows an agent's claim, evidence and proposal with its key's label and prefix, newest first", async () => {
    const { client, key, advance } = await agentOnBoard();
    await client.callTool({ name: 'claim_post', arguments: { slug: 'features', id: 5 } });
    advance(60_000);
    await client.callTool({ name: 'add_evidence', arguments: { slug: 'features', id: 5, kind: 'commit', ref: 'abc1234' } });
    advance(60_000);
    await client.callTool({ name: 'propose_status', arguments: { slug: 'features', id: 5, status: 'shipped', note: 'merged' } });
    const result = await client.callTool({ name: 'get_post_activity', arguments: { slug: 'features', id: 5 } });
    expect(result.isError).toBeFalsy();
    const validate = (await outputValidators(client)).get('get_post_activity')!;
    expect(validate(result.structuredContent)).toBe(true);
    expect(JSON.parse(textOf(result))).toEqual(result.structuredContent);
    const actor = { kind: 'api_key', id: key.id, label: key.label, prefix: key.prefix, oauth_client: null };
    expect((result.structuredContent as Page).entries.map(({ kind, at, actor: who }) => [kind, at, who])).toEqual([
      ['proposal_made', '2026-11-20T12:02:00.000Z', actor],
      ['evidence_added', '2026-11-20T12:01:00.000Z', actor],
      ['claimed', '2026-11-20T12:00:00.000Z', actor],
    ]);
    expect((result.structuredContent as Page).next_cursor).toBeUndefined();
  });

  it('pages with next_cursor until the oldest entry, each entry once', async () => {
    const { client } = await agentOnBoard();
    for (let i = 0; i < 5; i += 1) await client.callTool({ name: 'propose_status', arguments: { slug: 'features', id: 3, status: 'planned', note: `n${i}` } });
    const notes: unknown[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const result = await client.callTool({ name: 'get_post_activity', arguments: { slug: 'features', id: 3, limit: 2, ...(cursor ? { cursor } : {}) } });
      const page = result.structuredContent as { entries: { note?: string }[]; next_cursor?: string };
      notes.push(...page.entries.map((entry) => entry.note));
      cursor = page.next_cursor;
      pages += 1;
    } while (cursor !== undefined);
    expect(pages).toBe(3);
    expect(notes).toEqual(['n4', 'n3', 'n2', 'n1', 'n0']);
  });

  it('refuses bad arguments as tool errors naming the fields, and changes nothing', async () => {
    const { board, client } = await agentOnBoard();
    const before = await snapshot(board);
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ slug: 'features', id: 1, cursor: 'not-a-cursor' }, /^validation_error: cursor: is not a next_cursor/],
      [{ slug: 'features', id: 1, limit: 0 }, /^validation_error: limit:/],
      [{ slug: 'features', id: 1, limit: '5' }, /^validation_error: limit: must be an integer/],
      [{ slug: 'features', id: 0 }, /^validation_error: id: must be a post id/],
      [{ slug: 'features', id: 1, extra: true }, /^validation_error: extra: is not a field/],
      [{ slug: 'features', id: 999 }, /^not_found: Post not found/],
      [{ slug: 'secret', id: 1 }, /^not_found: Board not found/],
    ];
    for (const [args, message] of cases) {
      const result = await client.callTool({ name: 'get_post_activity', arguments: args });
      expect(result.isError, JSON.stringify(args)).toBe(true);
      expect(textOf(result)).toMatch(message);
    }
    expect(await snapshot(board)).toEqual(before);
  });

  it('is listed and answers through the typed client of a remote deployment too', async () => {
    const { board } = await makeBoard();
    await (await board.api(KEYS.propose)).agent.claim('features', 5, { agent_label: 'remote' });
    const api = createClient({ baseUrl: 'http://board.test', apiKey: KEYS.read, fetch: (request) => board.fetch(request) });
    const server = createMcpServer({ api: api as unknown as McpApi, scope: 'read' });
    const { Client } = await import('@modelcontextprotocol/sdk/client/index.js');
    const { InMemoryTransport } = await import('@modelcontextprotocol/sdk/inMemory.js');
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client({ name: 'remote', version: '1.0.0' });
    await client.connect(clientSide);
    closers.push(async () => { await client.close(); await server.close(); });
    expect((await client.listTools()).tools.map((tool) => tool.name)).toContain('get_post_activity');
    const result = await client.callTool({ name: 'get_post_activity', arguments: { slug: 'features', id: 5 } });
    expect(result.isError, textOf(result)).toBeFalsy();
    expect((result.structuredContent as Page).entries.map((entry) => entry.kind)).toEqual(['claimed']);
  });
});
