/**
 * Every client method against a board, in-process and over real HTTP: two identical boards on
 * frozen clocks, one driven by the client, its twin by requests written out by hand. Each step's
 * result must equal the twin's response, and the client must have sent the same method and URL.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClient, type FeedbackBoardClient } from '../../src/client/index.js';
import type { FeedbackBoard } from '../../src/board.js';
import { operationNames, type OperationName } from '../../src/http/operations.js';
import { KEYS, makeBoard, raw, transports, type Endpoint } from './helpers.js';

type Key = keyof typeof KEYS;

interface Step {
  op: OperationName;
  key: Key;
  call: (client: FeedbackBoardClient) => Promise<unknown>;
  /** The same request, written by hand: method, path below /api/v1 (with query), body. */
  request: [method: string, path: string, body?: unknown];
  status: number;
}

const steps: Step[] = [
  { op: 'listBoards', key: 'read', call: (c) => c.boards.list(), request: ['GET', '/boards'], status: 200 },
  { op: 'getBoard', key: 'read', call: (c) => c.boards.get('features'), request: ['GET', '/boards/features'], status: 200 },
  {
    op: 'createBoard', key: 'write',
    call: (c) => c.boards.create({ slug: 'ideas', name: 'Ideas', description: 'Raw ideas' }),
    request: ['POST', '/boards', { slug: 'ideas', name: 'Ideas', description: 'Raw ideas' }], status: 201,
  },
  { op: 'publishBoard', key: 'write', call: (c) => c.boards.publish('ideas'), request: ['POST', '/boards/ideas/publish'], status: 200 },
  { op: 'unpublishBoard', key: 'write', call: (c) => c.boards.unpublish('ideas'), request: ['POST', '/boards/ideas/unpublish'], status: 200 },
  {
    op: 'listPosts', key: 'read',
    call: (c) => c.posts.list('features', { status: 'planned', sort: 'top', limit: 2, offset: 0 }),
    request: ['GET', '/boards/features/posts?status=planned&sort=top&limit=2&offset=0'], status: 200,
  },
  {
    op: 'listPosts', key: 'read', call: (c) => c.posts.list('features', { q: 'DARK', tag: 'ui' }),
    request: ['GET', '/boards/features/posts?q=DARK&tag=ui'], status: 200,
  },
  {
    op: 'findSimilarPosts', key: 'read', call: (c) => c.posts.similar('features', { text: 'Dark mode', limit: 3 }),
    request: ['GET', '/boards/features/posts/similar?text=Dark+mode&limit=3'], status: 200,
  },
  {
    op: 'createPost', key: 'write',
    call: (c) => c.posts.create('features', { title: ' New idea ', body: 'b', tags: ['UI', 'api'], pinned: true, status: 'planned' }),
    request: ['POST', '/boards/features/posts', { title: ' New idea ', body: 'b', tags: ['UI', 'api'], pinned: true, status: 'planned' }],
    status: 201,
  },
  { op: 'getPost', key: 'read', call: (c) => c.posts.get('features', 8), request: ['GET', '/boards/features/posts/8'], status: 200 },
  {
    op: 'updatePost', key: 'write',
    call: (c) => c.posts.update('features', 8, { status: 'in_progress', queue_rank: 2, notify_voters: true }),
    request: ['PATCH', '/boards/features/posts/8', { status: 'in_progress', queue_rank: 2, notify_voters: true }], status: 200,
  },
  { op: 'getQueue', key: 'propose', call: (c) => c.agent.queue('features', { limit: 5 }), request: ['GET', '/boards/features/queue?limit=5'], status: 200 },
  {
    op: 'claimPost', key: 'propose', call: (c) => c.agent.claim('features', 1, { ttl_seconds: 600, agent_label: 'bot' }),
    request: ['POST', '/boards/features/posts/1/claim', { ttl_seconds: 600, agent_label: 'bot' }], status: 201,
  },
  { op: 'claimPost', key: 'propose', call: (c) => c.agent.claim('features', 1), request: ['POST', '/boards/features/posts/1/claim'], status: 200 },
  {
    op: 'addEvidence', key: 'propose',
    call: (c) => c.agent.addEvidence('features', 1, { kind: 'pr', ref: 'https://github.com/acme/app/pull/1', label: 'PR #1' }),
    request: ['POST', '/boards/features/posts/1/evidence', { kind: 'pr', ref: 'https://github.com/acme/app/pull/1', label: 'PR #1' }],
    status: 201,
  },
  {
    op: 'proposeStatus', key: 'propose', call: (c) => c.agent.proposeStatus('features', 1, { status: 'shipped', note: 'merged' }),
    request: ['POST', '/boards/features/posts/1/propose-status', { status: 'shipped', note: 'merged' }], status: 200,
  },
  {
    op: 'claimNextPost', key: 'propose', call: (c) => c.agent.claimNext('features', { ttl_seconds: 300, agent_label: 'next' }),
    request: ['POST', '/boards/features/queue/claim', { ttl_seconds: 300, agent_label: 'next' }], status: 201,
  },
  { op: 'claimNextPost', key: 'propose', call: (c) => c.agent.claimNext('features'), request: ['POST', '/boards/features/queue/claim'], status: 201 },
  // Posts 2 and 8 are now claimed, and post 1 is the caller's own live claim: nothing is left.
  { op: 'claimNextPost', key: 'propose', call: (c) => c.agent.claimNext('features', {}), request: ['POST', '/boards/features/queue/claim', {}], status: 200 },
  { op: 'releaseClaim', key: 'propose', call: (c) => c.agent.release('features', 1), request: ['DELETE', '/boards/features/posts/1/claim'], status: 204 },
  { op: 'listVotes', key: 'read', call: (c) => c.votes.list('features', 1), request: ['GET', '/boards/features/posts/1/votes'], status: 200 },
  {
    op: 'voteOnBehalf', key: 'write', call: (c) => c.votes.onBehalf('features', 1, { company_id: 'initech' }),
    request: ['POST', '/boards/features/posts/1/votes', { company_id: 'initech' }], status: 200,
  },
  {
    op: 'withdrawVoteOnBehalf', key: 'write', call: (c) => c.votes.withdrawOnBehalf('features', 1, { company_id: 'initech' }),
    request: ['POST', '/boards/features/posts/1/votes/withdraw', { company_id: 'initech' }], status: 200,
  },
  { op: 'listComments', key: 'read', call: (c) => c.comments.list('features', 1), request: ['GET', '/boards/features/posts/1/comments'], status: 200 },
  {
    op: 'createComment', key: 'propose', call: (c) => c.comments.create('features', 1, { body: 'Thanks', parent_comment_id: 1 }),
    request: ['POST', '/boards/features/posts/1/comments', { body: 'Thanks', parent_comment_id: 1 }], status: 201,
  },
  {
    op: 'updateComment', key: 'write', call: (c) => c.comments.update('features', 1, 1, { body: 'Thanks, edited' }),
    request: ['PATCH', '/boards/features/posts/1/comments/1', { body: 'Thanks, edited' }], status: 200,
  },
  { op: 'deleteComment', key: 'write', call: (c) => c.comments.delete('features', 1, 1), request: ['DELETE', '/boards/features/posts/1/comments/1'], status: 204 },
  { op: 'getRoadmap', key: 'read', call: (c) => c.roadmap.list('features', { limit: 3, offset: 1 }), request: ['GET', '/boards/features/roadmap?limit=3&offset=1'], status: 200 },
  { op: 'getChangelog', key: 'read', call: (c) => c.changelog.list('features', { limit: 2 }), request: ['GET', '/boards/features/changelog?limit=2'], status: 200 },
  {
    op: 'createChangelogEntry', key: 'write', call: (c) => c.changelog.createEntry('features', { title: 'November', body: 'Dark mode **shipped**.', post_ids: [1] }),
    request: ['POST', '/boards/features/changelog/entries', { title: 'November', body: 'Dark mode **shipped**.', post_ids: [1] }], status: 201,
  },
  {
    op: 'listChangelogEntries', key: 'read', call: (c) => c.changelog.entries('features', { state: 'published', limit: 5 }),
    request: ['GET', '/boards/features/changelog/entries?state=published&limit=5'], status: 200,
  },
  {
    op: 'updateChangelogEntry', key: 'write', call: (c) => c.changelog.updateEntry('features', 1, { title: 'November, edited' }),
    request: ['PATCH', '/boards/features/changelog/entries/1', { title: 'November, edited' }], status: 200,
  },
  { op: 'deleteChangelogEntry', key: 'write', call: (c) => c.changelog.deleteEntry('features', 1), request: ['DELETE', '/boards/features/changelog/entries/1'], status: 204 },
  { op: 'getShipStats', key: 'read', call: (c) => c.stats.shipStats('features', { period: 'week' }), request: ['GET', '/boards/features/ship-stats?period=week'], status: 200 },
  { op: 'getAnalytics', key: 'read', call: (c) => c.stats.analytics('features', { period: '90d' }), request: ['GET', '/boards/features/analytics?period=90d'], status: 200 },
  { op: 'listWebhooks', key: 'read', call: (c) => c.webhooks.list(), request: ['GET', '/webhooks'], status: 200 },
  { op: 'mergePost', key: 'write', call: (c) => c.posts.merge('features', 7, { into: 6 }), request: ['POST', '/boards/features/posts/7/merge', { into: 6 }], status: 200 },
  { op: 'unmergePost', key: 'team', call: (c) => c.posts.unmerge('features', 7), request: ['POST', '/boards/features/posts/7/unmerge'], status: 200 },
  {
    op: 'getPostActivity', key: 'read', call: (c) => c.activity.list('features', 7, { limit: 2 }),
    request: ['GET', '/boards/features/posts/7/activity?limit=2'], status: 200,
  },
  {
    op: 'listHeldPosts', key: 'team', call: (c) => c.moderation.list({ state: 'waiting', limit: 5 }),
    request: ['GET', '/held-posts?state=waiting&limit=5'], status: 200,
  },
  { op: 'getHeldPost', key: 'team', call: (c) => c.moderation.get(1), request: ['GET', '/held-posts/1'], status: 200 },
  { op: 'approveHeldPost', key: 'team', call: (c) => c.moderation.approve(1), request: ['POST', '/held-posts/1/approve'], status: 201 },
  {
    op: 'rejectHeldPost', key: 'team', call: (c) => c.moderation.reject(2, { reason: 'Spam' }),
    request: ['POST', '/held-posts/2/reject', { reason: 'Spam' }], status: 200,
  },
  {
    op: 'linkPost', key: 'write', call: (c) => c.posts.link('features', 7, { connection_id: 1, action: 'create' }),
    request: ['POST', '/boards/features/posts/7/links', { connection_id: 1, action: 'create' }], status: 201,
  },
  { op: 'listPostLinks', key: 'read', call: (c) => c.posts.links('features', 7), request: ['GET', '/boards/features/posts/7/links'], status: 200 },
  { op: 'pinPost', key: 'team', call: (c) => c.posts.pin('features', 7), request: ['POST', '/boards/features/posts/7/pin'], status: 200 },
  { op: 'unpinPost', key: 'team', call: (c) => c.posts.unpin('features', 7), request: ['DELETE', '/boards/features/posts/7/pin'], status: 200 },
  { op: 'blockVoter', key: 'team', call: (c) => c.voters.block(1), request: ['POST', '/voters/1/block'], status: 200 },
  { op: 'unblockVoter', key: 'team', call: (c) => c.voters.unblock(1), request: ['DELETE', '/voters/1/block'], status: 200 },
  { op: 'getMailSettings', key: 'team', call: (c) => c.mail.settings(), request: ['GET', '/mail-settings'], status: 200 },
  { op: 'listStatuses', key: 'read', call: (c) => c.statuses.list(), request: ['GET', '/statuses'], status: 200 },
  {
    op: 'createStatus', key: 'team', call: (c) => c.statuses.create({ name: 'Under review', color: '#6b21a8', category: 'open' }),
    request: ['POST', '/statuses', { name: 'Under review', color: '#6b21a8', category: 'open' }], status: 201,
  },
  // Status 11, the one just created: the defaults of Acme and Beta are 1 to 10.
  { op: 'updateStatus', key: 'team', call: (c) => c.statuses.update(11, { name: 'In review' }), request: ['PATCH', '/statuses/11', { name: 'In review' }], status: 200 },
  { op: 'deleteStatus', key: 'team', call: (c) => c.statuses.delete(11), request: ['DELETE', '/statuses/11'], status: 204 },
  {
    op: 'updateFields', key: 'team', call: (c) => c.fields.update('features', { fields: [{ key: 'plan', label: 'Plan', type: 'choice', options: ['Pro'] }] }),
    request: ['PUT', '/boards/features/fields', { fields: [{ key: 'plan', label: 'Plan', type: 'choice', options: ['Pro'] }] }], status: 200,
  },
  { op: 'listFields', key: 'read', call: (c) => c.fields.list('features'), request: ['GET', '/boards/features/fields'], status: 200 },
  {
    op: 'createIntegrationConnection', key: 'team', call: (c) => c.integrations.createConnection({ provider: 'github', target: 'acme/app', secret: 'given-secret-0123456789' }),
    request: ['POST', '/integrations/connections', { provider: 'github', target: 'acme/app', secret: 'given-secret-0123456789' }], status: 201,
  },
  { op: 'listIntegrationConnections', key: 'team', call: (c) => c.integrations.listConnections(), request: ['GET', '/integrations/connections'], status: 200 },
  {
    op: 'rotateIntegrationConnectionSecret', key: 'team', call: (c) => c.integrations.rotateSecret(1, { secret: 'rotated-secret-0123456789' }),
    request: ['POST', '/integrations/connections/1/rotate-secret', { secret: 'rotated-secret-0123456789' }], status: 200,
  },
  { op: 'testIntegrationConnection', key: 'team', call: (c) => c.integrations.test(1), request: ['POST', '/integrations/connections/1/test'], status: 200 },
  { op: 'deactivateIntegrationConnection', key: 'team', call: (c) => c.integrations.deactivate(1), request: ['POST', '/integrations/connections/1/deactivate'], status: 200 },
  {
    op: 'createChatTarget', key: 'team', call: (c) => c.chat.create('features', { platform: 'slack', url: 'https://hooks.slack.com/services/T0/B0/XXXX', events: ['post.created'] }),
    request: ['POST', '/boards/features/chat-targets', { platform: 'slack', url: 'https://hooks.slack.com/services/T0/B0/XXXX', events: ['post.created'] }], status: 201,
  },
  { op: 'listChatTargets', key: 'team', call: (c) => c.chat.list('features'), request: ['GET', '/boards/features/chat-targets'], status: 200 },
  { op: 'deactivateChatTarget', key: 'team', call: (c) => c.chat.deactivate('features', 1), request: ['POST', '/boards/features/chat-targets/1/deactivate'], status: 200 },
  {
    op: 'updateMailSettings', key: 'team', call: (c) => c.mail.updateSettings({ reply: false }),
    request: ['PATCH', '/mail-settings', { reply: false }], status: 200,
  },
  { op: 'deletePost', key: 'write', call: (c) => c.posts.delete('features', 8), request: ['DELETE', '/boards/features/posts/8'], status: 204 },
  {
    op: 'listDeletedPosts', key: 'team', call: (c) => c.posts.listDeleted({ board: 'features', limit: 5 }),
    request: ['GET', '/deleted-posts?board=features&limit=5'], status: 200,
  },
  { op: 'restorePost', key: 'write', call: (c) => c.posts.restore('features', 8), request: ['POST', '/boards/features/posts/8/restore'], status: 200 },
];

