/**
 * The dashboard's post page lists the post's voters with the company their SSO sign-in named,
 * and the monthly revenue of the distinct companies behind the post.
 */
import { describe, expect, it } from 'vitest';
import { signInSsoUser } from '../../src/services/sso-sign-in.js';
import { Client, setupPages, signInTeam } from './helpers.js';

describe('voters and their companies on the dashboard post page', () => {
  it('shows each voter with their company and sums each company once', async () => {
    const setup = await setupPages();
    const sso = { storage: setup.board.storage, clock: setup.clock };
    const initech = { id: 'c-1', name: 'Initech', monthly_revenue: 12_500 };
    const users = [
      { sub: 'u-1', email: 'ann@initech.test', name: 'Ann', company: initech },
      { sub: 'u-2', email: 'bob@initech.test', name: 'Bob', company: initech },
      { sub: 'u-3', email: 'cy@globex.test', name: 'Cy', company: { id: 'c-2', name: 'Globex <b>', monthly_revenue: 700 } },
      { sub: 'u-4', email: 'di@solo.test', name: 'Di' },
    ];
    for (const user of users) {
      const { voter } = await signInSsoUser(sso, setup.orgId, user);
      await setup.board.voters.vote(voter.id, setup.ids.open);
    }
    const client = new Client(setup.pages);
    await signInTeam(setup, client);
    const page = await client.get(`/dashboard/posts/${setup.ids.open}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Monthly revenue of the companies behind this post: 13,200');
    // A voter without a company shows a dash in both columns (null here).
    const rows = [...page.text.matchAll(/<tr><td>([^<]*)<\/td><td>(?:<span class="muted">—<\/span>|([^<]*))<\/td><td>(?:<span class="muted">—<\/span>|([^<]*))<\/td><\/tr>/g)].map(
      (m) => [m[1], m[2] ?? null, m[3] ?? null],
    );
    expect(rows).toEqual([
      ['Ann', 'Initech', '12,500'],
      ['Bob', 'Initech', '12,500'],
      ['Cy', 'Globex &lt;b&gt;', '700'],
      ['Di', null, null],
    ]);
  });

  it('says when nobody voted, and shows no revenue when no voter has a company', async () => {
    const setup = await setupPages();
    const client = new Client(setup.pages);
    await signInTeam(setup, client);
    expect((await client.get(`/dashboard/posts/${setup.ids.open}`)).text).toContain('No votes yet.');
    const { voter } = await signInSsoUser({ storage: setup.board.storage, clock: setup.clock }, setup.orgId, { sub: 'u-1', email: 'di@solo.test', name: 'Di' });
    await setup.board.voters.vote(voter.id, setup.ids.open);
    const page = await client.get(`/dashboard/posts/${setup.ids.open}`);
    expect(page.text).toContain('<td>Di</td>');
    expect(page.text).not.toContain('Monthly revenue of the companies');
  });
});
