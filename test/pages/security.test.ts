/**
 * The pages' security over HTTP: CSRF and Origin checks change nothing, every dashboard route
 * refuses a visitor, one-time links work once and only for 15 minutes, sign-out ends the
 * session everywhere, cookies and headers carry their flags, organizations stay apart.
 */
import { describe, expect, it } from 'vitest';
import { dashboardRoutes } from '../../src/pages/dashboard/routes.js';
import { createPagesHandler } from '../../src/pages/index.js';
import { Client, linkToken, setupPages, signInTeam, signInVoter } from './helpers.js';

const votesOf = async (setup: Awaited<ReturnType<typeof setupPages>>, id: number) =>
  (await setup.board.storage.transaction('read', (tx) => tx.getPost(id)))!.vote_count;

describe('pages security', () => {
  it('refuses a form without the CSRF token, with a wrong one, or from another origin, and changes nothing', async () => {
    const setup = await setupPages();
    const voter = new Client(setup.pages);
    await signInVoter(setup, voter);
    const path = `/boards/features/posts/${setup.ids.open}/vote`;
    await voter.get(`/boards/features/posts/${setup.ids.open}`);
    expect((await voter.post(path, { action: 'vote' }, { csrf: '' })).status).toBe(403);
    expect((await voter.post(path, { action: 'vote' }, { csrf: 'x'.repeat(43) })).status).toBe(403);
    expect((await voter.post(path, { action: 'vote' }, { headers: { origin: 'https://evil.example' } })).status).toBe(403);
    expect((await voter.post(path, { action: 'vote' }, { headers: { origin: 'null' } })).status).toBe(403);
    // Another browser's token does not fit this browser's cookie.
    const other = new Client(setup.pages);
    await other.get('/sign-in');
    expect((await voter.post(path, { action: 'vote' }, { csrf: other.csrf })).status).toBe(403);
    expect(await votesOf(setup, setup.ids.open)).toBe(0);

    const team = new Client(setup.pages);
    await signInTeam(setup, team);
    const agent = await setup.board.api(setup.proposeKey);
    await agent.agent.proposeStatus('features', setup.ids.open, { status: 'planned' });
    await team.get('/dashboard');
    expect((await team.post(`/dashboard/proposals/${setup.ids.open}/confirm`, { notify: 'yes' }, { csrf: '' })).status).toBe(403);
    expect((await team.post('/dashboard/keys', { scope: 'write' }, { headers: { origin: 'https://evil.example' } })).status).toBe(403);
    const post = await (await setup.board.api(setup.writeKey)).posts.get('features', setup.ids.open);
    expect(post.status).toBe('open');
    expect(post.proposal?.status).toBe('planned');
    expect(await setup.board.team(setup.orgId).apiKeys.list()).toHaveLength(2);
    // The right token from the right origin works.
    expect((await voter.post(path, { action: 'vote' })).status).toBe(303);
    expect(await votesOf(setup, setup.ids.open)).toBe(1);
  });

  it('refuses every dashboard route to a visitor, a voter and another organization\'s team member', async () => {
    const setup = await setupPages();
    const stranger = createPagesHandler(setup.board, { organizationId: setup.orgId });
    const otherOrg = await setup.board.dashboard.organizations.create({ name: 'Globex' });
    const outsider = await setup.board.team(otherOrg.id).members.add({ email: 'boss@globex.test' });
    const visitor = new Client(stranger);
    await visitor.get('/sign-in');
    const voter = new Client(setup.pages);
    await signInVoter(setup, voter);
    const foreign = new Client(setup.pages);
    const { token } = await setup.board.signIn.createLink('team', outsider.id);
    await foreign.get(`/sign-in/link?token=${token}`);
    expect((await foreign.post('/sign-in/link', { token })).status).toBe(303);

    expect(dashboardRoutes.length).toBeGreaterThanOrEqual(20);
    const samples: Record<string, string> = { '([^/]+)': '1', '(status|rank|pinned|hidden)': 'hidden' };
    for (const route of dashboardRoutes) {
      let path = route.pattern.source.slice(1, -1).replaceAll('\\/', '/');
      for (const [group, value] of Object.entries(samples)) path = path.replaceAll(group, value);
      for (const client of [visitor, voter, foreign]) {
        const answer = route.method === 'GET' ? await client.get(path) : await client.post(path, { value: 'yes', scope: 'write', url: 'https://x.example' });
        expect(answer.status, `${route.method} ${path}`).toBe(401);
        expect(answer.text).toContain('Team members only');
      }
    }
    expect((await setup.board.storage.transaction('read', (tx) => tx.getPost(1)))!.hidden).toBe(false);
    expect(await setup.board.team(setup.orgId).apiKeys.list()).toHaveLength(2);
  });

  it('uses a sign-in link once; a reused, expired, unknown or malformed link fails', async () => {
    const setup = await setupPages();
    const client = new Client(setup.pages);
    await client.get('/sign-in');
    await client.post('/sign-in', { email: 'lead@acme.test' });
    const mail = setup.mailer.messages.at(-1)!;
    expect(mail.to).toBe('lead@acme.test');
    expect(mail.text).toContain('team dashboard');
    const token = linkToken(mail.text);
    expect(mail.text).toContain(`http://pages.test/sign-in/link?token=${token}`);
    // Opening the link spends nothing: only the button's POST does.
    await client.get(`/sign-in/link?token=${token}`);
    await client.get(`/sign-in/link?token=${token}`);
    const used = await client.post('/sign-in/link', { token });
    expect(used.status).toBe(303);
    expect(used.location).toBe('/dashboard?notice=signed_in');
    expect((await client.get('/dashboard')).status).toBe(200);

    const again = new Client(setup.pages);
    await again.get(`/sign-in/link?token=${token}`);
    const reused = await again.post('/sign-in/link', { token });
    expect(reused.status).toBe(400);
    expect(reused.text).toContain('This link does not work');
    expect(again.cookies.has('fb_team')).toBe(false);

    const late = await setup.board.signIn.createLink('team', setup.memberId);
    setup.clock.advance(15 * 60_000);
    await again.get('/sign-in');
    expect((await again.post('/sign-in/link', { token: late.token })).status).toBe(400);
    expect((await again.post('/sign-in/link', { token: 'A'.repeat(43) })).status).toBe(400);
    expect((await again.post('/sign-in/link', { token: '../../etc' })).status).toBe(400);
    expect((await again.get('/dashboard')).status).toBe(401);
  });

  it('answers the sign-in form the same whether the address is on the team or not', async () => {
    const setup = await setupPages();
    const client = new Client(setup.pages);
    await client.get('/sign-in');
    const strip = (text: string) => text.replace(/value="[A-Za-z0-9_-]{43}"/g, '');
    const team = await client.post('/sign-in', { email: 'lead@acme.test' });
    const voter = await client.post('/sign-in', { email: 'someone@else.test' });
    expect(team.status).toBe(voter.status);
    expect(strip(team.text)).toBe(strip(voter.text));
    expect(setup.mailer.messages.map((m) => m.to)).toEqual(['lead@acme.test', 'someone@else.test']);
  });

  it('ends the session on sign-out, in the storage too: the old cookie no longer works', async () => {
    const setup = await setupPages();
    const client = new Client(setup.pages);
    await signInTeam(setup, client);
    const stolen = client.cookies.get('fb_team')!;
    expect((await client.get('/dashboard')).status).toBe(200);
    const out = await client.post('/sign-out');
    expect(out.status).toBe(303);
    expect(out.headers.getSetCookie().some((c) => c.startsWith('fb_team=;') && c.includes('Max-Age=0'))).toBe(true);
    expect((await client.get('/dashboard')).status).toBe(401);
    const replay = new Client(setup.pages);
    replay.cookies.set('fb_team', stolen);
    expect((await replay.get('/dashboard')).status).toBe(401);
  });

  it('sends its cookies HttpOnly and SameSite=Lax, Secure on https, and every page with the CSP and headers', async () => {
    const setup = await setupPages();
    const http = await new Client(setup.pages).get('/');
    const [csrf] = http.headers.getSetCookie();
    expect(csrf).toMatch(/^fb_csrf=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax$/);
    expect(http.headers.get('content-security-policy')).toContain("script-src 'none'");
    expect(http.headers.get('content-security-policy')).not.toContain('unsafe-inline');
    expect(http.headers.get('x-frame-options')).toBe('DENY');
    expect(http.headers.get('x-content-type-options')).toBe('nosniff');

    const secure = new Client(setup.pages, 'https://pages.test');
    await signInTeam(setup, secure);
    const sessionCookie = (await secure.post('/sign-out')).headers.getSetCookie();
    expect(sessionCookie.every((c) => c.includes('; Secure'))).toBe(true);
    const fresh = new Client(setup.pages, 'https://pages.test');
    const { token } = await setup.board.signIn.createLink('team', setup.memberId);
    await fresh.get(`/sign-in/link?token=${token}`);
    const signedIn = await fresh.post('/sign-in/link', { token });
    const team = signedIn.headers.getSetCookie().find((c) => c.startsWith('fb_team='))!;
    expect(team).toMatch(/^fb_team=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+; Secure$/);
  });

  it('keeps a team member to their own organization: another organization\'s posts are not found', async () => {
    const setup = await setupPages();
    const otherOrg = await setup.board.dashboard.organizations.create({ name: 'Globex' });
    const key = (await setup.board.dashboard.apiKeys.create(otherOrg.id, { scope: 'write' })).key;
    const api = await setup.board.api(key);
    await api.boards.create({ slug: 'features', name: 'Globex features' });
    const theirs = await api.posts.create('features', { title: 'Globex only' });
    const client = new Client(setup.pages);
    await signInTeam(setup, client);
    expect((await client.get(`/dashboard/posts/${theirs.id}`)).status).toBe(404);
    expect((await client.post(`/dashboard/posts/${theirs.id}/hidden`, { value: 'yes' })).status).toBe(404);
    expect((await api.posts.get('features', theirs.id)).hidden).toBe(false);
    expect((await client.get(`/boards/features/posts/${theirs.id}`)).status).toBe(404);
  });

  it('mails at most 3 sign-in links per address in 15 minutes, answering the same page either way', async () => {
    const setup = await setupPages();
    const client = new Client(setup.pages);
    await client.get('/sign-in');
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await client.post('/sign-in', { email: 'Flood@Example.com' })).status);
    expect(answers).toEqual([200, 200, 200, 200, 200]);
    expect(setup.mailer.messages).toHaveLength(3);
    await client.post('/sign-in', { email: 'other@example.com' });
    expect(setup.mailer.messages).toHaveLength(4);
    setup.clock.advance(15 * 60_000);
    await client.post('/sign-in', { email: 'flood@example.com' });
    expect(setup.mailer.messages).toHaveLength(5);
  });
  it('with publicOrigin, mails links on it whatever the Host, accepts only it as Origin, and sets Secure cookies when it is https', async () => {
    const setup = await setupPages({ publicOrigin: 'https://feedback.example.com' });
    // A request addressed to another host (a forged Host header) still gets links on the public origin.
    const forged = new Client(setup.pages, 'http://evil.example');
    const form = await forged.request('GET', '/sign-in');
    expect(form.headers.getSetCookie()[0]).toMatch(/; Secure$/);
    expect((await forged.post('/sign-in', { email: 'lead@acme.test' })).status).toBe(403);
    expect(setup.mailer.messages).toHaveLength(0);
    const sent = await forged.post('/sign-in', { email: 'lead@acme.test' }, { headers: { origin: 'https://feedback.example.com' } });
    expect(sent.status).toBe(200);
    expect(setup.mailer.messages.at(-1)!.text).toContain('https://feedback.example.com/sign-in/link?token=');
    expect(setup.mailer.messages.at(-1)!.text).not.toContain('evil.example');
  });
});
