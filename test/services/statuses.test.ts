/**
 * The organization's statuses through the API: listed with any key, managed by the team; a post
 * shows its label everywhere it is shaped (its answer, lists, webhooks) and takes one by
 * `status_label_id`; `status_label=` filters a list. Every refusal (unknown id, another
 * organization's status, bad colour, bad category, a default removed, a name taken) answers a
 * clear error and changes nothing. On memory and on SQLite.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSqliteStorage } from '../../adapters/sqlite/index.js';
import { createHarness } from '../helpers/harness.js';
import { snapshot } from '../helpers/state.js';

const dir = mkdtempSync(join(tmpdir(), 'fb-statuses-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function world(store: 'memory' | 'sqlite') {
  const storage = store === 'sqlite' ? { storage: createSqliteStorage({ path: join(dir, `${Math.random()}.db`) }) } : {};
  const h = await createHarness({ ...storage, http: { rateLimit: false } });
  await h.makeBoard('features');
  await h.makeBoard('features', h.b.keys.write);
  const post = await h.makePost('features', { title: 'Dark mode' });
  const other = await h.makePost('features', { title: 'Export' });
  const team = (body: unknown) => h.req('POST', '/statuses', { key: h.a.keys.team, body });
  const review = (await team({ name: 'Under review', color: '#6B21A8', category: 'open' })).json as { id: number };
  const theirs = (await h.req('POST', '/statuses', { key: h.b.keys.team, body: { name: 'Theirs', color: '#000000', category: 'planned' } })).json as { id: number };
  return { h, post, other, review: review.id, theirs: theirs.id };
}

describe.each(['memory', 'sqlite'] as const)('statuses (%s)', (store) => {
  it('lists the five defaults, then the added ones, to any key; a colour is kept in lower case', async () => {
    const { h, review } = await world(store);
    const r = await h.req('GET', '/statuses', { key: h.a.keys.read });
    expect(r.status).toBe(200);
    expect(r.json.statuses.map((s: { id: number; name: string; category: string; is_default: boolean }) => [s.id, s.name, s.category, s.is_default])).toEqual([
      [1, 'Open', 'open', true], [2, 'Planned', 'planned', true], [3, 'In progress', 'in_progress', true], [4, 'Shipped', 'shipped', true],
      [5, 'Declined', 'declined', true], [review, 'Under review', 'open', false],
    ]);
    expect(r.json.statuses[5]).toEqual({ id: review, name: 'Under review', color: '#6b21a8', category: 'open', position: 5, is_default: false });
  });

  it('a post shows its label; status_label_id sets the label and the status to its category; a status alone shows the default', async () => {
    const { h, post, review } = await world(store);
    const url = `/boards/features/posts/${post.id}`;
    expect((await h.req('GET', url)).json.status_label).toEqual({ id: 1, name: 'Open', color: '#374151' });
    const shipped = await h.req('PATCH', url, { body: { status: 'shipped' } });
    expect([shipped.json.status, shipped.json.status_label]).toEqual(['shipped', { id: 4, name: 'Shipped', color: '#145c2a' }]);
    const labelled = await h.req('PATCH', url, { body: { status_label_id: review } });
    expect([labelled.status, labelled.json.status, labelled.json.status_label.id, labelled.json.shipped_at]).toEqual([200, 'open', review, null]);
    // The same status again, alone: the category's default.
    expect((await h.req('PATCH', url, { body: { status: 'open' } })).json.status_label.id).toBe(1);
    expect((await h.req('PATCH', url, { body: { status: 'open', status_label_id: review } })).json.status_label.name).toBe('Under review');
    const activity = (await h.req('GET', `${url}/activity`)).json.entries.map((e: { kind: string }) => e.kind);
    expect(activity.filter((kind: string) => kind === 'status_changed')).toHaveLength(2);
  });

  it('lists filter by label, and every list shows the labels of its posts', async () => {
    const { h, post, other, review } = await world(store);
    await h.req('PATCH', `/boards/features/posts/${post.id}`, { body: { status_label_id: review } });
    const filtered = await h.req('GET', `/boards/features/posts?status_label=${review}`);
    expect([filtered.json.total, filtered.json.posts.map((p: { id: number }) => p.id)]).toEqual([1, [post.id]]);
    expect((await h.req('GET', '/boards/features/posts?status_label=1')).json.posts.map((p: { id: number }) => p.id)).toEqual([other.id]);
    // With its own category, the same posts; with another status or an unknown label, none.
    expect((await h.req('GET', `/boards/features/posts?status_label=${review}&status=open`)).json.posts.map((p: { id: number }) => p.id)).toEqual([post.id]);
    for (const query of [`status_label=${review}&status=shipped`, 'status_label=999', `status_label=${review}&status=open&q=zzzz`]) {
      expect((await h.req('GET', `/boards/features/posts?${query}`)).json).toEqual({ posts: [], total: 0 });
    }
    const listed = (await h.req('GET', '/boards/features/posts?sort=new')).json.posts;
    expect(listed.map((p: { status_label: { name: string } }) => p.status_label.name)).toEqual(['Open', 'Under review']);
    expect((await h.req('GET', '/boards/features/roadmap')).json.posts.map((p: { status_label: { id: number } }) => p.status_label.id).sort()).toEqual([1, review].sort());
    expect((await h.req('GET', '/boards/features/posts?status_label=abc')).json.error.code).toBe('validation_error');
  });

  it('renaming or removing a label changes no seed rule: the status stays, the post shows the default', async () => {
    const { h, post, review } = await world(store);
    await h.req('PATCH', `/boards/features/posts/${post.id}`, { body: { status_label_id: review } });
    const rules = async () => ({
      open: (await h.req('GET', '/boards/features/posts?status=open')).json.total,
      roadmap: (await h.req('GET', '/boards/features/roadmap')).json.total,
      queue: (await h.req('GET', '/boards/features/queue')).json,
    });
    const before = await rules();
    const renamed = await h.req('PATCH', `/statuses/${review}`, { key: h.a.keys.team, body: { name: 'Triage', color: '#00AA00' } });
    expect([renamed.status, renamed.json.name, renamed.json.color, renamed.json.category]).toEqual([200, 'Triage', '#00aa00', 'open']);
    expect((await h.req('GET', `/boards/features/posts/${post.id}`)).json.status_label.name).toBe('Triage');
    expect((await h.req('PATCH', '/statuses/1', { key: h.a.keys.team, body: { name: 'New' } })).json.is_default).toBe(true);
    expect(await rules()).toEqual(before);
    expect((await h.req('DELETE', `/statuses/${review}`, { key: h.a.keys.team })).status).toBe(204);
    const after = (await h.req('GET', `/boards/features/posts/${post.id}`)).json;
    expect([after.status, after.status_label]).toEqual(['open', { id: 1, name: 'New', color: '#374151' }]);
    expect(await rules()).toEqual(before);
  });

  it('refuses every bad request with a clear error and changes nothing', async () => {
    const { h, post, review, theirs } = await world(store);
    const team = h.a.keys.team;
    const cases: [string, string, { key?: string; body?: unknown }, number, string, RegExp?][] = [
      ['POST', '/statuses', { key: team, body: { name: 'x', color: 'red', category: 'open' } }, 422, 'validation_error', /color: must be a colour written #rrggbb/],
      ['POST', '/statuses', { key: team, body: { name: 'x', color: '#12345', category: 'open' } }, 422, 'validation_error', /color/],
      ['POST', '/statuses', { key: team, body: { name: 'x', color: '#123456', category: 'under_review' } }, 422, 'validation_error', /category: must be one of/],
      ['POST', '/statuses', { key: team, body: { name: 'UNDER review', color: '#123456', category: 'open' } }, 422, 'validation_error', /name: another status has this name/],
      ['POST', '/statuses', { key: team, body: { name: 'open', color: '#123456', category: 'planned' } }, 422, 'validation_error', /name: another status/],
      ['POST', '/statuses', { key: team, body: { name: '  ', color: '#123456', category: 'open' } }, 422, 'validation_error'],
      ['POST', '/statuses', { key: team, body: { name: 'x', color: '#123456', category: 'open', is_default: true } }, 422, 'validation_error'],
      ['POST', '/statuses', { key: h.a.keys.write, body: { name: 'x', color: '#123456', category: 'open' } }, 403, 'insufficient_scope'],
      ['PATCH', `/statuses/${review}`, { key: team, body: { name: 'Planned' } }, 422, 'validation_error', /another status has this name/],
      ['PATCH', `/statuses/${review}`, { key: team, body: { category: 'planned' } }, 422, 'validation_error'],
      ['PATCH', `/statuses/${review}`, { key: team, body: { color: '#GGGGGG' } }, 422, 'validation_error'],
      ['PATCH', `/statuses/${theirs}`, { key: team, body: { name: 'Mine' } }, 404, 'not_found'],
      ['PATCH', '/statuses/999', { key: team, body: { name: 'Mine' } }, 404, 'not_found'],
      ['DELETE', '/statuses/1', { key: team }, 422, 'validation_error', /default status of open posts/],
      ['DELETE', '/statuses/4', { key: team }, 422, 'validation_error', /default status of shipped posts/],
      ['DELETE', `/statuses/${theirs}`, { key: team }, 404, 'not_found'],
      ['DELETE', '/statuses/999', { key: team }, 404, 'not_found'],
      ['DELETE', `/statuses/${review}`, { key: h.a.keys.write }, 403, 'insufficient_scope'],
      ['PATCH', `/boards/features/posts/${post.id}`, { body: { status_label_id: theirs } }, 422, 'validation_error', /status_label_id: is not one of the organization's statuses/],
      ['PATCH', `/boards/features/posts/${post.id}`, { body: { status_label_id: 999 } }, 422, 'validation_error', /status_label_id/],
      ['PATCH', `/boards/features/posts/${post.id}`, { body: { status_label_id: review, status: 'planned' } }, 422, 'validation_error', /is a status of open posts, not planned/],
      ['PATCH', `/boards/features/posts/${post.id}`, { body: { status_label_id: 'Under review' } }, 422, 'validation_error'],
    ];
    for (const [method, path, options, status, code, message] of cases) {
      const before = await snapshot(h.board);
      const r = await h.req(method, path, options);
      expect([method, path, options.body, r.status, r.json.error?.code], r.text).toEqual([method, path, options.body, status, code]);
      if (message) expect(r.json.error.message).toMatch(message);
      expect(await snapshot(h.board), `${method} ${path}`).toEqual(before);
    }
  });

  it('a label changed within the same status is logged as an edit of the field status_label (the field post.updated names)', async () => {
    const { h, post, review } = await world(store);
    const r = await h.req('PATCH', `/boards/features/posts/${post.id}`, { body: { status_label_id: review } });
    expect(r.status).toBe(200);
    const [entry] = (await h.req('GET', `/boards/features/posts/${post.id}/activity`)).json.entries;
    expect([entry.kind, entry.fields]).toEqual(['edited', ['status_label']]);
  });
});