it('the steps cover every operation of the table', () => {
  expect(new Set(steps.map((s) => s.op))).toEqual(new Set(operationNames));
});

describe.each(transports)('every client method, $name', (transport) => {
  let board: FeedbackBoard;
  let twin: FeedbackBoard;
  let endpoint: Endpoint;
  let sent: string[];

  beforeEach(async () => {
    ({ board } = await makeBoard({ agentPublishing: true }));
    ({ board: twin } = await makeBoard({ agentPublishing: true }));
    // The customer company the votes on behalf name, two posts of a voter held for approval and a connection to GitHub, in both boards.
    for (const each of [board, twin]) {
      await each.storage.transaction('write', (tx) =>
        tx.putCompany({ organization_id: 1, id: 'initech', name: 'Initech', monthly_revenue: 300, updated_at: '2026-11-20T12:00:00.000Z' }),
      );
      await each.team(1).boards.setModerated('features', true);
      const voter = await each.voters.register(1, { email: 'cy@example.com', name: 'Cy' });
      for (const title of ['Held idea', 'Buy pills']) await each.voters.submitPost(voter.id, 'features', { title });
      // Connection 1, which the link and test steps name: on a host that never resolves, so its test calls no one.
      await each.team(1).api.integrations.createConnection({ provider: 'github', base_url: 'https://github.invalid/api/v3', target: 'acme/app', token: 'ghp_x' });
    }
    endpoint = await transport.open(board);
    sent = [];
  });
  afterEach(() => endpoint.close());

  const clientFor = (key: Key) =>
    createClient({
      baseUrl: endpoint.baseUrl,
      apiKey: KEYS[key],
      fetch: (request) => {
        const url = new URL(request.url);
        sent.push(`${request.method} ${url.pathname}${url.search}`);
        return endpoint.fetch(request);
      },
    });

  it('returns what the server answers, step by step', async () => {
    for (const step of steps) {
      const result = await step.call(clientFor(step.key));
      const [method, path, body] = step.request;
      const expected = await raw(twin, KEYS[step.key], method, path, body);
      expect(expected.status, `${step.op} ${path}`).toBe(step.status);
      expect(sent.at(-1), step.op).toBe(`${method} /api/v1${path}`);
      const want = step.op === 'claimPost' ? { claim: expected.json, created: expected.status === 201 } : expected.json;
      expect(result, `${step.op} ${path}`).toEqual(want);
    }
    expect(sent).toHaveLength(steps.length);
  });

  it('sends the key as X-API-Key when asked, and as a Bearer token by default', async () => {
    const seen: Array<[string | null, string | null]> = [];
    const spy = (request: Request) => {
      seen.push([request.headers.get('authorization'), request.headers.get('x-api-key')]);
      return endpoint.fetch(request);
    };
    const viaHeader = createClient({ baseUrl: endpoint.baseUrl, apiKey: KEYS.read, fetch: spy, authHeader: 'x-api-key' });
    const viaBearer = createClient({ baseUrl: endpoint.baseUrl, apiKey: KEYS.read, fetch: spy });
    expect((await viaHeader.boards.list()).boards).toHaveLength(2);
    expect((await viaBearer.boards.list()).boards).toHaveLength(2);
    expect(seen).toEqual([[null, KEYS.read], [`Bearer ${KEYS.read}`, null]]);
  });

  it('encodes path segments, so a slug cannot reach another path', async () => {
    const client = clientFor('read');
    await expect(client.boards.get('features/posts')).rejects.toMatchObject({ status: 404, code: 'not_found' });
    await expect(client.boards.get('a b?c#d')).rejects.toMatchObject({ status: 404, code: 'not_found' });
    expect(sent).toEqual(['GET /api/v1/boards/features%2Fposts', 'GET /api/v1/boards/a%20b%3Fc%23d']);
  });

  it('accepts a base URL with a trailing slash', async () => {
    const client = createClient({ baseUrl: `${endpoint.baseUrl}/`, apiKey: KEYS.read, fetch: endpoint.fetch });
    expect((await client.boards.get('features')).slug).toBe('features');
  });
});
