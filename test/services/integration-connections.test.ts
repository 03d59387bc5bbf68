/**
 * Connections to issue trackers, the team's operations over HTTP: made with a secret shown once,
 * listed without secrets, rotated with the previous secret accepted for a day, deactivated; held
 * to the private-address guard; another organization's connection is a 404; bad input changes
 * nothing; no secret ever reaches the logger.
 */
import { describe, expect, it } from 'vitest';
import { createHarness } from '../helpers/harness.js';

async function world(options: Parameters<typeof createHarness>[0] = {}) {
  const logged: string[] = [];
  const h = await createHarness({ http: { rateLimit: false }, logger: { error: (message, error) => logged.push(`${message} ${String(error)}`), info: (message) => logged.push(message) }, ...options });
  const team = (method: string, path: string, body?: unknown, key = h.a.keys.team) => h.req(method, path, { key, ...(body === undefined ? {} : { body }) });
  const stored = () => h.board.storage.transaction('read', (tx) => tx.listIntegrationConnections(h.a.id));
  return { h, team, logged, stored };
}

describe('integration connections', () => {
  it('makes a connection with its secret shown once; the list never shows a secret or token', async () => {
    const { team, stored, logged } = await world();
    const made = await team('POST', '/integrations/connections', { provider: 'github', target: 'acme/app', token: 'ghp_secret_token' });
    expect(made.status).toBe(201);
    expect(made.json).toEqual({
      id: 1, provider: 'github', base_url: 'https://api.github.com', target: 'acme/app', label: 'GitHub', active: true, has_token: true,
      previous_secret_expires_at: null, created_at: made.json.created_at, secret: expect.stringMatching(/^fbis_[0-9A-Za-z]{40}$/),
    });
    const [record] = await stored();
    expect(record!.secret).toBe(made.json.secret);
    expect(record!.token).toBe('ghp_secret_token');
    const list = await team('GET', '/integrations/connections');
    expect(list.status).toBe(200);
    expect(list.json).toEqual({ connections: [{ ...made.json, secret: undefined }] });
    expect(list.text).not.toContain(made.json.secret);
    expect(list.text).not.toContain('ghp_secret_token');
    expect(logged.join('\n')).not.toContain(made.json.secret);
  });

  it('takes a self-hosted base URL, and refuses a private one unless private networks are allowed', async () => {
    const { team, stored } = await world();
    const gitlab = await team('POST', '/integrations/connections', { provider: 'gitlab', base_url: 'https://gitlab.example.com/', target: 'group/app', label: 'Our GitLab' });
    expect([gitlab.status, gitlab.json.base_url, gitlab.json.label, gitlab.json.has_token]).toEqual([201, 'https://gitlab.example.com', 'Our GitLab', false]);
    for (const base_url of ['http://10.0.0.5', 'https://127.0.0.1:8443', 'https://localhost', 'http://gitlab.example.com', 'ftp://gitlab.example.com', 'https://u:p@gitlab.example.com']) {
      const refused = await team('POST', '/integrations/connections', { provider: 'gitlab', base_url });
      expect([base_url, refused.status, refused.json.error.code]).toEqual([base_url, 422, 'validation_error']);
      expect(refused.json.error.details[0].path).toBe('base_url');
    }
    expect(await stored()).toHaveLength(1);
    const allowed = await world({ webhooks: { allowPrivateNetworks: true } });
    const local = await allowed.team('POST', '/integrations/connections', { provider: 'gitlab', base_url: 'http://10.0.0.5:8080' });
    expect([local.status, local.json.base_url]).toEqual([201, 'http://10.0.0.5:8080']);
  });

  it("refuses bad input with a clear error and stores nothing: Linear's secret is required, a short secret, an unknown provider", async () => {
    const { team, stored } = await world();
    const cases: [unknown, string][] = [
      [{ provider: 'linear', target: 'TEAM-1' }, 'secret'],
      [{ provider: 'github', secret: 'short' }, 'secret'],
      [{ provider: 'github', secret: 'has a space in it, sixteen+' }, 'secret'],
      [{ provider: 'jira' }, 'provider'],
      [{ provider: 'github', extra: 1 }, ''],
    ];
    for (const [body, path] of cases) {
      const r = await team('POST', '/integrations/connections', body);
      expect([r.status, r.json.error.code]).toEqual([422, 'validation_error']);
      if (path) expect(r.json.error.details.map((d: { path: string }) => d.path)).toContain(path);
    }
    expect(await stored()).toEqual([]);
    const linear = await team('POST', '/integrations/connections', { provider: 'linear', target: 'team-id', secret: 'lin_wh_0123456789abcdef' });
    expect([linear.status, linear.json.base_url, linear.json.secret]).toEqual([201, 'https://api.linear.app/graphql', 'lin_wh_0123456789abcdef']);
  });

  it('rotates the secret: the new one shown once, the previous one kept for 24 hours; the same secret is refused', async () => {
    const { h, team, stored } = await world();
    const made = await team('POST', '/integrations/connections', { provider: 'github' });
    h.clock.advance(60_000);
    const rotated = await team('POST', `/integrations/connections/${made.json.id}/rotate-secret`, {});
    expect(rotated.status).toBe(200);
    expect(rotated.json.secret).not.toBe(made.json.secret);
    expect(rotated.json.previous_secret_expires_at).toBe(new Date(h.clock.now() + 24 * 3600_000).toISOString());
    const [record] = await stored();
    expect([record!.secret, record!.previous_secret]).toEqual([rotated.json.secret, made.json.secret]);
    const same = await team('POST', `/integrations/connections/${made.json.id}/rotate-secret`, { secret: rotated.json.secret });
    expect([same.status, same.json.error.code]).toEqual([422, 'validation_error']);
    expect(await stored()).toEqual([record]);
    const given = await team('POST', `/integrations/connections/${made.json.id}/rotate-secret`, { secret: 'given-secret-0123456789' });
    expect(given.json.secret).toBe('given-secret-0123456789');
    expect((await stored())[0]!.previous_secret).toBe(rotated.json.secret);
  });

  it("deactivates once; another organization's connection and a missing one are 404 and change nothing; weaker keys get 403", async () => {
    const { h, team, stored } = await world();
    const made = await team('POST', '/integrations/connections', { provider: 'github' });
    const theirs = await team('POST', '/integrations/connections', { provider: 'github' }, h.b.keys.team);
    for (const path of [`/integrations/connections/${theirs.json.id}/deactivate`, '/integrations/connections/99/deactivate']) {
      const r = await team('POST', path);
      expect([r.status, r.json.error.code]).toEqual([404, 'not_found']);
    }
    const rotateTheirs = await team('POST', `/integrations/connections/${theirs.json.id}/rotate-secret`, {});
    expect(rotateTheirs.status).toBe(404);
    for (const key of [h.a.keys.read, h.a.keys.write]) {
      expect((await team('POST', `/integrations/connections/${made.json.id}/deactivate`, undefined, key)).status).toBe(403);
      expect((await team('POST', '/integrations/connections', { provider: 'github' }, key)).status).toBe(403);
      expect((await team('GET', '/integrations/connections', undefined, key)).status).toBe(403);
    }
    expect((await stored()).map((c) => c.active)).toEqual([true]);
    const off = await team('POST', `/integrations/connections/${made.json.id}/deactivate`);
    expect([off.status, off.json.active, off.json.secret]).toEqual([200, false, undefined]);
    const again = await team('POST', `/integrations/connections/${made.json.id}/deactivate`);
    expect(again.json).toEqual(off.json);
    const b = await h.board.storage.transaction('read', (tx) => tx.listIntegrationConnections(h.b.id));
    expect(b.map((c) => [c.active, c.secret])).toEqual([[true, theirs.json.secret]]);
  });

  it('reaches the in-process team side with the same rules', async () => {
    const { h } = await world();
    const api = h.board.team(h.a.id).api;
    const made = await api.integrations.createConnection({ provider: 'gitlab', target: 'group/app' });
    expect(made.secret).toMatch(/^fbis_/);
    expect((await api.integrations.listConnections()).connections.map((c) => c.id)).toEqual([made.id]);
    await expect(h.board.team(h.b.id).api.integrations.deactivate(made.id)).rejects.toMatchObject({ code: 'not_found' });
  });
});
