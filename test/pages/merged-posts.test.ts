/**
 * A merged post's public page answers 301 with the page of the post it was merged into (the end
 * of a chain of merges), so links and search engines follow the merge; unmerging gives the page
 * back, and nothing else redirects.
 */
import { describe, expect, it } from 'vitest';
import { Client, setupPages } from './helpers.js';

describe('merged posts on the public pages', () => {
  it('redirects a merged post permanently to the post it went to, following a chain, until it is unmerged', async () => {
    const setup = await setupPages();
    const api = await setup.board.api(setup.writeKey);
    const visitor = new Client(setup.pages);
    const a = await api.posts.create('features', { title: 'Night theme' });
    const b = await api.posts.create('features', { title: 'Dark theme' });
    await api.posts.merge('features', a.id, { into: b.id });
    let answer = await visitor.get(`/boards/features/posts/${a.id}`);
    expect([answer.status, answer.location]).toEqual([301, `/boards/features/posts/${b.id}`]);

    // A into B, then B into C: A's page goes straight to C.
    await api.posts.merge('features', b.id, { into: setup.ids.open });
    for (const id of [a.id, b.id]) {
      answer = await visitor.get(`/boards/features/posts/${id}`);
      expect([answer.status, answer.location]).toEqual([301, `/boards/features/posts/${setup.ids.open}`]);
    }
    // Only on its own board's address; another board's slug is a 404 as for any post.
    expect((await visitor.get(`/boards/drafts/posts/${a.id}`)).status).toBe(404);

    await setup.board.team(setup.orgId).posts.unmerge(b.id);
    expect((await visitor.get(`/boards/features/posts/${b.id}`)).status).toBe(200);
    answer = await visitor.get(`/boards/features/posts/${a.id}`);
    expect([answer.status, answer.location]).toEqual([301, `/boards/features/posts/${b.id}`]);
  });

  it('answers 404, not a redirect, for a hidden post that was never merged and for a post merged onto an unpublished board', async () => {
    const setup = await setupPages();
    const api = await setup.board.api(setup.writeKey);
    const visitor = new Client(setup.pages);
    expect((await visitor.get(`/boards/features/posts/${setup.ids.hidden}`)).status).toBe(404);
    const moved = await api.posts.create('features', { title: 'Moved to drafts' });
    await api.posts.merge('features', moved.id, { into: setup.ids.draftPost });
    const answer = await visitor.get(`/boards/features/posts/${moved.id}`);
    expect([answer.status, answer.location]).toEqual([404, null]);
  });
});
