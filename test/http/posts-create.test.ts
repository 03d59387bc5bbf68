import { describe, expect, it } from 'vitest';
import { createHarness, T0 } from '../helpers/harness.js';
import { snapshot } from '../helpers/state.js';

const POST_FIELDS = [
  'attachments', 'body', 'created_at', 'fields', 'following', 'hidden', 'id', 'is_admin', 'pinned',
  'roadmap_estimate', 'shipped_at', 'status', 'status_label', 'tags', 'title', 'vote_count', 'voter_has_voted',
];
const DETAIL_FIELDS = [...POST_FIELDS, 'claim', 'implementation_evidence', 'links', 'proposal', 'queue_rank'].sort();
const iso = new Date(T0).toISOString();

describe('create post', () => {
  it('answers 201 with the single-post shape and every default', async () => {
    const h = await createHarness();
    await h.makeBoard();
    const r = await h.req('POST', '/boards/features/posts', { key: h.a.keys.propose, body: { title: 'Dark mode' } });
    expect(r.status).toBe(201);
    expect(Object.keys(r.json).sort()).toEqual(DETAIL_FIELDS);
    expect(r.json).toEqual({
      id: r.json.id,
      title: 'Dark mode',
      body: '',
      status: 'open',
      status_label: { id: 1, name: 'Open', color: '#374151' },
      vote_count: 0,
      voter_has_voted: false,
      following: false,
      is_admin: true,
      hidden: false,
      pinned: false,
      roadmap_estimate: null,
      shipped_at: null,
      created_at: iso,
      attachments: [],
      tags: [],
      fields: {},
      queue_rank: null,
      implementation_evidence: [],
      claim: null,
      proposal: null,
      links: [],
    });
    const read = await h.req('GET', `/boards/features/posts/${r.json.id}`, { key: h.a.keys.read });
    expect(read.status).toBe(200);
    expect(read.json).toEqual(r.json);
  });

  it('trims the title and keeps body, status and pinned as sent', async () => {
    const h = await createHarness();
    await h.makeBoard();
    const r = await h.req('POST', '/boards/features/posts', {
      body: { title: '  \t Export CSV \n', body: '  keep  me  ', status: 'planned', pinned: true },
    });
    expect(r.json).toMatchObject({ title: 'Export CSV', body: '  keep  me  ', status: 'planned', pinned: true, shipped_at: null });
  });

  it('sets shipped_at to now when a post is created as shipped', async () => {
    const h = await createHarness();
    await h.makeBoard();
    const r = await h.req('POST', '/boards/features/posts', { body: { title: 'Done', status: 'shipped' } });
    expect(r.json.shipped_at).toBe(iso);
  });

  it('merges tags case-insensitively, keeps the first spelling, slugs are lower case, color null', async () => {
    const h = await createHarness();
    await h.makeBoard();
    const first = await h.makePost('features', { title: 'One', tags: ['UI', 'ui', 'Ui', 'Data'] });
    expect(first.tags).toEqual([
      { id: first.tags[0].id, name: 'UI', slug: 'ui', color: null },
      { id: first.tags[1].id, name: 'Data', slug: 'data', color: null },
    ]);
    expect(first.tags[0].id).toBeLessThan(first.tags[1].id);
    const second = await h.makePost('features', { title: 'Two', tags: ['dATA', 'ui'] });
    // The same tags (same ids, first spelling), in tag id order.
    expect(second.tags).toEqual(first.tags);
  });

  it('folds non-ASCII tag names too, and keeps tags per board', async () => {
    const h = await createHarness();
    await h.makeBoard('one');
    await h.makeBoard('two');
    const a = await h.makePost('one', { title: 'A', tags: ['Ärger'] });
    const b = await h.makePost('one', { title: 'B', tags: ['ÄRGER'] });
    expect(b.tags).toEqual(a.tags);
    expect(a.tags[0]).toMatchObject({ name: 'Ärger', slug: 'ärger' });
    const c = await h.makePost('two', { title: 'C', tags: ['ärger'] });
    expect(c.tags[0].id).not.toBe(a.tags[0].id);
    expect(c.tags[0].name).toBe('ärger');
  });

  it('gives increasing ids and creates on the named board only', async () => {
    const h = await createHarness();
    await h.makeBoard('one');
    await h.makeBoard('two');
    const p1 = await h.makePost('one', { title: 'A' });
    const p2 = await h.makePost('two', { title: 'B' });
    expect(p2.id).toBeGreaterThan(p1.id);
    expect((await h.req('GET', `/boards/one/posts/${p2.id}`)).status).toBe(404);
    expect((await h.req('GET', `/boards/two/posts/${p2.id}`)).status).toBe(200);
  });

  it('a propose key may create only open posts; any other status needs write and stores nothing', async () => {
    const h = await createHarness();
    await h.makeBoard();
    const open = await h.req('POST', '/boards/features/posts', { key: h.a.keys.propose, body: { title: 'x', status: 'open' } });
    expect(open.status).toBe(201);
    for (const status of ['planned', 'in_progress', 'shipped', 'declined']) {
      const before = await snapshot(h.board);
      const r = await h.req('POST', '/boards/features/posts', { key: h.a.keys.propose, body: { title: 'x', status } });
      expect(r.status).toBe(403);
      expect(r.json.error.code).toBe('insufficient_scope');
      expect(await snapshot(h.board)).toEqual(before);
    }
    const read = await h.req('POST', '/boards/features/posts', { key: h.a.keys.read, body: { title: 'x' } });
    expect(read.status).toBe(403);
  });

  it('posts of a board appear in its list, not in another board’s', async () => {
    const h = await createHarness();
    await h.makeBoard('one');
    await h.makeBoard('two');
    await h.makePost('one', { title: 'A' });
    expect((await h.req('GET', '/boards/one/posts')).json.total).toBe(1);
    expect((await h.req('GET', '/boards/two/posts')).json).toEqual({ posts: [], total: 0 });
  });
});
