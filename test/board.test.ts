import { describe, expect, it } from 'vitest';
import { createHarness } from './helpers/harness.js';
import { snapshot } from './helpers/state.js';
import { operationNames } from '../src/http/operations.js';

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

  it('exposes every operation, each answering what the handler answers for the same request', async () => {
    const h = await createHarness({ agentPublishing: true });
    await h.makeBoard();
    const post = await h.makePost('features', { title: 'Shared', status: 'planned', tags: ['UI'] });
    await h.addVotes(post.id, 2);
    await h.req('POST', `/boards/features/posts/${post.id}/comments`, { body: { body: 'hi' } });
    const api = await h.board.api(h.a.keys.read);
    const p = `/boards/features/posts/${post.id}`;
    const reads: Array<[Promise<unknown>, string]> = [
      [api.boards.list(), '/boards'],
      [api.boards.get('features'), '/boards/features'],
      [api.posts.list('features', { sort: 'top' }), '/boards/features/posts?sort=top'],
      [api.posts.get('features', post.id), p],
      [api.agent.queue('features', { limit: '5' }), '/boards/features/queue?limit=5'],
      [api.votes.list('features', post.id), `${p}/votes`],
      [api.comments.list('features', post.id), `${p}/comments`],
      [api.roadmap.list('features'), '/boards/features/roadmap'],
      [api.changelog.list('features', { offset: '0' }), '/boards/features/changelog?offset=0'],
      [api.stats.shipStats('features', { period: 'week' }), '/boards/features/ship-stats?period=week'],
      [api.stats.analytics('features', { period: '90d' }), '/boards/features/analytics?period=90d'],
      [api.webhooks.list(), '/webhooks'],
    ];
    for (const [value, path] of reads) expect(await value, path).toEqual((await h.req('GET', path, { key: h.a.keys.read })).json);

    const write = await h.board.api(h.a.keys.write);
    expect((await write.boards.publish('features')).published).toBe(true);
    expect((await write.boards.unpublish('features')).published).toBe(false);
    expect((await write.posts.update('features', post.id, { pinned: true })).pinned).toBe(true);
    expect((await write.agent.addEvidence('features', post.id, { kind: 'commit', ref: 'abc' })).implementation_evidence).toHaveLength(1);
    expect((await write.agent.proposeStatus('features', post.id, { status: 'shipped' })).proposal.status).toBe('shipped');
    expect((await write.comments.create('features', post.id, { body: 'team' })).is_admin).toBe(true);
    await write.agent.claim('features', post.id);
    await write.agent.release('features', post.id);
    const next = await write.agent.claimNext('features', { agent_label: 'in process' });
    expect(next.post).toEqual((await h.req('GET', p)).json);
    expect(await write.agent.claimNext('features')).toEqual({ claim: null, post: null });
    await write.agent.release('features', post.id);
    const duplicate = await write.posts.create('features', { title: 'Duplicate' });
    expect((await write.posts.merge('features', duplicate.id, { into: post.id })).id).toBe(post.id);
    expect((await h.req('GET', `/boards/features/posts/${duplicate.id}`)).json.error.message).toBe(`Post ${duplicate.id} was merged into post ${post.id}.`);
    expect((await write.activity.list('features', duplicate.id)).entries.map((entry) => entry.kind)).toContain('merged_into');
    await write.posts.delete('features', post.id);
    expect((await h.req('GET', p)).status).toBe(404);
    // Every operation of the table, and nothing else.
    expect(Object.values(api).reduce((n, group) => n + Object.keys(group).length, 0)).toBe(operationNames.length);
  });
});
