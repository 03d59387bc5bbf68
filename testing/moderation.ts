/**
 * Moderation: the boards whose voters' posts wait for approval, the held posts and the team's
 * decisions in storage; and, through the public core over the storage under test, that a waiting
 * post is in no list, search, queue, roadmap, changelog, statistic or similar answer until it is
 * approved, and that refusals change nothing.
 */
import { createFeedbackBoard, type FeedbackBoard } from '../src/index.js';
import type { NewHeldPost } from '../src/domain/held-posts.js';
import { at, rejectionOf, seedBoard, seedVoters } from './fixtures.js';
import type { SuiteContext } from './harness.js';

function newHeldPost(organizationId: number, boardId: number, voterId: number, overrides: Partial<NewHeldPost> = {}): NewHeldPost {
  return { organization_id: organizationId, board_id: boardId, voter_id: voterId, title: 'Offline mode', body: '', tag_slugs: [], created_at: at(0), ...overrides };
}

/** The error code a promise rejects with. */
async function codeOf(promise: Promise<unknown>): Promise<unknown> {
  return ((await rejectionOf(promise)) as { code?: unknown }).code;
}

export function moderationTests(ctx: SuiteContext): void {
  const { expect } = ctx;
  /** `actual` has these fields with these values (others are not compared). */
  const fields = (actual: object | null, expected: Record<string, unknown>): void => {
    const record = (actual ?? {}) as Record<string, unknown>;
    expect(Object.fromEntries(Object.keys(expected).map((key) => [key, record[key]]))).toEqual(expected);
  };

  ctx.t.describe('moderation', () => {
    ctx.test("a board's moderation is off until set, and set per board", async () => {
      const boardId = await ctx.write(async (tx) => (await seedBoard(tx)).board.id);
      expect(await ctx.read((tx) => tx.isBoardModerated(boardId))).toBe(false);
      await ctx.write((tx) => tx.setBoardModerated(boardId, true));
      await ctx.write((tx) => tx.setBoardModerated(boardId, true));
      expect(await ctx.read((tx) => tx.isBoardModerated(boardId))).toBe(true);
      expect(await ctx.read((tx) => tx.isBoardModerated(boardId + 1))).toBe(false);
      await ctx.write((tx) => tx.setBoardModerated(boardId, false));
      expect(await ctx.read((tx) => tx.isBoardModerated(boardId))).toBe(false);
    });

    ctx.test('a held post keeps the values of custom fields its voter gave, copied in and out', async () => {
      const { org, board, voter } = await ctx.write(async (tx) => {
        const { organization, board } = await seedBoard(tx);
        return { org: organization.id, board: board.id, voter: (await seedVoters(tx, organization.id, 1))[0]!.id };
      });
      const values = { plan: 'Pro', seats: 3 };
      const held = await ctx.write((tx) => tx.insertHeldPost(newHeldPost(org, board, voter, { fields: values })));
      values.plan = 'mutated';
      expect(held.fields).toEqual({ plan: 'Pro', seats: 3 });
      held.fields!['seats'] = 9;
      expect((await ctx.read((tx) => tx.getHeldPost(held.id)))!.fields).toEqual({ plan: 'Pro', seats: 3 });
      const decided = await ctx.write((tx) => tx.decideHeldPost(held.id, { state: 'rejected', reason: '', decided_at: at(9), decided_by: null, post_id: null }));
      expect(decided!.fields).toEqual({ plan: 'Pro', seats: 3 });
    });

    ctx.test('held posts are stored waiting, decided once, listed by organization and state, and by voter since a time', async () => {
      const { org, board, voters } = await ctx.write(async (tx) => {
        const { organization, board } = await seedBoard(tx);
        return { org: organization.id, board: board.id, voters: await seedVoters(tx, organization.id, 2) };
      });
      const [ann, cy] = [voters[0]!.id, voters[1]!.id];
      const first = await ctx.write((tx) => tx.insertHeldPost(newHeldPost(org, board, ann, { tag_slugs: ['ui', 'mobile'], created_at: at(5) })));
      expect(first).toEqual({
        id: 1, organization_id: org, board_id: board, voter_id: ann, title: 'Offline mode', body: '', tag_slugs: ['mobile', 'ui'],
        created_at: at(5), state: 'waiting', reason: '', decided_at: null, decided_by: null, post_id: null, fields: null,
      });
      await ctx.write((tx) => tx.insertHeldPost(newHeldPost(org, board, cy, { created_at: at(1) })));
      await ctx.write((tx) => tx.insertHeldPost(newHeldPost(org, board, ann, { created_at: at(2) })));
      const rejected = await ctx.write((tx) =>
        tx.decideHeldPost(2, { state: 'rejected', reason: 'Duplicate', decided_at: at(9), decided_by: 7, post_id: null }),
      );
      fields(rejected, { id: 2, state: 'rejected', reason: 'Duplicate', decided_at: at(9), decided_by: 7 });
      expect(await ctx.write((tx) => tx.decideHeldPost(99, { state: 'rejected', reason: '', decided_at: at(9), decided_by: null, post_id: null }))).toBeNull();
      await ctx.read(async (tx) => {
        expect((await tx.getHeldPost(2))?.state).toBe('rejected');
        expect(await tx.getHeldPost(99)).toBeNull();
        expect((await tx.listHeldPosts(org, 'waiting')).map((row) => row.id)).toEqual([1, 3]);
        expect((await tx.listHeldPosts(org, 'rejected')).map((row) => row.id)).toEqual([2]);
        expect(await tx.listHeldPosts(org + 1, 'waiting')).toEqual([]);
        expect(await tx.countHeldPosts(org, 'waiting')).toBe(2);
        expect(await tx.countHeldPosts(org, 'approved')).toBe(0);
        expect((await tx.listVoterHeldPosts(ann, '')).map((row) => row.id)).toEqual([3, 1]);
        expect((await tx.listVoterHeldPosts(ann, at(3))).map((row) => row.id)).toEqual([1]);
        expect(await tx.listVoterHeldPosts(cy, at(2))).toEqual([]);
      });
    });

    ctx.test('a waiting post is in no list, search, queue, roadmap, changelog, statistic or similar answer until approved', async () => {
      const { board, team, api, voter, other } = await moderatedBoard(ctx.storage);
      const hook = await board.dashboard.webhooks.create(team.organizationId, { url: 'https://hooks.example.com/x', events: ['post.created'] });
      const held = await board.voters.submitPost(voter.id, 'features', { title: 'Offline mode please', body: 'On the train' });
      fields(held, { approval: 'waiting', title: 'Offline mode please', voter_id: voter.id, post_id: null });
      const seen = async () => ({
        list: (await api.posts.list('features', {})).total,
        search: (await api.posts.list('features', { q: 'offline' })).total,
        similar: (await api.posts.similar('features', { text: 'offline mode' })).posts.length,
        queue: (await api.agent.queue('features', {})).total,
        roadmap: (await api.roadmap.list('features', {})).total,
        analytics: (await api.stats.analytics('features', {})).totals.posts,
        changelog: (await api.changelog.list('features', {})).total,
      });
      expect(await seen()).toEqual({ list: 0, search: 0, similar: 0, queue: 0, roadmap: 0, analytics: 0, changelog: 0 });
      fields(await api.agent.claimNext('features', {}), { claim: null, post: null });
      expect(await codeOf(api.posts.get('features', 1))).toBe('not_found');
      expect(await codeOf(board.voters.heldPost(other.id, held.id))).toBe('not_found');
      fields(await board.voters.heldPost(voter.id, held.id), { approval: 'waiting' });
      expect(await messages(board, hook.id)).toEqual([]);
      expect(await team.moderation.countWaiting()).toBe(1);

      const post = await team.moderation.approve(held.id, { memberId: 4 });
      fields(post, { title: 'Offline mode please', is_admin: false, vote_count: 1 });
      expect(await seen()).toEqual({ list: 1, search: 1, similar: 1, queue: 0, roadmap: 1, analytics: 1, changelog: 0 });
      // The queue takes planned posts, the changelog shipped ones: the approved post reaches both.
      await api.posts.update('features', post.id, { status: 'planned' });
      expect((await api.agent.queue('features', {})).total).toBe(1);
      await api.posts.update('features', post.id, { status: 'shipped' });
      expect((await api.changelog.list('features', {})).total).toBe(1);
      fields(await team.posts.author(post.id), { id: voter.id });
      fields(await board.voters.heldPost(voter.id, held.id), { approval: 'approved', post_id: post.id, decided_by: 4 });
      expect(await messages(board, hook.id)).toEqual([['post.created', post.id]]);
      expect(await team.moderation.countWaiting()).toBe(0);
    });

    ctx.test('a rejected post stays out for good, and refusals change nothing', async () => {
      const { board, team, api, voter } = await moderatedBoard(ctx.storage);
      const held = await board.voters.submitPost(voter.id, 'features', { title: 'Spam spam' });
      const otherOrg = await ctx.write(async (tx) => (await tx.insertOrganization({ name: 'Other', created_at: at(0) })).id);
      expect(await codeOf(board.team(otherOrg).moderation.approve(held.id))).toBe('not_found');
      expect(await codeOf(board.team(otherOrg).moderation.reject(held.id))).toBe('not_found');
      expect(await codeOf(team.moderation.reject(held.id, { reason: 'x'.repeat(1001) }))).toBe('validation_error');
      fields(await team.moderation.get(held.id), { approval: 'waiting', reason: '' });

      const rejection = await team.moderation.reject(held.id, { reason: '  Not a feature request ' });
      fields(rejection.post, { approval: 'rejected', reason: 'Not a feature request', post_id: null });
      expect(rejection.author.id).toBe(voter.id);
      expect(await codeOf(team.moderation.reject(held.id, { reason: 'again' }))).toBe('status_unchanged');
      expect(await codeOf(team.moderation.approve(held.id))).toBe('status_unchanged');
      fields(await team.moderation.get(held.id), { approval: 'rejected', reason: 'Not a feature request' });
      expect((await team.moderation.list('rejected')).map((row) => row.id)).toEqual([held.id]);
      expect(await team.moderation.list()).toEqual([]);
      expect((await api.posts.list('features', {})).total).toBe(0);

      const second = await board.voters.submitPost(voter.id, 'features', { title: 'Fine idea' });
      await team.moderation.approve(second.id);
      expect(await codeOf(team.moderation.approve(second.id))).toBe('status_unchanged');
      expect((await api.posts.list('features', {})).total).toBe(1);
    });
  });
}

/** A published, moderated board `features` of a new organization, with two voters, over `storage`. */
async function moderatedBoard(storage: FeedbackBoard['storage']) {
  const board = createFeedbackBoard({ storage, logger: { error: () => {} } });
  const org = await storage.transaction('write', (tx) => tx.insertOrganization({ name: 'Acme', created_at: new Date().toISOString() }));
  const team = board.team(org.id);
  await team.api.boards.create({ slug: 'features', name: 'Features' });
  await team.boards.setPublished('features', true);
  await team.boards.setModerated('features', true);
  const voter = await board.voters.register(org.id, { email: 'ann@example.com', name: 'Ann' });
  const other = await board.voters.register(org.id, { email: 'cy@example.com', name: 'Cy' });
  return { board, team, api: team.api, voter, other };
}

/** The post.created messages the webhook got: type and post id. */
async function messages(board: FeedbackBoard, webhookId: number): Promise<[string, number][]> {
  const { rows } = await board.dashboard.webhooks.messages(webhookId, { limit: 100 });
  return rows.sort((a, b) => a.id - b.id).map((m) => [m.event_type, (JSON.parse(m.payload) as { data: { post: { id: number } } }).data.post.id]);
}
