/**
 * What the services write to a post's activity log, through the public core over the storage
 * under test: every kind, in the transaction of its change, with its actor (an API key by label
 * and prefix, a team member, a voter) and the injected clock's time; a refused change writes
 * nothing; a merged post keeps its log and its target records the merge.
 */
import { createFeedbackBoard } from '../src/index.js';
import type { ActivityEntry } from '../src/services/activity.js';
import { rejectionOf, T0 } from './fixtures.js';
import type { SuiteContext } from './harness.js';

/** An entry as compared here: kind, actor in short, time as minutes after T0, and its detail. */
function brief(entry: ActivityEntry): unknown[] {
  const { id: _id, kind, at, actor, proposed_by, ...detail } = entry;
  const proposer = proposed_by === undefined ? {} : { proposed_by: who(proposed_by) };
  return [kind, who(actor), (Date.parse(at) - T0) / 60_000, { ...detail, ...proposer }];
}

/** An actor in short: a key by label and prefix, a member or voter by name. */
function who(actor: ActivityEntry['actor']): string {
  if (actor.kind === 'api_key') return `key ${actor.label} ${actor.prefix}`;
  if (actor.kind === 'connection') return `connection ${actor.label}`;
  return actor.kind === 'system' ? 'system' : `${actor.kind} ${actor.name}`;
}

