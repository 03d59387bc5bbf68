/**
 * Issue trackers' deliveries through the real HTTP handler, with the providers' own example
 * payloads signed with the connection's secret: a merged pull request naming a post adds evidence
 * once and proposes `shipped` when it closes it; a closed linked issue proposes; a bad or missing
 * signature, an inactive or unknown connection, a redelivery and a payload naming another
 * organization's post change nothing. On memory and on SQLite.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHmac } from 'node:crypto';
import { sign } from '@octokit/webhooks-methods';
import { afterAll, describe, expect, it } from 'vitest';
import { createSqliteStorage } from '../../adapters/sqlite/index.js';
import { closedIssue, mergedPullRequest } from '../integrations/fixtures/github.js';
import { mergedMergeRequest } from '../integrations/fixtures/gitlab.js';
import { issueMovedTo } from '../integrations/fixtures/linear.js';
import { listen } from '../../src/node/listen.js';
import { createHarness } from '../helpers/harness.js';
import { snapshot } from '../helpers/state.js';

const dir = mkdtempSync(join(tmpdir(), 'fb-deliveries-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function world(store: 'memory' | 'sqlite') {
  const storage = store === 'sqlite' ? { storage: createSqliteStorage({ path: join(dir, `${Math.random()}.db`) }) } : {};
  const h = await createHarness({ ...storage, http: { rateLimit: false } });
  await h.makeBoard('features');
  const post = await h.makePost('features', { title: 'Dark mode' });
  const other = await h.makePost('features', { title: 'Export' });
  const team = h.board.team(h.a.id).api.integrations;
  const github = await team.createConnection({ provider: 'github' });
  const gitlab = await team.createConnection({ provider: 'gitlab', base_url: 'https://example.com' });
  const linear = await team.createConnection({ provider: 'linear', secret: 'lin_wh_0123456789abcdef' });
  await h.makeBoard('theirs', h.b.keys.write);
  const theirs = await h.makePost('theirs', { title: 'Their post' }, h.b.keys.write);
  let seq = 0;
  const deliverGitHub = async (event: string, payload: unknown, options: { secret?: string | null; id?: string; connection?: number } = {}) => {
    const body = JSON.stringify(payload);
    const secret = options.secret === undefined ? github.secret! : options.secret;
    const headers: Record<string, string> = { 'content-type': 'application/json', 'x-github-event': event, 'x-github-delivery': options.id ?? `d-${++seq}` };
    if (secret !== null) headers['x-hub-signature-256'] = await sign(secret, body);
    const response = await h.board.fetch(new Request(`http://board.test/integrations/github/${options.connection ?? github.id}`, { method: 'POST', headers, body }));
    return { status: response.status, json: (await response.json()) as Record<string, any> };
  };
  const detail = async (id: number) => (await h.req('GET', `/boards/features/posts/${id}`)).json;
  /** Everything a delivery could change: the organizations' data, and their connections, remembered deliveries and links. */
  const state = async () => ({
    data: await snapshot(h.board),
    integrations: await h.board.storage.transaction('read', async (tx) => {
      const connections = [...(await tx.listIntegrationConnections(h.a.id)), ...(await tx.listIntegrationConnections(h.b.id))];
      const deliveries = await Promise.all(connections.map((c) => tx.listIntegrationDeliveries(c.id, 500)));
      const links = await Promise.all([post.id, other.id, theirs.id].map((id) => tx.listPostLinks(id)));
      return { connections, deliveries, links };
    }),
  });
  return { h, post, other, theirs, github, gitlab, linear, deliverGitHub, detail, state };
}

