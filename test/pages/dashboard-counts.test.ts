/**
 * The dashboard's counts name their noun in the singular for exactly one and in the plural
 * otherwise ("1 vote", "2 votes", "0 comments"): on a post's page and in the posts list.
 */
import { describe, expect, it } from 'vitest';
import { Client, setupPages, signInTeam } from './helpers.js';

describe('dashboard: counts', () => {
  it('say "1 vote" and "1 comment" for one, the plural for none and for two', async () => {
    const setup = await setupPages();
    const client = new Client(setup.pages);
    await signInTeam(setup, client);
    const api = await setup.board.api(setup.writeKey);
    const ada = await setup.board.voters.register(setup.orgId, { email: 'ada@example.com', name: 'Ada' });
    await setup.board.voters.vote(ada.id, setup.ids.open);
    await api.comments.create('features', setup.ids.open, { body: 'One comment' });

    const one = await client.get(`/dashboard/posts/${setup.ids.open}`);
    expect(one.text).toContain('1 vote · 1 comment · created');
    expect(one.text).not.toMatch(/\b1 (votes|comments|voters)\b/);

    const bob = await setup.board.voters.register(setup.orgId, { email: 'bob@example.com', name: 'Bob' });
    await setup.board.voters.vote(bob.id, setup.ids.open);
    expect((await client.get(`/dashboard/posts/${setup.ids.open}`)).text).toContain('2 votes · 1 comment · created');
    expect((await client.get(`/dashboard/posts/${setup.ids.hostile}`)).text).toContain('0 votes · 1 comment · created');

    const list = await client.get('/dashboard/posts?board=drafts');
    expect(list.status).toBe(200);
    expect(list.text).toContain('1 post, newest first.');
  });

  it('say "1 post shipped, for 1 voter" on the analytics page, the plural for two', async () => {
    const setup = await setupPages();
    const client = new Client(setup.pages);
    await signInTeam(setup, client);
    const api = await setup.board.api(setup.writeKey);
    const ada = await setup.board.voters.register(setup.orgId, { email: 'ada@example.com', name: 'Ada' });
    await setup.board.voters.vote(ada.id, setup.ids.open);
    await api.posts.update('features', setup.ids.open, { status: 'shipped' });
    const text = (html: string) => html.replace(/<[^>]+>/g, '').replace(/\s+/g, ' ');
    expect(text((await client.get('/dashboard/stats?board=features')).text)).toContain('1 post shipped, for 1 voter.');
    const bob = await setup.board.voters.register(setup.orgId, { email: 'bob@example.com', name: 'Bob' });
    const second = await api.posts.create('features', { title: 'Second' });
    await setup.board.voters.vote(bob.id, second.id);
    await api.posts.update('features', second.id, { status: 'shipped' });
    expect(text((await client.get('/dashboard/stats?board=features')).text)).toContain('2 posts shipped, for 2 voters.');
  });
});
