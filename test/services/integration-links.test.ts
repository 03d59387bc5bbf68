/**
 * Issues created from posts, or linked by their URL, through the outbox: the API queues the call,
 * the dispatcher sends it to a stand-in of the tracker on 127.0.0.1 that checks each request as
 * the tracker documents it, and the link shows on the post. Failures are retried or not as the
 * answer says (5xx and timeouts retried on the schedule; 401, 404, 422 final), each attempt is
 * recorded with the tracker's words, a private address is refused unless allowed, and bad input
 * queues nothing. In memory and in a SQLite file.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSqliteStorage } from '../../adapters/sqlite/index.js';
import { createFeedbackBoard } from '../../src/board.js';
import { createHarness } from '../helpers/harness.js';
import { startProviderServer, type ProviderAnswer, type ProviderServer } from '../integrations/provider-server.js';

const TOKEN = 'github_pat_11ABCDEFG0123456789_links';
const GITLAB_TOKEN = 'glpat-links-0123456789';

function githubIssue(number: number, title: string, state = 'open') {
  return { id: number, number, html_url: `https://github.com/acme/app/issues/${number}`, url: `https://api.github.com/repos/acme/app/issues/${number}`, title, state, body: '', user: { login: 'octocat' } };
}

let tracker: ProviderServer;
/** The answers the test wants next, in order; the stand-in's documented behaviour once none is left. */
const queued: ProviderAnswer[] = [];

beforeAll(async () => {
  tracker = await startProviderServer((request) => {
    if (request.path.startsWith('/api/v4/')) {
      if (request.headers['private-token'] !== GITLAB_TOKEN) return { status: 401, body: { message: '401 Unauthorized' } };
      if (request.method === 'GET' && request.path === '/api/v4/projects/group%2Fapp/issues/12') {
        return { status: 200, body: { id: 99, iid: 12, title: 'Export to CSV', state: 'opened', web_url: 'https://gitlab.example.com/group/app/-/issues/12' } };
      }
      return { status: 404, body: { message: '404 Not found' } };
    }
    if (request.headers['authorization'] !== `Bearer ${TOKEN}`) return { status: 401, body: { message: 'Bad credentials', documentation_url: 'https://docs.github.com/rest' } };
    if (request.headers['x-github-api-version'] !== '2022-11-28' || request.headers['accept'] !== 'application/vnd.github+json' || !request.headers['user-agent']) return { status: 400, body: { message: 'Bad request' } };
    if (queued.length > 0) return queued.shift()!;
    if (request.method === 'POST' && request.path === '/api/v3/repos/acme/app/issues') {
      const body = JSON.parse(request.body) as { title?: string };
      if (!body.title) return { status: 422, body: { message: 'Validation Failed', errors: [{ resource: 'Issue', code: 'missing_field', field: 'title' }] } };
      return { status: 201, body: githubIssue(1347, body.title) };
    }
    const read = /^\/api\/v3\/repos\/acme\/app\/issues\/(\d+)$/.exec(request.path);
    if (request.method === 'GET' && read?.[1] === '7') return { status: 200, body: githubIssue(7, 'Dark mode, already planned', 'closed') };
    return { status: 404, body: { message: 'Not Found' } };
  });
});
const dir = mkdtempSync(join(tmpdir(), 'fb-links-'));
afterAll(async () => {
  await tracker.close();
  rmSync(dir, { recursive: true, force: true });
});

type Store = 'memory' | 'sqlite';

async function world(store: Store, timeoutMs = 5_000) {
  const storage = store === 'sqlite' ? { storage: createSqliteStorage({ path: join(dir, `${Math.random()}.db`) }) } : {};
  const h = await createHarness({ http: { rateLimit: false }, webhooks: { allowPrivateNetworks: true, timeoutMs }, ...storage });
  await h.makeBoard('features');
  const post = await h.makePost('features', { title: 'Dark mode', body: 'Please, @octocat' });
  const connect = async (body: Record<string, unknown> = {}) =>
    (await h.req('POST', '/integrations/connections', { key: h.a.keys.team, body: { provider: 'github', base_url: `${tracker.origin}/api/v3`, target: 'acme/app', token: TOKEN, ...body } })).json as { id: number };
  const link = (body: Record<string, unknown>, key = h.a.keys.write) => h.req('POST', `/boards/features/posts/${post.id}/links`, { key, body });
  const calls = () => h.board.storage.transaction('read', (tx) => tx.listIntegrationCalls(h.a.id, 100));
  const attempts = (id: number) => h.board.storage.transaction('read', (tx) => tx.listIntegrationCallAttempts(id));
  const links = async () => (await h.req('GET', `/boards/features/posts/${post.id}`, { key: h.a.keys.read })).json.links;
  return { h, post, connect, link, calls, attempts, links };
}

