/**
 * OAuth for `/mcp` under attack, in-process on a clock the test moves: redirect URIs, PKCE, the
 * consent form's CSRF and session checks, single-use codes, refresh-token rotation and replay,
 * scope, resource binding and expiry. Every refusal is checked to have changed nothing else.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../../adapters/memory/index.js';
import { withMcp } from '../../cli/mcp-mount.js';
import { printingMailer, servePages } from '../../cli/pages.js';
import { createFeedbackBoard } from '../../src/board.js';
import { csrfTokenFor } from '../../src/pages/security.js';
import { listConnectedAgents } from '../../src/services/oauth.js';
import { START } from './helpers.js';
import { pkce, REDIRECT_URI } from './oauth-helpers.js';

const ORIGIN = 'http://127.0.0.1:8787';
const CSRF_COOKIE = 'c'.repeat(43);

async function setUp() {
  let now = START;
  const board = createFeedbackBoard({ storage: createMemoryStorage(), clock: { now: () => now } });
  const org = await board.dashboard.organizations.create({ name: 'Acme' });
  await board.team(org.id).api.boards.create({ slug: 'features', name: 'Features' });
  const { key: writeKey } = await board.dashboard.apiKeys.create(org.id, { scope: 'write' });
  const member = await board.team(org.id).members.add({ email: 'team@example.com', name: 'Team' });
  const { token: session } = await board.signIn.useLink((await board.signIn.createLink('team', member.id)).token);
  const mounted = await withMcp(board, [], () => ORIGIN);
  const served = await servePages(board, org.id, printingMailer(() => {}), { value: ORIGIN }, mounted.fetch, true);
  const csrf = await csrfTokenFor(CSRF_COOKIE);
  const fetchAt = (path: string, init?: RequestInit) => served.fetch(new Request(ORIGIN + path, init));
  const oauth = { storage: board.storage, clock: board.clock, revokeApiKey: async () => undefined };

  return {
    board,
    writeKey,
    tick: (ms: number) => (now += ms),
    fetchAt,
    agents: () => listConnectedAgents(oauth, org.id),
    async register(redirectUris: unknown = [REDIRECT_URI]) {
      const r = await fetchAt('/oauth/register', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ client_name: 'Agent', redirect_uris: redirectUris }) });
      return { status: r.status, json: (await r.json()) as Record<string, string> };
    },
    /** The consent form's POST; `cookies` and `origin` default to a signed-in team member on the site. */
    consent(fields: Record<string, string>, options: { cookies?: string; origin?: string; csrf?: string } = {}) {
      const body = new URLSearchParams({ csrf: options.csrf ?? csrf, decision: 'approve', access: 'propose', response_type: 'code', ...fields });
      return fetchAt('/oauth/authorize', {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          cookie: options.cookies ?? `fb_team=${session}; fb_csrf=${CSRF_COOKIE}`,
          origin: options.origin ?? ORIGIN,
        },
        body,
      });
    },
    async token(fields: Record<string, string>) {
      const r = await fetchAt('/oauth/token', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields) });
      return { status: r.status, json: (await r.json()) as Record<string, string> };
    },
    async mcp(token: string, body: unknown = { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }) {
      const r = await fetchAt('/mcp', { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
      return { status: r.status, json: r.status === 200 ? ((await r.json()) as { result?: { isError?: boolean; content: { text: string }[] } }) : undefined };
    },
  };
}

type World = Awaited<ReturnType<typeof setUp>>;
let w: World;
beforeEach(async () => {
  w = await setUp();
});

/** A registered client, an approved code for it, and the verifier that redeems it. */
async function approved(scope = 'propose') {
  const clientId = (await w.register()).json.client_id!;
  const { verifier, challenge } = pkce();
  const answer = await w.consent({ client_id: clientId, redirect_uri: REDIRECT_URI, code_challenge: challenge, code_challenge_method: 'S256', access: scope, state: 's1' });
  expect(answer.status).toBe(303);
  const code = new URL(answer.headers.get('location')!).searchParams.get('code')!;
  return { clientId, verifier, code, exchange: () => w.token({ grant_type: 'authorization_code', code, code_verifier: verifier, client_id: clientId, redirect_uri: REDIRECT_URI }) };
}

