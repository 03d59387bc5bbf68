/**
 * What the tools tell an agent beyond the API: descriptions that say when to use a tool and what
 * to use instead, tool errors followed by the next step to take, and lists that page with an
 * opaque cursor as well as with offset.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ERROR_STATUS } from '../../src/domain/errors.js';
import { operationNames } from '../../src/http/operations.js';
import { toolDefinitions, toolName } from '../../mcp/index.js';
import { snapshot } from '../helpers/state.js';
import { connectInProcess, KEYS, makeBoard, outputValidators, textOf } from './helpers.js';

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

/** The text blocks of a tool result. */
function texts(result: object): string[] {
  return ((result as { content: { text: string }[] }).content).map((item) => item.text);
}

describe('descriptions', () => {
  it('say when to use each tool of the table, and name the alternative where one exists', () => {
    const byName = new Map(toolDefinitions().map((tool) => [tool.name, tool.description]));
    for (const operation of operationNames) expect(byName.get(toolName(operation)), operation).toMatch(/ Use /);
    expect(byName.get('list_posts')).toMatch(/use get_queue or claim_next_post instead/);
    expect(byName.get('update_post')).toMatch(/use propose_status instead/);
    expect(byName.get('claim_post')).toMatch(/use claim_next_post instead/);
    // Every tool a description names is a tool of the table (error codes aside).
    const names = new Set(byName.keys());
    for (const [name, description] of byName) {
      for (const word of description.match(/\b[a-z]+_[a-z_]+\b/g) ?? []) {
        if (word in ERROR_STATUS) continue;
        if (/^(list|get|create|update|delete|claim|release|add|propose|publish|unpublish)_/.test(word)) expect(names, `${name} names ${word}`).toContain(word);
      }
    }
  });
});

describe('tool errors', () => {
  it('are followed by what to do next, and nothing changes', async () => {
    const { board, client } = await connect(KEYS.propose);
    const before = await snapshot(board);
    const cases: [string, Record<string, unknown>, RegExp, RegExp][] = [
      ['get_board', { slug: 'nope' }, /^not_found: Board not found$/, /call list_boards/],
      ['list_posts', { slug: 'nope' }, /^not_found: Board not found$/, /call list_boards/],
      ['get_post', { slug: 'features', id: 999 }, /^not_found: Post not found$/, /call list_posts/],
      ['claim_next_post', { slug: 'features', ttl_seconds: 0 }, /^validation_error: /, /correct the fields named above/],
      ['update_post', { slug: 'features', id: 1, title: 'y' }, /^insufficient_scope: /, /tools\/list/],
      ['propose_status', { slug: 'features', id: 1, status: 'planned' }, /^status_unchanged: /, /already has that status/],
    ];
    for (const [name, args, error, next] of cases) {
      const result = await client.callTool({ name, arguments: args });
      expect(result.isError, name).toBe(true);
      const [first, second, ...rest] = texts(result);
      expect(first, name).toMatch(error);
      expect(second, name).toMatch(/^Next: /);
      expect(second, name).toMatch(next);
      expect(rest).toEqual([]);
    }
    expect(await snapshot(board)).toEqual(before);
  });

  it('claim_conflict sends the agent to claim_next_post', async () => {
    const { board } = await makeBoard();
    const first = await connectInProcess(board, KEYS.propose);
    const second = await connectInProcess(board, KEYS.write);
    closers.push(first.close, second.close);
    expect((await first.client.callTool({ name: 'claim_post', arguments: { slug: 'features', id: 3 } })).isError).toBeFalsy();
    const conflict = await second.client.callTool({ name: 'claim_post', arguments: { slug: 'features', id: 3 } });
    expect(texts(conflict)).toEqual(['claim_conflict: Another key holds a live claim on this post', expect.stringMatching(/call claim_next_post/)]);
  });
});

describe('paging with a cursor', () => {
  const many = Array.from({ length: 7 }, (_, i) => ({ title: `Idea ${i}`, created_at: `2026-11-1${i}T09:00:00Z` }));

  it('walks a list page by page through next_cursor, each post once, the last page without one', async () => {
    const { client } = await connect(KEYS.read, many);
    const validators = await outputValidators(client);
    const titles: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const result = await client.callTool({ name: 'list_posts', arguments: { slug: 'features', limit: 5, ...(cursor ? { cursor } : {}) } });
      expect(result.isError, textOf(result)).toBeFalsy();
      const page = result.structuredContent as { posts: { title: string }[]; total: number; next_cursor?: string };
      expect(validators.get('list_posts')!(page), JSON.stringify(validators.get('list_posts')!.errors)).toBe(true);
      titles.push(...page.posts.map((post) => post.title));
      cursor = page.next_cursor;
      pages += 1;
    } while (cursor !== undefined);
    expect(pages).toBe(3);
    expect(titles).toHaveLength(12);
    expect(new Set(titles).size).toBe(12);
  });

  it('agrees with offset, and the other paged tools take it too', async () => {
    const { client } = await connect(KEYS.read, many);
    const first = (await client.callTool({ name: 'get_roadmap', arguments: { slug: 'features', limit: 2 } })).structuredContent as { next_cursor: string };
    const byCursor = await client.callTool({ name: 'get_roadmap', arguments: { slug: 'features', limit: 2, cursor: first.next_cursor } });
    const byOffset = await client.callTool({ name: 'get_roadmap', arguments: { slug: 'features', limit: 2, offset: 2 } });
    expect((byCursor.structuredContent as { posts: unknown[] }).posts).toEqual((byOffset.structuredContent as { posts: unknown[] }).posts);
    const changelog = await client.callTool({ name: 'get_changelog', arguments: { slug: 'features' } });
    expect(changelog.structuredContent).not.toHaveProperty('next_cursor');
    const tools = new Map((await client.listTools()).tools.map((tool) => [tool.name, tool]));
    for (const name of ['list_posts', 'get_roadmap', 'get_changelog']) expect(tools.get(name)!.inputSchema.properties, name).toHaveProperty('cursor');
    for (const name of ['get_queue', 'list_boards', 'get_post']) expect(tools.get(name)!.inputSchema.properties, name).not.toHaveProperty('cursor');
  });

  it('refuses a cursor it did not make, a cursor with offset, and a cursor on a tool that does not page', async () => {
    const { client } = await connect(KEYS.read, many);
    const first = (await client.callTool({ name: 'list_posts', arguments: { slug: 'features', limit: 2 } })).structuredContent as { next_cursor: string };
    const cases: [string, Record<string, unknown>, RegExp][] = [
      ['list_posts', { slug: 'features', cursor: 'garbage!' }, /at cursor: is not a next_cursor of this tool/],
      ['list_posts', { slug: 'features', cursor: btoa(JSON.stringify({ offset: -3 })) }, /at cursor: is not a next_cursor/],
      ['list_posts', { slug: 'features', cursor: 42 }, /at cursor: is not a next_cursor/],
      ['list_posts', { slug: 'features', cursor: first.next_cursor, offset: 1 }, /at cursor: pass cursor or offset, not both/],
      ['get_queue', { slug: 'features', cursor: first.next_cursor }, /at cursor: is not a field of this tool/],
    ];
    for (const [name, args, pattern] of cases) {
      const result = await client.callTool({ name, arguments: args });
      expect(result.isError, JSON.stringify(args)).toBe(true);
      expect(textOf(result), JSON.stringify(args)).toMatch(/^validation_error: /);
      expect(textOf(result), JSON.stringify(args)).toMatch(pattern);
    }
  });
});
