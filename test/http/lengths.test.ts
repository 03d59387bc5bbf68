/**
 * docs/errors-scopes-limits.md#validation lengths, counted in code points: each field at its limit is accepted and one
 * past it is refused (422, nothing stored). Emoji are two UTF-16 units but one code point.
 */
import { describe, expect, it } from 'vitest';
import { createHarness } from '../helpers/harness.js';
import { snapshot } from '../helpers/state.js';

const E = '😀';
const emoji = (n: number) => E.repeat(n);

interface Case {
  field: string;
  method: string;
  path: (postId: number) => string;
  body: (value: string, n: number) => Record<string, unknown>;
  max: number;
  /** The value of a given length (default: emoji). */
  of?: (n: number) => string;
  key?: 'propose' | 'write';
}

let seq = 0;
const CASES: Case[] = [
  { field: 'slug', method: 'POST', path: () => '/boards', body: (v) => ({ slug: v, name: 'n' }), max: 64, of: (n) => 'a'.repeat(n) },
  { field: 'name', method: 'POST', path: () => '/boards', body: (v) => ({ slug: `b${++seq}`, name: v }), max: 120 },
  { field: 'description', method: 'POST', path: () => '/boards', body: (v) => ({ slug: `b${++seq}`, name: 'n', description: v }), max: 2000 },
  { field: 'welcome_message', method: 'POST', path: () => '/boards', body: (v) => ({ slug: `b${++seq}`, name: 'n', welcome_message: v }), max: 2000 },
  { field: 'title', method: 'POST', path: () => '/boards/features/posts', body: (v) => ({ title: v }), max: 200 },
  { field: 'body', method: 'POST', path: () => '/boards/features/posts', body: (v) => ({ title: 't', body: v }), max: 20_000 },
  { field: 'tags.0', method: 'POST', path: () => '/boards/features/posts', body: (v) => ({ title: 't', tags: [v] }), max: 40 },
  { field: 'title', method: 'PATCH', path: (id) => `/boards/features/posts/${id}`, body: (v) => ({ title: v }), max: 200 },
  { field: 'body', method: 'PATCH', path: (id) => `/boards/features/posts/${id}`, body: (v) => ({ body: v }), max: 20_000 },
  { field: 'tags.0', method: 'PATCH', path: (id) => `/boards/features/posts/${id}`, body: (v) => ({ tags: [v] }), max: 40 },
  { field: 'implementation_evidence.0.ref', method: 'PATCH', path: (id) => `/boards/features/posts/${id}`, body: (v) => ({ implementation_evidence: [{ kind: 'commit', ref: v }] }), max: 2000 },
  { field: 'implementation_evidence.0.label', method: 'PATCH', path: (id) => `/boards/features/posts/${id}`, body: (v) => ({ implementation_evidence: [{ kind: 'commit', ref: 'r', label: v }] }), max: 200 },
  { field: 'body', method: 'POST', path: (id) => `/boards/features/posts/${id}/comments`, body: (v) => ({ body: v }), max: 10_000, key: 'propose' },
  { field: 'ref', method: 'POST', path: (id) => `/boards/features/posts/${id}/evidence`, body: (v) => ({ kind: 'transcript', ref: v }), max: 2000, key: 'propose' },
  { field: 'label', method: 'POST', path: (id) => `/boards/features/posts/${id}/evidence`, body: (v) => ({ kind: 'commit', ref: 'r', label: v }), max: 200, key: 'propose' },
  { field: 'action_key', method: 'POST', path: (id) => `/boards/features/posts/${id}/evidence`, body: (v) => ({ kind: 'commit', ref: 'r', action_key: v }), max: 200, key: 'propose' },
  { field: 'agent_label', method: 'POST', path: (id) => `/boards/features/posts/${id}/claim`, body: (v) => ({ agent_label: v }), max: 100, key: 'propose' },
  { field: 'note', method: 'POST', path: (id) => `/boards/features/posts/${id}/propose-status`, body: (v) => ({ status: 'planned', note: v }), max: 2000, key: 'propose' },
];

