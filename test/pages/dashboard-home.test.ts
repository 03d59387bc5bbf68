/**
 * Where the dashboard opens (`/dashboard`): on what a person of the team looks at first. Voters'
 * posts waiting for approval open the inbox; else agents' proposals waiting for a decision open
 * the proposals; else the posts. Each section keeps its own address, and the side navigation
 * marks the one shown.
 */
import { describe, expect, it } from 'vitest';
import { Client, setupPages, signInTeam } from './helpers.js';

/** The current entry of the dashboard's side navigation. */
const current = (html: string) => /<a href="([^"]+)" aria-current="page">/.exec(html.slice(html.indexOf('<nav class="side"')))?.[1];

describe('the dashboard opens on what the team looks at first', () => {
  it('opens on the posts while nothing waits, on the proposals while one does, on the inbox while a post does', async () => {
    const setup = await setupPages();
    const team = setup.board.team(setup.orgId);
    const client = new Client(setup.pages);
    await signInTeam(setup, client);

    const quiet = await client.get('/dashboard');
    expect(quiet.status).toBe(200);
    expect(quiet.text).toContain('<h1>Posts</h1>');
    expect(current(quiet.text)).toBe('/dashboard/posts');

    const agent = await setup.board.api(setup.proposeKey);
    await agent.agent.proposeStatus('features', setup.ids.open, { status: 'planned', note: 'Ready' });
    const proposed = await client.get('/dashboard');
    expect(proposed.text).toContain('<h1>Pending proposals</h1>');
    expect(current(proposed.text)).toBe('/dashboard/proposals');

    await team.boards.setModerated('features', true);
    const voter = await setup.board.voters.register(setup.orgId, { email: 'ada@example.com' });
    await setup.board.voters.submitPost(voter.id, 'features', { title: 'Offline mode' });
    const waiting = await client.get('/dashboard');
    expect(waiting.text).toContain('<h1>Inbox</h1>');
    expect(current(waiting.text)).toBe('/dashboard/inbox');

    // The proposals keep their own page, linked from the navigation.
    const proposals = await client.get('/dashboard/proposals');
    expect(proposals.text).toContain('<h1>Pending proposals</h1>');
    expect(proposals.text).toContain('Ready');
    expect(proposals.text).toContain('<a href="/dashboard/proposals" aria-current="page">Proposals</a>');
  });

  it('lands a team member who signs in on it, with the notice', async () => {
    const setup = await setupPages();
    const client = new Client(setup.pages);
    const { token } = await setup.board.signIn.createLink('team', setup.memberId);
    await client.get(`/sign-in/link?token=${token}`);
    const used = await client.post('/sign-in/link', { token });
    expect(used.location).toBe('/dashboard?notice=signed_in');
    const landed = await client.get(used.location!);
    expect(landed.text).toContain('<h1>Posts</h1>');
    expect(landed.text).toContain('You are signed in.');
  });

  it('is still only for the team', async () => {
    const setup = await setupPages();
    expect((await new Client(setup.pages).get('/dashboard')).status).toBe(401);
    expect((await new Client(setup.pages).get('/dashboard/proposals')).status).toBe(401);
  });
});
