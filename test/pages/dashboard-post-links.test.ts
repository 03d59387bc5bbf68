/**
 * The dashboard post page's issues over HTTP: the post's links (provider, key, title, state, a
 * link only to an http(s) issue) and its calls with the tracker's words, everything escaped;
 * "Create an issue" prefilled from the post and "Link an issue" by URL or key queue one call
 * through the team side; a refused form (an unknown connection, another organization's, an
 * inactive one, a URL that is not the connection's) answers 422 with the API's reason and queues
 * nothing; forms without CSRF, without a team session or from another organization's team
 * change nothing.
 */
import { describe, expect, it } from 'vitest';
import { createPagesHandler } from '../../src/pages/index.js';
import { issueKey } from '../../src/pages/dashboard/post-links.js';
import { Client, HOSTILE, setupPages, signInTeam, signInVoter } from './helpers.js';

async function setup() {
  const s = await setupPages({}, { logger: { error: () => undefined } });
  const client = new Client(s.pages);
  await signInTeam(s, client);
  const team = s.board.team(s.orgId).api;
  const github = await team.integrations.createConnection({ provider: 'github', target: 'acme/app', token: 'ghp_secret_token', label: `GitHub ${HOSTILE.label}` });
  const inactive = await team.integrations.createConnection({ provider: 'gitlab', target: 'group/app', token: 'glpat-x', label: 'Old GitLab' });
  await team.integrations.deactivate(inactive.id);
  const calls = () => s.board.storage.transaction('read', (tx) => tx.listIntegrationCalls(s.orgId, 100));
  const page = (postId = s.ids.hostile) => client.get(`/dashboard/posts/${postId}`);
  return { s, client, team, github, inactive, calls, page };
}

