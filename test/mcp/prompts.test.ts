/**
 * MCP prompts through the SDK's own Client in-process: each scope is offered only the prompts
 * whose tools it may call, the text names only tools of the caller's list (tools the operation
 * table gains later are named as soon as they are listed), and arguments are validated.
 */
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ToolDefinition } from '../../mcp/tools.js';
import { connectInProcess, KEYS, makeBoard } from './helpers.js';

/** Tool definitions appended to the table's own, to stand for tools the table does not have yet. */
const extra = vi.hoisted(() => ({ tools: [] as ToolDefinition[] }));
vi.mock('../../mcp/tools.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../mcp/tools.js')>();
  return { ...original, toolDefinitions: () => [...original.toolDefinitions(), ...extra.tools] };
});

let closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  extra.tools = [];
  for (const close of closers) await close();
  closers = [];
});

async function connect(key: string) {
  const { board } = await makeBoard();
  const connection = await connectInProcess(board, key);
  closers.push(connection.close);
  return connection.client;
}

type Client = Awaited<ReturnType<typeof connect>>;

/** Tool names a text mentions, among the listed ones and the two others the triage can use. */
function toolsNamed(text: string, known: string[]): string[] {
  return [...new Set(text.match(/\b[a-z]+(?:_[a-z]+)+\b/g) ?? [])].filter((word) => known.includes(word));
}

async function promptText(client: Client, name: string, args: Record<string, string>) {
  const result = await client.getPrompt({ name, arguments: args });
  expect(result.messages).toHaveLength(1);
  const [message] = result.messages;
  expect(message!.role).toBe('user');
  return (message!.content as { text: string }).text;
}

function fakeTool(name: string, scope: ToolDefinition['scope']): ToolDefinition {
  const annotations = { title: name, readOnlyHint: scope === 'read', destructiveHint: false, idempotentHint: false, openWorldHint: false as const };
  return { name, operation: 'getPost', title: name, description: name, inputSchema: { type: 'object' }, annotations, scope, pathParams: ['slug'], input: 'none', paging: null };
}

