import { describe, expect, it } from 'vitest';
import { createHarness } from '../helpers/harness.js';
import { snapshot } from '../helpers/state.js';

describe('the API in-process (board.api)', () => {
  it('acts as the key, with the same results as over HTTP', async () => {
    const h = await createHarness();
    const api = await h.board.api(h.a.keys.write);
    const board = await api.boards.create({ slug: 'features', name: 'Features' });
    expect((await h.req('GET', '/boards/features')).json).toEqual(board);
    const post = await api.posts.create('features', { title: ' In process ', tags: ['UI'] });
    expect(post.title).toBe('In process');
    expect((await h.req('GET', `/boards/features/posts/${post.id}`)).json).toEqual(post);
    const list = await api.posts.list('features', { q: 'process', limit: '1' });
    expect(list.total).toBe(1);
    expect((await api.agent.claim('features', post.id, { ttl_seconds: 60 })).created).toBe(true);
    expect((await api.agent.claim('features', post.id)).created).toBe(false);
    expect((await api.webhooks.list()).webhooks).toEqual([]);
  });

  it('checks scope, organization and input exactly as the handler does, rejecting with the same codes', async () => {
    const h = await createHarness();
    await h.makeBoard();
    const post = await h.makePost('features', { title: 'x' });
    const propose = await h.board.api(h.a.keys.propose);
    const other = await h.board.api(h.b.keys.write);
    const before = await snapshot(h.board);
    await expect(propose.posts.update('features', post.id, { status: 'shipped', title: 'y' })).rejects.toMatchObject({ code: 'insufficient_scope' });
    await expect(propose.boards.create({ slug: 'x', name: 'x' })).rejects.toMatchObject({ code: 'insufficient_scope' });
    await expect(other.posts.get('features', post.id)).rejects.toMatchObject({ code: 'not_found' });
    await expect(other.posts.delete('features', post.id)).rejects.toMatchObject({ code: 'not_found' });
    await expect(propose.posts.list('features', { limit: '0' })).rejects.toMatchObject({ code: 'validation_error' });
    await expect(propose.agent.proposeStatus('features', post.id, { status: 'open' })).rejects.toMatchObject({ code: 'status_unchanged' });
    expect(await snapshot(h.board)).toEqual(before);
    await expect(h.board.api('fbk_unknown_key_0000')).rejects.toMatchObject({ code: 'unauthorized' });
  });
});