describe.each(['memory', 'sqlite'] as const)('integration deliveries (%s)', (store) => {
  it('a merged pull request naming a post adds its evidence once and proposes shipped when it closes it; a redelivery changes nothing', async () => {
    const { h, post, other, github, deliverGitHub, detail, state } = await world(store);
    const payload = mergedPullRequest(`Closes #fb-${post.id}, see also #fb-${other.id}`);
    const first = await deliverGitHub('pull_request', payload, { id: 'delivery-1' });
    expect(first).toEqual({ status: 200, json: { received: true, duplicate: false, summary: `merged pull request Codertocat/Hello-World#2 names #fb-${post.id}, #fb-${other.id}; closes #fb-${post.id}` } });
    const closed = await detail(post.id);
    expect(closed.implementation_evidence).toEqual([
      { kind: 'pr', ref: 'https://github.com/Codertocat/Hello-World/pull/2', label: 'Update the README with new information. (by @Codertocat)', added_at: closed.implementation_evidence[0].added_at },
    ]);
    expect(closed.proposal).toMatchObject({ status: 'shipped', proposed_by_api_key_id: null, proposed_by_connection_id: github.id });
    expect(closed.status).toBe('open');
    // The connection is the actor of what its delivery did, in the post's activity log.
    const logged = (await h.req('GET', `/boards/features/posts/${post.id}/activity`)).json.entries as { kind: string; actor: unknown }[];
    const byConnection = { kind: 'connection', id: github.id, provider: 'github', label: 'GitHub' };
    expect(logged.filter((entry) => entry.kind === 'evidence_added' || entry.kind === 'proposal_made').map((entry) => [entry.kind, entry.actor])).toEqual([
      ['proposal_made', byConnection],
      ['evidence_added', byConnection],
    ]);
    const named = await detail(other.id);
    expect([named.implementation_evidence.length, named.proposal]).toEqual([1, null]);
    const before = await state();
    const again = await deliverGitHub('pull_request', payload, { id: 'delivery-1' });
    expect(again.json).toMatchObject({ duplicate: true });
    expect(await state()).toEqual(before);
    const sameRequestNewId = await deliverGitHub('pull_request', payload, { id: 'delivery-2' });
    expect(sameRequestNewId.json).toMatchObject({ duplicate: false });
    expect((await state()).data).toEqual(before.data);
    // Rejected by the team, the proposal stays rejected when the same request comes again.
    await h.board.dashboard.proposals.reject(post.id);
    expect((await deliverGitHub('pull_request', payload, { id: 'delivery-3' })).status).toBe(200);
    expect((await detail(post.id)).proposal).toBeNull();
  });

  it("answers each delivery whole through Node's HTTP bridge, whatever the length of the answer before it", async () => {
    const { h, post, github } = await world(store);
    // As serve runs it: the bridge's own light Response in place of the global one. The test files
    // of a worker share its globals, so the global Request and Response are put back afterwards.
    const globals = { Request: Object.getOwnPropertyDescriptor(globalThis, 'Request')!, Response: Object.getOwnPropertyDescriptor(globalThis, 'Response')! };
    const FetchResponse = globalThis.Response;
    const server = await listen((request) => h.board.fetch(request), { port: 0, ownProcess: true });
    try {
      expect(globalThis.Response).not.toBe(FetchResponse);
      const body = JSON.stringify(mergedPullRequest(`Closes #fb-${post.id}`));
      const deliver = async (signature: string) => {
        const response = await fetch(`http://127.0.0.1:${server.port}/integrations/github/${github.id}`, {
          method: 'POST', body, headers: { 'content-type': 'application/json', 'x-github-event': 'pull_request', 'x-github-delivery': `bridge-${Math.random()}`, 'x-hub-signature-256': signature },
        });
        const text = await response.text();
        return { status: response.status, length: Number(response.headers.get('content-length')), bytes: Buffer.byteLength(text), json: JSON.parse(text) as Record<string, unknown> };
      };
      // A short refusal first, then a longer acceptance: each with its own length.
      const refused = await deliver(await sign('not-the-secret', body));
      const accepted = await deliver(await sign(github.secret!, body));
      expect([refused.status, refused.length]).toEqual([401, refused.bytes]);
      expect([accepted.status, accepted.length, accepted.json.received]).toEqual([200, accepted.bytes, true]);
    } finally {
      await server.close();
      for (const [name, descriptor] of Object.entries(globals)) Object.defineProperty(globalThis, name, descriptor);
    }
    expect(globalThis.Response).toBe(FetchResponse);
  });

  it('a bad, missing or old signature, an unknown, inactive or other provider connection, and a malformed body change nothing', async () => {
    const { h, post, github, deliverGitHub, state } = await world(store);
    const payload = mergedPullRequest(`Fixes #fb-${post.id}`);
    const before = await state();
    expect(await deliverGitHub('pull_request', payload, { secret: 'not-the-secret-at-all' })).toMatchObject({ status: 401 });
    expect(await deliverGitHub('pull_request', payload, { secret: null })).toMatchObject({ status: 401 });
    expect(await deliverGitHub('pull_request', payload, { connection: 999 })).toMatchObject({ status: 404 });
    const wrongProvider = await h.board.fetch(new Request(`http://board.test/integrations/gitlab/${github.id}`, { method: 'POST', body: '{}' }));
    expect(wrongProvider.status).toBe(404);
    const unsigned = await h.board.fetch(new Request(`http://board.test/integrations/github/${github.id}`, { method: 'POST', body: 'not json' }));
    expect(unsigned.status).toBe(401);
    expect(await state()).toEqual(before);
    const rotated = await h.board.team(h.a.id).api.integrations.rotateSecret(github.id);
    expect(await deliverGitHub('pull_request', payload, { secret: github.secret! })).toMatchObject({ status: 200 });
    h.clock.advance(24 * 3600_000 + 1);
    expect(await deliverGitHub('pull_request', payload, { secret: github.secret! })).toMatchObject({ status: 401 });
    expect(await deliverGitHub('pull_request', payload, { secret: rotated.secret })).toMatchObject({ status: 200 });
    await h.board.team(h.a.id).api.integrations.deactivate(github.id);
    expect(await deliverGitHub('pull_request', payload, { secret: rotated.secret })).toMatchObject({ status: 404 });
  });

  it("a payload naming another organization's post changes nothing", async () => {
    const { h, theirs, deliverGitHub, state } = await world(store);
    const before = await state();
    const r = await deliverGitHub('pull_request', mergedPullRequest(`Closes #fb-${theirs.id} and http://board.test/api/v1/boards/theirs/posts/${theirs.id}`));
    expect(r.status).toBe(200);
    expect((await state()).data).toEqual(before.data);
    const their = await h.req('GET', `/boards/theirs/posts/${theirs.id}`, { key: h.b.keys.read });
    expect([their.json.implementation_evidence, their.json.proposal]).toEqual([[], null]);
  });

  it('a linked issue closed as completed proposes shipped, as not planned declined; the link follows its title and state', async () => {
    const { h, post, other, github, deliverGitHub, detail } = await world(store);
    const url = 'https://github.com/Codertocat/Hello-World/issues/1';
    await h.board.storage.transaction('write', async (tx) => {
      for (const id of [post.id, other.id]) {
        await tx.insertPostLink({ post_id: id, connection_id: github.id, provider: 'github', url, title: 'old', state: 'open', created_at: '2026-11-21T09:00:00.000Z', updated_at: '2026-11-21T09:00:00.000Z' });
      }
    });
    expect((await deliverGitHub('issues', closedIssue('not_planned'))).status).toBe(200);
    expect((await detail(post.id)).proposal).toMatchObject({ status: 'declined', proposed_by_connection_id: github.id });
    expect((await detail(other.id)).proposal).toMatchObject({ status: 'declined' });
    expect((await deliverGitHub('issues', closedIssue('completed'))).status).toBe(200);
    expect((await detail(post.id)).proposal).toMatchObject({ status: 'shipped' });
    const links = await h.board.storage.transaction('read', (tx) => tx.listPostLinks(post.id));
    expect(links.map((l) => [l.title, l.state])).toEqual([['Spelling error in the README file', 'closed']]);
  });

  it('GitLab merge requests and Linear issues follow the same rules, verified by their own headers', async () => {
    const { h, post, gitlab, linear, detail } = await world(store);
    const gitlabBody = JSON.stringify(mergedMergeRequest(`Resolves #fb-${post.id}`));
    const toGitLab = (token: string) => h.board.fetch(new Request(`http://board.test/integrations/gitlab/${gitlab.id}`, {
      method: 'POST', body: gitlabBody, headers: { 'x-gitlab-event': 'Merge Request Hook', 'x-gitlab-token': token, 'idempotency-key': 'gl-1' },
    }));
    expect((await toGitLab('wrong-token-wrong-token')).status).toBe(401);
    expect((await detail(post.id)).implementation_evidence).toEqual([]);
    expect((await toGitLab(gitlab.secret!)).status).toBe(200);
    expect((await detail(post.id)).proposal).toMatchObject({ status: 'shipped', proposed_by_connection_id: gitlab.id });
    expect((await detail(post.id)).implementation_evidence).toHaveLength(1);

    const issue = issueMovedTo({ name: 'Canceled', type: 'canceled' });
    await h.board.storage.transaction('write', (tx) => tx.insertPostLink({
      post_id: post.id, connection_id: linear.id, provider: 'linear', url: (issue as { url: string }).url, title: 't', state: 'open', created_at: '2026-11-21T09:00:00.000Z', updated_at: '2026-11-21T09:00:00.000Z',
    }));
    const linearBody = JSON.stringify({ ...issue, webhookTimestamp: h.clock.now() });
    const toLinear = (secret: string) => h.board.fetch(new Request(`http://board.test/integrations/linear/${linear.id}`, {
      method: 'POST', body: linearBody,
      headers: { 'linear-signature': createHmac('sha256', secret).update(linearBody).digest('hex'), 'linear-delivery': 'ln-1', 'linear-event': 'Issue' },
    }));
    expect((await toLinear('lin_wh_wrong_wrong_wrong')).status).toBe(401);
    expect((await toLinear('lin_wh_0123456789abcdef')).status).toBe(200);
    expect((await detail(post.id)).proposal).toMatchObject({ status: 'declined', proposed_by_connection_id: linear.id });
  });
});
