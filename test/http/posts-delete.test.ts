import { describe, expect, it } from 'vitest';
import { createHarness } from '../helpers/harness.js';
import { snapshot } from '../helpers/state.js';

describe('DELETE post', () => {
  it('answers 204 with an empty body, removes the post with everything attached; a second DELETE is 404', async () => {
    const h = await createHarness();
    await h.makeBoard();
    const keep = await h.makePost('features', { title: 'Keep', tags: ['UI'] });
    const post = await h.makePost('features', { title: 'Doomed', tags: ['UI'] });
    const path = `/boards/features/posts/${post.id}`;
    await h.addVotes(post.id, 2);
    await h.addVotes(keep.id, 1);
    const top = await h.req('POST', `${path}/comments`, { body: { body: 'top' } });
    const reply = await h.req('POST', `${path}/comments`, { body: { body: 'reply', parent_comment_id: top.json.id } });
    const voter = await h.board.voters.register(h.a.id, { email: 'reactor@example.com' });
    await h.board.voters.react(voter.id, top.json.id, '👍');
    await h.req('POST', `${path}/claim`, { key: h.a.keys.propose });
    await h.req('POST', `${path}/evidence`, { body: { kind: 'commit', ref: 'abc', action_key: 'k1' } });
    await h.req('POST', `${path}/propose-status`, { key: h.a.keys.propose, body: { status: 'planned' } });

    const r = await h.req('DELETE', path);
    expect(r.status).toBe(204);
    expect(r.text).toBe('');
    expect(r.headers.get('content-type')).toBeNull();

    for (const sub of ['', '/votes', '/comments']) expect((await h.req('GET', `${path}${sub}`)).status).toBe(404);
    const again = await h.req('DELETE', path);
    expect(again.status).toBe(404);
    expect(again.json.error.code).toBe('not_found');

    // Nothing of it is left in storage; the other post is untouched.
    const leftovers = await h.board.storage.transaction('read', async (tx) => ({
      post: await tx.getPost(post.id),
      claim: await tx.getClaim(post.id),
      evidence: await tx.listEvidence(post.id),
      voters: await tx.listVoterIds(post.id),
      comments: await tx.listComments(post.id),
      top: await tx.getComment(top.json.id),
      reply: await tx.getComment(reply.json.id),
      reactions: [...(await tx.getReactionCounts([top.json.id]))],
      tags: (await tx.getTagsOfPosts([post.id])).get(post.id) ?? [],
      action: await tx.findEvidenceByActionKey(post.id, 'k1'),
    }));
    expect(leftovers).toEqual({
      post: null, claim: null, evidence: [], voters: [], comments: [], top: null, reply: null, reactions: [], tags: [], action: null,
    });
    const list = await h.req('GET', '/boards/features/posts');
    expect(list.json.total).toBe(1);
    expect(list.json.posts[0]).toMatchObject({ id: keep.id, vote_count: 1, tags: keep.tags });
    expect((await h.req('GET', '/boards/features/queue')).json.total).toBe(0);
  });

  it('needs write scope: read and propose keys get 403 and the post stays', async () => {
    const h = await createHarness();
    await h.makeBoard();
    const post = await h.makePost('features', { title: 'Stays' });
    const before = await snapshot(h.board);
    for (const key of [h.a.keys.read, h.a.keys.propose]) {
      const r = await h.req('DELETE', `/boards/features/posts/${post.id}`, { key });
      expect(r.status).toBe(403);
      expect(r.json.error.code).toBe('insufficient_scope');
    }
    expect(await snapshot(h.board)).toEqual(before);
  });

  it('is 404 for a post of another board or organization, and deletes nothing', async () => {
    const h = await createHarness();
    await h.makeBoard('one');
    await h.makeBoard('two');
    await h.makeBoard('one', h.b.keys.write);
    const post = await h.makePost('one', { title: 'A' });
    const theirs = await h.makePost('one', { title: 'B' }, h.b.keys.write);
    const before = await snapshot(h.board);
    expect((await h.req('DELETE', `/boards/two/posts/${post.id}`)).status).toBe(404);
    expect((await h.req('DELETE', `/boards/one/posts/${theirs.id}`)).status).toBe(404);
    expect((await h.req('DELETE', `/boards/one/posts/${post.id}`, { key: h.b.keys.write })).status).toBe(404);
    expect(await snapshot(h.board)).toEqual(before);
  });
});
