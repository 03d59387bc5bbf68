/**
 * The dashboard's Integrations page over HTTP: what the organization's connections and chat
 * targets show (never a secret, a token or a chat URL; people's and providers' text escaped);
 * its forms add and deactivate chat targets and connect a tracker, and a refused one changes
 * nothing; another organization's team gets 404 on every form and changes nothing; forms without
 * CSRF change nothing.
 */
import { sign } from '@octokit/webhooks-methods';
import { describe, expect, it } from 'vitest';
import { mergedPullRequest } from '../integrations/fixtures/github.js';
import { createPagesHandler } from '../../src/pages/index.js';
import { Client, setupPages, signInTeam } from './helpers.js';

const HOSTILE = '<script>window.__xss=1</script><img src=x onerror="window.__xss=2">';
const SLACK = 'https://hooks.slack.com/services/T0000/B0000/SecretSlackTokenWXYZ';

async function setup() {
  const s = await setupPages({}, { logger: { error: () => undefined } });
  const client = new Client(s.pages);
  await signInTeam(s, client);
  const team = s.board.team(s.orgId).api;
  const connection = await team.integrations.createConnection({ provider: 'github', target: 'acme/app', token: 'ghp_secret_token', label: HOSTILE });
  const target = await team.chat.create('features', { platform: 'slack', url: SLACK, events: ['post.created'] });
  const now = new Date(s.clock.now()).toISOString();
  await s.board.storage.transaction('write', async (tx) => {
    await tx.rememberIntegrationDelivery({ connection_id: connection.id, delivery_id: 'd-1', event: 'pull_request', summary: `merged ${HOSTILE}`, received_at: now });
    const call = await tx.insertIntegrationCall({
      organization_id: s.orgId, connection_id: connection.id, chat_target_id: null, post_id: null, purpose: 'create_issue', method: 'POST', url: 'https://api.github.com/repos/acme/app/issues',
      body: '{}', status: 'failed', attempts: 1, next_attempt_at: null, lease_until: null, lease_owner: null, last_error: `GitHub answered 422: ${HOSTILE}`, created_at: now,
    });
    return call;
  });
  const state = async () => ({
    connections: await team.integrations.listConnections(),
    targets: await s.board.storage.transaction('read', async (tx) => [...(await tx.listChatTargets(1)), ...(await tx.listChatTargets(2))]),
  });
  return { s, client, team, connection, target, state };
}

