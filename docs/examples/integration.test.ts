/**
 * An integrator's test suite: the application modules `changelog-sync.ts` and `agent-loop.ts`
 * tested against the feedback-board mock server, imported from the package's public subpaths
 * exactly as an application would.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { createMockServer, type Fixture } from 'feedback-board/mock-server';
import { runAgentRound, type Work } from './agent-loop.js';
import { ChangelogSync } from './changelog-sync.js';

const APP_KEY = 'app-read-key-0001';
const AGENT_A = 'agent-a-key-0001';
const AGENT_B = 'agent-b-key-0001';
const ADMIN = 'admin-write-key-0001';

const fixture: Fixture = {
  organizations: [
    {
      name: 'Acme',
      apiKeys: [
        { key: APP_KEY, scope: 'read', label: 'website' },
        { key: AGENT_A, scope: 'propose', label: 'agent A' },
        { key: AGENT_B, scope: 'propose', label: 'agent B' },
        { key: ADMIN, scope: 'write', label: 'admin' },
      ],
      boards: [
        {
          slug: 'product',
          name: 'Product',
          published: true,
          posts: [
            { title: 'Dark mode', status: 'planned', votes: [{ voter: 'ann@example.com' }, { voter: 'bo@example.com' }] },
            { title: 'CSV export', status: 'in_progress', queue_rank: 1, votes: 3 },
            { title: 'SSO', status: 'planned', votes: 9 },
            { title: 'Shortcuts', status: 'shipped', shipped_at: '2026-11-02T10:00:00Z', tags: ['UX'] },
            { title: 'Faster search', status: 'shipped', shipped_at: '2026-11-09T10:00:00Z' },
            { title: 'Audit log', status: 'shipped', shipped_at: '2026-11-16T10:00:00Z' },
          ],
        },
      ],
    },
  ],
};

const mock = createMockServer({ fixture });
beforeEach(() => mock.reset());

describe('changelog sync', () => {
  const newSync = (pageSize?: number) =>
    new ChangelogSync({
      baseUrl: mock.baseUrl,
      apiKey: APP_KEY,
      slug: 'product',
      fetch: mock.fetch,
      retry: { sleep: async () => undefined },
      ...(pageSize ? { pageSize } : {}),
    });

  it('mirrors the changelog, newest first, page by page', async () => {
    const sync = newSync(2);
    expect(await sync.sync()).toEqual({ added: [4, 5, 6], updated: [], removed: [], total: 3 });
    expect(sync.entries().map((e) => [e.title, e.shippedAt])).toEqual([
      ['Audit log', '2026-11-16T10:00:00.000Z'],
      ['Faster search', '2026-11-09T10:00:00.000Z'],
      ['Shortcuts', '2026-11-02T10:00:00.000Z'],
    ]);
    expect(sync.entries()[2]!.tags).toEqual(['UX']);
    expect(mock.calls('getChangelog').map((c) => c.query['offset'])).toEqual(['0', '2']);
  });

  it('picks up a post shipped later, and drops one moved out of shipped or hidden', async () => {
    const sync = newSync();
    await sync.sync();
    const admin = mock.client(ADMIN);
    mock.clock.advance(60_000);
    await admin.posts.update('product', 1, { status: 'shipped' });
    await admin.posts.update('product', 4, { status: 'in_progress' });
    await mock.dashboard.posts.hide(5);
    const [acme] = (await mock.loaded()).organizations;
    const voter = await mock.voters.register(acme!.id, { email: 'cy@example.com' });
    await mock.voters.vote(voter.id, 6);
    expect(await sync.sync()).toEqual({ added: [1], updated: [6], removed: [4, 5], total: 2 });
    expect(sync.entries()[0]).toMatchObject({ id: 1, title: 'Dark mode', shippedAt: '2026-11-20T12:01:00.000Z', votes: 2 });
  });

  it('waits out a 429 and still completes', async () => {
    const waits: number[] = [];
    const sync = new ChangelogSync({
      baseUrl: mock.baseUrl,
      apiKey: APP_KEY,
      slug: 'product',
      fetch: mock.fetch,
      retry: { sleep: async (ms) => void waits.push(ms) },
    });
    mock.fail('getChangelog', { status: 429, code: 'rate_limited', retryAfter: 4, times: 2 });
    expect((await sync.sync()).total).toBe(3);
    expect(waits).toEqual([4000, 4000]);
    expect(mock.calls('getChangelog').map((c) => c.status)).toEqual([429, 429, 200]);
  });

  it('works through the global fetch once the mock is installed', async () => {
    mock.install();
    try {
      const sync = new ChangelogSync({ baseUrl: 'http://feedback-board.test', apiKey: APP_KEY, slug: 'product' });
      expect((await sync.sync()).total).toBe(3);
    } finally {
      mock.uninstall();
    }
  });
});

describe('agent loop', () => {
  const shipIt: Work = async (post) => ({
    evidence: [{ kind: 'pr', ref: `https://git.example.com/acme/app/pull/${post.id}`, label: `PR for ${post.title}` }],
    status: 'shipped',
    note: 'merged and released',
  });

  it('claims, attaches evidence and proposes; nothing changes publicly until a human confirms', async () => {
    const agent = mock.client(AGENT_A);
    const report = await runAgentRound(agent, 'product', shipIt, { agentLabel: 'agent-a' });
    // the ranked post first, then planned posts by votes
    expect(report).toEqual({ proposed: [2, 3, 1].map((id) => ({ id, status: 'shipped' })), skipped: [] });

    const post = await agent.posts.get('product', 2);
    expect(post).toMatchObject({ status: 'in_progress', claim: null, proposal: { status: 'shipped', note: 'merged and released' } });
    expect(post.implementation_evidence.map((e) => e.ref)).toEqual(['https://git.example.com/acme/app/pull/2']);
    expect(mock.notifications()).toEqual([]);

    await mock.dashboard.proposals.confirm(1);
    expect((await agent.posts.get('product', 1)).status).toBe('shipped');
    expect(mock.notifications().map((n) => n.voter.email)).toEqual(['ann@example.com', 'bo@example.com']);
  });

  it('moves on when another agent wins the claim (409 claim_conflict)', async () => {
    // Both agents read the same queue, then race for the same posts: every post is claimed by
    // exactly one of them, and the loser skips it.
    const [a, b] = await Promise.all([
      runAgentRound(mock.client(AGENT_A), 'product', shipIt, { agentLabel: 'agent-a' }),
      runAgentRound(mock.client(AGENT_B), 'product', shipIt, { agentLabel: 'agent-b' }),
    ]);
    const proposedIds = [...a.proposed, ...b.proposed].map((p) => p.id).sort();
    const conflicts = mock.calls({ operation: 'claimPost', status: 409 });
    expect(conflicts.length).toBeGreaterThan(0);
    expect([...a.skipped, ...b.skipped].filter((s) => s.reason === 'claimed by another agent')).toHaveLength(conflicts.length);
    // A post can be proposed by both only if the winner had released it before the other claimed it;
    // its evidence is then attached once per agent, never twice by the same one.
    expect(new Set(proposedIds)).toEqual(new Set([1, 2, 3]));
    const post = await mock.client(APP_KEY).posts.get('product', 2);
    expect(post.implementation_evidence.length).toBeLessThanOrEqual(2);
  });

  it('skips a post another agent holds when the claim is refused, deterministically', async () => {
    mock.fail('claimPost', { status: 409, code: 'claim_conflict', message: 'Another key holds a live claim on this post', times: 1 });
    const report = await runAgentRound(mock.client(AGENT_A), 'product', shipIt, { agentLabel: 'agent-a' });
    expect(report.skipped).toEqual([{ id: 2, reason: 'claimed by another agent' }]);
    expect(report.proposed.map((p) => p.id)).toEqual([3, 1]);
  });

  it('a claim held by another agent keeps the post out of the queue until it lapses', async () => {
    await mock.client(AGENT_B).agent.claim('product', 2, { ttl_seconds: 600 });
    const first = await runAgentRound(mock.client(AGENT_A), 'product', async () => null, { agentLabel: 'agent-a' });
    expect(first.skipped.map((s) => s.id)).toEqual([3, 1]);
    mock.clock.advance(600_000);
    const second = await runAgentRound(mock.client(AGENT_A), 'product', async () => null, { agentLabel: 'agent-a' });
    expect(second.skipped.map((s) => s.id)).toEqual([2, 3, 1]);
  });

  it('survives a rate limit in the middle of a round with a retrying client', async () => {
    mock.fail('addEvidence', { status: 429, code: 'rate_limited', retryAfter: 1, times: 1 });
    const agent = mock.client(AGENT_A, { retry: { sleep: async () => undefined } });
    const report = await runAgentRound(agent, 'product', shipIt, { agentLabel: 'agent-a', batch: 1 });
    expect(report.proposed).toEqual([{ id: 2, status: 'shipped' }]);
    expect(mock.calls('addEvidence').map((c) => c.status)).toEqual([429, 201]);
    expect((await agent.posts.get('product', 2)).implementation_evidence).toHaveLength(1);
  });

  it('a proposal of the status the post already has is skipped, not fatal', async () => {
    const keep: Work = async (post) => ({ evidence: [], status: post.status, note: 'nothing changed' });
    const report = await runAgentRound(mock.client(AGENT_A), 'product', keep, { agentLabel: 'agent-a' });
    expect(report.skipped.map((s) => s.reason)).toEqual(Array(3).fill('already in that status'));
    expect(mock.calls({ operation: 'releaseClaim', status: 204 })).toHaveLength(3);
  });
});
