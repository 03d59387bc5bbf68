/**
 * Votes on behalf of a customer company (src/services/company-votes.ts): they count like a
 * person's vote (vote count, statistics, followers, webhook events), once per company, are
 * withdrawn without touching the votes of the company's people, are recorded in the post's log
 * with the team's actor, and refuse an unknown company or a weaker key, changing nothing.
 */
import { describe, expect, it } from 'vitest';
import { createHarness, T0 } from '../helpers/harness.js';
import { allMessages } from '../webhooks/helpers.js';

async function setup() {
  const h = await createHarness();
  await h.makeBoard();
  const post = await h.makePost('features', { title: 'Dark mode' });
  const at = new Date(T0).toISOString();
  await h.board.storage.transaction('write', async (tx) => {
    await tx.putCompany({ organization_id: h.a.id, id: 'initech', name: 'Initech', monthly_revenue: 300, updated_at: at });
    await tx.putCompany({ organization_id: h.b.id, id: 'globex-co', name: 'Globex Co', monthly_revenue: 900, updated_at: at });
  });
  const hook = await h.board.dashboard.webhooks.create(h.a.id, { url: 'https://hooks.example.com/all', events: ['*'] });
  const path = `/boards/features/posts/${post.id}`;
  const events = async () => (await allMessages(h.board, hook.id)).map((m) => m.event_type).filter((type) => type.startsWith('vote.'));
  return { ...h, post, path, events };
}

