/**
 * The dashboard and voter sides of the mock: what a human or a voter does outside the API, and
 * the voter notifications that would have been sent.
 */
import { describe, expect, it } from 'vitest';
import { createMockServer } from '../../mock-server/index.js';
import { KEYS, makeMock } from './helpers.js';

describe('dashboard', () => {
  it('confirming a proposal applies it and notifies the voters; proposing alone notifies no one', async () => {
    const mock = makeMock();
    const agent = mock.client(KEYS.propose);
    const result = await agent.agent.proposeStatus('features', 1, { status: 'shipped', note: 'released in 2.3' });
    expect(result.status).toBe('planned');
    expect(mock.notifications()).toEqual([]);

    const confirmed = await mock.dashboard.proposals.confirm(1);
    expect(confirmed).toMatchObject({ status: 'shipped', proposal: null, shipped_at: '2026-11-20T12:00:00.000Z' });
    const sent = mock.notifications();
    expect(sent.map((n) => [n.voter.email, n.old_status, n.new_status, n.post_id])).toEqual([
      ['ann@example.com', 'planned', 'shipped', 1],
      ['bob@example.com', 'planned', 'shipped', 1],
    ]);
    expect(sent[0]).toMatchObject({ board_slug: 'features', post_title: 'Dark mode', sent_at: '2026-11-20T12:00:00.000Z' });
  });

  it('records notifications of a PATCH with notify_voters, and none without', async () => {
    const mock = makeMock();
    const client = mock.client(KEYS.write);
    await client.posts.update('features', 1, { status: 'in_progress' });
    expect(mock.notifications()).toHaveLength(0);
    await client.posts.update('features', 1, { status: 'shipped', notify_voters: true });
    expect(mock.notifications().map((n) => n.new_status)).toEqual(['shipped', 'shipped']);
  });

  it('creates API keys the mock then accepts, and revokes them', async () => {
    const mock = makeMock();
    const [acme] = (await mock.loaded()).organizations;
    const created = await mock.dashboard.apiKeys.create(acme!.id, { scope: 'read', label: 'test' });
    expect(created.key).toMatch(/^fbk_[0-9A-Za-z]{40}$/);
    const client = mock.client(created.key);
    expect((await client.boards.list()).boards).toHaveLength(2);
    await mock.dashboard.apiKeys.revoke(created.info.id);
    await expect(client.boards.list()).rejects.toMatchObject({ code: 'unauthorized', status: 401 });
  });

  it('creates webhooks the API lists without their secret', async () => {
    const mock = makeMock();
    const [acme] = (await mock.loaded()).organizations;
    const hook = await mock.dashboard.webhooks.create(acme!.id, { url: 'https://example.com/hook', events: ['post.shipped'] });
    expect(hook.secret).toMatch(/^whsec_/);
    const { webhooks } = await mock.client(KEYS.read).webhooks.list();
    expect(webhooks.map((w) => w.url)).toEqual(['https://hooks.example.com/fb', 'https://example.com/hook']);
    expect(JSON.stringify(webhooks)).not.toContain('whsec_');
  });

  it('toggles agent publishing', async () => {
    const mock = makeMock();
    const client = mock.client(KEYS.write);
    await expect(client.boards.publish('drafts')).rejects.toMatchObject({ code: 'publish_disabled', status: 403 });
    await mock.dashboard.settings.setAgentPublishing(true);
    expect((await client.boards.publish('drafts')).published).toBe(true);
    expect(await mock.dashboard.settings.getAgentPublishing()).toBe(true);
  });

  it('the agentPublishing option turns it on from the start', async () => {
    const mock = makeMock({ agentPublishing: true });
    expect((await mock.client(KEYS.write).boards.publish('drafts')).published).toBe(true);
  });

  it('hides a post: it leaves the roadmap', async () => {
    const mock = makeMock();
    const client = mock.client(KEYS.read);
    const before = (await client.roadmap.list('features')).posts.map((p) => p.id);
    await mock.dashboard.posts.hide(2);
    const after = (await client.roadmap.list('features')).posts.map((p) => p.id);
    expect(before).toContain(2);
    expect(after).toEqual(before.filter((id) => id !== 2));
  });
});

describe('voters', () => {
  it('votes and voter comments show through the API', async () => {
    const mock = makeMock();
    const [acme] = (await mock.loaded()).organizations;
    const voter = await mock.voters.register(acme!.id, { email: 'cy@example.com', name: 'Cy' });
    await mock.voters.vote(voter.id, 3);
    await mock.voters.comment(voter.id, 3, { body: 'Would use it daily' });
    const client = mock.client(KEYS.read);
    expect(await client.votes.list('features', 3)).toEqual({ post_id: 3, vote_count: 5 });
    expect((await client.comments.list('features', 3)).comments).toMatchObject([{ body: 'Would use it daily', is_admin: false }]);
  });

  it('a mock without a fixture starts empty and is filled through the dashboard', async () => {
    const mock = createMockServer();
    expect((await mock.loaded()).organizations).toEqual([]);
    const org = await mock.dashboard.organizations.create({ name: 'Solo' });
    const { key } = await mock.dashboard.apiKeys.create(org.id, { scope: 'write' });
    const client = mock.client(key);
    await client.boards.create({ slug: 'only', name: 'Only' });
    expect((await client.boards.list()).boards.map((b) => b.slug)).toEqual(['only']);
  });
});
