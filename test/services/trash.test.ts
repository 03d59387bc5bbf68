/**
 * Deleted posts through the API and the team's functions: a post deleted and restored reads back
 * exactly as before (its detail, comments with their edits, votes, attachments, activity, the
 * board's lists and statistics), `post.restored` fires, the activity log names both; every
 * refusal (unknown, live, restored, purged, another board's or organization's, a key without the
 * scope) changes nothing; the list of deleted posts; the purge after 30 days, by the clock.
 */
import { describe, expect, it } from 'vitest';
import type { MemoryStorage } from '../../adapters/memory/index.js';
import { DUMP_TABLES } from '../../src/storage/dump-tables.js';
import { createHarness } from '../helpers/harness.js';
import { snapshot } from '../helpers/state.js';

const DAY = 86_400_000;

async function world() {
  const h = await createHarness();
  await h.makeBoard('features');
  await h.makeBoard('ideas');
  const post = await h.makePost('features', { title: 'Dark mode please', body: 'At night', tags: ['UI'] });
  const beside = await h.makePost('features', { title: 'Dark theme' });
  const voters = await h.addVotes(post.id, 2);
  const comment = (await h.req('POST', `/boards/features/posts/${post.id}/comments`, { body: { body: 'Yes please' } })).json;
  await h.req('POST', `/boards/features/posts/${post.id}/comments`, { body: { body: 'Seconded', parent_comment_id: comment.id } });
  await h.req('PATCH', `/boards/features/posts/${post.id}/comments/${comment.id}`, { body: { body: 'Yes, please' } });
  await h.req('POST', `/boards/features/posts/${post.id}/evidence`, { body: { kind: 'pr', ref: 'https://git.example.com/pr/1' } });
  return { h, post, beside, voters };
}

/** What a reader of the board and the post sees, and the team's history of the post. */
async function views(h: Awaited<ReturnType<typeof createHarness>>, id: number) {
  return {
    post: (await h.req('GET', `/boards/features/posts/${id}`)).json,
    comments: (await h.req('GET', `/boards/features/posts/${id}/comments`)).json,
    votes: (await h.req('GET', `/boards/features/posts/${id}/votes`)).json,
    list: (await h.req('GET', '/boards/features/posts?sort=top')).json,
    analytics: (await h.req('GET', '/boards/features/analytics')).json,
  };
}

