/**
 * The dashboard's "Single sign-on" page: a secret is shown once when created, rotation keeps the
 * old one for the chosen overlap and shows the new one once, revocation is immediate, settings
 * are saved or refused whole; every form needs the CSRF token, and only the team sees the page.
 */
import { describe, expect, it } from 'vitest';
import { listSsoSecrets } from '../../src/services/sso.js';
import { Client, setupPages, signInTeam } from './helpers.js';

async function signedIn() {
  const setup = await setupPages();
  const client = new Client(setup.pages);
  await signInTeam(setup, client);
  const secrets = () => listSsoSecrets({ storage: setup.board.storage, clock: setup.clock }, setup.orgId);
  return { setup, client, secrets };
}

const shownSecret = (text: string) => /id="new-secret">\s*(fbsso_[0-9A-Za-z]{43})/.exec(text)?.[1];

describe('the dashboard Single sign-on page', () => {
  it('creates a secret shown once, rotates it with the chosen overlap, revokes it', async () => {
    const { setup, client, secrets } = await signedIn();
    const empty = await client.get('/dashboard/sso');
    expect(empty.status).toBe(200);
    expect(empty.text).toContain('No secret yet');
    expect(empty.text).toContain(`feedback-board:${setup.orgId}`);

    const created = await client.post('/dashboard/sso/secrets');
    expect(created.status).toBe(201);
    const [first] = await secrets();
    expect(shownSecret(created.text)).toBe(first!.secret);
    const later = await client.get('/dashboard/sso');
    expect(later.text).not.toContain(first!.secret);
    expect(later.text).toContain(`${first!.secret.slice(0, 10)}…`);

    const rotated = await client.post(`/dashboard/sso/secrets/${first!.id}/rotate`, { overlap_hours: '2' });
    expect(rotated.status).toBe(201);
    const [old, fresh] = await secrets();
    expect(shownSecret(rotated.text)).toBe(fresh!.secret);
    expect(old!.expires_at).toBe(new Date(setup.clock.now() + 2 * 3_600_000).toISOString());
    expect(rotated.text).toContain('Active until');

    const revoked = await client.post(`/dashboard/sso/secrets/${fresh!.id}/revoke`);
    expect([revoked.status, revoked.location]).toEqual([303, '/dashboard/sso?notice=secret_revoked']);
    expect((await secrets())[1]!.revoked_at).not.toBeNull();
  });

  it('refuses a bad overlap, an unknown secret and a form without the CSRF token; nothing changes', async () => {
    const { client, secrets } = await signedIn();
    await client.post('/dashboard/sso/secrets');
    const before = await secrets();
    const bad = await client.post(`/dashboard/sso/secrets/${before[0]!.id}/rotate`, { overlap_hours: '9999' });
    expect([bad.status, bad.location]).toEqual([303, '/dashboard/sso?notice=invalid']);
    expect((await client.post('/dashboard/sso/secrets/999/revoke')).status).toBe(404);
    expect((await client.post('/dashboard/sso/secrets/999/rotate', { overlap_hours: '1' })).status).toBe(404);
    const forged = await client.post('/dashboard/sso/secrets', {}, { csrf: '' });
    expect(forged.status).toBe(403);
    expect(await secrets()).toEqual(before);
  });

  it('saves the JWKS URL, algorithms, audience and issuer, and refuses a bad URL without saving', async () => {
    const { setup, client } = await signedIn();
    await client.get('/dashboard/sso');
    const saved = await client.post('/dashboard/sso/settings', { jwks_url: 'https://id.host.test/jwks.json', jwks_algorithms: 'ES256', audience: 'host-board', issuer: 'https://id.host.test' });
    expect([saved.status, saved.location]).toEqual([303, '/dashboard/sso?notice=saved']);
    const stored = () => setup.board.storage.transaction('read', (tx) => tx.getSsoSettings(setup.orgId));
    expect(await stored()).toMatchObject({ jwks_url: 'https://id.host.test/jwks.json', jwks_algorithms: ['ES256'], audience: 'host-board', issuer: 'https://id.host.test' });
    const refused = await client.post('/dashboard/sso/settings', { jwks_url: 'http://id.host.test/jwks.json', jwks_algorithms: 'RS256' });
    expect([refused.status, refused.location]).toEqual([303, '/dashboard/sso?notice=invalid']);
    expect((await stored())!.jwks_url).toBe('https://id.host.test/jwks.json');
  });

  it('is for the team only', async () => {
    const setup = await setupPages();
    const stranger = new Client(setup.pages);
    expect((await stranger.get('/dashboard/sso')).status).toBe(401);
  });
});
