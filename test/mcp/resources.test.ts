/**
 * MCP resources through the SDK's own Client in-process: the board, tags, statuses and post
 * resources of published boards, listed in pages with an opaque cursor and read as JSON; drafts,
 * hidden posts and other organizations' boards never appear, and bad URIs or cursors are refused
 * without changing anything.
 */
import { Client as SdkClient } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { createMcpServer, type McpApi } from '../../mcp/index.js';
import { RESOURCE_PAGE_SIZE } from '../../mcp/resources.js';
import { FeedbackBoardError } from '../../src/domain/errors.js';
import { snapshot } from '../helpers/state.js';
import { connectInProcess, KEYS, makeBoard } from './helpers.js';

let closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers) await close();
  closers = [];
});

async function connect(key: string, posts: Record<string, unknown>[] = []) {
  const { board } = await makeBoard({}, posts);
  const connection = await connectInProcess(board, key);
  closers.push(connection.close);
  return { board, client: connection.client };
}

type Client = Awaited<ReturnType<typeof connect>>['client'];

async function listAll(client: Client) {
  const uris: string[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const page = await client.listResources(cursor === undefined ? {} : { cursor });
    uris.push(...page.resources.map((r) => r.uri));
    cursor = page.nextCursor;
    pages += 1;
  } while (cursor !== undefined);
  return { uris, pages };
}

async function readJson(client: Client, uri: string) {
  const { contents } = await client.readResource({ uri });
  expect(contents).toHaveLength(1);
  expect(contents[0]).toMatchObject({ uri, mimeType: 'application/json' });
  return JSON.parse((contents[0] as { text: string }).text);
}

const B = 'feedback-board://boards/features';

