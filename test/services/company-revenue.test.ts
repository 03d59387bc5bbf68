/**
 * The team's list of a board's posts by company revenue (src/services/company-revenue.ts): the
 * posts as the API presents them (tags included) with `company_revenue`, ranked and paged by the
 * storage's rule, the team's votes on behalf of a company counted; a board of another
 * organization is not found and a page out of bounds is refused.
 */
import { describe, expect, it } from 'vitest';
import { createHarness, T0 } from '../helpers/harness.js';

async function setup() {
  const h = await createHarness();
  await h.makeBoard();
  await h.makeBoard('globex-board', h.b.keys.write);
  const dark = await h.makePost('features', { title: 'Dark mode', tags: ['UI'] });
  const sso = await h.makePost('features', { title: 'SSO' });
  const quiet = await h.makePost('features', { title: 'Quiet' });
  const at = new Date(T0).toISOString();
  await h.board.storage.transaction('write', async (tx) => {
    await tx.putCompany({ organization_id: h.a.id, id: 'initech', name: 'Initech', monthly_revenue: 12_500, updated_at: at });
    await tx.putCompany({ organization_id: h.a.id, id: 'hooli', name: 'Hooli', monthly_revenue: 700, updated_at: at });
  });
  const team = h.board.team(h.a.id);
  const [ann, bob] = await h.addVotes(sso.id, 2);
  await h.board.storage.transaction('write', async (tx) => {
    await tx.setVoterCompany(ann!, h.a.id, 'hooli');
    await tx.setVoterCompany(bob!, h.a.id, 'hooli');
  });
  await team.api.votes.onBehalf('features', dark.id, { company_id: 'initech' });
  await h.addVotes(quiet.id, 3);
  return { ...h, team, dark, sso, quiet };
}

describe('posts by company revenue, for the team', () => {
  it('presents the posts with their company revenue, highest first, a company once per post', async () => {
    const h = await setup();
    const list = await h.team.posts.listByCompanyRevenue('features');
    expect(list.total).toBe(3);
    expect(list.posts.map((post) => [post.title, post.company_revenue, post.vote_count])).toEqual([
      ['Dark mode', 12_500, 1],
      ['SSO', 700, 2],
      ['Quiet', 0, 3],
    ]);
    // Each post as the API's list presents it, plus its revenue.
    const api = await h.team.api.posts.list('features', { sort: 'new' });
    for (const post of list.posts) {
      const { company_revenue: _, ...presented } = post;
      expect(presented).toEqual(api.posts.find((p) => p.id === post.id));
    }
    expect(list.posts[0]!.tags.map((tag) => tag.name)).toEqual(['UI']);

    const second = await h.team.posts.listByCompanyRevenue('features', { limit: 1, offset: 1 });
    expect([second.posts.map((post) => post.title), second.total]).toEqual([['SSO'], 3]);
  });

  it("answers not_found for another organization's board and refuses a page out of bounds", async () => {
    const h = await setup();
    const code = (promise: Promise<unknown>) => promise.then(() => null, (error: { code?: string }) => error.code);
    expect(await code(h.team.posts.listByCompanyRevenue('globex-board'))).toBe('not_found');
    expect(await code(h.team.posts.listByCompanyRevenue('nope'))).toBe('not_found');
    expect(await code(h.team.posts.listByCompanyRevenue('features', { limit: 0 }))).toBe('validation_error');
    expect(await code(h.team.posts.listByCompanyRevenue('features', { limit: 501 }))).toBe('validation_error');
    expect(await code(h.team.posts.listByCompanyRevenue('features', { offset: -1 }))).toBe('validation_error');
    expect((await h.board.team(h.b.id).posts.listByCompanyRevenue('globex-board')).total).toBe(0);
  });
});
