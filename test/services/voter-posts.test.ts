/**
 * The voter side of posts: submissions (is_admin false, the author recorded, their vote counted,
 * the post followed, post.created), following, and the per-voter limit on submissions.
 */
import { describe, expect, it } from 'vitest';
import { createHarness } from '../helpers/harness.js';
import { snapshot } from '../helpers/state.js';
import { newMessages } from '../webhooks/helpers.js';

async function setup(options: Parameters<typeof createHarness>[0] = {}) {
  const h = await createHarness(options);
  await h.makeBoard();
  await h.makePost('features', { title: 'Seed', tags: ['UI', 'Mobile'] });
  await h.board.team(h.a.id).boards.setPublished('features', true);
  await h.makeBoard('drafts');
  await h.makeBoard('theirs', h.b.keys.write);
  await h.board.team(h.b.id).boards.setPublished('theirs', true);
  const voter = await h.board.voters.register(h.a.id, { email: 'ann@example.com', name: 'Ann' });
  const other = await h.board.voters.register(h.a.id, { email: 'cy@example.com', name: 'Cy' });
  return { ...h, voter, other, team: h.board.team(h.a.id) };
}

describe('voter submissions', () => {
  it('creates a post with is_admin false, the author recorded, their vote counted and the post followed', async () => {
    const h = await setup();
    const hook = await h.board.dashboard.webhooks.create(h.a.id, { url: 'https://hooks.example.com/x', events: ['post.created'] });
    const events = newMessages(h.board, hook.id);
    const post = await h.board.voters.submitPost(h.voter.id, 'features', { title: '  Offline mode ', body: 'Please', tags: ['ui'] });
    expect(post).toMatchObject({ title: 'Offline mode', body: 'Please', status: 'open', is_admin: false, vote_count: 1, hidden: false });
    expect(post.tags.map((t) => t.name)).toEqual(['UI']);
    const api = (await h.req('GET', `/boards/features/posts/${post.id}`)).json;
    expect(api).toMatchObject({ is_admin: false, vote_count: 1, following: false, voter_has_voted: false });
    expect(await h.team.posts.author(post.id)).toMatchObject({ id: h.voter.id, email: 'ann@example.com' });
    expect((await h.team.posts.followers(post.id)).map((v) => v.id)).toEqual([h.voter.id]);
    expect(await h.board.voters.isFollowing(h.voter.id, post.id)).toBe(true);
    const sent = await events();
    expect(sent.map((e) => [e.type, e.payload.data.post.id, e.payload.data.post.is_admin])).toEqual([['post.created', post.id, false]]);
    // The team's posts stay the team's.
    const teamPost = await h.makePost('features', { title: 'From the API' });
    expect(teamPost.is_admin).toBe(true);
    expect(await h.team.posts.author(teamPost.id)).toBeNull();
  });

  it('refuses, changing nothing: an unknown tag, an unpublished or foreign board, bad input, an unknown voter', async () => {
    const h = await setup();
    const before = await snapshot(h.board);
    await expect(h.board.voters.submitPost(h.voter.id, 'features', { title: 'X', tags: ['UI', 'Nope'] })).rejects.toMatchObject({
      code: 'validation_error',
      details: [{ path: 'tags.1', message: 'is not a tag of this board' }],
    });
    await expect(h.board.voters.submitPost(h.voter.id, 'drafts', { title: 'X' })).rejects.toMatchObject({ code: 'not_found' });
    await expect(h.board.voters.submitPost(h.voter.id, 'theirs', { title: 'X' })).rejects.toMatchObject({ code: 'not_found' });
    await expect(h.board.voters.submitPost(h.voter.id, 'features', { title: '' })).rejects.toMatchObject({ code: 'validation_error' });
    await expect(h.board.voters.submitPost(h.voter.id, 'features', { title: 'X', status: 'shipped' } as never)).rejects.toMatchObject({
      code: 'validation_error',
    });
    await expect(h.board.voters.submitPost(999, 'features', { title: 'X' })).rejects.toMatchObject({ code: 'not_found' });
    expect(await snapshot(h.board)).toEqual(before);
  });

  it('allows 5 submissions per voter in any rolling hour by default, then says when to retry', async () => {
    const h = await setup();
    for (let i = 0; i < 5; i++) {
      await h.board.voters.submitPost(h.voter.id, 'features', { title: `Idea ${i}` });
      h.clock.advance(60_000);
    }
    const before = await snapshot(h.board);
    const refused = await h.board.voters.submitPost(h.voter.id, 'features', { title: 'One more' }).catch((e) => e);
    expect(refused).toMatchObject({ code: 'rate_limited', status: 429 });
    // The first of the five was 5 minutes ago: it leaves the hour in 55 minutes.
    expect(refused.retryAfter).toBe(55 * 60);
    expect(refused.message).toContain('at most 5 posts an hour');
    expect(await snapshot(h.board)).toEqual(before);
    // Another voter is not affected; the first may post again once the oldest leaves the hour.
    await h.board.voters.submitPost(h.other.id, 'features', { title: 'Mine' });
    h.clock.advance(55 * 60_000);
    await expect(h.board.voters.submitPost(h.voter.id, 'features', { title: 'One more' })).resolves.toMatchObject({ is_admin: false });
  });

  it('the limit is an option', async () => {
    const h = await setup({ limits: { voterPostsPerHour: 1 } });
    await h.board.voters.submitPost(h.voter.id, 'features', { title: 'One' });
    await expect(h.board.voters.submitPost(h.voter.id, 'features', { title: 'Two' })).rejects.toMatchObject({ code: 'rate_limited' });
  });
});

