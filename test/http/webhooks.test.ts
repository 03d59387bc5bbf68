import { describe, expect, it } from 'vitest';
import { createHarness, T0 } from '../helpers/harness.js';

describe('GET /webhooks', () => {
  it('lists the organization’s webhooks oldest first, never with the secret', async () => {
    const h = await createHarness();
    const created = await h.board.dashboard.webhooks.create(h.a.id, { url: 'https://hooks.example.com/one', events: ['post.created'], description: 'first' });
    expect(created.secret).toMatch(/^whsec_[0-9A-Za-z]{32}$/);
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
