/**
 * Testing a connection: one call to a stand-in of the tracker on 127.0.0.1, made as the tracker
 * documents it (GitHub: the repository; GitLab: the project; Linear: the viewer query), whose
 * answer comes back in a sentence and is recorded as a call with its one attempt; a failure is
 * never retried; a base URL on a private address is refused unless private networks are allowed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFeedbackBoard } from '../../src/board.js';
import { createHarness } from '../helpers/harness.js';
import { startProviderServer, type ProviderServer } from '../integrations/provider-server.js';

let tracker: ProviderServer;

beforeAll(async () => {
  tracker = await startProviderServer((request) => {
    if (request.path === '/graphql') {
      if (request.headers['authorization'] !== 'lin_api_good') {
        return { status: 400, body: { errors: [{ message: 'Authentication required, not authenticated', extensions: { type: 'authentication error', userPresentableMessage: 'You need to authenticate to access this operation.' } }] } };
      }
      const query = (JSON.parse(request.body) as { query: string }).query;
      return query.includes('viewer') ? { status: 200, body: { data: { viewer: { id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com' } } } } : { status: 400, body: { errors: [{ message: 'bad query' }] } };
    }
    if (request.path.startsWith('/api/v4/')) {
      if (request.headers['private-token'] !== 'glpat-good') return { status: 401, body: { message: '401 Unauthorized' } };
      return request.path === '/api/v4/projects/group%2Fapp' ? { status: 200, body: { id: 3, path_with_namespace: 'group/app' } } : { status: 404, body: { message: '404 Project Not Found' } };
    }
    if (request.headers['authorization'] !== 'Bearer ghp_good' || request.headers['x-github-api-version'] !== '2022-11-28' || !request.headers['user-agent']) {
      return { status: 401, body: { message: 'Bad credentials', documentation_url: 'https://docs.github.com/rest' } };
    }
    if (request.path === '/api/v3/repos/acme/slow') return 'hang';
    return request.method === 'GET' && request.path === '/api/v3/repos/acme/app' ? { status: 200, body: { id: 1, full_name: 'acme/app', private: true } } : { status: 404, body: { message: 'Not Found' } };
  });
});
afterAll(() => tracker.close());

// Trackers that answer get a timeout a loaded machine cannot reach; only the test of a tracker that
// never answers waits for a short one.
async function world(timeoutMs = 10_000) {
  const h = await createHarness({ http: { rateLimit: false }, webhooks: { allowPrivateNetworks: true, timeoutMs } });
  const connect = async (body: Record<string, unknown>) =>
    (await h.req('POST', '/integrations/connections', { key: h.a.keys.team, body: { provider: 'github', base_url: `${tracker.origin}/api/v3`, target: 'acme/app', token: 'ghp_good', ...body } })).json as { id: number };
  const test = (id: number, key = h.a.keys.team) => h.req('POST', `/integrations/connections/${id}/test`, { key });
  const calls = () => h.board.storage.transaction('read', (tx) => tx.listIntegrationCalls(h.a.id, 100));
  return { h, connect, test, calls };
}

describe('testing a connection', () => {
  it.each([
    ['GitHub', {}, { ok: true, status: 200, message: 'GitHub answered with acme/app' }],
    ['GitHub, a bad token', { token: 'ghp_bad' }, { ok: false, status: 401, message: 'GitHub answered 401: Bad credentials' }],
    ['GitHub, no such repository', { target: 'acme/gone' }, { ok: false, status: 404, message: 'GitHub answered 404: Not Found' }],
    ['GitLab', { provider: 'gitlab', base_url: 'ORIGIN', target: 'group/app', token: 'glpat-good' }, { ok: true, status: 200, message: 'GitLab answered with group/app' }],
    ['GitLab, no such project', { provider: 'gitlab', base_url: 'ORIGIN', target: 'group/gone', token: 'glpat-good' }, { ok: false, status: 404, message: 'GitLab answered 404: 404 Project Not Found' }],
    ['Linear', { provider: 'linear', base_url: 'ORIGIN/graphql', target: 'team-1', token: 'lin_api_good', secret: 'linear-signing-secret-0123' }, { ok: true, status: 200, message: 'Linear knows the key as Ada Lovelace' }],
    ['Linear, a bad key', { provider: 'linear', base_url: 'ORIGIN/graphql', target: 'team-1', token: 'lin_api_bad', secret: 'linear-signing-secret-0123' }, { ok: false, status: 400, message: 'Linear answered 400: You need to authenticate to access this operation.' }],
  ])('%s: one call as the tracker documents it, its answer in a sentence, recorded', async (_name, body, expected) => {
    const { h, connect, test, calls } = await world();
    // The stand-in's origin is known only once it listens.
    const connection = await connect(Object.fromEntries(Object.entries(body).map(([k, v]) => [k, typeof v === 'string' ? v.replace('ORIGIN', tracker.origin) : v])));
    const before = tracker.requests.length;
    const answer = await test(connection.id);
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject(expected);
    expect(tracker.requests.length).toBe(before + 1);
    expect(answer.json.call).toMatchObject({ connection_id: connection.id, purpose: 'test_connection', status: expected.ok ? 'delivered' : 'failed', attempts: 1, last_error: expected.ok ? null : expected.message });
    // Recorded, and never sent again by the dispatcher.
    const [call] = await calls();
    const [attempt] = await h.board.storage.transaction('read', (tx) => tx.listIntegrationCallAttempts(call!.id));
    expect(attempt).toMatchObject({ status_code: expected.status, success: expected.ok, retry: false });
    h.clock.advance(3_600_000);
    expect(await h.board.webhooks.deliverDue()).toEqual({ attempted: 0, delivered: 0 });
    expect(tracker.requests.length).toBe(before + 1);
  });

  it('reports a tracker that does not answer in time, and a base URL on a private address when they are not allowed', async () => {
    const { h, connect, test } = await world(300);
    const slow = await test((await connect({ target: 'acme/slow' })).id);
    expect(slow.json).toMatchObject({ ok: false, status: null, message: 'no answer in time: 0.3 s' });
    const connection = await connect({});
    const guarded = createFeedbackBoard({ storage: h.board.storage, clock: h.clock, logger: { error: () => undefined } });
    const before = tracker.requests.length;
    const refused = await guarded.team(h.a.id).api.integrations.test(connection.id);
    expect(refused).toMatchObject({ ok: false, status: null, message: expect.stringMatching(/^refused: /) });
    expect(tracker.requests.length).toBe(before);
  });

  it('refuses, calling nothing, an inactive connection, one without a token or repository, another organization’s, and a write key', async () => {
    const { h, connect, test, calls } = await world();
    const inactive = await connect({});
    await h.req('POST', `/integrations/connections/${inactive.id}/deactivate`, { key: h.a.keys.team });
    const tokenless = await connect({ token: null });
    const anyRepository = await connect({ target: null });
    const globex = (await h.req('POST', '/integrations/connections', { key: h.b.keys.team, body: { provider: 'github', target: 'globex/app', token: 'ghp_good' } })).json as { id: number };
    const before = tracker.requests.length;
    for (const [id, status, code, path] of [[inactive.id, 422, 'validation_error', 'connection_id'], [tokenless.id, 422, 'validation_error', 'connection_id'], [anyRepository.id, 422, 'validation_error', 'target'], [globex.id, 404, 'not_found'], [999, 404, 'not_found']] as const) {
      const answer = await test(id);
      expect([id, answer.status, answer.json.error.code]).toEqual([id, status, code]);
      if (path) expect(answer.json.error.details[0].path).toBe(path);
    }
    expect((await test(inactive.id, h.a.keys.write)).json.error.code).toBe('insufficient_scope');
    expect(tracker.requests.length).toBe(before);
    expect(await calls()).toEqual([]);
  });
});