describe('OAuth for /mcp refuses', () => {
  it('registering a redirect URI that is neither https nor http on a loopback host', async () => {
    for (const uris of [['http://evil.example/cb'], ['javascript:alert(1)'], ['https://app.example/cb#x'], [], 'https://app.example/cb']) {
      const r = await w.register(uris);
      expect(r.status).toBe(400);
      expect(r.json.error).toBe('invalid_redirect_uri');
    }
    expect((await w.register(['https://app.example/cb', 'http://localhost:3000/cb'])).status).toBe(201);
  });

  it('a redirect URI the client did not register, without sending the browser there', async () => {
    const clientId = (await w.register()).json.client_id!;
    const { challenge } = pkce();
    const params = { client_id: clientId, redirect_uri: 'http://127.0.0.1:9/elsewhere', code_challenge: challenge, code_challenge_method: 'S256' };
    const page = await w.fetchAt(`/oauth/authorize?${new URLSearchParams({ ...params, response_type: 'code' })}`, { headers: { cookie: `fb_csrf=${CSRF_COOKIE}` } });
    expect(page.status).toBe(400);
    expect(page.headers.get('location')).toBeNull();
    const posted = await w.consent(params);
    expect(posted.status).toBe(400);
    expect(await w.agents()).toEqual([]);
  });

  it('a request without PKCE, or with the plain method, sending the error back to the client', async () => {
    const clientId = (await w.register()).json.client_id!;
    const { challenge } = pkce();
    const variants: Record<string, string>[] = [{}, { code_challenge: challenge, code_challenge_method: 'plain' }, { code_challenge: challenge }];
    for (const pkceFields of variants) {
      const answer = await w.consent({ client_id: clientId, redirect_uri: REDIRECT_URI, state: 'st', ...pkceFields });
      expect(answer.status).toBe(303);
      const back = new URL(answer.headers.get('location')!);
      expect(back.origin + back.pathname).toBe(REDIRECT_URI);
      expect([back.searchParams.get('error'), back.searchParams.get('state'), back.searchParams.get('code')]).toEqual(['invalid_request', 'st', null]);
    }
    expect(await w.agents()).toEqual([]);
  });

  it('a code redeemed without its verifier, or with another one, which leaves the code to its client', async () => {
    const grant = await approved();
    const base = { grant_type: 'authorization_code', code: grant.code, client_id: grant.clientId };
    expect((await w.token(base)).json.error).toBe('invalid_request');
    expect((await w.token({ ...base, code_verifier: pkce().verifier })).json.error).toBe('invalid_grant');
    expect((await grant.exchange()).status).toBe(200);
  });

  it("a code or refresh token presented with another client's id, which spends nothing: the real client goes on", async () => {
    const grant = await approved();
    const otherClient = (await w.register()).json.client_id!;
    const stolenCode = await w.token({ grant_type: 'authorization_code', code: grant.code, code_verifier: grant.verifier, client_id: otherClient, redirect_uri: REDIRECT_URI });
    expect([stolenCode.status, stolenCode.json.error, stolenCode.json.error_description]).toEqual([400, 'invalid_grant', 'The grant belongs to another client']);
    const first = await grant.exchange();
    expect(first.status).toBe(200);
    const stolenRefresh = await w.token({ grant_type: 'refresh_token', refresh_token: first.json.refresh_token!, client_id: otherClient });
    expect([stolenRefresh.status, stolenRefresh.json.error]).toEqual([400, 'invalid_grant']);
    // The refresh token was not spent: its client refreshes, and the approval stays.
    const refreshed = await w.token({ grant_type: 'refresh_token', refresh_token: first.json.refresh_token!, client_id: grant.clientId });
    expect(refreshed.status).toBe(200);
    expect((await w.mcp(refreshed.json.access_token!)).status).toBe(200);
    expect(await w.agents()).toHaveLength(1);
  });

  it('the consent form sent from another site, with a wrong CSRF token, or without a team session', async () => {
    const clientId = (await w.register()).json.client_id!;
    const fields = { client_id: clientId, redirect_uri: REDIRECT_URI, code_challenge: pkce().challenge, code_challenge_method: 'S256' };
    expect((await w.consent(fields, { origin: 'http://evil.example' })).status).toBe(403);
    expect((await w.consent(fields, { csrf: 'x'.repeat(43) })).status).toBe(403);
    const anonymous = await w.consent(fields, { cookies: `fb_csrf=${CSRF_COOKIE}` });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('location')).toBeNull();
    expect(await w.agents()).toEqual([]);
  });

  it('a code used twice, and revokes the tokens issued from it', async () => {
    const grant = await approved();
    const first = await grant.exchange();
    expect(first.status).toBe(200);
    expect((await w.mcp(first.json.access_token!)).status).toBe(200);
    const second = await grant.exchange();
    expect([second.status, second.json.error]).toEqual([400, 'invalid_grant']);
    expect((await w.mcp(first.json.access_token!)).status).toBe(401);
    expect((await w.token({ grant_type: 'refresh_token', refresh_token: first.json.refresh_token!, client_id: grant.clientId })).json.error).toBe('invalid_grant');
    expect(await w.agents()).toEqual([]);
  });

  it('a code older than 60 seconds', async () => {
    const grant = await approved();
    w.tick(61_000);
    expect((await grant.exchange()).json.error).toBe('invalid_grant');
  });

  it('an old refresh token after rotation, and revokes the whole family', async () => {
    const grant = await approved();
    const first = (await grant.exchange()).json;
    const rotated = await w.token({ grant_type: 'refresh_token', refresh_token: first.refresh_token!, client_id: grant.clientId });
    expect(rotated.status).toBe(200);
    expect(rotated.json.refresh_token).not.toBe(first.refresh_token);
    expect((await w.mcp(rotated.json.access_token!)).status).toBe(200);
    const replay = await w.token({ grant_type: 'refresh_token', refresh_token: first.refresh_token!, client_id: grant.clientId });
    expect([replay.status, replay.json.error]).toEqual([400, 'invalid_grant']);
    expect((await w.mcp(rotated.json.access_token!)).status).toBe(401);
    expect((await w.token({ grant_type: 'refresh_token', refresh_token: rotated.json.refresh_token!, client_id: grant.clientId })).json.error).toBe('invalid_grant');
  });

  it('write tools to a propose token', async () => {
    const { access_token } = (await (await approved('propose')).exchange()).json;
    const call = await w.mcp(access_token!, { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'create_board', arguments: { slug: 'x', name: 'X' } } });
    expect(call.json?.result?.isError).toBe(true);
    expect(call.json?.result?.content[0]!.text).toMatch(/^insufficient_scope/);
    expect((await w.board.team(1).api.boards.list()).boards.map((b) => b.slug)).toEqual(['features']);
  });

  it('tokens for another resource, and expired tokens; API keys keep working', async () => {
    const grant = await approved();
    const other = await w.token({ grant_type: 'authorization_code', code: grant.code, code_verifier: grant.verifier, client_id: grant.clientId, resource: 'https://elsewhere.example/mcp' });
    expect(other.json.error).toBe('invalid_target');
    const { access_token } = (await (await approved()).exchange()).json;
    expect((await w.mcp(access_token!)).status).toBe(200);
    // The same token presented to an endpoint of another origin over the same storage (another resource) is refused.
    const elsewhere = await withMcp(w.board, [], () => 'https://elsewhere.example');
    const there = await elsewhere.fetch(
      new Request('https://elsewhere.example/mcp', { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${access_token}` }, body: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}' }),
    );
    expect(there.status).toBe(401);
    w.tick(3_600_001);
    expect((await w.mcp(access_token!)).status).toBe(401);
    expect((await w.mcp(w.writeKey)).status).toBe(200);
  });

  it('malformed requests at the registration and token endpoints, and a denied consent, storing nothing', async () => {
    const raw = (path: string, init: RequestInit) => w.fetchAt(path, init).then(async (r) => ({ status: r.status, json: (await r.json().catch(() => null)) as Record<string, string> | null }));
    expect((await raw('/oauth/register', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{not json' })).json?.error).toBe('invalid_client_metadata');
    const confidential = { redirect_uris: [REDIRECT_URI], token_endpoint_auth_method: 'client_secret_basic' };
    expect((await raw('/oauth/register', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(confidential) })).json?.error).toBe('invalid_client_metadata');
    const implicit = { redirect_uris: [REDIRECT_URI], response_types: ['token'] };
    expect((await raw('/oauth/register', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(implicit) })).json?.error).toBe('invalid_client_metadata');
    expect((await w.fetchAt('/oauth/token', { method: 'GET' })).status).toBe(405);
    const asJson = await raw('/oauth/token', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"grant_type":"authorization_code"}' });
    expect([asJson.status, asJson.json?.error]).toEqual([400, 'invalid_request']);
    expect((await w.token({ grant_type: 'password', username: 'a', password: 'b' })).json.error).toBe('unsupported_grant_type');
    const unknown = await w.fetchAt(`/oauth/authorize?${new URLSearchParams({ client_id: 'fbc_nobody', redirect_uri: REDIRECT_URI, response_type: 'code' })}`, {});
    expect([unknown.status, unknown.headers.get('location')]).toEqual([400, null]);

    const clientId = (await w.register()).json.client_id!;
    const denied = await w.consent({ client_id: clientId, redirect_uri: REDIRECT_URI, code_challenge: pkce().challenge, code_challenge_method: 'S256', state: 'z', decision: 'deny' });
    const back = new URL(denied.headers.get('location')!);
    expect([back.searchParams.get('error'), back.searchParams.get('state'), back.searchParams.get('code')]).toEqual(['access_denied', 'z', null]);
    expect(await w.agents()).toEqual([]);
  });

  it('an agent whose API key was revoked on the API keys page: it leaves Connected agents and its token is refused', async () => {
    const { access_token } = (await (await approved()).exchange()).json;
    const [agent] = await w.agents();
    await w.board.team(agent!.organization_id).apiKeys.revoke(agent!.api_key_id);
    expect(await w.agents()).toEqual([]);
    expect((await w.mcp(access_token!)).status).toBe(401);
  });
});