describe('resources', () => {
  it('list the published boards with their tags, statuses and visible posts, newest first', async () => {
    const { board, client } = await connect(KEYS.read, [{ title: 'Secret roadmap', hidden: true, created_at: '2026-11-06T09:00:00Z' }]);
    const write = await board.api(KEYS.write);
    await write.boards.create({ slug: 'drafty', name: 'Draft board' });
    const { uris, pages } = await listAll(client);
    expect(pages).toBe(1);
    expect(uris).toEqual([B, `${B}/tags`, `${B}/statuses`, ...[5, 4, 3, 2, 1].map((id) => `${B}/posts/${id}`)]);
    const [first] = (await client.listResources()).resources;
    expect(first).toMatchObject({ name: 'features', title: 'Features', mimeType: 'application/json' });
  });

  it('page with an opaque cursor, every resource exactly once across pages', async () => {
    const extra = Array.from({ length: RESOURCE_PAGE_SIZE + 10 }, (_, i) => ({ title: `Idea ${i}`, created_at: '2026-11-10T09:00:00Z', hidden: i % 7 === 0 }));
    const { client } = await connect(KEYS.propose, extra);
    const { uris, pages } = await listAll(client);
    const visible = 5 + extra.filter((p) => !p.hidden).length;
    expect(pages).toBe(2);
    expect(uris).toHaveLength(3 + visible);
    expect(new Set(uris).size).toBe(uris.length);
    const first = await client.listResources();
    expect(first.resources).toHaveLength(RESOURCE_PAGE_SIZE);
    expect(first.nextCursor).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it('read as JSON: the board, its tags and statuses counted over visible posts, and a post', async () => {
    const { board, client } = await connect(KEYS.read, [{ title: 'Hidden one', hidden: true, status: 'open', tags: ['API'] }]);
    await (await board.api(KEYS.write)).posts.create('features', { title: 'Webhooks', tags: ['API', 'Integrations'] });
    expect(await readJson(client, B)).toMatchObject({ slug: 'features', name: 'Features', published: true });
    expect(await readJson(client, `${B}/tags`)).toEqual({
      board: 'features',
      tags: [expect.objectContaining({ slug: 'api', name: 'API', post_count: 1 }), expect.objectContaining({ slug: 'integrations', post_count: 1 })],
    });
    expect(await readJson(client, `${B}/statuses`)).toEqual({
      board: 'features',
      statuses: [
        { status: 'open', post_count: 2, labels: [{ id: 1, name: 'Open', color: '#374151', post_count: 2 }] },
        { status: 'planned', post_count: 2, labels: [{ id: 2, name: 'Planned', color: '#2b3f8f', post_count: 2 }] },
        { status: 'in_progress', post_count: 1, labels: [{ id: 3, name: 'In progress', color: '#7a4d00', post_count: 1 }] },
        { status: 'shipped', post_count: 1, labels: [{ id: 4, name: 'Shipped', color: '#145c2a', post_count: 1 }] },
        { status: 'declined', post_count: 0, labels: [] },
      ],
    });
    const post = await readJson(client, `${B}/posts/2`);
    expect(post).toMatchObject({ id: 2, title: 'Export to CSV', queue_rank: 0, implementation_evidence: [], claim: null });
  });

  it("name each post's label: the statuses resource counts the labels within each status, a post's description names its own", async () => {
    const { board, client } = await connect(KEYS.read);
    const team = board.team(1).api;
    const review = await team.statuses.create({ name: 'Under <review> "soon"', color: '#6b21a8', category: 'open' });
    await team.posts.update('features', 2, { status_label_id: review.id });
    const { statuses } = await readJson(client, `${B}/statuses`);
    expect(statuses[0]).toEqual({
      status: 'open',
      post_count: 2,
      labels: [
        { id: 1, name: 'Open', color: '#374151', post_count: 1 },
        { id: review.id, name: 'Under <review> "soon"', color: '#6b21a8', post_count: 1 },
      ],
    });
    const listed = (await client.listResources()).resources.find((r) => r.uri === `${B}/posts/2`);
    expect(listed?.description).toBe('A post in status "Under <review> "soon"" (open) with ' + (await readJson(client, `${B}/posts/2`)).vote_count + ' votes.');
    expect((await readJson(client, `${B}/posts/2`)).status_label).toEqual({ id: review.id, name: 'Under <review> "soon"', color: '#6b21a8' });
  });

  it('never read a hidden post, a draft board, another organization’s board or a malformed URI, and change nothing', async () => {
    const { board, client } = await connect(KEYS.write, [{ title: 'Hidden one', hidden: true }]);
    await (await board.api(KEYS.write)).boards.create({ slug: 'drafty', name: 'Draft board' });
    const before = await snapshot(board);
    for (const uri of [
      `${B}/posts/6`, `${B}/posts/999`, `${B}/posts/0`, `${B}/posts/x`,
      'feedback-board://boards/drafty', 'feedback-board://boards/drafty/tags', 'feedback-board://boards/secret',
      'feedback-board://boards/nope/statuses', 'feedback-board://elsewhere',
    ]) {
      const error = await client.readResource({ uri }).then(() => undefined, (e: unknown) => e);
      expect(error, uri).toBeInstanceOf(McpError);
      expect((error as McpError).message, uri).toMatch(/not found/);
    }
    expect(await snapshot(board)).toEqual(before);
  });

  it('refuse a cursor the server did not make', async () => {
    const { client } = await connect(KEYS.read);
    for (const cursor of ['not json', 'eyJ4IjoxfQ', btoa(JSON.stringify({ board: 1, index: -1 }))]) {
      const error = await client.listResources({ cursor }).then(() => undefined, (e: unknown) => e);
      expect(error, cursor).toBeInstanceOf(McpError);
      expect((error as McpError).message).toMatch(/Invalid cursor: call resources\/list without a cursor/);
    }
  });

  it('list the templates of the four kinds', async () => {
    const { client } = await connect(KEYS.read);
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((t) => t.uriTemplate)).toEqual([
      'feedback-board://boards/{slug}', 'feedback-board://boards/{slug}/tags',
      'feedback-board://boards/{slug}/statuses', 'feedback-board://boards/{slug}/posts/{id}',
    ]);
  });

  it('pass on an API refusal with its code and when to retry, for a listing and a read alike', async () => {
    const limited = () => Promise.reject(new FeedbackBoardError('rate_limited', 'Too many requests for this key', { retryAfter: 7 }));
    const api = { boards: { list: limited, get: limited }, posts: { list: limited, get: limited } } as unknown as McpApi;
    const server = createMcpServer({ api, scope: 'read' });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new SdkClient({ name: 'limited', version: '1.0.0' });
    await client.connect(clientSide);
    closers.push(async () => { await client.close(); await server.close(); });
    for (const attempt of [() => client.listResources(), () => client.readResource({ uri: `${B}/tags` })]) {
      const error = await attempt().then(() => undefined, (e: unknown) => e);
      expect(error).toBeInstanceOf(McpError);
      expect((error as McpError).message).toMatch(/rate_limited: Too many requests for this key\nRetry after 7 seconds\./);
    }
  });
});
