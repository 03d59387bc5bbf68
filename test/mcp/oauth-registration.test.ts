/**
 * Dynamic client registration under abuse, in-process on a clock the test moves: a burst from one
 * client address gets its allowance and then 429 with Retry-After, other addresses go on; the
 * store keeps a bounded number of clients that have not completed an authorization, and those
 * expire after 24 hours; metadata is bounded in size; and a redirect URI is registered only as
 * the URL parser writes it, since it is matched as a string.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../../adapters/memory/index.js';
import { createMcpOAuth, DEFAULT_REGISTRATION_LIMITS, type RegistrationLimits } from '../../mcp/index.js';
import { createFeedbackBoard, type FeedbackBoard } from '../../src/board.js';
import { approveAuthorization, checkAuthorizationRequest, redirectUriProblem } from '../../src/services/oauth.js';
import { START } from './helpers.js';
import { pkce, REDIRECT_URI } from './oauth-helpers.js';

const ORIGIN = 'https://feedback.example.com';
const RESOURCE = `${ORIGIN}/mcp`;

let now: number;
let board: FeedbackBoard;
beforeEach(() => {
  now = START;
  board = createFeedbackBoard({ storage: createMemoryStorage(), clock: { now: () => now } });
});

const context = () => ({ storage: board.storage, clock: board.clock, revokeApiKey: async () => undefined });

function oauthWith(registration?: RegistrationLimits) {
  const oauth = createMcpOAuth({ ...context(), resourcePath: '/mcp', publicOrigin: () => ORIGIN, ...(registration ? { registration } : {}) });
  return async (metadata: unknown, clientAddress: string | null = '203.0.113.7') => {
    const body = typeof metadata === 'string' ? metadata : JSON.stringify(metadata);
    const request = new Request(`${ORIGIN}/oauth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    const response = (await oauth.handle(request, clientAddress === null ? undefined : { clientAddress }))!;
    return { status: response.status, retryAfter: response.headers.get('retry-after'), json: (await response.json()) as Record<string, any> };
  };
}

const agent = (name = 'Agent', redirect_uris: unknown = [REDIRECT_URI]) => ({ client_name: name, redirect_uris });
const clientCount = () => board.storage.transaction('read', (tx) => tx.countOAuthClientsWithoutGrant());

/** Approves `clientId` as a new team member of a new organization (a grant names the client from then on). */
async function approve(clientId: string) {
  const org = await board.dashboard.organizations.create({ name: `Org ${clientId}` });
  const member = await board.team(org.id).members.add({ email: `${clientId.toLowerCase()}@example.com` });
  const request = await checkAuthorizationRequest(
    context(),
    new URLSearchParams({ client_id: clientId, redirect_uri: REDIRECT_URI, response_type: 'code', code_challenge: pkce().challenge, code_challenge_method: 'S256' }),
    RESOURCE,
  );
  await approveAuthorization(context(), { organizationId: org.id, memberId: member.id, request, scope: 'read' });
}

