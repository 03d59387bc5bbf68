/**
 * Limits on what one key can grow: boards per organization, posts per board, comments per post
 * and tags per board, each a 422 naming the limit, with nothing changed. Small limits here (they
 * are options), generous defaults otherwise.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_RESOURCE_LIMITS } from '../../src/domain/limits.js';
import { createHarness } from '../helpers/harness.js';
import { snapshot } from '../helpers/state.js';
import { memoryAndSqlite } from '../helpers/stores.js';

const limits = { boardsPerOrganization: 3, postsPerBoard: 4, commentsPerPost: 5, tagsPerBoard: 6 };

describe('default resource limits', () => {
  it('are generous', () => {
    expect(DEFAULT_RESOURCE_LIMITS).toEqual({
      boardsPerOrganization: 1_000,
      postsPerBoard: 1_000_000,
      commentsPerPost: 10_000,
      tagsPerBoard: 1_000,
      voterPostsPerHour: 5,
      voterCommentsPerTenMinutes: 30,
      attachmentsPerItem: 5,
      attachmentBytes: 5 * 1024 * 1024,
    });
  });
});

describe.each(memoryAndSqlite)('resource limits (%s)', (_name, open) => {
  let cleanup: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await cleanup?.();
    cleanup = undefined;
  });

  async function setup() {
    const { storage, done } = open();
    const h = await createHarness({ storage, limits, http: { rateLimit: false } });
    cleanup = async () => {
      await h.board.close();
      done();
    };
    return h;
  }

  async function refused(h: Awaited<ReturnType<typeof setup>>, r: Promise<{ status: number; json: any }>, limit: number) {
    const before = await snapshot(h.board);
    const answer = await r;
    expect(answer.status).toBe(422);
    expect(answer.json.error.code).toBe('validation_error');
    expect(answer.json.error.message).toContain(`at most ${limit}`);
    expect(await snapshot(h.board)).toEqual(before);
  }

  it('boards per organization', async () => {
    const h = await setup();
    for (let i = 0; i < limits.boardsPerOrganization; i++) await h.makeBoard(`b${i}`);
    const before = await snapshot(h.board);
    const r = await h.req('POST', '/boards', { body: { slug: 'one-more', name: 'x' } });
    expect(r.status).toBe(422);
    expect(r.json.error.message).toContain(`at most ${limits.boardsPerOrganization} boards`);
    expect(await snapshot(h.board)).toEqual(before);
    // Another organization has its own allowance.
    expect((await h.req('POST', '/boards', { key: h.b.keys.write, body: { slug: 'one-more', name: 'x' } })).status).toBe(201);
  });

  it('posts per board, and a deleted post frees its place', async () => {
    const h = await setup();
    await h.makeBoard();
    const ids: number[] = [];
    for (let i = 0; i < limits.postsPerBoard; i++) ids.push((await h.makePost('features', { title: `p${i}` })).id);
    await refused(h, h.req('POST', '/boards/features/posts', { key: h.a.keys.propose, body: { title: 'one more' } }), limits.postsPerBoard);
    await h.makeBoard('other');
    await h.makePost('other', { title: 'elsewhere' });
    expect((await h.req('DELETE', `/boards/features/posts/${ids[0]}`)).status).toBe(204);
    expect((await h.req('POST', '/boards/features/posts', { body: { title: 'now fits' } })).status).toBe(201);
  });

  it('comments per post, replies and voters\' comments included', async () => {
    const h = await setup();
    await h.makeBoard();
    const post = await h.makePost('features', { title: 'x' });
    const path = `/boards/features/posts/${post.id}/comments`;
    const first = await h.req('POST', path, { body: { body: 'c0' } });
    for (let i = 1; i < limits.commentsPerPost - 1; i++) {
      expect((await h.req('POST', path, { body: { body: `c${i}`, parent_comment_id: first.json.id } })).status).toBe(201);
    }
    const voter = await h.board.voters.register(h.a.id, { email: 'v@example.com' });
    await h.board.voters.comment(voter.id, post.id, { body: 'last one' });
    await refused(h, h.req('POST', path, { body: { body: 'too many' } }), limits.commentsPerPost);
    await expect(h.board.voters.comment(voter.id, post.id, { body: 'too many' })).rejects.toMatchObject({ code: 'validation_error' });
  });

  it('tags per board, on create and on update; existing tags stay usable', async () => {
    const h = await setup();
    await h.makeBoard();
    const post = await h.makePost('features', { title: 'x', tags: ['t0', 't1', 't2', 't3'] });
    await h.makePost('features', { title: 'y', tags: ['T0', 't4', 't5'] });
    await refused(h, h.req('POST', '/boards/features/posts', { body: { title: 'z', tags: ['t6'] } }), limits.tagsPerBoard);
    await refused(h, h.req('PATCH', `/boards/features/posts/${post.id}`, { body: { tags: ['t1', 'brand-new'] } }), limits.tagsPerBoard);
    const reuse = await h.req('PATCH', `/boards/features/posts/${post.id}`, { body: { tags: ['T5', 't2'] } });
    expect(reuse.status).toBe(200);
    expect(reuse.json.tags.map((t: { slug: string }) => t.slug).sort()).toEqual(['t2', 't5']);
  });
});
