/**
 * A board's custom fields through the API: listed with any key, replaced by the team; posts carry
 * their values in every shape, take them on create and PATCH (checked against the board's fields),
 * and are listed by one (`field=key:value`). Every refusal (a value of the wrong type, an unknown
 * key, a choice not offered, a required field missing or removed; a definition with a bad key, a
 * repeated key, options on a text field, a choice without options) answers a 422 naming the field
 * and changes nothing; another organization's board is a 404. On memory and on SQLite.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSqliteStorage } from '../../adapters/sqlite/index.js';
import { createHarness } from '../helpers/harness.js';
import { snapshot } from '../helpers/state.js';
import { newMessages } from '../webhooks/helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'fb-fields-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const FORM = [
  { key: 'plan', label: 'Plan', type: 'choice', options: ['Free', 'Pro'], required: true },
  { key: 'seats', label: 'Seats', type: 'number', options: [], required: false },
  { key: 'note', label: 'Note', type: 'text', options: [], required: false },
];

async function world(store: 'memory' | 'sqlite') {
  const storage = store === 'sqlite' ? { storage: createSqliteStorage({ path: join(dir, `${Math.random()}.db`) }) } : {};
  const h = await createHarness({ ...storage, http: { rateLimit: false } });
  await h.makeBoard('features');
  await h.makeBoard('features', h.b.keys.write);
  const before = await h.makePost('features', { title: 'Made before the fields' });
  const put = (body: unknown, key = h.a.keys.team, slug = 'features') => h.req('PUT', `/boards/${slug}/fields`, { key, body });
  expect((await put({ fields: FORM })).status).toBe(200);
  return { h, before, put };
}

describe.each(['memory', 'sqlite'] as const)('custom fields (%s)', (store) => {
  it('lists the fields to any key, in form order; a post made before them holds none', async () => {
    const { h, before } = await world(store);
    const r = await h.req('GET', '/boards/features/fields', { key: h.a.keys.read });
    expect([r.status, r.json]).toEqual([200, { fields: FORM }]);
    expect((await h.req('GET', '/boards/features/fields', { key: h.b.keys.read })).json).toEqual({ fields: [] });
    expect((await h.req('GET', `/boards/features/posts/${before.id}`, { key: h.a.keys.read })).json.fields).toEqual({});
  });

  it('a post takes values on create and PATCH, shows them in every shape, and is listed by one', async () => {
    const { h } = await world(store);
    const hook = await h.board.dashboard.webhooks.create(h.a.id, { url: 'https://hooks.example.com/x', events: ['post.created', 'post.updated'] });
    const events = newMessages(h.board, hook.id);
    const made = await h.req('POST', '/boards/features/posts', { key: h.a.keys.propose, body: { title: 'SSO', fields: { plan: 'Pro', seats: 25, note: '  Okta <b>please</b> ' } } });
    expect([made.status, made.json.fields]).toEqual([201, { plan: 'Pro', seats: 25, note: 'Okta <b>please</b>' }]);
    const id = made.json.id as number;
    const patched = await h.req('PATCH', `/boards/features/posts/${id}`, { key: h.a.keys.write, body: { fields: { seats: 30, note: null } } });
    expect(patched.json.fields).toEqual({ plan: 'Pro', seats: 30 });
    // Text empty after trimming is no value; a PATCH without fields leaves them.
    expect((await h.req('PATCH', `/boards/features/posts/${id}`, { key: h.a.keys.write, body: { note: undefined, title: 'SSO login' } })).json.fields).toEqual({ plan: 'Pro', seats: 30 });
    expect((await h.req('PATCH', `/boards/features/posts/${id}`, { key: h.a.keys.write, body: { fields: { note: '   ' } } })).json.fields).toEqual({ plan: 'Pro', seats: 30 });
    const list = (query: string) => h.req('GET', `/boards/features/posts?${query}`, { key: h.a.keys.read });
    expect((await list('field=plan:Pro')).json).toMatchObject({ total: 1, posts: [{ id, fields: { plan: 'Pro', seats: 30 } }] });
    expect((await list('field=seats:30')).json.total).toBe(1);
    expect((await list('field=seats:thirty')).json).toEqual({ posts: [], total: 0 });
    expect((await list('field=plan:Free')).json.total).toBe(0);
    expect((await list('field=unknown:x')).json.total).toBe(0);
    expect((await list('field=plan:Pro&pinned_first=true')).json.total).toBe(1);
    expect((await list('field=plan')).status).toBe(422);
    const sent = await events();
    expect(sent.map((m) => [m.type, m.payload.data.post.fields, m.payload.data.changed])).toEqual([
      ['post.created', { plan: 'Pro', seats: 25, note: 'Okta <b>please</b>' }, undefined],
      ['post.updated', { plan: 'Pro', seats: 30 }, ['fields']],
      ['post.updated', { plan: 'Pro', seats: 30 }, ['title']],
    ]);
  });

  it('refuses a value of the wrong type, an unknown key, a choice not offered, a required field missing or removed: 422 naming the field, nothing stored', async () => {
    const { h } = await world(store);
    const post = (await h.req('POST', '/boards/features/posts', { key: h.a.keys.write, body: { title: 'Kept', fields: { plan: 'Free' } } })).json as { id: number };
    const before = await snapshot(h.board);
    const refusals: [string, string, unknown, string][] = [
      ['POST', '/boards/features/posts', { title: 'X', fields: { plan: 'Pro', seats: '5' } }, 'fields.seats'],
      ['POST', '/boards/features/posts', { title: 'X', fields: { plan: 'Pro', note: 5 } }, 'fields.note'],
      ['POST', '/boards/features/posts', { title: 'X', fields: { plan: 'Pro', colour: 'red' } }, 'fields.colour'],
      ['POST', '/boards/features/posts', { title: 'X', fields: { plan: 'Gold' } }, 'fields.plan'],
      ['POST', '/boards/features/posts', { title: 'X', fields: { plan: 'pro' } }, 'fields.plan'],
      ['POST', '/boards/features/posts', { title: 'X' }, 'fields.plan'],
      ['POST', '/boards/features/posts', { title: 'X', fields: { plan: '' } }, 'fields.plan'],
      ['POST', '/boards/features/posts', { title: 'X', fields: { plan: 'Pro', note: 'x'.repeat(1001) } }, 'fields.note'],
      ['POST', '/boards/features/posts', { title: 'X', fields: ['Pro'] }, 'fields'],
      ['PATCH', `/boards/features/posts/${post.id}`, { fields: { plan: null } }, 'fields.plan'],
      ['PATCH', `/boards/features/posts/${post.id}`, { fields: { seats: 'many' } }, 'fields.seats'],
      ['PATCH', `/boards/features/posts/${post.id}`, { title: 'Renamed', fields: { nope: 1 } }, 'fields.nope'],
    ];
    for (const [method, path, body, field] of refusals) {
      const r = await h.req(method, path, { key: h.a.keys.write, body });
      expect([r.status, r.json.error?.code, r.json.error?.details?.[0]?.path], `${method} ${JSON.stringify(body)} ${r.text}`).toEqual([422, 'validation_error', field]);
    }
    expect(await snapshot(h.board)).toEqual(before);
    // A key `__proto__` is dropped by the body's parsing: no value, no prototype changed.
    const odd = await h.req('POST', '/boards/features/posts', { key: h.a.keys.write, body: { title: 'X', fields: JSON.parse('{"plan":"Pro","__proto__":{"polluted":1}}') } });
    expect([odd.status, odd.json.fields, ({} as { polluted?: number }).polluted]).toEqual([201, { plan: 'Pro' }, undefined]);
  });

  it('replacing the fields keeps values while key and type stay, and removes them otherwise', async () => {
    const { h, put } = await world(store);
    const make = async (fields: Record<string, unknown>) => (await h.req('POST', '/boards/features/posts', { key: h.a.keys.write, body: { title: 'P', fields } })).json.id as number;
    const a = await make({ plan: 'Pro', seats: 3, note: 'keep' });
    const b = await make({ plan: 'Free', seats: 4 });
    const [theirs] = await Promise.all([h.makePost('features', { title: 'Theirs' }, h.b.keys.write)]);
    // Free is no longer offered, seats becomes text, note goes; plan's label and required change.
    const next = [
      { key: 'seats', label: 'Seats', type: 'text', options: [], required: false },
      { key: 'plan', label: 'Your plan', type: 'choice', options: ['Pro', 'Team'], required: false },
    ];
    expect((await put({ fields: next })).json).toEqual({ fields: next });
    const fieldsOf = async (id: number) => (await h.req('GET', `/boards/features/posts/${id}`, { key: h.a.keys.read })).json.fields;
    expect([await fieldsOf(a), await fieldsOf(b)]).toEqual([{ plan: 'Pro' }, {}]);
    expect((await h.req('GET', `/boards/features/posts/${theirs.id}`, { key: h.b.keys.read })).json.fields).toEqual({});
    // A field added again under a removed key starts empty.
    await put({ fields: [...next, FORM[2]] });
    expect(await fieldsOf(a)).toEqual({ plan: 'Pro' });
    expect((await put({ fields: [] })).json).toEqual({ fields: [] });
    expect(await fieldsOf(a)).toEqual({});
  });

  it('refuses bad definitions and lower scopes, and another organization’s board is a 404: nothing changes', async () => {
    const { h, put } = await world(store);
    const before = await snapshot(h.board);
    const bad: [unknown, string][] = [
      [{ fields: [{ key: 'Plan', label: 'x', type: 'text' }] }, 'fields.0.key'],
      [{ fields: [{ key: '9lives', label: 'x', type: 'text' }] }, 'fields.0.key'],
      [{ fields: [{ key: 'a', label: 'x', type: 'date' }] }, 'fields.0.type'],
      [{ fields: [{ key: 'a', label: ' ', type: 'text' }] }, 'fields.0.label'],
      [{ fields: [{ key: 'a', label: 'x', type: 'choice' }] }, 'fields.0.options'],
      [{ fields: [{ key: 'a', label: 'x', type: 'choice', options: ['A', 'A'] }] }, 'fields.0.options'],
      [{ fields: [{ key: 'a', label: 'x', type: 'text', options: ['A'] }] }, 'fields.0.options'],
      [{ fields: [{ key: 'a', label: 'x', type: 'text' }, { key: 'a', label: 'y', type: 'number' }] }, 'fields.1.key'],
      [{ fields: Array.from({ length: 21 }, (_, i) => ({ key: `f${i}`, label: 'x', type: 'text' })) }, 'fields'],
    ];
    for (const [body, path] of bad) {
      const r = await put(body);
      expect([r.status, r.json.error?.details?.[0]?.path], `${JSON.stringify(body)} ${r.text}`).toEqual([422, path]);
    }
    expect((await put({ fields: [] }, h.a.keys.write)).status).toBe(403);
    expect((await put({ fields: [] }, h.b.keys.team, 'nope')).status).toBe(404);
    expect((await put({ fields: [{ key: 'Bad' }] }, h.a.keys.team, 'nope')).status).toBe(404);
    expect(await snapshot(h.board)).toEqual(before);
    // Globex's board of the same slug is its own: its team changes nothing of Acme's.
    expect((await put({ fields: [FORM[2]] }, h.b.keys.team)).status).toBe(200);
    expect((await h.req('GET', '/boards/features/fields', { key: h.a.keys.read })).json).toEqual({ fields: FORM });
  });

  it('a voter’s submission takes values, held or not; approval keeps those the board still takes', async () => {
    const { h, put } = await world(store);
    await h.board.team(h.a.id).boards.setPublished('features', true);
    const voter = await h.board.voters.register(h.a.id, { email: 'ann@example.com', name: 'Ann' });
    const direct = await h.board.voters.submitPost(voter.id, 'features', { title: 'Mine', fields: { plan: 'Free', seats: 2 } });
    expect('fields' in direct && direct.fields).toEqual({ plan: 'Free', seats: 2 });
    await expect(h.board.voters.submitPost(voter.id, 'features', { title: 'No plan' })).rejects.toMatchObject({ code: 'validation_error', details: [{ path: 'fields.plan' }] });
    await h.board.team(h.a.id).boards.setModerated('features', true);
    const held = await h.board.voters.submitPost(voter.id, 'features', { title: 'Held', fields: { plan: 'Pro', note: 'n' } });
    // The note field goes before the approval: the post keeps the plan only.
    await put({ fields: FORM.slice(0, 2) });
    const approved = await h.board.team(h.a.id).moderation.approve((held as { id: number }).id);
    expect(approved.fields).toEqual({ plan: 'Pro' });
  });
});