describe('following', () => {
  it('voting and commenting follow the post unless the voter unfollowed it', async () => {
    const h = await setup();
    const post = await h.makePost('features', { title: 'Dark mode' });
    expect(await h.board.voters.isFollowing(h.voter.id, post.id)).toBe(false);
    await h.board.voters.vote(h.voter.id, post.id);
    await h.board.voters.comment(h.other.id, post.id, { body: 'Yes' });
    expect((await h.team.posts.followers(post.id)).map((v) => v.id)).toEqual([h.voter.id, h.other.id]);
    expect(await h.board.voters.unfollow(h.voter.id, post.id)).toBe(false);
    await h.board.voters.unvote(h.voter.id, post.id);
    await h.board.voters.vote(h.voter.id, post.id);
    await h.board.voters.comment(h.voter.id, post.id, { body: 'Still' });
    expect(await h.board.voters.isFollowing(h.voter.id, post.id)).toBe(false);
    expect((await h.team.posts.followers(post.id)).map((v) => v.id)).toEqual([h.other.id]);
    expect(await h.board.voters.follow(h.voter.id, post.id)).toBe(true);
    expect(await h.board.voters.follow(h.voter.id, post.id)).toBe(true);
    expect((await h.team.posts.followers(post.id)).map((v) => v.id)).toEqual([h.voter.id, h.other.id]);
    // The API's callers are the team: `following` stays false.
    expect((await h.req('GET', `/boards/features/posts/${post.id}`)).json.following).toBe(false);
  });

  it('a post of another organization is not found, for voters and the team alike', async () => {
    const h = await setup();
    const theirs = await h.makePost('theirs', { title: 'Theirs' }, h.b.keys.write);
    const before = await snapshot(h.board);
    await expect(h.board.voters.follow(h.voter.id, theirs.id)).rejects.toMatchObject({ code: 'not_found' });
    await expect(h.board.voters.isFollowing(h.voter.id, theirs.id)).rejects.toMatchObject({ code: 'not_found' });
    await expect(h.board.voters.follow(999, theirs.id)).rejects.toMatchObject({ code: 'not_found' });
    await expect(h.team.posts.followers(theirs.id)).rejects.toMatchObject({ code: 'not_found' });
    await expect(h.team.posts.author(theirs.id)).rejects.toMatchObject({ code: 'not_found' });
    expect(await snapshot(h.board)).toEqual(before);
  });
});