describe('client registration limits', () => {
  it(`gives a burst from one address ${DEFAULT_REGISTRATION_LIMITS.burst} registrations, then 429 with Retry-After; other addresses go on`, async () => {
    const register = oauthWith();
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await register(agent(`Agent ${i}`))).status);
    expect(statuses).toEqual([...Array(20).fill(201), ...Array(10).fill(429)]);
    const refused = await register(agent());
    expect(refused).toMatchObject({ status: 429, retryAfter: '60', json: { error: 'temporarily_unavailable' } });
    expect(refused.json.error_description).toMatch(/from this address; try again in 60 seconds/);
    expect((await clientCount()).count).toBe(20);
    // Another address, an IPv6 /64 counted as one, and an unknown address (no context) are not held back.
    expect((await register(agent(), '198.51.100.1')).status).toBe(201);
    expect((await register(agent(), '2001:db8:1:2::1')).status).toBe(201);
    expect((await register(agent(), null)).status).toBe(201);
    now += 60_000;
    expect((await register(agent())).status).toBe(201);
    expect((await register(agent())).status).toBe(429);
  });

  it('keeps at most the cap of clients not yet approved: 429 until the oldest expires, an approval frees its place', async () => {
    const register = oauthWith({ waitingClients: 3 });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push((await register(agent(`Agent ${i}`), `192.0.2.${i + 1}`)).json.client_id);
      now += 1000;
    }
    const full = await register(agent(), '192.0.2.9');
    expect(full).toMatchObject({ status: 429, json: { error: 'temporarily_unavailable' } });
    // The oldest waits until 24 hours after its registration, 3 seconds ago.
    expect(full.retryAfter).toBe(String(24 * 3600 - 3));
    expect(await clientCount()).toEqual({ count: 3, oldest: new Date(START).toISOString() });
    await approve(ids[1]!);
    expect((await register(agent(), '192.0.2.9')).status).toBe(201);
    expect((await register(agent(), '192.0.2.10')).status).toBe(429);
    // A day later the first and third never completed an authorization: the next registration
    // purges them; the approved client stays.
    now = START + 24 * 3_600_000 + 2500;
    expect((await register(agent(), '192.0.2.11')).status).toBe(201);
    expect(await board.storage.transaction('read', async (tx) => Promise.all(ids.map(async (id) => (await tx.getOAuthClient(id)) !== null)))).toEqual([false, true, false]);
  });

  it('refuses a client older than 24 hours that never completed an authorization at the consent step, purged or not', async () => {
    const register = oauthWith();
    const clientId = (await register(agent())).json.client_id as string;
    const params = new URLSearchParams({ client_id: clientId, redirect_uri: REDIRECT_URI, response_type: 'code', code_challenge: pkce().challenge, code_challenge_method: 'S256' });
    now += 24 * 3_600_000;
    await expect(checkAuthorizationRequest(context(), params, RESOURCE)).resolves.toMatchObject({ client: { client_id: clientId } });
    now += 1;
    await expect(checkAuthorizationRequest(context(), params, RESOURCE)).rejects.toMatchObject({ error: 'invalid_client', message: expect.stringMatching(/must register again/) });
    expect(await board.storage.transaction('read', (tx) => tx.getOAuthClient(clientId))).toBeNull();
  });

  it('bounds the metadata: 413 over 16 KiB, at most 10 redirect URIs of 512 characters, a name cut to 100 and without controls', async () => {
    const register = oauthWith();
    const big = await register(agent('x'.repeat(17 * 1024)));
    expect([big.status, big.json.error, big.json.error_description]).toEqual([413, 'invalid_client_metadata', 'The client metadata is larger than 16 KiB']);
    const long = await register(agent('A', [`https://app.example/${'x'.repeat(493)}`]));
    expect([long.status, long.json.error]).toEqual([400, 'invalid_redirect_uri']);
    expect(long.json.error_description).toMatch(/longer than 512 characters/);
    expect((await register(agent('A', [`https://app.example/${'x'.repeat(492)}`]))).status).toBe(201);
    const many = await register(agent('A', Array.from({ length: 11 }, (_, i) => `https://app.example/${i}`)));
    expect([many.status, many.json.error]).toEqual([400, 'invalid_redirect_uri']);
    const named = await register(agent(`Trusted\u202e\u0000${'n'.repeat(200)}`));
    expect(named.json.client_name).toBe(`Trusted${'n'.repeat(93)}`);
    const notUtf8 = await register(new TextDecoder('latin1').decode(new Uint8Array([0x7b, 0xff, 0x7d])));
    expect([notUtf8.status, notUtf8.json.error]).toEqual([400, 'invalid_client_metadata']);
  });
});

describe('redirect URIs are registered only as they parse', () => {
  it.each([
    [' https://ok.example/cb', /not written as it parses \("https:\/\/ok.example\/cb"\)/],
    ['HTTPS://ok.example/cb\n', /not written as it parses/],
    ['https://OK.example/cb', /not written as it parses/],
    ['https://ok.example:443/cb', /not written as it parses/],
    ['https://ok.example/c b', /not written as it parses/],
    ['https://ok.example/cb?q=é', /not written as it parses/],
    ['https://ok.example/a/../cb', /not written as it parses/],
    ['com.example.app:/oauth/cb', /neither https nor http on localhost/],
    ['http://app.example/cb', /neither https nor http on localhost/],
    ['https://ok.example/cb#x', /has a fragment/],
  ])('refuses %j', async (uri, reason) => {
    const answer = await oauthWith()(agent('A', [REDIRECT_URI, uri]));
    expect([answer.status, answer.json.error]).toEqual([400, 'invalid_redirect_uri']);
    expect(answer.json.error_description).toMatch(/^redirect_uris\[1\] /);
    expect(answer.json.error_description).toMatch(reason);
    expect((await clientCount()).count).toBe(0);
  });

  it('accepts URIs as they parse, a bare origin with or without its slash, and sends the code there exactly', async () => {
    const uris = ['https://ok.example', 'https://ok.example/', 'https://ok.example/cb?x=1', 'http://localhost:3000/cb', 'http://127.0.0.1:9/cb', 'http://[::1]:8/cb'];
    const answer = await oauthWith()(agent('A', uris));
    expect(answer.status).toBe(201);
    expect(answer.json.redirect_uris).toEqual(uris);
    const request = await checkAuthorizationRequest(
      context(),
      new URLSearchParams({ client_id: answer.json.client_id, redirect_uri: 'https://ok.example', response_type: 'code', code_challenge: pkce().challenge, code_challenge_method: 'S256' }),
      RESOURCE,
    );
    const org = await board.dashboard.organizations.create({ name: 'Acme' });
    const member = await board.team(org.id).members.add({ email: 'ann@example.com' });
    const back = new URL(await approveAuthorization(context(), { organizationId: org.id, memberId: member.id, request, scope: 'read' }));
    expect(back.origin + back.pathname).toBe('https://ok.example/');
    expect(back.searchParams.get('code')).toMatch(/^fbac_/);
  });

  it('the canonical-form rule alone would keep a native app scheme written as it parses; the scheme rule refuses it', () => {
    expect(new URL('com.example.app:/oauth/cb').href).toBe('com.example.app:/oauth/cb');
    expect(redirectUriProblem('com.example.app:/oauth/cb')).toBe('is neither https nor http on localhost, 127.0.0.1 or [::1]');
    expect(redirectUriProblem('Com.Example.App:/oauth/cb')).toBe('is neither https nor http on localhost, 127.0.0.1 or [::1]');
  });
});
