import { describe, expect, it } from 'vitest';
import { createHarness, T0 } from '../helpers/harness.js';
import { snapshot } from '../helpers/state.js';

const BOARD_FIELDS = ['created_at', 'description', 'id', 'logo_url', 'name', 'published', 'slug', 'welcome_message'];

describe('boards over HTTP', () => {
  it('creates a draft with defaults and answers 201 with the Board shape', async () => {
    const h = await createHarness();
    const r = await h.req('POST', '/boards', { body: { slug: 'features', name: 'Features' } });
    expect(r.status).toBe(201);
    expect(r.headers.get('content-type')).toMatch(/^application\/json/);
    expect(Object.keys(r.json).sort()).toEqual(BOARD_FIELDS);
    expect(r.json).toMatchObject({
      slug: 'features',
      name: 'Features',
      description: '',
      welcome_message: '',
      published: false,
      logo_url: null,
      created_at: new Date(T0).toISOString(),
    });
    const full = await h.req('POST', '/boards', {
      body: { slug: 'bugs', name: 'Bugs', description: 'Broken things', welcome_message: 'Hi' },
    });
    expect(full.json).toMatchObject({ description: 'Broken things', welcome_message: 'Hi' });
  });

  it('gets one board by slug and lists the organization’s boards oldest first, drafts included', async () => {
    const h = await createHarness();
    await h.makeBoard('zeta');
    h.clock.advance(1000);
    await h.makeBoard('alpha');
    await h.makeBoard('other', h.b.keys.write);
    const list = await h.req('GET', '/boards', { key: h.a.keys.read });
    expect(list.status).toBe(200);
    expect(list.json.boards.map((b: { slug: string }) => b.slug)).toEqual(['zeta', 'alpha']);
    expect(list.json.boards.every((b: { published: boolean }) => b.published === false)).toBe(true);
    const one = await h.req('GET', '/boards/alpha', { key: h.a.keys.read });
    expect(one.status).toBe(200);
    expect(one.json).toEqual(list.json.boards[1]);
    expect((await h.req('GET', '/boards/other')).status).toBe(404);
  });

  it('orders boards created at the same instant by id', async () => {
    const h = await createHarness();
    for (const slug of ['c', 'a', 'b']) await h.makeBoard(slug);
    const list = await h.req('GET', '/boards');
    expect(list.json.boards.map((b: { slug: string }) => b.slug)).toEqual(['c', 'a', 'b']);
    const ids = list.json.boards.map((b: { id: number }) => b.id);
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
  });

  it('refuses a slug the organization already uses (409 slug_taken); another organization may use it', async () => {
    const h = await createHarness();
    await h.makeBoard('features');
    const before = await snapshot(h.board);
    const dup = await h.req('POST', '/boards', { body: { slug: 'features', name: 'Again' } });
    expect(dup.status).toBe(409);
    expect(dup.json.error.code).toBe('slug_taken');
    expect(await snapshot(h.board)).toEqual(before);
    const other = await h.req('POST', '/boards', { key: h.b.keys.write, body: { slug: 'features', name: 'Theirs' } });
    expect(other.status).toBe(201);
  });

  it('refuses publish with 403 publish_disabled by default, for a draft and a published board alike', async () => {
    const h = await createHarness();
    await h.makeBoard('features');
    const before = await snapshot(h.board);
    const r = await h.req('POST', '/boards/features/publish');
    expect(r.status).toBe(403);
    expect(r.json.error.code).toBe('publish_disabled');
    expect(await snapshot(h.board)).toEqual(before);

    await h.board.dashboard.settings.setAgentPublishing(true);
    expect((await h.req('POST', '/boards/features/publish')).json.published).toBe(true);
    await h.board.dashboard.settings.setAgentPublishing(false);
    const again = await h.req('POST', '/boards/features/publish');
    expect(again.status).toBe(403);
    expect(again.json.error.code).toBe('publish_disabled');
    expect((await h.req('GET', '/boards/features')).json.published).toBe(true);
  });

  it('publishes idempotently while agent publishing is on (server option or stored setting)', async () => {
    const h = await createHarness({ agentPublishing: true });
    await h.makeBoard('features');
    expect(await h.board.dashboard.settings.getAgentPublishing()).toBe(true);
    const first = await h.req('POST', '/boards/features/publish');
    expect(first.status).toBe(200);
    expect(Object.keys(first.json).sort()).toEqual(BOARD_FIELDS);
    expect(first.json.published).toBe(true);
    const second = await h.req('POST', '/boards/features/publish');
    expect(second.status).toBe(200);
    expect(second.json).toEqual(first.json);
    // A stored setting wins over the server's own.
    await h.board.dashboard.settings.setAgentPublishing(false);
    expect((await h.req('POST', '/boards/features/publish')).json.error.code).toBe('publish_disabled');
  });

  it('unpublishes always, idempotently, deleting nothing', async () => {
    const h = await createHarness({ agentPublishing: true });
    await h.makeBoard('features');
    const post = await h.makePost('features', { title: 'Dark mode' });
    await h.req('POST', `/boards/features/posts/${post.id}/comments`, { body: { body: 'hi' } });
    await h.req('POST', '/boards/features/publish');
    const r = await h.req('POST', '/boards/features/unpublish');
    expect(r.status).toBe(200);
    expect(r.json.published).toBe(false);
    const again = await h.req('POST', '/boards/features/unpublish');
    expect(again.status).toBe(200);
    expect(again.json).toEqual(r.json);
    expect((await h.req('GET', `/boards/features/posts/${post.id}`)).status).toBe(200);
    expect((await h.req('GET', `/boards/features/posts/${post.id}/comments`)).json.comments).toHaveLength(1);
    // Unpublish needs no agent publishing.
    const off = await createHarness();
    await off.makeBoard('x');
    expect((await off.req('POST', '/boards/x/unpublish')).status).toBe(200);
  });
});
