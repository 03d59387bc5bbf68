/**
 * Moderation through the SDK: the board setting, a voter's submission held on a moderated board,
 * the author's view of it, the per-voter limit counting held posts, and refusals that change
 * nothing. (What every adapter must show, lists and statistics included, is in the conformance
 * suite.)
 */
import { describe, expect, it } from 'vitest';
import { createHarness } from '../helpers/harness.js';
import { snapshot } from '../helpers/state.js';

async function setup() {
  const h = await createHarness();
  await h.makeBoard();
  await h.makePost('features', { title: 'Seed', tags: ['UI'] });
  const team = h.board.team(h.a.id);
  await team.boards.setPublished('features', true);
  await h.makeBoard('theirs', h.b.keys.write);
  const voter = await h.board.voters.register(h.a.id, { email: 'ann@example.com', name: 'Ann' });
  const other = await h.board.voters.register(h.a.id, { email: 'cy@example.com', name: 'Cy' });
  return { ...h, team, voter, other };
}

describe('moderation', () => {
  it('is off by default, and set per board by the team of its organization only', async () => {
    const h = await setup();
    expect(await h.team.boards.moderated('features')).toBe(false);
    const post = await h.board.voters.submitPost(h.voter.id, 'features', { title: 'Straight in' });
    expect(post).toMatchObject({ is_admin: false, vote_count: 1 });
    expect(await h.team.boards.setModerated('features', true)).toBe(true);
    expect(await h.team.boards.moderated('features')).toBe(true);
    const before = await snapshot(h.board);
    await expect(h.team.boards.setModerated('theirs', true)).rejects.toMatchObject({ code: 'not_found' });
    await expect(h.team.boards.setModerated('nope', true)).rejects.toMatchObject({ code: 'not_found' });
    expect(await snapshot(h.board)).toEqual(before);
  });

  it("holds a voter's post on a moderated board: tags kept, shown to its author only, counted in the inbox", async () => {
    const h = await setup();
    await h.team.boards.setModerated('features', true);
    const held = await h.board.voters.submitPost(h.voter.id, 'features', { title: ' Offline mode ', body: 'Please', tags: ['ui'] });
    expect(held).toMatchObject({ approval: 'waiting', title: 'Offline mode', body: 'Please', voter_id: h.voter.id, post_id: null });
    expect(held.tags.map((tag) => tag.name)).toEqual(['UI']);
    if (!('approval' in held)) throw new Error('expected a held post');
    const boardId = held.board_id;
    expect((await h.board.voters.waitingPosts(h.voter.id, boardId)).map((p) => p.id)).toEqual([held.id]);
    expect(await h.board.voters.waitingPosts(h.other.id, boardId)).toEqual([]);
    expect(await h.team.moderation.countWaiting()).toBe(1);
    expect(await h.board.team(h.b.id).moderation.countWaiting()).toBe(0);

    const post = await h.team.moderation.approve(held.id);
    expect(post.tags.map((tag) => tag.name)).toEqual(['UI']);
    expect(post.created_at).toBe(held.created_at);
    expect(await h.board.voters.isFollowing(h.voter.id, post.id)).toBe(true);
    expect(await h.board.voters.waitingPosts(h.voter.id, boardId)).toEqual([]);
  });

  it('counts held posts, approved or not, in the per-voter limit once each', async () => {
    const h = await setup();
    await h.team.boards.setModerated('features', true);
    const first = await h.board.voters.submitPost(h.voter.id, 'features', { title: 'Idea 0' });
    await h.team.moderation.approve(first.id);
    for (let i = 1; i < 5; i++) await h.board.voters.submitPost(h.voter.id, 'features', { title: `Idea ${i}` });
    const before = await snapshot(h.board);
    const refused = await h.board.voters.submitPost(h.voter.id, 'features', { title: 'One more' }).catch((e) => e);
    expect(refused).toMatchObject({ code: 'rate_limited', status: 429 });
    expect(refused.message).toContain('at most 5 posts an hour');
    expect(await snapshot(h.board)).toEqual(before);
  });

  it('refuses a waiting post to a blocked voter, and an unknown tag, changing nothing', async () => {
    const h = await setup();
    await h.team.boards.setModerated('features', true);
    await h.board.voters.submitPost(h.other.id, 'features', { title: 'Waiting' });
    const before = await snapshot(h.board);
    await expect(h.board.voters.submitPost(h.voter.id, 'features', { title: 'X', tags: ['Nope'] })).rejects.toMatchObject({ code: 'validation_error' });
    await h.team.voters.block(h.voter.id);
    await expect(h.board.voters.submitPost(h.voter.id, 'features', { title: 'X' })).rejects.toMatchObject({ code: 'insufficient_scope' });
    expect(await snapshot(h.board)).toEqual(before);
    expect(await h.team.moderation.countWaiting()).toBe(1);
  });
});
