import { describe, expect, it } from 'vitest';
import { createHarness, T0 } from '../helpers/harness.js';
import { snapshot } from '../helpers/state.js';

const at = (ms: number) => new Date(ms).toISOString();

async function withPost() {
  const h = await createHarness();
  await h.makeBoard();
  const post = await h.makePost('features', { title: 'Dark mode' });
  return { ...h, post, path: `/boards/features/posts/${post.id}/evidence` };
}

describe('evidence', () => {
  it('adds an entry (201, single-post shape), label defaults to "", oldest first', async () => {
    const h = await withPost();
    const first = await h.req('POST', h.path, { key: h.a.keys.propose, body: { kind: 'branch', ref: 'feat/dark' } });
    expect(first.status).toBe(201);
    expect(first.json).toMatchObject({ id: h.post.id, title: 'Dark mode', claim: null, proposal: null, queue_rank: null });
    expect(first.json.implementation_evidence).toEqual([{ kind: 'branch', ref: 'feat/dark', label: '', added_at: at(T0) }]);
    h.clock.advance(1000);
    const second = await h.req('POST', h.path, { key: h.a.keys.propose, body: { kind: 'pr', ref: 'https://git.example/pr/7', label: 'PR #7' } });
    expect(second.json.implementation_evidence).toEqual([
      { kind: 'branch', ref: 'feat/dark', label: '', added_at: at(T0) },
      { kind: 'pr', ref: 'https://git.example/pr/7', label: 'PR #7', added_at: at(T0 + 1000) },
    ]);
    expect((await h.req('GET', `/boards/features/posts/${h.post.id}`)).json).toEqual(second.json);
  });

  it('a repeated action_key on the same post adds nothing and returns the post as it is (201)', async () => {
    const h = await withPost();
    const body = { kind: 'commit', ref: 'abc123', action_key: 'run-42' };
    const first = await h.req('POST', h.path, { key: h.a.keys.propose, body });
    h.clock.advance(1000);
    const before = await snapshot(h.board);
    const again = await h.req('POST', h.path, { key: h.a.keys.propose, body: { kind: 'url', ref: 'https://other.example', action_key: 'run-42' } });
    expect(again.status).toBe(201);
    expect(again.json).toEqual(first.json);
    expect(await snapshot(h.board)).toEqual(before);
    // Another key may repeat it too: the key belongs to the post, not to the caller.
    expect((await h.req('POST', h.path, { key: h.a.keys.write, body })).json.implementation_evidence).toHaveLength(1);
    // Another action key, or none, adds.
    await h.req('POST', h.path, { key: h.a.keys.propose, body: { ...body, action_key: 'run-43' } });
    const plain = await h.req('POST', h.path, { key: h.a.keys.propose, body: { kind: 'commit', ref: 'abc123' } });
    expect(plain.json.implementation_evidence).toHaveLength(3);
    // The same action key on another post is independent.
    const other = await h.makePost('features', { title: 'Other' });
    const elsewhere = await h.req('POST', `/boards/features/posts/${other.id}/evidence`, { key: h.a.keys.propose, body });
    expect(elsewhere.json.implementation_evidence).toHaveLength(1);
  });

  it('holds at most 100 items: the 101st is a 422 and nothing is added; a repeated action_key still answers', async () => {
    const h = await withPost();
    for (let i = 0; i < 100; i++) {
      const r = await h.req('POST', h.path, { body: { kind: 'commit', ref: `c${i}`, action_key: `k${i}` } });
      expect(r.status).toBe(201);
    }
    const before = await snapshot(h.board);
    const over = await h.req('POST', h.path, { body: { kind: 'commit', ref: 'c100' } });
    expect(over.status).toBe(422);
    expect(over.json.error.code).toBe('validation_error');
    expect(await snapshot(h.board)).toEqual(before);
    const repeat = await h.req('POST', h.path, { body: { kind: 'commit', ref: 'c0', action_key: 'k0' } });
    expect(repeat.status).toBe(201);
    expect(repeat.json.implementation_evidence).toHaveLength(100);
    // PATCH replaces the list under the same cap.
    const list = Array.from({ length: 101 }, (_, i) => ({ kind: 'commit', ref: `r${i}` }));
    expect((await h.req('PATCH', `/boards/features/posts/${h.post.id}`, { body: { implementation_evidence: list } })).status).toBe(422);
    expect(await snapshot(h.board)).toEqual(before);
    const hundred = await h.req('PATCH', `/boards/features/posts/${h.post.id}`, { body: { implementation_evidence: list.slice(0, 100) } });
    expect(hundred.json.implementation_evidence).toHaveLength(100);
  });

  it('url and pr refs must be absolute http(s) URLs; other kinds take free text', async () => {
    const h = await withPost();
    const before = await snapshot(h.board);
    for (const body of [
      { kind: 'url', ref: 'example.com/page' },
      { kind: 'url', ref: 'javascript:alert(1)' },
      { kind: 'pr', ref: 'ftp://git.example/pr/1' },
      { kind: 'pr', ref: '/relative/pr/1' },
      { kind: 'film', ref: 'x' },
      { kind: 'commit', ref: '' },
      { kind: 'commit' },
      { ref: 'abc' },
      { kind: 'commit', ref: 'abc', action_key: '' },
      { kind: 'commit', ref: 'abc', action_key: 'k'.repeat(201) },
      { kind: 'commit', ref: 'x'.repeat(2001) },
      { kind: 'commit', ref: 'abc', label: 'l'.repeat(201) },
      { kind: 'commit', ref: 'abc', added_at: '2026-01-01T00:00:00Z' },
    ]) {
      const r = await h.req('POST', h.path, { body });
      expect(r.status, JSON.stringify(body)).toBe(422);
    }
    expect(await snapshot(h.board)).toEqual(before);
    for (const body of [
      { kind: 'url', ref: 'HTTPS://Example.com/Page' },
      { kind: 'pr', ref: 'http://git.example/pr/1' },
      { kind: 'transcript', ref: 'not a url at all' },
      { kind: 'branch', ref: 'x'.repeat(2000), label: 'l'.repeat(200), action_key: 'k'.repeat(200) },
    ]) {
      expect((await h.req('POST', h.path, { body })).status, JSON.stringify(body).slice(0, 60)).toBe(201);
    }
  });
});