describe('dashboard Integrations page', () => {
  it('shows connections with their deliveries and calls, and chat targets masked: no secret, token or chat URL, everything escaped', async () => {
    const { client, connection } = await setup();
    const page = await client.get('/dashboard/integrations');
    expect(page.status).toBe(200);
    expect(page.text).toContain('aria-current="page">Integrations');
    expect(page.text).toContain('&lt;script&gt;window.__xss=1&lt;/script&gt;');
    expect(page.text).not.toContain('<script>window.__xss');
    expect(page.text).not.toContain('<img src=x');
    expect(page.text).toContain('merged &lt;script&gt;');
    expect(page.text).toContain('GitHub answered 422: &lt;script&gt;');
    expect(page.text).toContain('https://hooks.slack.com/…WXYZ');
    for (const secret of ['SecretSlackToken', 'ghp_secret_token', connection.secret]) expect(page.text).not.toContain(secret);
  });

  it('names the connection whose delivery proposed a status on the Proposals page, its label escaped', async () => {
    const { s, client, team } = await setup();
    const connection = await team.integrations.createConnection({ provider: 'github', target: 'Codertocat/Hello-World', label: HOSTILE });
    const body = JSON.stringify(mergedPullRequest(`Closes #fb-${s.ids.open}`));
    const delivered = await s.board.fetch(new Request(`http://pages.test/integrations/github/${connection.id}`, {
      method: 'POST', body,
      headers: { 'content-type': 'application/json', 'x-github-event': 'pull_request', 'x-github-delivery': 'd-proposal', 'x-hub-signature-256': await sign(connection.secret, body) },
    }));
    expect(delivered.status).toBe(200);
    const page = await client.get('/dashboard/proposals');
    const card = page.text.slice(page.text.indexOf('<article class="card proposal"'));
    expect(card).toContain(`by the <strong>GitHub connection #${connection.id}</strong> (&lt;script&gt;window.__xss=1&lt;/script&gt;`);
    expect(card).not.toContain('a key that no longer exists');
    expect(page.text).not.toContain('<script>window.__xss');
  });

  it('adds and deactivates a chat target, connects a tracker showing its secret once; a refused form changes nothing', async () => {
    const { client, state, s } = await setup();
    await client.get('/dashboard/integrations');
    const before = await state();
    const refused = await client.post('/dashboard/integrations/boards/features/chat', { platform: 'slack', url: 'https://discord.com/api/webhooks/1/x', events: 'post.created' });
    expect([refused.status, refused.headers.get('location')]).toEqual([303, '/dashboard/integrations?notice=invalid']);
    expect(await state()).toEqual(before);
    const added = await client.post('/dashboard/integrations/boards/drafts/chat', { platform: 'discord', url: 'https://discord.com/api/webhooks/1/drafts-token', events: 'comment.created' });
    expect([added.status, added.headers.get('location')]).toEqual([303, '/dashboard/integrations?notice=saved']);
    const [made] = await s.board.storage.transaction('read', (tx) => tx.listChatTargets(2));
    expect([made!.platform, made!.url, made!.events, made!.active]).toEqual(['discord', 'https://discord.com/api/webhooks/1/drafts-token', ['comment.created'], true]);
    await client.get('/dashboard/integrations');
    expect((await client.post(`/dashboard/integrations/boards/drafts/chat/${made!.id}/deactivate`)).status).toBe(303);
    expect((await s.board.storage.transaction('read', (tx) => tx.getChatTarget(made!.id)))!.active).toBe(false);

    await client.get('/dashboard/integrations');
    const connected = await client.post('/dashboard/integrations/connections', { provider: 'gitlab', target: 'group/app', base_url: '', token: '', secret: '' });
    expect(connected.status).toBe(200);
    const secret = /id="new-secret">\s*(fbis_\w+)/.exec(connected.text)?.[1];
    expect(secret).toMatch(/^fbis_[0-9A-Za-z]{40}$/);
    expect((await client.get('/dashboard/integrations')).text).not.toContain(secret);
    const privateBase = await client.post('/dashboard/integrations/connections', { provider: 'gitlab', base_url: 'https://10.0.0.1' });
    expect(privateBase.headers.get('location')).toBe('/dashboard/integrations?notice=invalid');
    expect((await state()).connections.connections.map((c) => c.provider)).toEqual(['github', 'gitlab']);
  });

  it("is a 404 for another organization's team on every form, and changes nothing", async () => {
    const { s, connection, target, state } = await setup();
    const other = await s.board.dashboard.organizations.create({ name: 'Other' });
    await s.board.team(other.id).api.boards.create({ slug: 'features', name: 'Their features' });
    const member = await s.board.team(other.id).members.add({ email: 'lead@other.test' });
    const intruder = new Client(createPagesHandler(s.board, { organizationId: other.id }));
    const { token } = await s.board.signIn.createLink('team', member.id);
    await intruder.get(`/sign-in/link?token=${token}`);
    expect((await intruder.post('/sign-in/link', { token })).status).toBe(303);
    const theirs = await intruder.get('/dashboard/integrations');
    expect(theirs.status).toBe(200);
    expect(theirs.text).not.toContain('hooks.slack.com');
    const before = await state();
    for (const path of [
      `/dashboard/integrations/connections/${connection.id}/test`,
      `/dashboard/integrations/connections/${connection.id}/deactivate`,
      `/dashboard/integrations/boards/features/chat/${target.id}/deactivate`,
      `/dashboard/integrations/boards/drafts/chat`,
    ]) {
      expect([path, (await intruder.post(path, { platform: 'slack', url: SLACK, events: 'post.created' })).status]).toEqual([path, 404]);
    }
    expect(await state()).toEqual(before);
  });

  it('forms without the CSRF token, or with a wrong one, change nothing', async () => {
    const { client, connection, target, state } = await setup();
    await client.get('/dashboard/integrations');
    const before = await state();
    for (const csrf of ['', 'forged-token-of-plausible-length-0123456789']) {
      for (const path of [
        '/dashboard/integrations/connections',
        `/dashboard/integrations/connections/${connection.id}/deactivate`,
        `/dashboard/integrations/boards/features/chat/${target.id}/deactivate`,
        '/dashboard/integrations/boards/features/chat',
      ]) {
        const answer = await client.post(path, { provider: 'github', platform: 'slack', url: SLACK, events: 'post.created' }, { csrf });
        expect([path, answer.status]).toEqual([path, 403]);
        expect(answer.text).not.toContain('fbis_');
      }
    }
    expect(await state()).toEqual(before);
  });
});