describe('votes on behalf of a company', () => {
  it('counts like a vote of a person, once per company, and follows the post', async () => {
    const h = await setup();
    const first = await h.req('POST', `${h.path}/votes`, { body: { company_id: 'initech' } });
    expect(first.status).toBe(200);
    expect(first.json).toEqual({ post_id: h.post.id, vote_count: 1 });
    const again = await h.req('POST', `${h.path}/votes`, { body: { company_id: 'initech' } });
    expect(again.json).toEqual({ post_id: h.post.id, vote_count: 1 });
    expect((await h.req('GET', h.path)).json.vote_count).toBe(1);
    expect(await h.events()).toEqual(['vote.created']);

    const analytics = (await h.req('GET', '/boards/features/analytics')).json;
    expect(analytics.totals).toMatchObject({ votes: 1, voters: 1 });

    const voter = await h.board.storage.transaction('read', (tx) => tx.getCompanyVoter(h.a.id, 'initech'));
    expect(voter).not.toBeNull();
    const people = await h.board.storage.transaction('read', async (tx) => ({
      voters: await tx.listVoterIds(h.post.id),
      followers: await tx.listFollowerIds(h.post.id),
      company: await tx.listVoterCompanies([voter!.voter_id]),
      record: await tx.getVoter(voter!.voter_id),
    }));
    expect(people.voters).toEqual([voter!.voter_id]);
    expect(people.followers).toEqual([voter!.voter_id]);
    expect(people.company).toEqual([{ voter_id: voter!.voter_id, organization_id: h.a.id, company_id: 'initech' }]);
    expect(people.record).toMatchObject({ email: null, name: 'Initech' });
  });

  it('uses one voter per company across posts, and adds to the votes of its people', async () => {
    const h = await setup();
    const [person] = await h.addVotes(h.post.id, 1);
    await h.board.storage.transaction('write', (tx) => tx.setVoterCompany(person!, h.a.id, 'initech'));
    const other = await h.makePost('features', { title: 'Offline mode' });
    await h.board.team(h.a.id).api.votes.onBehalf('features', h.post.id, { company_id: 'initech' });
    const votes = await h.board.team(h.a.id).api.votes.onBehalf('features', other.id, { company_id: 'initech' });
    expect(votes).toEqual({ post_id: other.id, vote_count: 1 });
    const companyVoters = await h.board.storage.transaction('read', (tx) => tx.listCompanyVoters(h.a.id));
    expect(companyVoters.map((c) => c.company_id)).toEqual(['initech']);
    expect((await h.req('GET', h.path)).json.vote_count).toBe(2);

    // Withdrawing takes back the team's vote only; the person's vote stays.
    const withdrawn = await h.req('POST', `${h.path}/votes/withdraw`, { body: { company_id: 'initech' } });
    expect(withdrawn.json).toEqual({ post_id: h.post.id, vote_count: 1 });
    const voters = await h.board.storage.transaction('read', (tx) => tx.listVoterIds(h.post.id));
    expect(voters).toEqual([person]);
  });

  it('is withdrawn once: a second withdrawal, or one without a vote, changes nothing', async () => {
    const h = await setup();
    const never = await h.req('POST', `${h.path}/votes/withdraw`, { body: { company_id: 'initech' } });
    expect(never.status).toBe(200);
    expect(never.json).toEqual({ post_id: h.post.id, vote_count: 0 });
    await h.req('POST', `${h.path}/votes`, { body: { company_id: 'initech' } });
    await h.req('POST', `${h.path}/votes/withdraw`, { body: { company_id: 'initech' } });
    const twice = await h.req('POST', `${h.path}/votes/withdraw`, { body: { company_id: 'initech' } });
    expect(twice.json).toEqual({ post_id: h.post.id, vote_count: 0 });
    expect(await h.events()).toEqual(['vote.created', 'vote.deleted']);
    const kinds = (await h.board.team(h.a.id).posts.activity(h.post.id)).entries.map((e) => e.kind);
    expect(kinds).toEqual(['vote_on_behalf_withdrawn', 'voted_on_behalf', 'created']);
  });

  it("records the team's actor in the post's log: the key, or the member signed in", async () => {
    const h = await setup();
    await h.req('POST', `${h.path}/votes`, { body: { company_id: 'initech' } });
    const member = await h.board.team(h.a.id).members.add({ email: 'maria@example.com', name: 'Maria' });
    const team = h.board.team(h.a.id, { memberId: member.id });
    await team.api.votes.withdrawOnBehalf('features', h.post.id, { company_id: 'initech' });
    const [withdrawn, voted] = (await h.board.team(h.a.id).posts.activity(h.post.id)).entries;
    expect(voted).toMatchObject({ kind: 'voted_on_behalf', company_id: 'initech', actor: { kind: 'api_key', id: h.a.keys.ids.write } });
    expect(withdrawn).toMatchObject({ kind: 'vote_on_behalf_withdrawn', company_id: 'initech', actor: { kind: 'team_member', id: member.id, name: 'Maria' } });
  });

  it("refuses an unknown company, another organization's company and a weaker key, changing nothing", async () => {
    const h = await setup();
    for (const company_id of ['nobody', 'globex-co']) {
      for (const action of ['votes', 'votes/withdraw']) {
        const refused = await h.req('POST', `${h.path}/${action}`, { body: { company_id } });
        expect(refused.status).toBe(422);
        expect(refused.json.error).toMatchObject({ code: 'validation_error', details: [{ path: 'company_id', message: 'is not a company of this organization' }] });
      }
    }
    const empty = await h.req('POST', `${h.path}/votes`, { body: { company_id: '' } });
    expect(empty.status).toBe(422);
    const weaker = await h.req('POST', `${h.path}/votes`, { key: h.a.keys.propose, body: { company_id: 'initech' } });
    expect(weaker.status).toBe(403);
    const elsewhere = await h.req('POST', `${h.path}/votes`, { key: h.b.keys.write, body: { company_id: 'globex-co' } });
    expect(elsewhere.status).toBe(404);

    expect((await h.req('GET', h.path)).json.vote_count).toBe(0);
    expect(await h.events()).toEqual([]);
    const stored = await h.board.storage.transaction('read', async (tx) => ({
      companyVoters: [...(await tx.listCompanyVoters(h.a.id)), ...(await tx.listCompanyVoters(h.b.id))],
      log: await tx.listActivity(h.post.id, { before: null, limit: 10 }),
    }));
    expect(stored.companyVoters).toEqual([]);
    expect(stored.log.map((e) => e.kind)).toEqual(['created']);
  });
});
