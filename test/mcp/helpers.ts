/**
 * Shared by the MCP tests: a board loaded with a fixture on a frozen clock, the SDK's own Client
 * connected to our server in-process (InMemoryTransport), and checks of structured results
 * against the output schemas the server lists (with ajv, independently of the SDK's own check).
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { createRequire } from 'node:module';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { expect } from 'vitest';
import type { FormatsPlugin } from 'ajv-formats';
import { createMemoryStorage } from '../../adapters/memory/index.js';
import { createFeedbackBoard, type FeedbackBoard, type FeedbackBoardOptions } from '../../src/board.js';
import type { Scope } from '../../src/domain/records.js';
import { createMcpServer, type McpApi, type McpLogger } from '../../mcp/index.js';

export const KEYS = {
  read: 'acme-read-0123456789',
  propose: 'acme-propose-0123456789',
  write: 'acme-write-0123456789',
  team: 'acme-team-0123456789',
  other: 'globex-write-0123456789',
} as const;

/** 2026-11-20T12:00:00Z. */
export const START = Date.UTC(2026, 10, 20, 12, 0, 0);

/**
 * Board "features": a ranked post, two planned ones, an open one, one shipped at `shippedAt` (in
 * the current month of the board's clock); a webhook. Organization Globex has the board "secret".
 */
