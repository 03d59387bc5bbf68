/**
 * Blocking: a blocked voter cannot submit, vote, unvote, comment, react or unreact, and every
 * refusal changes nothing; their comments show `voter_blocked: true` in the API shape. Also the
 * per-voter comment limit and the team's comments from the dashboard side.
 */
import { describe, expect, it } from 'vitest';
import { createHarness } from '../helpers/harness.js';
import { snapshot } from '../helpers/state.js';

async function setup(options: Parameters<typeof createHarness>[0] = {}) {
  const h = await createHarness(options);
  await h.makeBoard();
  await h.board.team(h.a.id).boards.setPublished('features', true);
  const post = await h.makePost('features', { title: 'Dark mode', tags: ['UI'] });
  const voter = await h.board.voters.register(h.a.id, { email: 'ann@example.com', name: 'Ann' });
  const other = await h.board.voters.register(h.a.id, { email: 'cy@example.com', name: 'Cy' });
  const outsider = await h.board.voters.register(h.b.id, { email: 'bob@example.com' });
  return { ...h, post, voter, other, outsider, team: h.board.team(h.a.id) };
}

const comments = async (h: Awaited<ReturnType<typeof setup>>) =>
  (await h.req('GET', `/boards/features/posts/${h.post.id}/comments`)).json.comments;

describe('blocking voters', () => {
  it('every action of a blocked voter is refused and changes nothing; their content stays', async () => {
    const h = await setup();
    await h.board.voters.vote(h.voter.id, h.post.id);
    const own = await h.board.voters.comment(h.voter.id, h.post.id, { body: 'Before the block' });
    await h.board.voters.react(h.voter.id, own.id, '👍');
    const block = await h.team.voters.block(h.voter.id);
    expect(block).toEqual({ voter_id: h.voter.id, blocked_at: new Date(h.clock.now()).toISOString(), changed: true });
    expect(await h.team.voters.blockedAt(h.voter.id)).toBe(block.blocked_at);
    const before = await snapshot(h.board);
    const attempts = [
      () => h.board.voters.submitPost(h.voter.id, 'features', { title: 'Spam' }),
      () => h.board.voters.vote(h.voter.id, h.post.id),
      () => h.board.voters.unvote(h.voter.id, h.post.id),
      () => h.board.voters.comment(h.voter.id, h.post.id, { body: 'More' }),
      () => h.board.voters.comment(h.voter.id, h.post.id, { body: 'Reply', parent_comment_id: own.id }),
      () => h.board.voters.react(h.voter.id, own.id, '❤️'),
      () => h.board.voters.unreact(h.voter.id, own.id, '👍'),
    ];
    for (const attempt of attempts) {
      await expect(attempt()).rejects.toMatchObject({
        code: 'insufficient_scope',
        status: 403,
        message: 'This voter is blocked by the board team',
        details: [{ path: 'voter', message: 'is blocked' }],
      });
    }
    expect(await snapshot(h.board)).toEqual(before);
    expect((await h.req('GET', `/boards/features/posts/${h.post.id}`)).json.vote_count).toBe(1);
  });

  it('voter_blocked is true on every comment of a blocked voter in the API shape, and false again after unblocking', async () => {
    const h = await setup();
    const first = await h.board.voters.comment(h.voter.id, h.post.id, { body: 'One' });
    await h.board.voters.comment(h.other.id, h.post.id, { body: 'Reply', parent_comment_id: first.id });
    await h.board.voters.comment(h.voter.id, h.post.id, { body: 'Two', parent_comment_id: first.id });
    await h.team.comments.create(h.post.id, { body: 'Team' });
    const blockedOf = (list: any[]): [string, boolean][] =>
      list.flatMap((c) => [[c.body, c.voter_blocked] as [string, boolean], ...blockedOf(c.replies)]);
    expect(blockedOf(await comments(h))).toEqual([['One', false], ['Reply', false], ['Two', false], ['Team', false]]);
    await h.team.voters.block(h.voter.id);
    expect(blockedOf(await comments(h))).toEqual([['One', true], ['Reply', false], ['Two', true], ['Team', false]]);
    expect(await h.team.voters.unblock(h.voter.id)).toBe(true);
    expect(await h.team.voters.unblock(h.voter.id)).toBe(false);
    expect(await h.team.voters.blockedAt(h.voter.id)).toBeNull();
    expect(blockedOf(await comments(h))).toEqual([['One', false], ['Reply', false], ['Two', false], ['Team', false]]);
    await expect(h.board.voters.vote(h.voter.id, h.post.id)).resolves.toMatchObject({ vote_count: 1 });
  });

  it("the team cannot block another organization's voter or an unknown one", async () => {
    const h = await setup();
    const before = await snapshot(h.board);
    await expect(h.team.voters.block(h.outsider.id)).rejects.toMatchObject({ code: 'not_found', message: 'Voter not found' });
    await expect(h.team.voters.block(999)).rejects.toMatchObject({ code: 'not_found' });
    await expect(h.team.voters.unblock(h.outsider.id)).rejects.toMatchObject({ code: 'not_found' });
    await expect(h.team.voters.blockedAt(h.outsider.id)).rejects.toMatchObject({ code: 'not_found' });
    expect(await snapshot(h.board)).toEqual(before);
    await expect(h.board.voters.vote(h.outsider.id, h.post.id)).rejects.toMatchObject({ code: 'not_found' });
  });
});