describe('the dashboard post page: linked issues', () => {
  it('lists the links with their key, title and state, links only http(s) issues, shows failed calls in the tracker’s words, all escaped', async () => {
    const { s, github, page } = await setup();
    const now = new Date(s.clock.now()).toISOString();
    await s.board.storage.transaction('write', async (tx) => {
      const link = { post_id: s.ids.hostile, connection_id: github.id, provider: 'github' as const, created_at: now, updated_at: now };
      await tx.insertPostLink({ ...link, url: 'https://github.com/acme/app/issues/7', title: HOSTILE.title, state: 'open' });
      await tx.insertPostLink({ ...link, url: 'javascript:window.__xss=8//issues/9', title: 'Odd tracker', state: 'closed' });
      await tx.insertIntegrationCall({
        organization_id: s.orgId, connection_id: github.id, chat_target_id: null, post_id: s.ids.hostile, purpose: 'create_issue', method: 'POST', url: 'https://api.github.com/repos/acme/app/issues',
        body: '{}', status: 'failed', attempts: 1, next_attempt_at: null, lease_until: null, lease_owner: null, last_error: `GitHub answered 422: Validation Failed; ${HOSTILE.comment}`, created_at: now,
      });
    });
    const answer = await page();
    expect(answer.status).toBe(200);
    const section = answer.text.slice(answer.text.indexOf('id="post-issues"'), answer.text.indexOf('<h2>Voters</h2>'));
    expect(section).toContain('<a href="https://github.com/acme/app/issues/7">acme/app#7</a>');
    expect(section).toContain('&lt;script&gt;window.__xss=1&lt;/script&gt;');
    expect(section).toContain('Open');
    expect(section).toContain('Closed');
    expect(section).not.toContain('href="javascript:');
    expect(section).toContain('GitHub answered 422: Validation Failed; &lt;/p&gt;&lt;script&gt;');
    expect(section).toContain('failed');
    expect(section).toContain('GitHub &lt;a href=');
    expect(answer.text).not.toContain('<script>window.__xss');
    expect(answer.text).not.toContain('ghp_secret_token');
    // Prefilled from the post, escaped; only active connections with a token are offered.
    expect(section).toContain(`value="${HOSTILE.title.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;')}"`);
    expect(section).toContain('&quot;&gt;&lt;svg onload=');
    expect(section).toContain(`<option value="${github.id}">`);
    expect(section).not.toContain('Old GitLab');
  });

  it('says how to connect a tracker when no active connection has a token', async () => {
    const { team, github, page } = await setup();
    await team.integrations.deactivate(github.id);
    const section = (await page()).text;
    expect(section).toContain('No issue is linked to this post.');
    expect(section).toContain('No active connection with a token');
    expect(section).not.toContain('aria-label="Create an issue"');
  });

  it('queues an issue made with the title and text given, and links an issue by its key', async () => {
    const { s, client, github, calls, page } = await setup();
    await page(s.ids.open);
    const created = await client.post(`/dashboard/posts/${s.ids.open}/links/create`, { connection_id: String(github.id), title: 'Dark mode, all pages', body: 'From the board' });
    expect([created.status, created.headers.get('location')]).toEqual([303, `/dashboard/posts/${s.ids.open}?notice=saved`]);
    const linked = await client.post(`/dashboard/posts/${s.ids.open}/links/link`, { connection_id: String(github.id), url: ' #7 ' });
    expect(linked.status).toBe(303);
    const queued = await calls();
    expect(queued.map((c) => [c.purpose, c.post_id, c.status, c.method, c.url])).toEqual([
      ['read_issue', s.ids.open, 'pending', 'GET', 'https://api.github.com/repos/acme/app/issues/7'],
      ['create_issue', s.ids.open, 'pending', 'POST', 'https://api.github.com/repos/acme/app/issues'],
    ]);
    const issue = JSON.parse(queued[1]!.body!) as { title: string; body: string };
    expect(issue.title).toBe('Dark mode, all pages');
    expect(issue.body).toMatch(/^From the board\n\n---\nFrom feedback post \[#fb-\d+\]/);
    // The page shows both calls waiting.
    expect((await page(s.ids.open)).text).toMatch(/Link an issue through GitHub .*: <span class="badge delivery-pending">pending/);
  });

  it('answers a refused form with the API’s reason (422) and queues nothing', async () => {
    const { s, client, github, inactive, calls, page } = await setup();
    const other = await s.board.dashboard.organizations.create({ name: 'Globex' });
    const theirs = await s.board.team(other.id).api.integrations.createConnection({ provider: 'github', target: 'globex/app', token: 'ghp_theirs' });
    await page(s.ids.open);
    const cases: [string, Record<string, string>, string][] = [
      ['create', { connection_id: '999', title: 'x' }, 'not found'],
      ['create', { connection_id: String(theirs.id), title: 'x' }, 'not found'],
      ['create', { connection_id: 'abc', title: 'x' }, 'connection_id'],
      ['create', { connection_id: String(inactive.id), title: 'x' }, 'inactive connection'],
      ['create', { connection_id: String(github.id), title: '' }, 'title'],
      ['link', { connection_id: String(github.id), url: 'https://gitlab.com/acme/app/-/issues/7' }, 'must be an issue URL of https://github.com'],
      ['link', { connection_id: String(github.id), url: 'other/repo#7' }, 'must be an issue of acme/app'],
      ['link', { connection_id: String(theirs.id), url: '#7' }, 'not found'],
    ];
    for (const [action, form, reason] of cases) {
      const answer = await client.post(`/dashboard/posts/${s.ids.open}/links/${action}`, form);
      expect([action, form, answer.status]).toEqual([action, form, 422]);
      expect(answer.text).toContain('role="alert"');
      expect(answer.text.toLowerCase()).toContain(reason.toLowerCase());
    }
    expect(await calls()).toEqual([]);
    // Another organization's post is a 404 page.
    await s.board.team(other.id).api.boards.create({ slug: 'globex', name: 'Globex ideas' });
    const post = await s.board.team(other.id).api.posts.create('globex', { title: 'Theirs' });
    expect((await client.post(`/dashboard/posts/${post.id}/links/create`, { connection_id: String(github.id), title: 'x' })).status).toBe(404);
    expect(await calls()).toEqual([]);
  });

  it('changes nothing without the CSRF token, without a team session, or from another organization’s team', async () => {
    const { s, client, github, calls, page } = await setup();
    await page(s.ids.open);
    for (const csrf of ['', 'forged-token-of-plausible-length-0123456789']) {
      for (const action of ['create', 'link']) {
        expect((await client.post(`/dashboard/posts/${s.ids.open}/links/${action}`, { connection_id: String(github.id), title: 'x', url: '#7' }, { csrf })).status).toBe(403);
      }
    }
    const voter = new Client(s.pages);
    await signInVoter(s, voter);
    const visitor = new Client(createPagesHandler(s.board, { organizationId: s.orgId }));
    await visitor.get('/sign-in');
    const other = await s.board.dashboard.organizations.create({ name: 'Globex' });
    const outsider = await s.board.team(other.id).members.add({ email: 'boss@globex.test' });
    const foreign = new Client(createPagesHandler(s.board, { organizationId: other.id }));
    const { token } = await s.board.signIn.createLink('team', outsider.id);
    await foreign.get(`/sign-in/link?token=${token}`);
    expect((await foreign.post('/sign-in/link', { token })).status).toBe(303);
    await foreign.get('/dashboard');
    for (const [who, answerOf] of [
      ['voter', 401],
      ['visitor', 401],
      ['foreign', 404],
    ] as const) {
      const sender = { voter, visitor, foreign }[who];
      const answer = await sender.post(`/dashboard/posts/${s.ids.open}/links/create`, { connection_id: String(github.id), title: 'x' });
      expect([who, answer.status]).toEqual([who, answerOf]);
    }
    expect(await calls()).toEqual([]);
  });
});

describe('issueKey', () => {
  it('names an issue as its tracker does, and falls back to the URL', () => {
    expect(issueKey({ provider: 'github', url: 'https://github.com/acme/app/issues/12' })).toBe('acme/app#12');
    expect(issueKey({ provider: 'github', url: 'https://ghe.example.com/acme/app/issues/3' })).toBe('acme/app#3');
    expect(issueKey({ provider: 'gitlab', url: 'https://gitlab.example.com/group/sub/app/-/issues/12' })).toBe('group/sub/app#12');
    expect(issueKey({ provider: 'gitlab', url: 'https://gitlab.com/group/app/-/work_items/4' })).toBe('group/app#4');
    expect(issueKey({ provider: 'linear', url: 'https://linear.app/acme/issue/ENG-123/dark-mode' })).toBe('ENG-123');
    expect(issueKey({ provider: 'github', url: 'not a url' })).toBe('not a url');
  });
});