export function fixture(extraPosts: Record<string, unknown>[] = [], shippedAt = '2026-11-18T09:00:00Z') {
  return {
    agentPublishing: true,
    organizations: [
      {
        name: 'Acme',
        apiKeys: [
          { key: KEYS.read, scope: 'read' },
          { key: KEYS.propose, scope: 'propose' },
          { key: KEYS.write, scope: 'write' },
          { key: KEYS.team, scope: 'team' },
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
              { title: 'Keyboard shortcuts', status: 'shipped', created_at: '2026-11-04T09:00:00Z', shipped_at: shippedAt, votes: 2 },
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

/** The tools of the team scope alone, in table order. */
export const TEAM_TOOLS = [
  'list_held_posts', 'get_held_post', 'approve_held_post', 'reject_held_post', 'block_voter', 'unblock_voter', 'unmerge_post',
  'list_deleted_posts', 'pin_post', 'unpin_post', 'create_integration_connection', 'list_integration_connections', 'rotate_integration_connection_secret',
  'deactivate_integration_connection', 'test_integration_connection', 'create_chat_target', 'list_chat_targets',
  'deactivate_chat_target', 'create_status', 'update_status', 'delete_status', 'get_mail_settings', 'update_mail_settings', 'update_fields',
];
/** Every tool name of docs/mcp.md, in table order: what a team key sees. */
export const ALL_TOOLS = [
  'list_boards', 'get_board', 'create_board', 'publish_board', 'unpublish_board', 'list_posts', 'find_similar_posts', 'create_post', 'get_post',
  'update_post', 'merge_posts', 'delete_post', 'restore_post', 'get_post_activity', 'get_queue', 'claim_post', 'claim_next_post', 'release_claim', 'add_evidence',
  'propose_status', 'link_post', 'list_post_links', 'get_votes', 'vote_on_behalf', 'withdraw_vote_on_behalf', 'list_comments', 'create_comment', 'update_comment',
  'delete_comment', 'get_roadmap', 'get_changelog', 'get_ship_stats', 'get_analytics', 'list_webhooks', 'list_statuses', ...TEAM_TOOLS.slice(0, -1),
  'list_changelog_entries', 'create_changelog_entry', 'list_fields', 'update_fields', 'update_changelog_entry', 'delete_changelog_entry',
];
/** What a write key sees: every tool but the team's. */
export const WRITE_TOOLS = ALL_TOOLS.filter((name) => !TEAM_TOOLS.includes(name));
export const READ_TOOLS = [
  'list_boards', 'get_board', 'list_posts', 'find_similar_posts', 'get_post', 'get_post_activity', 'get_queue', 'list_post_links', 'get_votes', 'list_comments',
  'get_roadmap', 'get_changelog', 'get_ship_stats', 'get_analytics', 'list_webhooks', 'list_statuses', 'list_changelog_entries', 'list_fields',
];
export const PROPOSE_TOOLS = [
  'list_boards', 'get_board', 'list_posts', 'find_similar_posts', 'create_post', 'get_post', 'get_post_activity', 'get_queue', 'claim_post',
  'claim_next_post', 'release_claim', 'add_evidence', 'propose_status', 'list_post_links', 'get_votes', 'list_comments', 'create_comment', 'get_roadmap',
  'get_changelog', 'get_ship_stats', 'get_analytics', 'list_webhooks', 'list_statuses', 'list_changelog_entries', 'list_fields',
];

/**
 * Calls every tool at least once as the fixture's team key, on a board loaded with {@link fixture},
 * checking each structured result against the tool's listed output schema (and its text against
 * the structured content). `heldPosts` are two waiting held posts (to approve and to reject); without
 * them those tools are called on a held post that is not there, a tool error. Returns the names of
 * the tools called.
 */
export async function callEveryTool(client: Client, heldPosts?: [approve: number, reject: number]): Promise<Set<string>> {
  const validators = await outputValidators(client);
  const called = new Set<string>();
  async function call(name: string, args: Record<string, unknown>) {
    const result = await client.callTool({ name, arguments: args });
    expect(result.isError, `${name}: ${textOf(result)}`).toBeFalsy();
    called.add(name);
    const validate = validators.get(name);
    if (validate) {
      expect(validate(result.structuredContent), `${name}: ${JSON.stringify(validate.errors)}`).toBe(true);
      expect(JSON.parse(textOf(result))).toEqual(result.structuredContent);
    } else {
      expect(result.structuredContent).toBeUndefined();
    }
    return result.structuredContent as Record<string, any>;
  }
  expect((await call('list_boards', {})).boards.map((b: { slug: string }) => b.slug)).toEqual(['features']);
  expect((await call('get_board', { slug: 'features' })).name).toBe('Features');
  expect((await call('create_board', { slug: 'ideas', name: 'Ideas' })).published).toBe(false);
  expect((await call('publish_board', { slug: 'ideas' })).published).toBe(true);
  expect((await call('unpublish_board', { slug: 'ideas' })).published).toBe(false);
  expect((await call('list_posts', { slug: 'features', status: 'planned', sort: 'top', limit: 1 })).total).toBe(2);
  const created = await call('create_post', { slug: 'features', title: 'Webhooks', status: 'planned', tags: ['API'] });
  expect((await call('get_post', { slug: 'features', id: created.id })).tags[0].name).toBe('API');
  const similar = await call('find_similar_posts', { slug: 'features', text: 'webhooks', limit: 2 });
  expect(similar.posts.map((p: { post: { id: number } }) => p.post.id)).toEqual([created.id]);
  expect((await call('update_post', { slug: 'features', id: created.id, queue_rank: 5 })).queue_rank).toBe(5);
  expect((await call('get_queue', { slug: 'features', limit: 10 })).total).toBe(4);
  expect((await call('claim_post', { slug: 'features', id: created.id, ttl_seconds: 60 })).post_id).toBe(created.id);
  expect((await call('release_claim', { slug: 'features', id: created.id }))).toBeUndefined();
  const next = await call('claim_next_post', { slug: 'features', agent_label: 'mcp' });
  expect([next.post.title, next.claim.agent_label]).toEqual(['Export to CSV', 'mcp']);
  const evidence = await call('add_evidence', { slug: 'features', id: next.post.id, kind: 'pr', ref: 'https://git.example.com/pr/1' });
  expect(evidence.implementation_evidence).toHaveLength(1);
  expect((await call('propose_status', { slug: 'features', id: next.post.id, status: 'shipped', note: 'done' })).proposal.status).toBe('shipped');
  expect((await call('get_votes', { slug: 'features', id: 1 })).vote_count).toBe(3);
  // The fixture names no customer company: a vote on behalf is refused as a tool error (test/mcp/company-votes.test.ts votes).
  for (const name of ['vote_on_behalf', 'withdraw_vote_on_behalf']) {
    const refused = await client.callTool({ name, arguments: { slug: 'features', id: 1, company_id: 'initech' } });
    expect([refused.isError, textOf(refused)]).toEqual([true, expect.stringContaining('company_id: is not a company of this organization')]);
    called.add(name);
  }
  expect((await call('list_comments', { slug: 'features', id: 1 })).comments[0].replies).toHaveLength(1);
  const answer = await call('create_comment', { slug: 'features', id: 1, body: 'On it', parent_comment_id: 1 });
  expect(answer.is_admin).toBe(true);
  expect(await call('update_comment', { slug: 'features', id: 1, comment_id: answer.id, body: 'On it now' })).toMatchObject({ body: 'On it now', deleted_at: null });
  expect(await call('delete_comment', { slug: 'features', id: 1, comment_id: answer.id })).toBeUndefined();
  expect((await call('get_roadmap', { slug: 'features', limit: 2, offset: 1 })).posts).toHaveLength(2);
  const shipped = (await call('get_changelog', { slug: 'features' })).posts[0];
  expect(shipped.title).toBe('Keyboard shortcuts');
  const entry = await call('create_changelog_entry', { slug: 'features', title: 'November', body: 'Keyboard shortcuts **shipped**.', post_ids: [shipped.id] });
  expect([entry.state, entry.post_ids]).toEqual(['published', [shipped.id]]);
  expect((await call('list_changelog_entries', { slug: 'features' })).entries).toEqual([entry]);
  const scheduled = await call('create_changelog_entry', { slug: 'features', title: 'Soon', body: 'Next.', publish_at: '2099-01-01T09:00:00Z' });
  expect(await call('update_changelog_entry', { slug: 'features', entry_id: entry.id, title: 'November, edited' })).toMatchObject({ id: entry.id, title: 'November, edited', state: 'published' });
  expect(await call('delete_changelog_entry', { slug: 'features', entry_id: scheduled.id })).toBeUndefined();
  expect((await call('list_changelog_entries', { slug: 'features' })).entries.map((e: { id: number }) => e.id)).toEqual([entry.id]);
  expect((await call('get_ship_stats', { slug: 'features', period: 'month' })).shipped_count).toBe(1);
  expect((await call('get_analytics', { slug: 'features', period: '90d' })).posts_over_time).toHaveLength(90);
  expect((await call('list_webhooks', {})).webhooks).toHaveLength(1);
  const duplicate = await call('create_post', { slug: 'features', title: 'Webhooks please' });
  const merged = await call('merge_posts', { slug: 'features', id: duplicate.id, into: created.id });
  expect([merged.id, merged.title]).toEqual([created.id, 'Webhooks']);
  expect((await call('unmerge_post', { slug: 'features', merged_post_id: duplicate.id })).title).toBe('Webhooks please');
  const activity = await call('get_post_activity', { slug: 'features', id: duplicate.id, limit: 1 });
  expect([activity.entries[0].kind, typeof activity.next_cursor]).toEqual(['unmerged', 'string']);
  expect((await call('pin_post', { slug: 'features', id: duplicate.id })).pinned).toBe(true);
  expect((await call('list_posts', { slug: 'features', pinned_first: 'true', sort: 'top' })).posts[0].id).toBe(duplicate.id);
  expect((await call('unpin_post', { slug: 'features', id: duplicate.id })).pinned).toBe(false);
  expect(await call('delete_post', { slug: 'features', id: created.id })).toBeUndefined();
  const deleted = await call('list_deleted_posts', { board: 'features' });
  expect(deleted.deleted_posts.map((p: { id: number; title: string }) => [p.id, p.title])).toEqual([[created.id, 'Webhooks']]);
  expect((await call('restore_post', { slug: 'features', deleted_post_id: created.id })).title).toBe('Webhooks');
  expect((await call('list_deleted_posts', {})).total).toBe(0);

  expect(await call('block_voter', { voter_id: 1 })).toMatchObject({ voter_id: 1, changed: true });
  expect(await call('unblock_voter', { voter_id: 1 })).toEqual({ voter_id: 1, blocked_at: null, changed: true });
  expect(await call('get_mail_settings', {})).toEqual({ status: true, team_comment: true, reply: true, changelog: true });
  expect(await call('update_mail_settings', { reply: false })).toEqual({ status: true, team_comment: true, reply: false, changelog: true });
  const review = await call('create_status', { name: 'Under review', color: '#6b21a8', category: 'open' });
  expect((await call('list_statuses', {})).statuses.map((s: { name: string }) => s.name)).toContain('Under review');
  expect(await call('update_status', { status_id: review.id, name: 'In review' })).toMatchObject({ id: review.id, name: 'In review', category: 'open' });
  expect(await call('delete_status', { status_id: review.id })).toBeUndefined();
  const form = [{ key: 'plan', label: 'Plan', type: 'choice', options: ['Free', 'Pro'], required: false }];
  expect(await call('update_fields', { slug: 'features', fields: form })).toEqual({ fields: form });
  expect(await call('list_fields', { slug: 'features' })).toEqual({ fields: form });
  const connection = await call('create_integration_connection', { provider: 'gitlab', base_url: 'https://gitlab.example.com', target: 'group/app' });
  expect([connection.provider, connection.secret]).toEqual(['gitlab', expect.stringMatching(/^fbis_/)]);
  expect((await call('list_integration_connections', {})).connections.map((c: { id: number }) => c.id)).toContain(connection.id);
  const rotated = await call('rotate_integration_connection_secret', { connection_id: connection.id });
  expect(rotated.secret).not.toBe(connection.secret);
  expect((await call('deactivate_integration_connection', { connection_id: connection.id })).active).toBe(false);
  // On a host that never resolves: its test calls no one.
  const chat = await call('create_chat_target', { slug: 'features', platform: 'discord', url: 'https://discord.com/api/webhooks/123/secret-token', events: ['post.created'] });
  expect([chat.platform, chat.masked_url, JSON.stringify(chat).includes('secret-token')]).toEqual(['discord', 'https://discord.com/…oken', false]);
  expect((await call('list_chat_targets', { slug: 'features' })).chat_targets.map((t: { id: number }) => t.id)).toContain(chat.id);
  expect((await call('deactivate_chat_target', { slug: 'features', chat_target_id: chat.id })).active).toBe(false);
  const github = await call('create_integration_connection', { provider: 'github', base_url: 'https://github.invalid/api/v3', target: 'acme/app', token: 'ghp_x' });
  const tested = await call('test_integration_connection', { connection_id: github.id });
  expect([tested.ok, tested.status, tested.call.purpose]).toEqual([false, null, 'test_connection']);
  const linking = await call('link_post', { slug: 'features', id: 1, connection_id: github.id, action: 'create' });
  expect([linking.purpose, linking.status, linking.post_id]).toEqual(['create_issue', 'pending', 1]);
  // The link shows once the dispatcher has created the issue, which no tool does.
  expect(await call('list_post_links', { slug: 'features', id: 1 })).toEqual({ links: [] });
  const waiting = await call('list_held_posts', { state: 'waiting' });
  expect(waiting.total).toBe(heldPosts ? 2 : 0);
  if (heldPosts) {
    const [approve, reject] = heldPosts;
    expect((await call('get_held_post', { held_post_id: approve })).approval).toBe('waiting');
    expect((await call('approve_held_post', { held_post_id: approve })).is_admin).toBe(false);
    expect(await call('reject_held_post', { held_post_id: reject, reason: 'Spam' })).toMatchObject({ approval: 'rejected', reason: 'Spam' });
  } else {
    for (const name of ['get_held_post', 'approve_held_post', 'reject_held_post']) {
      const missing = await client.callTool({ name, arguments: { held_post_id: 1 } });
      expect([missing.isError, textOf(missing)]).toEqual([true, 'not_found: Held post not found']);
      called.add(name);
    }
  }
  return called;
}
