import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../../adapters/memory/index.js';
import { createFeedbackBoard } from '../../src/board.js';
import { parseFixture } from '../../src/fixture/load.js';
import { BASE, send, T0, testClock } from '../helpers/harness.js';
import { KEYS, sampleFixture } from '../helpers/fixture.js';
import { snapshot } from '../helpers/state.js';

function fresh(agentPublishing?: boolean) {
  const board = createFeedbackBoard({ storage: createMemoryStorage(), clock: testClock(), ...(agentPublishing === undefined ? {} : { agentPublishing }) });
  const get = (path: string, key: string = KEYS.acmeWrite) => send(board.fetch, 'GET', `${BASE}${path}`, { key });
  return { board, get };
}

describe('fixture loader', () => {
  it('loads every kind of object with ids in document order, starting at 1 per kind', async () => {
    const { board, get } = fresh();
    const loaded = await board.loadFixture(sampleFixture());
    expect(loaded.organizations.map((o) => [o.id, o.name])).toEqual([[1, 'Acme'], [2, 'Globex']]);
    expect(loaded.organizations[0]!.apiKeys.map((k) => [k.id, k.scope])).toEqual([[1, 'write'], [2, 'propose'], [3, 'read']]);
    expect(loaded.organizations[0]!.boards).toEqual([{ id: 1, slug: 'features', postIds: [1, 2, 3, 4] }, { id: 2, slug: 'drafts', postIds: [] }]);
    expect(loaded.organizations[1]!.boards).toEqual([{ id: 3, slug: 'features', postIds: [5] }]);

    const boards = (await get('/boards')).json.boards;
    expect(boards.map((b: { id: number; slug: string; published: boolean }) => [b.id, b.slug, b.published])).toEqual([[1, 'features', true], [2, 'drafts', false]]);
    const dark = (await get('/boards/features/posts/1')).json;
    expect(dark).toMatchObject({ title: 'Dark mode', status: 'planned', pinned: true, is_admin: false, vote_count: 12, created_at: '2026-11-01T09:00:00.000Z' });
    expect(dark.tags).toEqual([{ id: 1, name: 'UI', slug: 'ui', color: null }]);
    expect((await get('/boards/features/posts/3')).json.tags).toEqual([{ id: 2, name: 'API', slug: 'api', color: null }]);

    const comments = (await get('/boards/features/posts/1/comments')).json.comments;
    // Ids follow the document; the list is oldest first, and comment 4 is dated before the load time.
    expect(comments.map((c: { id: number }) => c.id)).toEqual([4, 1]);
    expect(comments[0]).toMatchObject({ hidden: true, is_admin: true, created_at: '2026-11-01T23:00:00.000Z' });
    expect(comments[1]).toMatchObject({ body: 'Yes please', reaction_counts: { '👍': 3, '🎉': 1 }, is_admin: false, hidden: false });
    expect(comments[1].replies[0]).toMatchObject({ id: 2, body: 'Seconded', parent_comment_id: 1 });
    expect(comments[1].replies[0].replies[0]).toMatchObject({ id: 3, body: 'Thirded', parent_comment_id: 2 });

    const hooks = (await get('/webhooks')).json.webhooks;
    expect(hooks.map((w: { id: number; active: boolean }) => [w.id, w.active])).toEqual([[1, true], [2, false]]);
    expect((await get('/boards/features/posts', KEYS.globexWrite)).json.posts.map((p: { id: number }) => p.id)).toEqual([5]);
  });

  it('gives objects without timestamps the load time, and shipped posts without shipped_at the load time', async () => {
    const { board, get } = fresh();
    await board.loadFixture(sampleFixture());
    const now = new Date(T0).toISOString();
    const shipped = (await get('/boards/features/posts/4')).json;
    expect(shipped).toMatchObject({ title: 'Shipped without date', created_at: now, shipped_at: now, is_admin: true });
    expect((await get('/boards/features/posts/2')).json.shipped_at).toBe('2026-11-20T10:00:00.000Z');
    expect((await get('/boards/features/changelog')).json.posts.map((p: { id: number }) => p.id)).toEqual([4, 2]);
    // Named voters are one voter across the organization: ann voted on posts 2 and 4.
    expect((await get('/boards/features/ship-stats')).json).toMatchObject({ shipped_count: 2, voter_count: 2 });
    expect((await get('/boards/features/analytics')).json.totals.voters).toBe(14);
  });

  it('makes the raw keys work with their scopes; agentPublishing turns publishing on', async () => {
    const off = fresh();
    await off.board.loadFixture(sampleFixture());
    expect((await send(off.board.fetch, 'POST', `${BASE}/boards/drafts/publish`, { key: KEYS.acmeWrite })).json.error.code).toBe('publish_disabled');
    expect((await send(off.board.fetch, 'POST', `${BASE}/boards/features/posts`, { key: KEYS.acmeRead, body: { title: 'x' } })).status).toBe(403);
    const on = fresh();
    await on.board.loadFixture(sampleFixture({ agentPublishing: true }));
    expect((await send(on.board.fetch, 'POST', `${BASE}/boards/drafts/publish`, { key: KEYS.acmeWrite })).json.published).toBe(true);
    // The server's own setting also turns it on.
    const server = fresh(true);
    await server.board.loadFixture(sampleFixture({ agentPublishing: false }));
    expect((await send(server.board.fetch, 'POST', `${BASE}/boards/drafts/publish`, { key: KEYS.acmeWrite })).status).toBe(200);
  });
});