export function activityActorTests(ctx: SuiteContext): void {
  const { expect } = ctx;

  async function setUp() {
    let minute = 0;
    const board = createFeedbackBoard({ storage: ctx.storage, clock: { now: () => T0 + minute * 60_000 }, logger: { error: () => {} } });
    const tick = () => void (minute += 1);
    const org = await board.dashboard.organizations.create({ name: 'Acme' });
    const member = await board.team(org.id).members.add({ email: 'maria@example.com', name: 'Maria' });
    const team = board.team(org.id, { memberId: member.id });
    const writer = await board.dashboard.apiKeys.create(org.id, { scope: 'write', label: 'Triage bot' });
    const agentKey = await board.dashboard.apiKeys.create(org.id, { scope: 'propose', label: 'Coder' });
    const writerApi = await board.api(writer.key);
    const agentApi = await board.api(agentKey.key);
    await writerApi.boards.create({ slug: 'features', name: 'Features' });
    await team.boards.setPublished('features', true);
    const log = async (postId: number) => (await team.posts.activity(postId)).entries.map(brief);
    return {
      board, org, team, writerApi, agentApi, tick, log,
      writer: `key Triage bot ${writer.info.prefix}`, agent: `key Coder ${agentKey.info.prefix}`, agentKey: agentKey.info,
    };
  }

  ctx.t.describe('activity through the services', () => {
    ctx.test('activity: creation, edits, the agent workflow, proposals, hiding and team comments name their actors', async () => {
      const { team, writerApi, agentApi, tick, log, writer, agent, agentKey } = await setUp();
      const agentKeyId = agentKey.id;
      const post = await writerApi.posts.create('features', { title: 'Dark mode' });
      tick();
      await writerApi.posts.update('features', post.id, { status: 'planned', title: 'Dark theme', tags: ['ui'] });
      tick();
      await agentApi.agent.claim('features', post.id, {});
      await agentApi.agent.claim('features', post.id, {});
      tick();
      await agentApi.agent.addEvidence('features', post.id, { kind: 'commit', ref: 'abc1234' });
      const evidenceId = (await ctx.read((tx) => tx.listEvidence(post.id)))[0]!.id;
      tick();
      await agentApi.agent.proposeStatus('features', post.id, { status: 'shipped', note: 'done' });
      tick();
      await team.proposals.confirm(post.id, { notifyVoters: false });
      tick();
      await agentApi.agent.proposeStatus('features', post.id, { status: 'declined' });
      await team.proposals.reject(post.id);
      tick();
      await agentApi.agent.release('features', post.id);
      tick();
      await team.posts.setHidden(post.id, true);
      await team.posts.setHidden(post.id, true);
      await team.posts.setHidden(post.id, false);
      tick();
      const comment = await team.comments.create(post.id, { body: 'Thanks!' });
      expect((await log(post.id)).reverse()).toEqual([
        ['created', writer, 0, {}],
        ['status_changed', writer, 1, { from: 'open', to: 'planned' }],
        ['edited', writer, 1, { fields: ['title', 'tags'] }],
        ['claimed', agent, 2, {}],
        ['evidence_added', agent, 3, { evidence_id: evidenceId }],
        ['proposal_made', agent, 4, { to: 'shipped', note: 'done' }],
        ['proposal_confirmed', 'team_member Maria', 5, { from: 'planned', to: 'shipped', key_id: agentKeyId, proposed_by: agent }],
        ['proposal_made', agent, 6, { to: 'declined', note: '' }],
        ['proposal_rejected', 'team_member Maria', 6, { to: 'declined', key_id: agentKeyId, proposed_by: agent }],
        ['released', agent, 7, {}],
        ['hidden', 'team_member Maria', 8, {}],
        ['shown', 'team_member Maria', 8, {}],
        ['team_commented', 'team_member Maria', 9, { comment_id: comment.id }],
      ]);
    });

    ctx.test('activity: claim-next, voters’ posts, moderation, merges and unmerges; a merged post keeps its log', async () => {
      const { board, org, team, writerApi, agentApi, tick, log, writer, agent } = await setUp();
      const voter = await board.voters.register(org.id, { email: 'ann@example.com', name: 'Ann' });
      const submitted = await board.voters.submitPost(voter.id, 'features', { title: 'Offline mode' });
      await team.api.posts.update('features', submitted.id, { status: 'planned' });
      tick();
      const { post: claimed } = await agentApi.agent.claimNext('features', {});
      expect(claimed?.id).toBe(submitted.id);
      tick();
      await team.boards.setModerated('features', true);
      const held = await board.voters.submitPost(voter.id, 'features', { title: 'Export to CSV' });
      tick();
      const approved = await team.moderation.approve(held.id);
      tick();
      await writerApi.posts.merge('features', submitted.id, { into: approved.id });
      expect(await log(submitted.id)).toEqual([
        ['merged_into', writer, 4, { other_post_id: approved.id }],
        ['claimed', agent, 1, {}],
        ['status_changed', 'team_member Maria', 0, { from: 'open', to: 'planned' }],
        ['created', 'voter Ann', 0, {}],
      ]);
      tick();
      await team.posts.unmerge(submitted.id);
      expect((await log(approved.id)).reverse()).toEqual([
        ['created', 'voter Ann', 2, {}],
        ['approved', 'team_member Maria', 3, {}],
        ['merge_received', writer, 4, { other_post_id: submitted.id }],
        ['merge_undone', 'team_member Maria', 5, { other_post_id: submitted.id }],
      ]);
      expect((await log(submitted.id))[0]).toEqual(['unmerged', 'team_member Maria', 5, { other_post_id: approved.id }]);
    });

    ctx.test('activity: a refused change records nothing, and a deleted post’s log goes with it', async () => {
      const { team, writerApi, agentApi, log } = await setUp();
      const post = await writerApi.posts.create('features', { title: 'Dark mode' });
      await rejectionOf(agentApi.agent.proposeStatus('features', post.id, { status: 'open' }));
      await rejectionOf(writerApi.posts.update('features', post.id, { status: 'planned', tags: Array.from({ length: 30 }, (_, i) => `t${i}`) }));
      await rejectionOf(writerApi.posts.merge('features', post.id, { into: post.id }));
      expect((await log(post.id)).map(([kind]) => kind)).toEqual(['created']);
      await writerApi.posts.delete('features', post.id);
      expect(await ctx.read((tx) => tx.listActivity(post.id, { before: null, limit: 10 }))).toEqual([]);
      expect(((await rejectionOf(team.posts.activity(post.id))) as { code?: string }).code).toBe('not_found');
    });

    ctx.test('activity: a key reads a post’s log in pages through the in-process API; bad paging is refused', async () => {
      const { writerApi, agentApi, writer, agent, agentKey } = await setUp();
      const post = await writerApi.posts.create('features', { title: 'Dark mode' });
      for (let i = 0; i < 4; i += 1) await agentApi.agent.proposeStatus('features', post.id, { status: 'planned', note: `n${i}` });
      const first = await agentApi.activity.list('features', post.id, { limit: '3' });
      expect(first.entries.map(brief).map(([, who, , detail]) => [who, detail])).toEqual([
        [agent, { to: 'planned', note: 'n3' }],
        [agent, { to: 'planned', note: 'n2' }],
        [agent, { to: 'planned', note: 'n1' }],
      ]);
      expect(first.entries[0]!.actor).toEqual({ kind: 'api_key', id: agentKey.id, label: 'Coder', prefix: agentKey.prefix, oauth_client: null });
      const second = await agentApi.activity.list('features', post.id, { limit: '3', before: String(first.next_before) });
      expect(second.entries.map(brief).map(([kind, who]) => [kind, who])).toEqual([
        ['proposal_made', agent],
        ['created', writer],
      ]);
      expect(second.next_before).toBeNull();
      for (const query of [{ limit: '0' }, { limit: '501' }, { before: '0' }, { before: 'x' }]) {
        expect(((await rejectionOf(agentApi.activity.list('features', post.id, query))) as { code?: string }).code).toBe('validation_error');
      }
      expect(((await rejectionOf(agentApi.activity.list('features', post.id + 100, {}))) as { code?: string }).code).toBe('not_found');
      expect(((await rejectionOf(agentApi.activity.list('nope', post.id, {}))) as { code?: string }).code).toBe('not_found');
    });
  });
}