describe('length limits in code points', () => {
  it.each(CASES.map((c) => [`${c.method} ${c.path(1).replace(/\d+/, '{id}')} ${c.field}`, c] as const))('%s', async (_, c) => {
    const h = await createHarness();
    await h.makeBoard();
    const post = await h.makePost('features', { title: 'Target' });
    const key = h.a.keys[c.key ?? 'write'];
    const of = c.of ?? emoji;

    const before = await snapshot(h.board);
    const over = await h.req(c.method, c.path(post.id), { key, body: c.body(of(c.max + 1), c.max + 1) });
    expect(over.status).toBe(422);
    expect(over.json.error.details.map((d: { path: string }) => d.path)).toContain(c.field);
    expect(await snapshot(h.board)).toEqual(before);

    const at = await h.req(c.method, c.path(post.id), { key, body: c.body(of(c.max), c.max) });
    expect(at.status, at.text.slice(0, 200)).toBeLessThan(300);
  });

  it('at most 20 tags per post (the count is of the names sent)', async () => {
    const h = await createHarness();
    await h.makeBoard();
    const tags = (n: number) => Array.from({ length: n }, (_, i) => `t${i}`);
    const before = await snapshot(h.board);
    const over = await h.req('POST', '/boards/features/posts', { body: { title: 't', tags: tags(21) } });
    expect(over.status).toBe(422);
    expect(over.json.error.details[0].path).toBe('tags');
    expect(await snapshot(h.board)).toEqual(before);
    expect((await h.req('POST', '/boards/features/posts', { body: { title: 't', tags: tags(20) } })).json.tags).toHaveLength(20);
  });

  it('required text fields refuse the empty string; optional ones accept it', async () => {
    const h = await createHarness();
    await h.makeBoard();
    const post = await h.makePost('features', { title: 'x' });
    const refused: Array<[string, string, Record<string, unknown>]> = [
      ['POST', '/boards', { slug: '', name: 'n' }],
      ['POST', '/boards', { slug: 'ok', name: '' }],
      ['POST', '/boards/features/posts', { title: '' }],
      ['POST', '/boards/features/posts', { title: ' \n\t ' }],
      ['POST', '/boards/features/posts', { title: 'x', tags: [''] }],
      ['POST', `/boards/features/posts/${post.id}/comments`, { body: '' }],
      ['POST', `/boards/features/posts/${post.id}/evidence`, { kind: 'commit', ref: '' }],
    ];
    for (const [method, path, body] of refused) expect((await h.req(method, path, { body })).status, JSON.stringify(body)).toBe(422);
    expect((await h.req('POST', '/boards', { body: { slug: 'ok', name: 'n', description: '', welcome_message: '' } })).status).toBe(201);
    expect((await h.req('POST', '/boards/features/posts', { body: { title: 'x', body: '' } })).status).toBe(201);
    expect((await h.req('POST', `/boards/features/posts/${post.id}/claim`, { body: { agent_label: '' } })).status).toBe(201);
  });

  it('titles are trimmed before counting and stored trimmed; other text is kept with its white space', async () => {
    const h = await createHarness();
    await h.makeBoard();
    const r = await h.req('POST', '/boards/features/posts', { body: { title: `  ${emoji(200)}\n `, body: `  ${emoji(3)}  ` } });
    expect(r.status).toBe(201);
    expect(r.json.title).toBe(emoji(200));
    expect(r.json.body).toBe(`  ${emoji(3)}  `);
    const patched = await h.req('PATCH', `/boards/features/posts/${r.json.id}`, { body: { title: `\t${emoji(200)} ` } });
    expect(patched.json.title).toBe(emoji(200));
    const name = await h.req('POST', '/boards', { body: { slug: 'spaced', name: '  Spaced  ' } });
    expect(name.json.name).toBe('  Spaced  ');
  });

  it('slugs are lower-case letters, digits and single inner hyphens', async () => {
    const h = await createHarness();
    for (const slug of ['Abc', 'a_b', 'a--b', '-ab', 'ab-', 'a b', 'é', 'a/b', '-']) {
      const r = await h.req('POST', '/boards', { body: { slug, name: 'n' } });
      expect(r.status, slug).toBe(422);
      expect(r.json.error.details[0].path).toBe('slug');
    }
    for (const slug of ['a', '0', 'a-b-c', 'v2-beta']) expect((await h.req('POST', '/boards', { body: { slug, name: 'n' } })).status).toBe(201);
  });
});