describe.each<Store>(['memory', 'sqlite'])('links: creating an issue from a post (%s)', (store) => {
  it('queues the call, and the dispatcher creates the issue as GitHub documents and links it to the post', async () => {
    const { h, post, connect, link, calls, links } = await world(store);
    const connection = await connect();
    const sentBefore = tracker.requests.length;
    const queuedCall = await link({ connection_id: connection.id, action: 'create' });
    expect(queuedCall.status).toBe(201);
    expect(queuedCall.json).toMatchObject({ connection_id: connection.id, post_id: post.id, purpose: 'create_issue', status: 'pending', attempts: 0, last_error: null });
    expect(queuedCall.text).not.toContain(TOKEN);
    // Nothing goes out with the request itself: the outbox holds it until the dispatcher runs.
    expect(tracker.requests.length).toBe(sentBefore);
    expect(await links()).toEqual([]);

    expect(await h.board.webhooks.deliverDue()).toEqual({ attempted: 1, delivered: 1 });
    const sent = tracker.requests.at(-1)!;
    expect([sent.method, sent.path, sent.headers['content-type']]).toEqual(['POST', '/api/v3/repos/acme/app/issues', 'application/json']);
    const issue = JSON.parse(sent.body) as { title: string; body: string };
    expect(issue.title).toBe('Dark mode');
    expect(issue.body).toContain('@\u200boctocat');
    expect(issue.body).toContain(`#fb-${post.id}`);
    expect(await links()).toEqual([{ provider: 'github', url: 'https://github.com/acme/app/issues/1347', title: 'Dark mode', state: 'open' }]);
    const listed = await h.req('GET', `/boards/features/posts/${post.id}/links`, { key: h.a.keys.read });
    expect(listed.json).toEqual({ links: await links() });
    expect((await calls())[0]).toMatchObject({ status: 'delivered', attempts: 1, last_error: null });
    // Delivered once: another run sends nothing.
    expect(await h.board.webhooks.deliverDue()).toEqual({ attempted: 0, delivered: 0 });
  });

  it('links an existing issue by its URL, on GitHub and on a self-hosted GitLab, with the state the tracker gives', async () => {
    const { h, connect, link, links } = await world(store);
    const github = await connect();
    const gitlab = await connect({ provider: 'gitlab', base_url: tracker.origin, target: 'group/app', token: GITLAB_TOKEN });
    // An Enterprise server's and a self-hosted GitLab's issues are under their own host.
    expect((await link({ connection_id: github.id, url: `${tracker.origin}/acme/app/issues/7` })).status).toBe(201);
    expect((await link({ connection_id: gitlab.id, url: `${tracker.origin}/group/app/-/issues/12` })).status).toBe(201);
    expect(await h.board.webhooks.deliverDue()).toEqual({ attempted: 2, delivered: 2 });
    expect(tracker.requests.some((r) => r.method === 'GET' && r.path === '/api/v4/projects/group%2Fapp/issues/12' && r.headers['private-token'] === GITLAB_TOKEN)).toBe(true);
    expect(await links()).toEqual([
      { provider: 'github', url: 'https://github.com/acme/app/issues/7', title: 'Dark mode, already planned', state: 'closed' },
      { provider: 'gitlab', url: 'https://gitlab.example.com/group/app/-/issues/12', title: 'Export to CSV', state: 'open' },
    ]);
    // Linking the same issue again adds no second link.
    await link({ connection_id: github.id, url: `${tracker.origin}/acme/app/issues/7` });
    await h.board.webhooks.deliverDue();
    expect(await links()).toHaveLength(2);
  });

  it('creates the issue with the title and text the team gave, the link back to the post added and mentions defused', async () => {
    const { h, post, connect, link, links } = await world(store);
    const created = await link({ connection_id: (await connect()).id, action: 'create', title: '  Dark mode for the dashboard  ', body: 'Asked by 12 teams, cc @octocat' });
    expect(created.status).toBe(201);
    expect(await h.board.webhooks.deliverDue()).toEqual({ attempted: 1, delivered: 1 });
    const issue = JSON.parse(tracker.requests.at(-1)!.body) as { title: string; body: string };
    expect(issue.title).toBe('Dark mode for the dashboard');
    expect(issue.body).toMatch(/^Asked by 12 teams, cc @\u200boctocat\n\n---\nFrom feedback post \[#fb-\d+\]/);
    expect(issue.body).toContain(`Closes #fb-${post.id}`);
    expect(issue.body).not.toContain('Please');
    expect(await links()).toEqual([{ provider: 'github', url: 'https://github.com/acme/app/issues/1347', title: 'Dark mode for the dashboard', state: 'open' }]);
  });

  it('links an existing issue by its key: #7 or owner/repo#7 on GitHub, #12 on GitLab', async () => {
    const { h, connect, link, links } = await world(store);
    const github = await connect();
    const gitlab = await connect({ provider: 'gitlab', base_url: tracker.origin, target: 'group/app', token: GITLAB_TOKEN });
    for (const url of ['#7', 'acme/app#7']) expect((await link({ connection_id: github.id, url })).status).toBe(201);
    expect((await link({ connection_id: gitlab.id, url: '#12' })).status).toBe(201);
    expect(await h.board.webhooks.deliverDue()).toEqual({ attempted: 3, delivered: 3 });
    expect(tracker.requests.slice(-3).map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /api/v3/repos/acme/app/issues/7',
      'GET /api/v3/repos/acme/app/issues/7',
      'GET /api/v4/projects/group%2Fapp/issues/12',
    ]);
    expect((await links()).map((l: { url: string }) => l.url)).toEqual(['https://github.com/acme/app/issues/7', 'https://gitlab.example.com/group/app/-/issues/12']);
  });

  it('retries a 5xx and a timeout on the schedule, and links the issue once the tracker answers', async () => {
    const { h, connect, link, calls, attempts, links } = await world(store, 300);
    await link({ connection_id: (await connect()).id, action: 'create' });
    queued.push({ status: 502, body: { message: 'Server Error' } }, 'hang');
    expect(await h.board.webhooks.deliverDue()).toEqual({ attempted: 1, delivered: 0 });
    let [call] = await calls();
    expect(call).toMatchObject({ status: 'pending', attempts: 1, last_error: 'GitHub answered 502: Server Error' });
    expect(Date.parse(call!.next_attempt_at!) - h.clock.now()).toBe(5_000);
    // Not due yet: nothing is sent.
    expect(await h.board.webhooks.deliverDue()).toEqual({ attempted: 0, delivered: 0 });
    h.clock.advance(5_000);
    expect(await h.board.webhooks.deliverDue()).toEqual({ attempted: 1, delivered: 0 });
    [call] = await calls();
    expect(call).toMatchObject({ status: 'pending', attempts: 2, last_error: 'no answer in time: 0.3 s' });
    h.clock.advance(5 * 60_000);
    expect(await h.board.webhooks.deliverDue()).toEqual({ attempted: 1, delivered: 1 });
    expect(await links()).toHaveLength(1);
    const recorded = await attempts(call!.id);
    expect(recorded.map((a) => [a.status_code, a.retry, a.success])).toEqual([[201, false, true], [null, true, false], [502, true, false]]);
    expect(recorded[2]!.response_body).toContain('Server Error');
  });

  it.each([
    [401, { message: 'Bad credentials' }, 'GitHub answered 401: Bad credentials'],
    [404, { message: 'Not Found' }, 'GitHub answered 404: Not Found'],
    [422, { message: 'Validation Failed', errors: [{ resource: 'Issue', code: 'missing_field', field: 'title' }] }, 'GitHub answered 422: Validation Failed; title missing_field'],
  ])('does not retry a %i: the call fails with the tracker’s words and no link is made', async (status, body, error) => {
    const { h, connect, link, calls, attempts, links } = await world(store);
    await link({ connection_id: (await connect()).id, action: 'create' });
    queued.push({ status, body });
    expect(await h.board.webhooks.deliverDue()).toEqual({ attempted: 1, delivered: 0 });
    const [call] = await calls();
    expect(call).toMatchObject({ status: 'failed', attempts: 1, next_attempt_at: null, last_error: error });
    expect((await attempts(call!.id))[0]).toMatchObject({ status_code: status, retry: false, success: false, error });
    h.clock.advance(24 * 3_600_000);
    expect(await h.board.webhooks.deliverDue()).toEqual({ attempted: 0, delivered: 0 });
    expect(await links()).toEqual([]);
  });

  it('rebuilds the headers at each attempt, so a token changed after a failure is used at once', async () => {
    const { h, connect, link, calls } = await world(store);
    const connection = await connect();
    await link({ connection_id: connection.id, action: 'create' });
    queued.push({ status: 503, body: { message: 'Unavailable' } });
    await h.board.webhooks.deliverDue();
    expect((await calls())[0]).toMatchObject({ status: 'pending', last_error: 'GitHub answered 503: Unavailable' });
    await h.board.storage.transaction('write', (tx) => tx.updateIntegrationConnection(connection.id, { token: 'github_pat_rotated' }));
    h.clock.advance(5_000);
    await h.board.webhooks.deliverDue();
    expect(tracker.requests.at(-1)!.headers['authorization']).toBe('Bearer github_pat_rotated');
    expect((await calls())[0]).toMatchObject({ status: 'failed', last_error: 'GitHub answered 401: Bad credentials' });
  });

  it('refuses a tracker on a private address when the sending board does not allow private networks', async () => {
    const { h, connect, link, calls } = await world(store);
    await link({ connection_id: (await connect()).id, action: 'create' });
    const guarded = createFeedbackBoard({ storage: h.board.storage, clock: h.clock, logger: { error: () => undefined } });
    const sentBefore = tracker.requests.length;
    expect(await guarded.webhooks.deliverDue()).toEqual({ attempted: 1, delivered: 0 });
    expect(tracker.requests.length).toBe(sentBefore);
    expect((await calls())[0]).toMatchObject({ status: 'failed', last_error: expect.stringMatching(/^refused: /) });
  });

  it('sends nothing through a connection deactivated after the call was queued', async () => {
    const { h, connect, link, calls } = await world(store);
    const connection = await connect();
    await link({ connection_id: connection.id, action: 'create' });
    await h.req('POST', `/integrations/connections/${connection.id}/deactivate`, { key: h.a.keys.team });
    const sentBefore = tracker.requests.length;
    await h.board.webhooks.deliverDue();
    expect(tracker.requests.length).toBe(sentBefore);
    expect((await calls())[0]).toMatchObject({ status: 'failed', last_error: 'the connection is inactive: nothing is sent through it' });
  });

  it('queues nothing for bad input, another organization’s connection, an inactive one, one without a token, or a lower scope', async () => {
    const { h, connect, link, calls } = await world(store);
    const connection = await connect();
    const tokenless = await connect({ token: null });
    const inactive = await connect();
    await h.req('POST', `/integrations/connections/${inactive.id}/deactivate`, { key: h.a.keys.team });
    const anyRepository = await connect({ target: null });
    const globex = (await h.req('POST', '/integrations/connections', { key: h.b.keys.team, body: { provider: 'github', target: 'globex/app', token: TOKEN } })).json as { id: number };
    const cases: [Record<string, unknown>, number, string, string?][] = [
      [{ connection_id: connection.id }, 422, 'validation_error', 'action'],
      [{ connection_id: connection.id, action: 'create', url: `${tracker.origin}/acme/app/issues/7` }, 422, 'validation_error', 'action'],
      [{ connection_id: connection.id, action: 'delete' }, 422, 'validation_error'],
      [{ connection_id: connection.id, url: `${tracker.origin}/other/repo/issues/7` }, 422, 'validation_error', 'url'],
      [{ connection_id: connection.id, url: 'https://github.com/acme/app/issues/7' }, 422, 'validation_error', 'url'],
      [{ connection_id: connection.id, url: 'https://gitlab.com/acme/app/-/issues/7' }, 422, 'validation_error', 'url'],
      [{ connection_id: connection.id, url: 'other/repo#7' }, 422, 'validation_error', 'url'],
      [{ connection_id: anyRepository.id, url: '#7' }, 422, 'validation_error', 'url'],
      [{ connection_id: connection.id, url: '#7', title: 'Renamed' }, 422, 'validation_error', 'title'],
      [{ connection_id: connection.id, url: '#7', body: 'Text' }, 422, 'validation_error', 'body'],
      [{ connection_id: connection.id, action: 'create', title: '' }, 422, 'validation_error', 'title'],
      [{ connection_id: connection.id, action: 'create', title: 'x'.repeat(201) }, 422, 'validation_error', 'title'],
      [{ connection_id: tokenless.id, action: 'create' }, 422, 'validation_error', 'connection_id'],
      [{ connection_id: inactive.id, action: 'create' }, 422, 'validation_error', 'connection_id'],
      [{ connection_id: globex.id, action: 'create' }, 404, 'not_found'],
      [{ connection_id: 999, action: 'create' }, 404, 'not_found'],
    ];
    for (const [body, status, code, path] of cases) {
      const answer = await link(body);
      expect([JSON.stringify(body), answer.status, answer.json.error.code]).toEqual([JSON.stringify(body), status, code]);
      if (path) expect(answer.json.error.details[0].path).toBe(path);
    }
    const propose = await link({ connection_id: connection.id, action: 'create' }, h.a.keys.propose);
    expect([propose.status, propose.json.error.code]).toEqual([403, 'insufficient_scope']);
    // Another organization's post is not found, even through its own connection.
    await h.makeBoard('globex-ideas', h.b.keys.write);
    const theirs = await h.makePost('globex-ideas', { title: 'Theirs' }, h.b.keys.write);
    expect((await h.req('POST', `/boards/features/posts/${theirs.id}/links`, { body: { connection_id: connection.id, action: 'create' } })).status).toBe(404);
    expect(await calls()).toEqual([]);
  });
});
