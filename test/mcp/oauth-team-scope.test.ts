/**
 * The `team` scope through OAuth: the consent page offers it to a signed-in member of the team,
 * whose approval makes a grant (and its key) of that scope; a voter's session, in either cookie,
 * or a member of another organization gets no grant at all; and the service refuses a team grant
 * for anyone but a member of the organization, storing nothing.
 */
import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../../adapters/memory/index.js';
import { withMcp } from '../../cli/mcp-mount.js';
import { printingMailer, servePages } from '../../cli/pages.js';
import { createFeedbackBoard } from '../../src/board.js';
import { OAuthError } from '../../src/domain/oauth.js';
import { csrfTokenFor } from '../../src/pages/security.js';
import { approveAuthorization, checkAuthorizationRequest, listConnectedAgents } from '../../src/services/oauth.js';
import { snapshot } from '../helpers/state.js';
import { ALL_TOOLS, START, TEAM_TOOLS, WRITE_TOOLS } from './helpers.js';
import { pkce, REDIRECT_URI } from './oauth-helpers.js';

const ORIGIN = 'http://127.0.0.1:8787';
const CSRF_COOKIE = 'c'.repeat(43);

async function setUp() {
  const board = createFeedbackBoard({ storage: createMemoryStorage(), clock: { now: () => START } });
  const org = await board.dashboard.organizations.create({ name: 'Acme' });
  const other = await board.dashboard.organizations.create({ name: 'Globex' });
  const member = await board.team(org.id).members.add({ email: 'team@example.com', name: 'Team' });
  const stranger = await board.team(other.id).members.add({ email: 'other@example.com', name: 'Other' });
  const voter = await board.voters.register(org.id, { email: 'voter@example.com', name: 'Voter' });
  const session = async (kind: 'team' | 'voter', id: number) => (await board.signIn.useLink((await board.signIn.createLink(kind, id)).token)).token;
  const sessions = { member: await session('team', member.id), stranger: await session('team', stranger.id), voter: await session('voter', voter.id) };
  const mounted = await withMcp(board, [], () => ORIGIN);
  const served = await servePages(board, org.id, printingMailer(() => {}), { value: ORIGIN }, mounted.fetch, true);
  const fetchAt = (path: string, init?: RequestInit) => served.fetch(new Request(ORIGIN + path, init));
  const oauth = { storage: board.storage, clock: board.clock, revokeApiKey: async () => undefined };
  const register = await fetchAt('/oauth/register', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_name: 'Agent', redirect_uris: [REDIRECT_URI] }),
  });
  const clientId = ((await register.json()) as { client_id: string }).client_id;
  const { verifier, challenge } = pkce();
  const request = { client_id: clientId, redirect_uri: REDIRECT_URI, code_challenge: challenge, code_challenge_method: 'S256', response_type: 'code', scope: 'team' };
  const csrf = await csrfTokenFor(CSRF_COOKIE);
  /** The tools `/mcp` lists to the access token a consent's code is exchanged for. */
  const toolsFor = async (code: string): Promise<string[]> => {
    const form = { grant_type: 'authorization_code', code, code_verifier: verifier, client_id: clientId, redirect_uri: REDIRECT_URI };
    const token = await fetchAt('/oauth/token', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form) });
    const { access_token } = (await token.json()) as { access_token: string };
    const listed = await fetchAt('/mcp', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${access_token}` },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
    });
    return ((await listed.json()) as { result: { tools: { name: string }[] } }).result.tools.map((tool) => tool.name);
  };
  return {
    board, org, member, stranger, voter, sessions, oauth, request, fetchAt, toolsFor,
    agents: () => listConnectedAgents(oauth, org.id),
    consentPage: (cookie: string) => fetchAt(`/oauth/authorize?${new URLSearchParams(request)}`, { headers: { cookie } }),
    approve: (cookie: string, access = 'team') =>
      fetchAt('/oauth/authorize', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `${cookie}; fb_csrf=${CSRF_COOKIE}`, origin: ORIGIN },
        body: new URLSearchParams({ ...request, csrf, decision: 'approve', access }),
      }),
  };
}

describe('the team scope through OAuth', () => {
  it("is offered to a member of the team, preselected when the client asks for it, and a member's approval makes a team grant whose token sees the team's tools", async () => {
    const w = await setUp();
    const page = await (await w.consentPage(`fb_team=${w.sessions.member}`)).text();
    expect(page).toMatch(/<input type="radio" name="access" value="team" checked=""\/?>/);
    const answer = await w.approve(`fb_team=${w.sessions.member}`);
    expect(answer.status).toBe(303);
    const code = new URL(answer.headers.get('location')!).searchParams.get('code')!;
    expect(code).toMatch(/^fbac_/);
    const [agent] = await w.agents();
    expect(agent).toMatchObject({ scope: 'team', member_id: w.member.id });
    expect((await w.board.storage.transaction('read', (tx) => tx.getApiKey(agent!.api_key_id)))?.scope).toBe('team');
    expect(await w.toolsFor(code)).toEqual(ALL_TOOLS);
  });

  it("gives a write grant's token no team tool", async () => {
    const w = await setUp();
    const answer = await w.approve(`fb_team=${w.sessions.member}`, 'write');
    const tools = await w.toolsFor(new URL(answer.headers.get('location')!).searchParams.get('code')!);
    expect(tools).toEqual(WRITE_TOOLS);
    for (const name of TEAM_TOOLS) expect(tools).not.toContain(name);
  });

  it("is never given to a voter's session, in the voter's cookie or the team's, nor to a member of another organization", async () => {
    const w = await setUp();
    for (const cookie of [`fb_voter=${w.sessions.voter}`, `fb_team=${w.sessions.voter}`, `fb_team=${w.sessions.stranger}`]) {
      const page = await w.consentPage(cookie);
      expect(await page.text()).not.toMatch(/value="team"/);
      const before = await snapshot(w.board);
      const answer = await w.approve(cookie);
      expect(answer.status, cookie).toBe(401);
      expect(answer.headers.get('location')).toBeNull();
      expect(await snapshot(w.board)).toEqual(before);
    }
    expect(await w.agents()).toEqual([]);
  });

  it('is refused by the service for anyone but a member of the organization, storing nothing', async () => {
    const w = await setUp();
    const request = await checkAuthorizationRequest(w.oauth, new URLSearchParams(w.request), `${ORIGIN}/mcp`);
    expect(request.scope).toBe('team');
    const before = await snapshot(w.board);
    for (const memberId of [w.stranger.id, w.voter.id + 100]) {
      const refused = approveAuthorization(w.oauth, { organizationId: w.org.id, memberId, request, scope: 'team' });
      await expect(refused).rejects.toBeInstanceOf(OAuthError);
      await expect(refused).rejects.toMatchObject({ error: 'access_denied' });
    }
    expect(await snapshot(w.board)).toEqual(before);
    // A member of the organization gets it.
    await expect(approveAuthorization(w.oauth, { organizationId: w.org.id, memberId: w.member.id, request, scope: 'team' })).resolves.toMatch(/code=fbac_/);
  });
});
