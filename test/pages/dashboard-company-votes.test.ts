/**
 * The team's votes on behalf of a customer company on the dashboard's post page: the form lists
 * the organization's companies, a vote shows as the team's, counted with the company's revenue,
 * is withdrawn by its button, and is recorded in the post's history; refused without the CSRF
 * token or for an unknown company, changing nothing.
 */
import { describe, expect, it } from 'vitest';
import { signInSsoUser } from '../../src/services/sso-sign-in.js';
import { Client, setupPages, signInTeam } from './helpers.js';

async function setup() {
  const pages = await setupPages();
  const sso = { storage: pages.board.storage, clock: pages.clock };
  // A sign-in names Initech (and makes it known); Globex is known from another sign-in.
  const { voter } = await signInSsoUser(sso, pages.orgId, { sub: 'u-1', email: 'ann@initech.test', name: 'Ann', company: { id: 'c-1', name: 'Initech', monthly_revenue: 12_500 } });
  await signInSsoUser(sso, pages.orgId, { sub: 'u-2', email: 'cy@globex.test', name: 'Cy', company: { id: 'c-2', name: 'Globex', monthly_revenue: 700 } });
  await pages.board.voters.vote(voter.id, pages.ids.open);
  const client = new Client(pages.pages);
  await signInTeam(pages, client);
  const path = `/dashboard/posts/${pages.ids.open}`;
  const voteCount = async () => (await pages.board.team(pages.orgId).api.votes.list('features', pages.ids.open)).vote_count;
  return { ...pages, client, path, voteCount };
}

describe('votes on behalf of a company on the dashboard', () => {
  it('offers the companies, counts the vote once, shows it as the team’s and withdraws it', async () => {
    const s = await setup();
    const page = await s.client.get(s.path);
    expect(page.text).toContain('<label for="company-vote">Vote on behalf of a company</label>');
    expect([...page.text.matchAll(/<option value="(c-\d)">([^<]*)<\/option>/g)].map((m) => [m[1], m[2]])).toEqual([
      ['c-1', 'Initech (12,500 a month)'],
      ['c-2', 'Globex (700 a month)'],
    ]);

    for (const _ of [1, 2]) {
      const voted = await s.client.post(`${s.path}/company-votes`, { company_id: 'c-2' });
      expect([voted.status, voted.location]).toEqual([303, `${s.path}?notice=saved`]);
    }
    expect(await s.voteCount()).toBe(2);
    const after = await s.client.get(s.path);
    expect(after.text).toContain('Monthly revenue of the companies behind this post: 13,200');
    expect(after.text).toContain('The team, on behalf of the company');
    expect(after.text).toContain(`action="${s.path}/company-votes/withdraw"`);
    expect(after.text).toMatch(/voted on behalf of the company c-2/);

    const withdrawn = await s.client.post(`${s.path}/company-votes/withdraw`, { company_id: 'c-2' });
    expect(withdrawn.status).toBe(303);
    expect(await s.voteCount()).toBe(1);
    const last = await s.client.get(s.path);
    expect(last.text).not.toContain('The team, on behalf of the company');
    expect(last.text).toContain('Monthly revenue of the companies behind this post: 12,500');
    expect(last.text).toMatch(/withdrew the vote on behalf of the company c-2/);
  });

  it('refuses a post without the CSRF token, and an unknown company, changing nothing', async () => {
    const s = await setup();
    await s.client.get(s.path);
    expect((await s.client.post(`${s.path}/company-votes`, { company_id: 'c-2' }, { csrf: '' })).status).toBe(403);
    const unknown = await s.client.post(`${s.path}/company-votes`, { company_id: 'nobody' });
    expect([unknown.status, unknown.location]).toEqual([303, `${s.path}?notice=invalid`]);
    expect((await s.client.post('/dashboard/posts/9999/company-votes', { company_id: 'c-2' })).status).toBe(404);
    expect(await s.voteCount()).toBe(1);
    expect((await s.client.get(s.path)).text).not.toContain('on behalf of the company');
  });

  it('shows no form while no sign-in named a company', async () => {
    const pages = await setupPages();
    const client = new Client(pages.pages);
    await signInTeam(pages, client);
    expect((await client.get(`/dashboard/posts/${pages.ids.open}`)).text).not.toContain('Vote on behalf of a company');
  });
});
