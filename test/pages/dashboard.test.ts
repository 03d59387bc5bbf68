/**
 * The team dashboard over HTTP: proposals (confirm with or without notifying voters, reject),
 * posts, comments, keys, webhooks, boards, agent publishing and the charts.
 */
import { describe, expect, it } from 'vitest';
import { hashApiKey } from '../../src/services/keys.js';
import { Client, setupPages, signInTeam } from './helpers.js';

async function withTeam() {
  const setup = await setupPages();
  const client = new Client(setup.pages);
  await signInTeam(setup, client);
  const api = await setup.board.api(setup.writeKey);
  return { setup, client, api };
}

describe('team dashboard', () => {
  it('shows a pending proposal with its note, proposing key and evidence, and confirms it notifying voters', async () => {
    const { setup, client, api } = await withTeam();
    const voter = await setup.board.voters.register(setup.orgId, { email: 'fan@example.com' });
    await setup.board.voters.vote(voter.id, setup.ids.open);
    const agent = await setup.board.api(setup.proposeKey);
    await agent.agent.addEvidence('features', setup.ids.open, { kind: 'pr', ref: 'https://git.example/pr/9', label: 'PR 9' });
    await agent.agent.proposeStatus('features', setup.ids.open, { status: 'shipped', note: 'Merged and deployed' });
    const page = await client.get('/dashboard/proposals');
    expect(page.status).toBe(200);
    expect(page.text).toContain('Merged and deployed');
    expect(page.text).toContain('https://git.example/pr/9');
    expect(page.text).toContain('<strong>agent</strong>');
    // The stored display prefix only: fbk_ and 4 characters.
    expect(page.text).toContain(`<code>${setup.proposeKey.slice(0, 8)}…</code>`);
    expect(page.text).not.toContain(setup.proposeKey.slice(0, 9));
    expect(page.text).not.toContain(setup.proposeKey);
    const confirmed = await client.post(`/dashboard/proposals/${setup.ids.open}/confirm`, { notify: 'yes' });
    expect(confirmed.location).toBe('/dashboard/proposals?notice=confirmed');
    const post = await api.posts.get('features', setup.ids.open);
    expect([post.status, post.proposal]).toEqual(['shipped', null]);
    expect(setup.notifier.notifications.map((n) => [n.voter.email, n.old_status, n.new_status])).toEqual([['fan@example.com', 'open', 'shipped']]);
    expect((await client.get('/dashboard/proposals')).text).toContain('Nothing to decide right now');
  });

  it("shows a proposal between the organization's labels: the post's own, and the default the confirmed post takes", async () => {
    const { setup, client, api } = await withTeam();
    const team = setup.board.team(setup.orgId).api;
    const review = await team.statuses.create({ name: 'Under <review>', color: '#6b21a8', category: 'open' });
    await team.posts.update('features', setup.ids.open, { status_label_id: review.id });
    const shipped = (await team.statuses.list()).statuses.find((s) => s.category === 'shipped' && s.is_default)!;
    await team.statuses.update(shipped.id, { name: 'Released', color: '#145c2a' });
    const agent = await setup.board.api(setup.proposeKey);
    await agent.agent.proposeStatus('features', setup.ids.open, { status: 'shipped' });
    const page = await client.get('/dashboard/proposals');
    const card = page.text.slice(page.text.indexOf(`id="proposal-${setup.ids.open}"`));
    expect(card).toContain('<span class="badge status-open label-6b21a8">Under &lt;review&gt;</span>');
    expect(card).toContain('<span class="badge status-shipped label-145c2a">Released</span>');
    expect(page.text).toContain('href="/assets/labels.css?c=145c2a.6b21a8"');
    // Confirmed, the post takes the default it was shown with.
    await client.post(`/dashboard/proposals/${setup.ids.open}/confirm`, {});
    expect((await api.posts.get('features', setup.ids.open)).status_label).toEqual({ id: shipped.id, name: 'Released', color: '#145c2a' });
  });

  it('confirms without notifying when unticked, and rejects keeping the status', async () => {
    const { setup, client, api } = await withTeam();
    const voter = await setup.board.voters.register(setup.orgId, { email: 'fan@example.com' });
    await setup.board.voters.vote(voter.id, setup.ids.open);
    const agent = await setup.board.api(setup.proposeKey);
    await agent.agent.proposeStatus('features', setup.ids.open, { status: 'planned' });
    await client.get('/dashboard/proposals');
    await client.post(`/dashboard/proposals/${setup.ids.open}/confirm`, {});
    expect((await api.posts.get('features', setup.ids.open)).status).toBe('planned');
    expect(setup.notifier.notifications).toEqual([]);
    await agent.agent.proposeStatus('features', setup.ids.open, { status: 'declined' });
    expect((await client.post(`/dashboard/proposals/${setup.ids.open}/reject`)).location).toBe('/dashboard/proposals?notice=rejected');
    expect(await api.posts.get('features', setup.ids.open)).toMatchObject({ status: 'planned', proposal: null });
    // Nothing pending: confirming again is a 404 page and changes nothing.
    expect((await client.post(`/dashboard/proposals/${setup.ids.open}/confirm`, { notify: 'yes' })).status).toBe(404);
  });

  it('changes a post: status with or without notification, hide, pin, queue rank; hides a comment', async () => {
    const { setup, client, api } = await withTeam();
    const voter = await setup.board.voters.register(setup.orgId, { email: 'fan@example.com' });
    await setup.board.voters.vote(voter.id, setup.ids.open);
    const base = `/dashboard/posts/${setup.ids.open}`;
    expect((await client.get(base)).text).toContain('Change status');
    await client.post(`${base}/status`, { status: 'in_progress' });
    expect(setup.notifier.notifications).toHaveLength(0);
    await client.post(`${base}/status`, { status: 'shipped', notify: 'yes' });
    expect(setup.notifier.notifications.map((n) => n.new_status)).toEqual(['shipped']);
    await client.post(`${base}/pinned`, { value: 'yes' });
    await client.post(`${base}/rank`, { queue_rank: '3' });
    expect(await api.posts.get('features', setup.ids.open)).toMatchObject({ status: 'shipped', pinned: true, queue_rank: 3 });
    await client.post(`${base}/rank`, { queue_rank: '' });
    expect((await client.post(`${base}/rank`, { queue_rank: '-2' })).location).toMatch(/notice=invalid/);
    expect((await client.post(`${base}/status`, { status: 'bogus' })).location).toMatch(/notice=invalid/);
    expect((await api.posts.get('features', setup.ids.open)).queue_rank).toBeNull();
    await client.post(`${base}/hidden`, { value: 'yes' });
    expect((await api.posts.get('features', setup.ids.open)).hidden).toBe(true);
    expect((await client.get(`/boards/features/posts/${setup.ids.open}`)).status).toBe(404);

    const comment = await setup.board.voters.comment(voter.id, setup.ids.hostile, { body: 'rude words here' });
    await client.post(`/dashboard/comments/${comment.id}/hidden`, { value: 'yes', post: String(setup.ids.hostile) });
    const { comments } = await api.comments.list('features', setup.ids.hostile);
    expect(comments.find((c) => c.id === comment.id)!.hidden).toBe(true);
    expect((await client.get(`/boards/features/posts/${setup.ids.hostile}`)).text).not.toContain('rude words here');
  });

  it('creates a key shown once, lists it by prefix only, and revokes it', async () => {
    const { setup, client } = await withTeam();
    await client.get('/dashboard/keys');
    const created = await client.post('/dashboard/keys', { scope: 'read', label: 'Reporting' });
    expect(created.status).toBe(201);
    const raw = /id="new-key">(fbk_[0-9A-Za-z]+)</.exec(created.text)![1]!;
    const api = await setup.board.api(raw);
    expect((await api.boards.list()).boards.length).toBeGreaterThan(0);
    const listed = await client.get('/dashboard/keys');
    expect(listed.text).not.toContain(raw);
    expect(listed.text).toContain(`<code>${raw.slice(0, 8)}…</code>`);
    expect(listed.text).not.toContain(raw.slice(0, 9));
    const key = (await setup.board.team(setup.orgId).apiKeys.list()).find((k) => k.label === 'Reporting')!;
    expect((await setup.board.storage.transaction('read', async (tx) => tx.getApiKeyByHash(await hashApiKey(raw))))?.id).toBe(key.id);
    await client.post(`/dashboard/keys/${key.id}/revoke`);
    await expect(setup.board.api(raw)).rejects.toThrow();
    expect((await client.post('/dashboard/keys', { scope: 'admin' })).location).toMatch(/notice=invalid/);
  });

  it('creates a team key for the signed-in member; the team side acting for no member, or for another organization\'s, cannot', async () => {
    const { setup, client } = await withTeam();
    expect((await client.get('/dashboard/keys')).text).toContain('<option value="team">team: write, and the team');
    const created = await client.post('/dashboard/keys', { scope: 'team', label: 'Triage agent' });
    expect(created.status).toBe(201);
    const raw = /id="new-key">(fbk_[0-9A-Za-z]+)</.exec(created.text)![1]!;
    const key = (await setup.board.team(setup.orgId).apiKeys.list()).find((k) => k.label === 'Triage agent')!;
    expect(key.scope).toBe('team');
    expect((await setup.board.api(raw)).boards).toBeDefined();

    const other = await setup.board.dashboard.organizations.create({ name: 'Globex' });
    const stranger = await setup.board.team(other.id).members.add({ email: 'other@globex.test' });
    const before = await setup.board.team(setup.orgId).apiKeys.list();
    for (const team of [setup.board.team(setup.orgId), setup.board.team(setup.orgId, { memberId: stranger.id })]) {
      await expect(team.apiKeys.create({ scope: 'team', label: 'Sneaky' })).rejects.toMatchObject({ code: 'insufficient_scope' });
    }
    expect(await setup.board.team(setup.orgId).apiKeys.list()).toEqual(before);
    // Every lower scope stays the team side's to give, as before.
    expect((await setup.board.team(setup.orgId).apiKeys.create({ scope: 'write' })).info.scope).toBe('write');
  });

  it('creates, edits and deletes a webhook; refuses a bad URL', async () => {
    const { setup, client } = await withTeam();
    await client.get('/dashboard/webhooks');
    await client.post('/dashboard/webhooks', { url: 'https://hooks.example/fb', events: 'post.created, vote.created', description: 'CRM' });
    const [hook] = await setup.board.team(setup.orgId).webhooks.list();
    expect(hook).toMatchObject({ url: 'https://hooks.example/fb', events: ['post.created', 'vote.created'], active: true });
    expect((await client.get('/dashboard/webhooks')).text).not.toContain(hook!.secret);
    await client.post(`/dashboard/webhooks/${hook!.id}`, { url: 'https://hooks.example/v2', events: '*', description: '' });
    expect((await setup.board.team(setup.orgId).webhooks.list())[0]).toMatchObject({ url: 'https://hooks.example/v2', events: ['*'], active: false });
    expect((await client.post('/dashboard/webhooks', { url: 'ftp://nope' })).location).toMatch(/notice=invalid/);
    await client.post(`/dashboard/webhooks/${hook!.id}/delete`);
    expect(await setup.board.team(setup.orgId).webhooks.list()).toEqual([]);
  });

  it('creates a board as a draft, publishes and unpublishes it whatever the agent-publishing setting, and switches that setting', async () => {
    const { setup, client, api } = await withTeam();
    await client.get('/dashboard/boards');
    await client.post('/dashboard/boards', { name: 'Ideas', slug: 'ideas', description: '' });
    expect((await api.boards.get('ideas')).published).toBe(false);
    expect((await client.post('/dashboard/boards', { name: 'Again', slug: 'ideas' })).location).toMatch(/notice=invalid/);
    await client.post('/dashboard/boards/ideas/publish');
    expect((await api.boards.get('ideas')).published).toBe(true);
    expect((await client.get('/boards/ideas')).status).toBe(200);
    await client.post('/dashboard/boards/ideas/unpublish');
    expect((await client.get('/boards/ideas')).status).toBe(404);
    expect(await setup.board.dashboard.settings.getAgentPublishing()).toBe(false);
    await client.post('/dashboard/settings/agent-publishing', { value: 'on' });
    expect(await setup.board.dashboard.settings.getAgentPublishing()).toBe(true);
    await client.post('/dashboard/settings/team', { email: 'Second@Acme.test' });
    expect((await setup.board.team(setup.orgId).members.list()).map((m) => m.email)).toEqual(['lead@acme.test', 'second@acme.test']);
  });

  it('draws analytics and ship statistics as SVG charts', async () => {
    const { client } = await withTeam();
    const page = await client.get('/dashboard/stats?board=features&period=90d&ship=week');
    expect(page.status).toBe(200);
    expect(page.text.match(/<svg class="chart"/g)).toHaveLength(4);
    expect(page.text).toMatch(/<title id="votes-t">Votes per day<\/title>/);
    expect(page.text).toContain('Week of');
    expect(page.text.match(/<rect class="bar"/g)!.length).toBe(180);
  });
});
