/**
 * Done means: an agent configured with the `mcpServers` block of docs/mcp.md drains a board's
 * queue through tool calls alone. The block is read from the guide; its command (`npx
 * feedback-board ...`) runs the built CLI, its `--url` points at a real `serve`, and its key is one
 * of the server's propose keys. The agent calls claim_next_post, add_evidence and propose_status
 * until claim_next_post has nothing left, over stdio through the SDK's Client.
 */
import { readFileSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CLI, call, startServe, workDir, type Server } from '../helpers/cli.js';
import { fixture, KEYS, textOf } from './helpers.js';

interface ServerConfig {
  command: string;
  args: string[];
  env: Record<string, string>;
}

/** The first JSON block after the guide's `mcp-config` marker. */
function pastedConfig(): ServerConfig {
  const guide = readFileSync(new URL('../../docs/mcp.md', import.meta.url), 'utf8');
  const block = /<!-- mcp-config:[^>]*-->\n```json\n([\s\S]*?)\n```/.exec(guide);
  if (!block) throw new Error('docs/mcp.md has no marked mcpServers block');
  const config = JSON.parse(block[1]!) as { mcpServers: Record<string, ServerConfig> };
  return config.mcpServers['feedback-board']!;
}

const work = workDir();
let server: Server;
/** Ten queued posts (four ranked, six planned) and three that never are. */
const extra = [
  ...Array.from({ length: 4 }, (_, i) => ({ title: `Ranked task ${i + 1}`, status: 'open', queue_rank: 10 + i })),
  ...Array.from({ length: 3 }, (_, i) => ({ title: `Planned task ${i + 1}`, status: 'planned' })),
  { title: 'Hidden', status: 'planned', hidden: true },
  { title: 'Declined', status: 'declined', queue_rank: 1 },
];

beforeAll(async () => {
  server = await startServe(['--port', '0', '--fixture', work.write('fixture.json', fixture(extra)), '--rate-limit', 'off'], work.dir);
}, 30_000);
afterAll(async () => {
  expect(await server.stop()).toBe(0);
  work.remove();
});

it('an agent with only the pasted configuration drains the queue with tool calls', async () => {
  const config = pastedConfig();
  expect(config.command).toBe('npx');
  expect(config.args.slice(0, 2)).toEqual(['feedback-board', 'mcp']);
  expect(Object.keys(config.env)).toEqual(['FEEDBACK_BOARD_API_KEY']);
  // `npx feedback-board` is the package's bin, the built CLI; the URL and key are this test's.
  const args = config.args.slice(1).map((arg) => (arg.startsWith('https://') ? server.url : arg));
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CLI, ...args],
    env: { PATH: process.env['PATH'] ?? '', FEEDBACK_BOARD_API_KEY: KEYS.propose },
    stderr: 'pipe',
  });
  const agent = new Client({ name: 'draining-agent', version: '1.0.0' });
  await agent.connect(transport);

  const queued = (await call(server.api, 'GET', '/boards/features/queue?limit=100', KEYS.read)).json as { total: number; posts: { id: number }[] };
  expect(queued.total).toBe(10);

  const handled: number[] = [];
  for (let round = 0; round < 50; round++) {
    const next = await agent.callTool({ name: 'claim_next_post', arguments: { slug: 'features', ttl_seconds: 3600, agent_label: 'mcp agent' } });
    expect(next.isError, textOf(next)).toBeFalsy();
    const { claim, post } = next.structuredContent as { claim: { post_id: number } | null; post: { id: number } | null };
    if (claim === null) break;
    expect(post!.id).toBe(claim.post_id);
    const evidence = await agent.callTool({
      name: 'add_evidence',
      arguments: { slug: 'features', id: post!.id, kind: 'pr', ref: `https://git.example.com/pr/${post!.id}`, action_key: `run-1-${post!.id}` },
    });
    expect(evidence.isError, textOf(evidence)).toBeFalsy();
    const proposal = await agent.callTool({ name: 'propose_status', arguments: { slug: 'features', id: post!.id, status: 'shipped', note: 'done by the agent' } });
    expect(proposal.isError, textOf(proposal)).toBeFalsy();
    handled.push(post!.id);
  }
  await agent.close();

  expect(handled).toEqual(queued.posts.map((p) => p.id));
  for (const id of handled) {
    const post = (await call(server.api, 'GET', `/boards/features/posts/${id}`, KEYS.read)).json;
    expect(post.implementation_evidence).toHaveLength(1);
    expect(post.proposal).toMatchObject({ status: 'shipped', note: 'done by the agent' });
    expect(post.claim).toMatchObject({ agent_label: 'mcp agent' });
  }
  // Nothing outside the queue was touched.
  const all = (await call(server.api, 'GET', '/boards/features/posts?limit=100', KEYS.read)).json.posts as { id: number }[];
  for (const { id } of all.filter((p) => !handled.includes(p.id))) {
    const post = (await call(server.api, 'GET', `/boards/features/posts/${id}`, KEYS.read)).json;
    expect([post.claim, post.proposal, post.implementation_evidence]).toEqual([null, null, []]);
  }
}, 60_000);
