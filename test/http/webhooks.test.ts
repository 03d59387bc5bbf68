import { describe, expect, it } from 'vitest';
import { createHarness, T0 } from '../helpers/harness.js';

describe('GET /webhooks', () => {
  it('lists the organization’s webhooks oldest first, never with the secret', async () => {
    const h = await createHarness();
    const created = await h.board.dashboard.webhooks.create(h.a.id, { url: 'https://hooks.example.com/one', events: ['post.created'], description: 'first' });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    h.clock.advance(1000);
    await h.board.dashboard.webhooks.create(h.a.id, { url: 'http://hooks.example.com/two', active: false });
    await h.board.dashboard.webhooks.create(h.b.id, { url: 'https://other.example.com/' });

    for (const key of [h.a.keys.read, h.a.keys.propose, h.a.keys.write]) {
      const r = await h.req('GET', '/webhooks', { key });
      expect(r.status).toBe(200);
      expect(r.json).toEqual({
        webhooks: [
          { id: created.id, url: 'https://hooks.example.com/one', description: 'first', events: ['post.created'], active: true, created_at: new Date(T0).toISOString() },
          { id: created.id + 1, url: 'http://hooks.example.com/two', description: '', events: [], active: false, created_at: new Date(T0 + 1000).toISOString() },
        ],
      });
      expect(r.text).not.toContain('whsec_');
      expect(r.text).not.toContain('secret');
    }
    expect((await h.req('GET', '/webhooks', { key: h.b.keys.read })).json.webhooks.map((w: { url: string }) => w.url)).toEqual(['https://other.example.com/']);
  });

  it('is an empty list for an organization without webhooks', async () => {
    const h = await createHarness();
    expect((await h.req('GET', '/webhooks')).json).toEqual({ webhooks: [] });
  });

  it('follows the dashboard: updates and deletes show at once; only GET is allowed over HTTP', async () => {
    const h = await createHarness();
    const w = await h.board.dashboard.webhooks.create(h.a.id, { url: 'https://hooks.example.com/one' });
    const updated = await h.board.dashboard.webhooks.update(w.id, { active: false, events: ['post.shipped'], description: 'changed' });
    expect(updated).toMatchObject({ url: 'https://hooks.example.com/one', active: false, events: ['post.shipped'], description: 'changed', secret: w.secret });
    expect((await h.req('GET', '/webhooks')).json.webhooks[0]).toMatchObject({ active: false, events: ['post.shipped'], description: 'changed' });
    await h.board.dashboard.webhooks.delete(w.id);
    expect((await h.req('GET', '/webhooks')).json).toEqual({ webhooks: [] });
    for (const method of ['POST', 'PATCH', 'DELETE', 'PUT']) {
      const r = await h.req(method, '/webhooks', { body: { url: 'https://x.example' } });
      expect(r.status, method).toBe(405);
      expect(r.headers.get('allow')).toBe('GET');
    }
  });
});

describe('dashboard: webhooks', () => {
  it('creates, updates, lists with secrets, and deletes; refuses bad input', async () => {
    const h = await createHarness();
    const w = await h.board.dashboard.webhooks.create(h.a.id, { url: 'https://hooks.example.com/a' });
    expect(w).toMatchObject({ organization_id: h.a.id, url: 'https://hooks.example.com/a', description: '', events: [], active: true });
    expect((await h.board.dashboard.webhooks.list(h.a.id))[0]!.secret).toBe(w.secret);
    const changed = await h.board.dashboard.webhooks.update(w.id, { url: 'https://hooks.example.com/b' });
    expect(changed).toMatchObject({ url: 'https://hooks.example.com/b', secret: w.secret, created_at: w.created_at });
    await expect(h.board.dashboard.webhooks.create(h.a.id, { url: 'ftp://x.example' })).rejects.toMatchObject({ code: 'validation_error' });
    await expect(h.board.dashboard.webhooks.update(w.id, { secret: 'mine' } as never)).rejects.toMatchObject({ code: 'validation_error' });
    await expect(h.board.dashboard.webhooks.create(999, { url: 'https://x.example' })).rejects.toMatchObject({ code: 'not_found' });
    await h.board.dashboard.webhooks.delete(w.id);
    expect(await h.board.dashboard.webhooks.list(h.a.id)).toEqual([]);
    await expect(h.board.dashboard.webhooks.delete(w.id)).rejects.toMatchObject({ code: 'not_found' });
    await expect(h.board.dashboard.webhooks.update(w.id, { active: false })).rejects.toMatchObject({ code: 'not_found' });
  });
});