describe('deleting and restoring posts', () => {
  it('a deleted post is restored exactly as it was, with post.restored, and its history names both', async () => {
    const { h, post } = await world();
    const hook = await h.board.dashboard.webhooks.create(h.a.id, { url: 'https://hooks.example.com/fb', events: ['post.deleted', 'post.restored'] });
    h.clock.advance(3 * DAY);
    const before = await views(h, post.id);
    const deletedAt = h.clock.now();
    expect((await h.req('DELETE', `/boards/features/posts/${post.id}`)).status).toBe(204);
    expect((await h.req('GET', `/boards/features/posts/${post.id}`)).status).toBe(404);
    h.clock.advance(DAY);
    const restored = await h.req('POST', `/boards/features/posts/${post.id}/restore`);
    expect(restored.status, restored.text).toBe(200);
    expect(restored.json).toEqual(before.post);
    const restoredAt = h.clock.now();
    // Read at the instant of the first reading, so the analytics' window is the same.
    h.clock.set(deletedAt);
    expect(await views(h, post.id)).toEqual(before);
    const messages = (await h.board.dashboard.webhooks.messages(hook.id)).rows.map((m) => JSON.parse(m.payload));
    expect(messages.map((m) => m.type).sort()).toEqual(['post.deleted', 'post.restored']);
    expect(messages.find((m) => m.type === 'post.restored').data.post).toEqual(before.post);
    const history = await h.board.team(h.a.id).posts.activity(post.id);
    expect(history.entries.slice(0, 2).map((e) => [e.kind, e.actor.kind, e.at])).toEqual([
      ['restored', 'api_key', new Date(restoredAt).toISOString()],
      ['deleted', 'api_key', new Date(deletedAt).toISOString()],
    ]);
  });

  it('refusals change nothing: unknown, live, another board, another organization, a key without write, restored twice', async () => {
    const { h, post, beside } = await world();
    await h.req('DELETE', `/boards/features/posts/${post.id}`);
    const before = await snapshot(h.board);
    const cases: Array<[string, string | undefined, number, string]> = [
      ['/boards/features/posts/999/restore', undefined, 404, 'not_found'],
      [`/boards/features/posts/${beside.id}/restore`, undefined, 404, 'not_found'],
      [`/boards/ideas/posts/${post.id}/restore`, undefined, 404, 'not_found'],
      [`/boards/nope/posts/${post.id}/restore`, undefined, 404, 'not_found'],
      [`/boards/features/posts/${post.id}/restore`, h.b.keys.write, 404, 'not_found'],
      [`/boards/features/posts/${post.id}/restore`, h.a.keys.propose, 403, 'insufficient_scope'],
      ['/boards/features/posts/999/restore', h.a.keys.propose, 404, 'not_found'],
    ];
    for (const [path, key, status, code] of cases) {
      const r = await h.req('POST', path, key ? { key } : {});
      expect([path, key, r.status, r.json.error.code]).toEqual([path, key, status, code]);
    }
    expect(await snapshot(h.board)).toEqual(before);
    await expect(h.board.team(h.b.id).posts.restore(post.id)).rejects.toThrow('not found');
    expect(await snapshot(h.board)).toEqual(before);
    expect((await h.req('POST', `/boards/features/posts/${post.id}/restore`)).status).toBe(200);
    const after = await snapshot(h.board);
    const again = await h.req('POST', `/boards/features/posts/${post.id}/restore`);
    expect([again.status, again.json.error.code]).toEqual([404, 'not_found']);
    expect(await snapshot(h.board)).toEqual(after);
  });

  it("lists the organization's deleted posts for the team only, newest first, with who deleted them and when they are purged", async () => {
    const { h, post, beside } = await world();
    await h.req('DELETE', `/boards/features/posts/${post.id}`);
    h.clock.advance(60_000);
    await h.board.team(h.a.id).api.posts.delete('features', beside.id);
    const team = h.a.keys.team;
    const list = await h.req('GET', '/deleted-posts', { key: team });
    expect(list.status, list.text).toBe(200);
    expect(list.json.total).toBe(2);
    const [second, first] = list.json.deleted_posts;
    expect([second.id, second.deleted_by]).toEqual([beside.id, { kind: 'team_member', id: null, name: null }]);
    expect(first).toEqual({
      id: post.id, board_slug: 'features', title: 'Dark mode please', vote_count: 2, comment_count: 2,
      deleted_at: new Date(h.clock.now() - 60_000).toISOString(),
      deleted_by: { kind: 'api_key', id: h.a.keys.ids.write, label: 'Acme write', prefix: expect.any(String), oauth_client: null },
      purge_at: new Date(h.clock.now() - 60_000 + 30 * DAY).toISOString(),
    });
    expect((await h.req('GET', '/deleted-posts?board=ideas', { key: team })).json).toEqual({ deleted_posts: [], total: 0 });
    expect((await h.req('GET', '/deleted-posts?board=nope', { key: team })).status).toBe(404);
    expect((await h.req('GET', '/deleted-posts', { key: h.b.keys.team })).json.total).toBe(0);
    expect((await h.req('GET', '/deleted-posts', { key: h.a.keys.write })).status).toBe(403);
  });

  it('a restore whose id a post holds again (a store loaded from elsewhere) is refused, saying so, and changes nothing', async () => {
    const { h, post } = await world();
    const storage = h.board.storage as MemoryStorage;
    const row = await storage.transaction('read', (tx) => tx.getPost(post.id));
    await h.req('DELETE', `/boards/features/posts/${post.id}`);
    // Only a load of rows with their ids can make a post of an id handed out before.
    await storage.dump.load((loader) => loader.insert(DUMP_TABLES.find((t) => t.name === 'posts')!, [{ ...row!, title: 'Another post', vote_count: 0, comment_count: 0 }]));
    const before = await snapshot(h.board);
    const refused = await h.req('POST', `/boards/features/posts/${post.id}/restore`);
    expect([refused.status, refused.json.error.code, refused.json.error.message]).toEqual([
      404, 'not_found', `Deleted post ${post.id} cannot be restored: a post holds its id again`,
    ]);
    await expect(h.board.team(h.a.id).posts.restore(post.id)).rejects.toThrow('a post holds its id again');
    expect(await snapshot(h.board)).toEqual(before);
    expect((await h.board.team(h.a.id).api.posts.listDeleted()).total).toBe(1);
  });

  it('a restore onto a board that holds as many posts as it may is refused and changes nothing', async () => {
    const h = await createHarness({ limits: { postsPerBoard: 2 } });
    await h.makeBoard('features');
    const first = await h.makePost('features', { title: 'First' });
    await h.makePost('features', { title: 'Second' });
    await h.req('DELETE', `/boards/features/posts/${first.id}`);
    await h.makePost('features', { title: 'Third' });
    const before = await snapshot(h.board);
    const refused = await h.req('POST', `/boards/features/posts/${first.id}/restore`);
    expect([refused.status, refused.json.error.code, refused.json.error.message]).toEqual([422, 'validation_error', 'post: a board holds at most 2 posts']);
    expect(await snapshot(h.board)).toEqual(before);
  });

  it('the purge takes posts deleted 30 days ago, not one a moment younger; a purged post is not found', async () => {
    const { h, post, beside } = await world();
    await h.req('DELETE', `/boards/features/posts/${post.id}`);
    h.clock.advance(DAY);
    await h.req('DELETE', `/boards/features/posts/${beside.id}`);
    h.clock.advance(29 * DAY);
    // Exactly 30 days after the first deletion: not yet due (purged once strictly older).
    expect(await h.board.purgeDeletedPosts()).toBe(0);
    h.clock.advance(1);
    expect(await h.board.purgeDeletedPosts()).toBe(1);
    expect(await h.board.purgeDeletedPosts()).toBe(0);
    const gone = await h.req('POST', `/boards/features/posts/${post.id}/restore`);
    expect([gone.status, gone.json.error.code]).toEqual([404, 'not_found']);
    expect((await h.req('POST', `/boards/features/posts/${beside.id}/restore`)).status).toBe(200);
  });

  it('past its 30 days a deleted post is neither listed nor restored, though no purge job has run', async () => {
    const { h, post, beside } = await world();
    await h.req('DELETE', `/boards/features/posts/${post.id}`);
    h.clock.advance(DAY);
    await h.req('DELETE', `/boards/features/posts/${beside.id}`);
    h.clock.advance(29 * DAY + 1);
    const listed = await h.board.team(h.a.id).api.posts.listDeleted();
    expect([listed.total, listed.deleted_posts.map((p) => p.id)]).toEqual([1, [beside.id]]);
    h.clock.advance(DAY);
    const gone = await h.req('POST', `/boards/features/posts/${beside.id}/restore`);
    expect([gone.status, gone.json.error.code]).toEqual([404, 'not_found']);
    expect((await h.board.team(h.a.id).api.posts.listDeleted()).total).toBe(0);
  });
});
