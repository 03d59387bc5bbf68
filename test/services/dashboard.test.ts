import { describe, expect, it } from 'vitest';
import { createHarness } from '../helpers/harness.js';
import { hashApiKey } from '../../src/services/keys.js';

describe('dashboard: API keys', () => {
  it('creates keys shown once as fbk_ + 32 or more base62 characters, stored only as a SHA-256 hash and a prefix', async () => {
    const h = await createHarness();
    const created = await h.board.dashboard.apiKeys.create(h.a.id, { scope: 'propose', label: 'agent' });
    expect(created.key).toMatch(/^fbk_[0-9A-Za-z]{32,}$/);
    expect(created.info).not.toHaveProperty('hash');
    expect(created.info).toMatchObject({ organization_id: h.a.id, scope: 'propose', label: 'agent', revoked_at: null });
    expect(created.key.startsWith(created.info.prefix)).toBe(true);
    expect(created.info.prefix.length).toBeLessThan(created.key.length - 20);
    const stored = await h.board.storage.transaction('read', (tx) => tx.getApiKey(created.info.id));
    expect(stored!.hash).toBe(await hashApiKey(created.key));
    expect(stored!.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(created.key);
    const another = await h.board.dashboard.apiKeys.create(h.a.id, { scope: 'propose' });
    expect(another.key).not.toBe(created.key);
  });

  it('lists an organization’s keys (revoked included), without hashes', async () => {
    const h = await createHarness();
    const list = await h.board.dashboard.apiKeys.list(h.a.id);
    expect(list.map((k) => k.scope)).toEqual(['read', 'propose', 'write', 'team']);
    expect(list.every((k) => !('hash' in k) && k.organization_id === h.a.id)).toBe(true);
    await h.board.dashboard.apiKeys.revoke(h.a.keys.ids.read);
    expect((await h.board.dashboard.apiKeys.list(h.a.id))[0]!.revoked_at).not.toBeNull();
  });

  it('a revoked key is refused with 401 at once, even right after a successful request', async () => {
    const h = await createHarness();
    expect((await h.req('GET', '/boards', { key: h.a.keys.write })).status).toBe(200);
    const info = await h.board.dashboard.apiKeys.revoke(h.a.keys.ids.write);
    expect(info.revoked_at).toBe(new Date(h.clock.now()).toISOString());
    const r = await h.req('GET', '/boards', { key: h.a.keys.write });
    expect(r.status).toBe(401);
    expect(r.json.error.code).toBe('unauthorized');
    await expect(h.board.api(h.a.keys.write)).rejects.toMatchObject({ code: 'unauthorized' });
    // Other keys keep working; revoking twice keeps the first time.
    expect((await h.req('GET', '/boards', { key: h.a.keys.read })).status).toBe(200);
    h.clock.advance(1000);
    expect((await h.board.dashboard.apiKeys.revoke(h.a.keys.ids.write)).revoked_at).toBe(info.revoked_at);
    await expect(h.board.dashboard.apiKeys.revoke(9999)).rejects.toMatchObject({ code: 'not_found' });
  });

  it('refuses a key for an unknown organization and a raw key registered twice', async () => {
    const h = await createHarness();
    await expect(h.board.dashboard.apiKeys.create(999, { scope: 'read' })).rejects.toMatchObject({ code: 'not_found' });
    await h.board.dashboard.apiKeys.create(h.a.id, { scope: 'read', rawKey: 'test-key-123' });
    await expect(h.board.dashboard.apiKeys.create(h.b.id, { scope: 'write', rawKey: 'test-key-123' })).rejects.toMatchObject({ code: 'validation_error' });
    expect((await h.req('GET', '/boards', { key: 'test-key-123' })).status).toBe(200);
  });
});

describe('dashboard: moderation', () => {
  it('hides and unhides posts: hidden posts leave the roadmap, queue and changelog but stay listed', async () => {
    const h = await createHarness();
    await h.makeBoard();
    const post = await h.makePost('features', { title: 'p', status: 'planned' });
    const shipped = await h.makePost('features', { title: 's', status: 'shipped' });
    expect((await h.board.dashboard.posts.hide(post.id)).hidden).toBe(true);
    await h.board.dashboard.posts.hide(shipped.id);
    expect((await h.req('GET', '/boards/features/roadmap')).json.total).toBe(0);
    expect((await h.req('GET', '/boards/features/queue')).json.total).toBe(0);
    expect((await h.req('GET', '/boards/features/changelog')).json.total).toBe(0);
    expect((await h.req('GET', `/boards/features/posts/${post.id}`)).json.hidden).toBe(true);
    expect((await h.board.dashboard.posts.unhide(post.id)).hidden).toBe(false);
    expect((await h.req('GET', '/boards/features/queue')).json.total).toBe(1);
    expect((await h.board.dashboard.posts.get(post.id)).hidden).toBe(false);
    await expect(h.board.dashboard.posts.hide(999)).rejects.toMatchObject({ code: 'not_found' });
    await expect(h.board.dashboard.comments.hide(999)).rejects.toMatchObject({ code: 'not_found' });
  });
});