describe('comments of voters and of the team', () => {
  it('allows 30 comments per voter in any rolling 10 minutes by default, then says when to retry', async () => {
    const h = await setup();
    for (let i = 0; i < 30; i++) {
      await h.board.voters.comment(h.voter.id, h.post.id, { body: `c${i}` });
      h.clock.advance(10_000);
    }
    const before = await snapshot(h.board);
    const refused = await h.board.voters.comment(h.voter.id, h.post.id, { body: 'more' }).catch((e) => e);
    expect(refused).toMatchObject({ code: 'rate_limited', status: 429 });
    expect(refused.retryAfter).toBe(600 - 300);
    expect(await snapshot(h.board)).toEqual(before);
    await expect(h.board.voters.comment(h.other.id, h.post.id, { body: 'mine' })).resolves.toMatchObject({ is_admin: false });
    h.clock.advance(300_000);
    await expect(h.board.voters.comment(h.voter.id, h.post.id, { body: 'more' })).resolves.toMatchObject({ body: 'more' });
  });

  it('the limit is an option; team comments are not limited', async () => {
    const h = await setup({ limits: { voterCommentsPerTenMinutes: 1 } });
    await h.board.voters.comment(h.voter.id, h.post.id, { body: 'one' });
    await expect(h.board.voters.comment(h.voter.id, h.post.id, { body: 'two' })).rejects.toMatchObject({ code: 'rate_limited' });
    for (let i = 0; i < 3; i++) await h.team.comments.create(h.post.id, { body: `team ${i}` });
  });

  it('the team comments and replies from the dashboard side with is_admin true', async () => {
    const h = await setup();
    const asked = await h.board.voters.comment(h.voter.id, h.post.id, { body: 'When?' });
    const answer = await h.team.comments.create(h.post.id, { body: 'Soon', parent_comment_id: asked.id });
    expect(answer).toMatchObject({ is_admin: true, parent_comment_id: asked.id, body: 'Soon' });
    const [thread] = await comments(h);
    expect(thread.replies.map((r: any) => [r.body, r.is_admin])).toEqual([['Soon', true]]);
    await h.makeBoard('theirs', h.b.keys.write);
    const foreign = await h.makePost('theirs', { title: 'Theirs' }, h.b.keys.write);
    const before = await snapshot(h.board);
    await expect(h.team.comments.create(foreign.id, { body: 'x' })).rejects.toMatchObject({ code: 'not_found' });
    await expect(h.team.comments.create(h.post.id, { body: '' })).rejects.toMatchObject({ code: 'validation_error' });
    expect(await snapshot(h.board)).toEqual(before);
  });
});
