/**
 * Votes on behalf of customer companies: the storage of each company's voter, and the votes
 * themselves through the public core over the storage under test (they count like any vote in
 * the post's count and the board's statistics, once per company, and are withdrawn alone).
 */
import { createFeedbackBoard } from '../src/index.js';
import type { CompanyRecord } from '../src/domain/sso.js';
import { at, newOrganization, newVoter, T0 } from './fixtures.js';
import type { SuiteContext } from './harness.js';

export function companyVoteTests(ctx: SuiteContext): void {
  const { expect } = ctx;
  const company = (organization: number, id: string, name: string): CompanyRecord => ({
    organization_id: organization, id, name, monthly_revenue: 100, updated_at: at(0),
  });

  ctx.t.describe('votes on behalf of companies', () => {
    ctx.test('a company is read by (organization, exact id); its voter is one per company, listed by company id in code-point order', async () => {
      const ids = await ctx.write(async (tx) => {
        const acme = (await tx.insertOrganization(newOrganization())).id;
        const globex = (await tx.insertOrganization(newOrganization({ name: 'Globex' }))).id;
        for (const id of ['b-2', '\u{1F600}', '\uFF21']) await tx.putCompany(company(acme, id, `Company ${id}`));
        await tx.putCompany(company(globex, 'b-2', 'Globex B'));
        const voters = [];
        for (let i = 0; i < 4; i++) voters.push((await tx.insertVoter(newVoter(i < 3 ? acme : globex, { email: null }))).id);
        return { acme, globex, voters };
      });
      const { acme, globex, voters } = ids;
      await ctx.read(async (tx) => {
        expect(await tx.getCompany(acme, 'b-2')).toEqual(company(acme, 'b-2', 'Company b-2'));
        expect(await tx.getCompany(acme, 'B-2')).toBeNull();
        expect(await tx.getCompany(globex, 'b-2')).toEqual(company(globex, 'b-2', 'Globex B'));
        expect(await tx.getCompany(globex, '\uFF21')).toBeNull();
        expect(await tx.getCompanyVoter(acme, 'b-2')).toBeNull();
      });
      const link = (organization: number, companyId: string, voterId: number, minute: number) => ({
        organization_id: organization, company_id: companyId, voter_id: voterId, created_at: at(minute),
      });
      await ctx.write(async (tx) => {
        await tx.insertCompanyVoter(link(acme, '\u{1F600}', voters[0]!, 1));
        await tx.insertCompanyVoter(link(acme, 'b-2', voters[1]!, 2));
        await tx.insertCompanyVoter(link(acme, '\uFF21', voters[2]!, 3));
        await tx.insertCompanyVoter(link(globex, 'b-2', voters[3]!, 4));
      });
      await ctx.read(async (tx) => {
        expect(await tx.getCompanyVoter(acme, 'b-2')).toEqual(link(acme, 'b-2', voters[1]!, 2));
        expect(await tx.getCompanyVoter(globex, 'b-2')).toEqual(link(globex, 'b-2', voters[3]!, 4));
        expect(await tx.listCompanyVoters(acme)).toEqual([
          link(acme, 'b-2', voters[1]!, 2), link(acme, '\uFF21', voters[2]!, 3), link(acme, '\u{1F600}', voters[0]!, 1),
        ]);
        expect(await tx.listCompanyVoters(globex)).toEqual([link(globex, 'b-2', voters[3]!, 4)]);
        expect(await tx.listCompanyVoters(99)).toEqual([]);
      });
    });

    ctx.test('a vote on behalf counts in the post and the statistics once per company, and is withdrawn alone', async () => {
      const board = createFeedbackBoard({ storage: ctx.storage, clock: { now: () => T0 }, logger: { error: () => {} } });
      const org = await board.dashboard.organizations.create({ name: 'Acme' });
      const api = board.team(org.id).api;
      await api.boards.create({ slug: 'features', name: 'Features' });
      const post = await api.posts.create('features', { title: 'Dark mode' });
      await ctx.write((tx) => tx.putCompany(company(org.id, 'initech', 'Initech')));
      const person = await board.voters.register(org.id, { email: 'ann@initech.test' });
      await ctx.write((tx) => tx.setVoterCompany(person.id, org.id, 'initech'));
      await board.voters.vote(person.id, post.id);

      expect(await api.votes.onBehalf('features', post.id, { company_id: 'initech' })).toEqual({ post_id: post.id, vote_count: 2 });
      expect(await api.votes.onBehalf('features', post.id, { company_id: 'initech' })).toEqual({ post_id: post.id, vote_count: 2 });
      const { votes, voters } = (await api.stats.analytics('features', {})).totals;
      expect({ votes, voters }).toEqual({ votes: 2, voters: 2 });
      expect((await api.posts.list('features', { sort: 'top' })).posts.map((p) => p.vote_count)).toEqual([2]);
      const refusal = await api.votes.onBehalf('features', post.id, { company_id: 'nobody' }).then(() => null, (error: { code?: string }) => error.code);
      expect(refusal).toBe('validation_error');
      expect(await ctx.read(async (tx) => (await tx.getPost(post.id))!.vote_count)).toBe(2);

      expect(await api.votes.withdrawOnBehalf('features', post.id, { company_id: 'initech' })).toEqual({ post_id: post.id, vote_count: 1 });
      expect(await ctx.read((tx) => tx.listVoterIds(post.id))).toEqual([person.id]);
      const after = (await api.stats.analytics('features', {})).totals;
      expect({ votes: after.votes, voters: after.voters }).toEqual({ votes: 1, voters: 1 });
    });
  });
}