describe('invalid fixtures', () => {
  // Each case breaks one field of a fresh copy of the sample.
  type F = any;
  const cases: Array<[string, (f: F) => unknown, string]> = [
    ['not an object', () => [], '(root)'],
    ['no organizations', () => ({}), 'organizations'],
    ['organization without name', (f) => (delete (f.organizations[1] as any).name, f), 'organizations.1.name'],
    ['bad board slug', (f) => ((f.organizations[0]!.boards[1] as any).slug = 'Bad Slug', f), 'organizations.0.boards.1.slug'],
    ['unknown post status', (f) => ((f.organizations[0]!.boards[0]!.posts![2] as any).status = 'done', f), 'organizations.0.boards.0.posts.2.status'],
    ['unknown field', (f) => ((f.organizations[0]!.boards[0]!.posts![0] as any).colour = 'red', f), 'organizations.0.boards.0.posts.0.colour'],
    ['empty reply', (f) => ((f.organizations[0]!.boards[0]!.posts![0] as any).comments[0].replies[0].replies[0].body = '', f), 'organizations.0.boards.0.posts.0.comments.0.replies.0.replies.0.body'],
    ['negative votes', (f) => ((f.organizations[0]!.boards[0]!.posts![0] as any).votes = -1, f), 'organizations.0.boards.0.posts.0.votes'],
    ['bad voter e-mail', (f) => ((f.organizations[0]!.boards[0]!.posts![1] as any).votes[1].voter = 'bob', f), 'organizations.0.boards.0.posts.1.votes.1.voter'],
    ['key used twice', (f) => ((f.organizations[1]!.apiKeys[0] as any).key = KEYS.acmeRead, f), 'organizations.1.apiKeys.0.key'],
    ['unknown scope', (f) => ((f.organizations[0]!.apiKeys[2] as any).scope = 'admin', f), 'organizations.0.apiKeys.2.scope'],
    ['slug used twice', (f) => ((f.organizations[0]!.boards[1] as any).slug = 'features', f), 'organizations.0.boards.1.slug'],
    ['shipped_at on an open post', (f) => ((f.organizations[0]!.boards[0]!.posts![2] as any).shipped_at = '2026-11-01T00:00:00Z', f), 'organizations.0.boards.0.posts.2.shipped_at'],
    ['bad timestamp', (f) => ((f.organizations[0]!.boards[0]!.posts![0] as any).created_at = '2026-13-01', f), 'organizations.0.boards.0.posts.0.created_at'],
    ['bad webhook url', (f) => ((f.organizations[0]!.webhooks[1] as any).url = 'hooks.example.com', f), 'organizations.0.webhooks.1.url'],
    ['title too long', (f) => ((f.organizations[0]!.boards[0]!.posts![3] as any).title = '😀'.repeat(201), f), 'organizations.0.boards.0.posts.3.title'],
    ['lone surrogate', (f) => ((f.organizations[0]!.boards[0] as any).name = 'x\uD800', f), 'organizations.0.boards.0.name'],
  ];

  it.each(cases)('rejects %s with a message naming the path, loading nothing', async (_name, mutate, path) => {
    const { board } = fresh();
    await board.dashboard.organizations.create({ name: 'Existing' });
    const before = await snapshot(board);
    const error = await board.loadFixture(mutate(sampleFixture() as F)).then(() => null, (e: unknown) => e);
    expect(error).toMatchObject({ code: 'validation_error' });
    expect((error as Error).message).toContain(path);
    expect(await snapshot(board)).toEqual(before);
    expect(() => parseFixture(mutate(sampleFixture() as F))).toThrow(path);
  });

  it('rejects a fixture whose key is already registered in the storage, loading nothing', async () => {
    const { board } = fresh();
    await board.loadFixture(sampleFixture());
    const before = await snapshot(board);
    const again = await board.loadFixture(sampleFixture()).then(() => null, (e: unknown) => e);
    expect(again).toMatchObject({ code: 'validation_error' });
    expect((again as Error).message).toContain('organizations.0.apiKeys.0.key');
    expect(await snapshot(board)).toEqual(before);
  });
});
