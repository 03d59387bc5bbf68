/**
 * The dashboard's posts list sorted by company revenue: the Sort select beside the board, the
 * rows in revenue order with a Company revenue column (a company once per post, the team's vote on
 * behalf of a company counted, the hidden post listed), the sort kept by the pager, and an
 * unknown sort answered with the newest posts first.
 */
import { describe, expect, it } from 'vitest';
import { signInSsoUser } from '../../src/services/sso-sign-in.js';
import { Client, setupPages, signInTeam } from './helpers.js';

async function setup() {
  const pages = await setupPages();
  const team = pages.board.team(pages.orgId);
  // 50 posts beyond the board's three (open, hidden, hostile): 53 in all, two pages of 50.
  const extra: number[] = [];
  for (let i = 1; i <= 50; i++) extra.push((await team.api.posts.create('features', { title: `Idea ${i}` })).id);
  const [initechPost, globexPost, hooliPost, popular] = [extra[9]!, extra[19]!, extra[29]!, extra[39]!];
  const sso = { storage: pages.board.storage, clock: pages.clock };
  const person = async (sub: string, company: { id: string; name: string; monthly_revenue: number } | null) =>
    (await signInSsoUser(sso, pages.orgId, { sub, email: `${sub}@example.test`, name: sub, company })).voter;
  const ann = await person('ann', { id: 'c-1', name: 'Initech', monthly_revenue: 12_500 });
  const cy = await person('cy', { id: 'c-2', name: 'Globex', monthly_revenue: 700 });
  const dee = await person('dee', { id: 'c-2', name: 'Globex', monthly_revenue: 700 });
  await person('eve', { id: 'c-3', name: 'Hooli', monthly_revenue: 1_000_000 });
  const loners = [await person('fay', null), await person('gus', null)];
  await pages.board.voters.vote(ann.id, initechPost);
  // Two people of Globex and the team on its behalf: Globex counts once.
  await pages.board.voters.vote(cy.id, globexPost);
  await pages.board.voters.vote(dee.id, globexPost);
  await team.api.votes.onBehalf('features', globexPost, { company_id: 'c-2' });
  await team.api.votes.onBehalf('features', hooliPost, { company_id: 'c-3' });
  // Votes of no company: revenue 0, first among the posts at 0 by its votes.
  for (const voter of loners) await pages.board.voters.vote(voter.id, popular);
  const client = new Client(pages.pages);
  await signInTeam(pages, client);
  return { ...pages, client, extra, initechPost, globexPost, hooliPost, popular };
}

/** The post ids of the list's rows, in order. */
const rowIds = (html: string) => [...html.matchAll(/<td class="title"><a href="\/dashboard\/posts\/(\d+)">/g)].map((m) => Number(m[1]));
/** The Company revenue cells, in order (the fourth cell of each row). */
const revenueCells = (html: string) => [...html.matchAll(/<\/span><\/td><td>\d+<\/td><td>([\d,]+)<\/td>/g)].map((m) => m[1]);

describe('dashboard: posts by company revenue', () => {
  it('lists the posts by the revenue of the companies behind them, with the column, and keeps the sort in the pager', async () => {
    const s = await setup();
    const page = await s.client.get('/dashboard/posts?board=features&sort=revenue');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<label for="sort">Sort</label>');
    expect(page.text).toMatch(/<option value="revenue" selected[^>]*>Company revenue<\/option>/);
    expect(page.text).toContain('<th scope="col">Company revenue</th>');
    expect(page.text).toContain('53 posts, highest company revenue first.');
    const ids = rowIds(page.text);
    expect(ids).toHaveLength(50);
    expect(ids.slice(0, 4)).toEqual([s.hooliPost, s.initechPost, s.globexPost, s.popular]);
    const cells = revenueCells(page.text);
    expect(cells).toHaveLength(50);
    expect(cells.slice(0, 5)).toEqual(['1,000,000', '12,500', '700', '0', '0']);
    // The posts at 0 after the popular one: newest id first, as they all have no vote.
    const atZero = [...s.extra].reverse().filter((id) => ![s.hooliPost, s.initechPost, s.globexPost, s.popular].includes(id));
    expect(ids.slice(4)).toEqual(atZero);

    const next = '/dashboard/posts?board=features&amp;sort=revenue&amp;page=2';
    expect(page.text).toContain(`href="${next}"`);
    const second = await s.client.get(next.replaceAll('&amp;', '&'));
    expect(second.status).toBe(200);
    expect(second.text).toContain('<th scope="col">Company revenue</th>');
    // The board's first three posts, at 0 with no vote, the hidden one among them.
    expect(rowIds(second.text)).toEqual([s.ids.hostile, s.ids.hidden, s.ids.open]);
    expect(revenueCells(second.text)).toEqual(['0', '0', '0']);
    expect(second.text).toContain('href="/dashboard/posts?board=features&amp;sort=revenue&amp;page=1"');
  });

  it('sorts by votes without the revenue column, and answers an unknown sort with the newest posts first', async () => {
    const s = await setup();
    const top = await s.client.get('/dashboard/posts?board=features&sort=top');
    expect(top.text).toContain('53 posts, most votes first.');
    expect(rowIds(top.text).slice(0, 2)).toEqual([s.globexPost, s.popular]);
    expect(top.text).not.toContain('Company revenue</th>');
    expect(top.text).toContain('href="/dashboard/posts?board=features&amp;sort=top&amp;page=2"');

    const newest = [...s.extra].reverse();
    for (const path of ['/dashboard/posts?board=features&sort=bogus', '/dashboard/posts?board=features&sort=', '/dashboard/posts?board=features']) {
      const page = await s.client.get(path);
      expect(page.status).toBe(200);
      expect(page.text).toContain('53 posts, newest first.');
      expect(page.text).toMatch(/<option value="new" selected[^>]*>Newest<\/option>/);
      expect(page.text).not.toContain('Company revenue</th>');
      expect(rowIds(page.text)).toEqual(newest);
      expect(page.text).toContain('href="/dashboard/posts?board=features&amp;sort=new&amp;page=2"');
    }
  });
});