describe('prompts', () => {
  it.each([
    ['read', KEYS.read, ['triage_newest_posts', 'draft_release_notes']],
    ['propose', KEYS.propose, ['triage_newest_posts', 'work_the_queue', 'draft_release_notes']],
    ['write', KEYS.write, ['triage_newest_posts', 'work_the_queue', 'draft_release_notes']],
  ])('a %s key is offered only the prompts whose tools it may call', async (_scope, key, expected) => {
    const client = await connect(key);
    const { prompts } = await client.listPrompts();
    expect(prompts.map((p) => p.name).sort()).toEqual([...expected].sort());
    for (const prompt of prompts) {
      expect(prompt.arguments).toEqual([
        { name: 'slug', description: 'The board slug.', required: true },
        expect.objectContaining({ name: 'count', required: false }),
      ]);
    }
  });

  it.each([
    ['read', KEYS.read],
    ['propose', KEYS.propose],
    ['write', KEYS.write],
  ])('name only tools a %s key may call', async (_scope, key) => {
    const client = await connect(key);
    const listed = (await client.listTools()).tools.map((t) => t.name);
    const known = [...listed, 'list_posts', 'claim_next_post', 'add_evidence', 'propose_status', 'release_claim', 'find_similar_posts', 'merge_posts'];
    for (const { name } of (await client.listPrompts()).prompts) {
      const text = await promptText(client, name, { slug: 'features' });
      expect(text).toContain('"features"');
      for (const tool of toolsNamed(text, known)) expect(listed, `${name} names ${tool}`).toContain(tool);
    }
  });

  it('triage names find_similar_posts, and merge_posts once the caller may call it, and only then', async () => {
    const read = await connect(KEYS.read);
    const before = await promptText(read, 'triage_newest_posts', { slug: 'features', count: '7' });
    expect(before).toContain('"limit": 7');
    expect(before).toContain('find_similar_posts');
    expect(before).not.toContain('merge_posts');
    expect(before).toContain('Do not change anything');

    extra.tools = [fakeTool('merge_posts', 'write')];
    const readLater = await promptText(await connect(KEYS.read), 'triage_newest_posts', { slug: 'features' });
    expect(readLater).toContain('find_similar_posts');
    expect(readLater).not.toContain('merge_posts');
    const write = await promptText(await connect(KEYS.write), 'triage_newest_posts', { slug: 'features' });
    expect(write).toMatch(/find_similar_posts[\s\S]*merge_posts/);
    expect(write).not.toContain('Do not change anything');
    expect(write).toContain('"limit": 20');
  });

  it('work the queue tells the loop in order, and release notes read the changelog', async () => {
    const client = await connect(KEYS.propose);
    const queue = await promptText(client, 'work_the_queue', { slug: 'features', count: '3' });
    expect(queue).toContain('at most 3 posts');
    expect(queue.indexOf('claim_next_post')).toBeLessThan(queue.indexOf('add_evidence'));
    expect(queue.indexOf('add_evidence')).toBeLessThan(queue.indexOf('propose_status'));
    // The pull request names the post, so that a connected tracker's merge adds the evidence by itself.
    expect(queue).toContain('Name the post as #fb-<id> (its id) in the pull request');
    expect(queue.indexOf('#fb-<id>')).toBeLessThan(queue.indexOf('add_evidence'));
    const notes = await promptText(client, 'draft_release_notes', { slug: 'features', count: '100' });
    expect(notes).toContain('get_changelog with { "slug": "features", "limit": 100 }');
    // A propose key may not write an entry: the notes are the answer.
    expect(notes).not.toContain('create_changelog_entry');
    expect(notes).toMatch(/Answer with the notes in Markdown; change nothing on the board\.$/);
  });

  it('release notes end, for a write key, by creating the entry linking the shipped posts drafted from; done as told, it is listed', async () => {
    const client = await connect(KEYS.write);
    const notes = await promptText(client, 'draft_release_notes', { slug: 'features', count: '5' });
    const order = ['get_changelog', 'list_changelog_entries', 'create_changelog_entry'].map((tool) => notes.indexOf(tool));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(notes).toContain('create_changelog_entry: { "slug": "features", "title": a short title, "body": the notes in Markdown, "post_ids": the ids of the shipped posts you drafted from }');
    expect(notes).toMatch(/End with the entry create_changelog_entry answered \(its id and title\)\.$/);
    // What an agent following it does, through the same client.
    const tool = async (name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })).structuredContent as Record<string, any>;
    const shipped = (await tool('get_changelog', { slug: 'features', limit: 5 })).posts as { id: number; title: string }[];
    expect(shipped.length).toBeGreaterThan(0);
    const entry = await tool('create_changelog_entry', {
      slug: 'features', title: 'What shipped', body: shipped.map((post) => `- ${post.title}`).join('\n'), post_ids: shipped.map((post) => post.id),
    });
    expect(entry).toMatchObject({ state: 'published', post_ids: shipped.map((post) => post.id) });
    expect((await tool('list_changelog_entries', { slug: 'features' })).entries).toEqual([entry]);
  });

  it('refuse invalid arguments and a prompt the scope does not offer', async () => {
    const client = await connect(KEYS.read);
    const refused = async (name: string, args: Record<string, string>) => {
      const error = await client.getPrompt({ name, arguments: args }).then(() => undefined, (e: unknown) => e);
      expect(error, JSON.stringify(args)).toBeInstanceOf(McpError);
      return (error as McpError).message;
    };
    expect(await refused('triage_newest_posts', {})).toMatch(/Invalid arguments for prompt triage_newest_posts/);
    expect(await refused('triage_newest_posts', { slug: 'Not A Slug' })).toMatch(/lower-case letters/);
    for (const count of ['0', '101', '-1', '2.5', 'ten', '']) {
      expect(await refused('draft_release_notes', { slug: 'features', count })).toMatch(/whole number from 1 to 100/);
    }
    expect(await refused('work_the_queue', { slug: 'features' })).toMatch(/needs tools this key's scope may not call: call prompts\/list/);
    expect(await refused('no_such_prompt', { slug: 'features' })).toMatch(/not found/);
  });
});
