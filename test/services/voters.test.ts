import { describe, expect, it } from 'vitest';
import { createHarness } from '../helpers/harness.js';

async function setup() {
  const h = await createHarness();
  await h.makeBoard();
  await h.makeBoard('theirs', h.b.keys.write);
  const post = await h.makePost('features', { title: 'Ours' });
  const theirs = await h.makePost('theirs', { title: 'Theirs' }, h.b.keys.write);
  const voter = await h.board.voters.register(h.a.id, { email: 'Ann@Example.com', name: 'Ann' });
  const outsider = await h.board.voters.register(h.b.id, { email: 'bob@example.com' });
  return { ...h, post, theirs, voter, outsider };
}

const votes = (h: Awaited<ReturnType<typeof setup>>, id: number, slug = 'features', key = h.a.keys.read) =>
  h.req('GET', `/boards/${slug}/posts/${id}/votes`, { key }).then((r) => r.json.vote_count);

describe('voters', () => {
  it('registers one voter per e-mail per organization, case-insensitively', async () => {
    const h = await setup();
    expect(h.voter).toMatchObject({ organization_id: h.a.id, email: 'ann@example.com', name: 'Ann' });
    const again = await h.board.voters.register(h.a.id, { email: 'ANN@example.COM' });
    expect(again.id).toBe(h.voter.id);
    const elsewhere = await h.board.voters.register(h.b.id, { email: 'ann@example.com' });
    expect(elsewhere.id).not.toBe(h.voter.id);
    await expect(h.board.voters.register(h.a.id, { email: 'not-an-email' })).rejects.toMatchObject({ code: 'validation_error' });
    await expect(h.board.voters.register(999, { email: 'x@example.com' })).rejects.toMatchObject({ code: 'not_found' });
  });

  it('one vote per voter per post; unvote removes it; both are idempotent', async () => {
    const h = await setup();
    expect(await h.board.voters.vote(h.voter.id, h.post.id)).toEqual({ post_id: h.post.id, vote_count: 1 });
    expect(await h.board.voters.vote(h.voter.id, h.post.id)).toEqual({ post_id: h.post.id, vote_count: 1 });
    expect(await votes(h, h.post.id)).toBe(1);
    const second = await h.board.voters.register(h.a.id, { email: 'cy@example.com' });
    await h.board.voters.vote(second.id, h.post.id);
    expect(await votes(h, h.post.id)).toBe(2);
    expect(await h.board.voters.unvote(h.voter.id, h.post.id)).toEqual({ post_id: h.post.id, vote_count: 1 });
    expect(await h.board.voters.unvote(h.voter.id, h.post.id)).toEqual({ post_id: h.post.id, vote_count: 1 });
    expect((await h.req('GET', `/boards/features/posts/${h.post.id}`)).json).toMatchObject({ vote_count: 1, voter_has_voted: false });
  });

  it('reacts and unreacts on comments: one reaction of a kind per voter', async () => {
    const h = await setup();
    const c = (await h.req('POST', `/boards/features/posts/${h.post.id}/comments`, { body: { body: 'hi' } })).json.id;
    expect(await h.board.voters.react(h.voter.id, c, '👍')).toBe(true);
    expect(await h.board.voters.react(h.voter.id, c, '👍')).toBe(false);
    expect(await h.board.voters.react(h.voter.id, c, '❤️')).toBe(true);
    const list = async () => (await h.req('GET', `/boards/features/posts/${h.post.id}/comments`)).json.comments[0].reaction_counts;
    expect(await list()).toEqual({ '👍': 1, '❤️': 1 });
    expect(await h.board.voters.unreact(h.voter.id, c, '👍')).toBe(true);
    expect(await h.board.voters.unreact(h.voter.id, c, '👍')).toBe(false);
    expect(await list()).toEqual({ '❤️': 1 });
    await h.board.voters.unreact(h.voter.id, c, '❤️');
    expect(await list()).toEqual({});
    await expect(h.board.voters.react(h.voter.id, c, '')).rejects.toMatchObject({ code: 'validation_error' });
    await expect(h.board.voters.react(h.voter.id, 999, '👍')).rejects.toMatchObject({ code: 'not_found' });
  });

  it('voter comments are not admin and may reply; a parent of another post is a validation error', async () => {
    const h = await setup();
    const top = await h.board.voters.comment(h.voter.id, h.post.id, { body: 'mine' });
    expect(top).toMatchObject({ is_admin: false, parent_comment_id: null, replies: [], reaction_counts: {} });
    const reply = await h.board.voters.comment(h.voter.id, h.post.id, { body: 'again', parent_comment_id: top.id });
    expect(reply.parent_comment_id).toBe(top.id);
    const other = await h.makePost('features', { title: 'Other' });
    await expect(h.board.voters.comment(h.voter.id, other.id, { body: 'x', parent_comment_id: top.id })).rejects.toMatchObject({ code: 'validation_error' });
    await expect(h.board.voters.comment(h.voter.id, h.post.id, { body: '' })).rejects.toMatchObject({ code: 'validation_error' });
    const listed = (await h.req('GET', `/boards/features/posts/${h.post.id}/comments`)).json.comments;
    expect(listed).toHaveLength(1);
    expect(listed[0].replies.map((r: { body: string }) => r.body)).toEqual(['again']);
  });

  it('a voter of another organization gets not_found for posts and comments, and changes nothing', async () => {
    const h = await setup();
    const c = (await h.req('POST', `/boards/features/posts/${h.post.id}/comments`, { body: { body: 'hi' } })).json.id;
    await expect(h.board.voters.vote(h.outsider.id, h.post.id)).rejects.toMatchObject({ code: 'not_found' });
    await expect(h.board.voters.unvote(h.outsider.id, h.post.id)).rejects.toMatchObject({ code: 'not_found' });
    await expect(h.board.voters.react(h.outsider.id, c, '👍')).rejects.toMatchObject({ code: 'not_found' });
    await expect(h.board.voters.unreact(h.outsider.id, c, '👍')).rejects.toMatchObject({ code: 'not_found' });
    await expect(h.board.voters.comment(h.outsider.id, h.post.id, { body: 'x' })).rejects.toMatchObject({ code: 'not_found' });
    await expect(h.board.voters.vote(h.voter.id, h.theirs.id)).rejects.toMatchObject({ code: 'not_found' });
    await expect(h.board.voters.vote(9999, h.post.id)).rejects.toMatchObject({ code: 'not_found' });
    await expect(h.board.voters.vote(h.voter.id, 9999)).rejects.toMatchObject({ code: 'not_found' });
    expect(await votes(h, h.post.id)).toBe(0);
    expect(await votes(h, h.theirs.id, 'theirs', h.b.keys.read)).toBe(0);
    expect((await h.req('GET', `/boards/features/posts/${h.post.id}/comments`)).json.comments).toEqual([
      expect.objectContaining({ id: c, reaction_counts: {}, replies: [] }),
    ]);
  });
});
