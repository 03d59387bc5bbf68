/**
 * RS256 and ES256 tokens checked against the host's JWKS, served on a local port: the keys are
 * fetched once and cached, an algorithm the settings do not allow is refused, and HS256 tokens
 * never reach the JWKS keys.
 */
import { SignJWT, type CryptoKey, type JWTPayload } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { saveSsoSettings } from '../../src/services/sso.js';
import { claims, fetchRaw, jwksServer, setupSso, voterCookie, type SsoSetup } from './sso-helpers.js';

let setup: SsoSetup;
let jwks: Awaited<ReturnType<typeof jwksServer>>;
beforeEach(async () => {
  setup = await setupSso();
  jwks = await jwksServer();
});
afterEach(async () => {
  await setup.server.close();
  await jwks.close();
});

const sign = (payload: JWTPayload, alg: 'RS256' | 'ES256', kid: string, key: CryptoKey) =>
  new SignJWT(payload).setProtectedHeader({ alg, kid }).sign(key);
const signIn = (token: string) => fetchRaw(`${setup.server.url}/boards/features?sso=${token}`);
const settings = (input: Parameters<typeof saveSsoSettings>[2]) => saveSsoSettings({ storage: setup.board.storage, clock: setup.clock }, setup.orgId, input);

describe('SSO tokens checked against a JWKS', () => {
  it('signs in with RS256 and ES256 keys of the JWKS, fetching it once', async () => {
    await settings({ jwks_url: jwks.url, jwks_algorithms: ['RS256', 'ES256'], issuer: 'https://id.host.test' });
    const rs = await signIn(await sign(claims(setup, { iss: 'https://id.host.test' }), 'RS256', 'rsa-1', jwks.rsa.privateKey));
    expect([rs.status, rs.location, voterCookie(rs.cookies) !== undefined]).toEqual([303, '/boards/features', true]);
    const es = await signIn(await sign(claims(setup, { sub: 'user-2', email: 'bo@host.test', iss: 'https://id.host.test' }), 'ES256', 'ec-1', jwks.ec.privateKey));
    expect([es.status, voterCookie(es.cookies) !== undefined]).toEqual([303, true]);
    expect(jwks.fetches).toBe(1);
  });

  it('refuses a wrong issuer, an algorithm the settings leave out, a key not in the JWKS, and any JWKS token without a JWKS URL', async () => {
    const rsToken = (extra: JWTPayload = {}) => sign(claims(setup, extra), 'RS256', 'rsa-1', jwks.rsa.privateKey);
    const before = await signIn(await rsToken());
    expect([before.status, voterCookie(before.cookies)]).toEqual([401, undefined]);
    expect(before.text).toContain('The algorithm &quot;RS256&quot; is not accepted by this board. Allowed: HS256.');

    await settings({ jwks_url: jwks.url, jwks_algorithms: ['ES256'], issuer: 'https://id.host.test' });
    const leftOut = await signIn(await rsToken({ iss: 'https://id.host.test' }));
    expect([leftOut.status, voterCookie(leftOut.cookies)]).toEqual([401, undefined]);
    expect(leftOut.text).toContain('Allowed: HS256, ES256.');

    const wrongIssuer = await signIn(await sign(claims(setup, { iss: 'https://evil.test' }), 'ES256', 'ec-1', jwks.ec.privateKey));
    expect([wrongIssuer.status, voterCookie(wrongIssuer.cookies)]).toEqual([401, undefined]);
    expect(wrongIssuer.text).toContain('iss must be &quot;https://id.host.test&quot;');

    const { generateKeyPair } = await import('jose');
    const stranger = await generateKeyPair('ES256');
    const unknownKey = await signIn(await sign(claims(setup, { iss: 'https://id.host.test' }), 'ES256', 'ec-2', stranger.privateKey));
    expect([unknownKey.status, voterCookie(unknownKey.cookies)]).toEqual([401, undefined]);
    expect(unknownKey.text).toContain('No key of the configured JWKS matches the token');
    const sameKid = await signIn(await sign(claims(setup, { iss: 'https://id.host.test' }), 'ES256', 'ec-1', stranger.privateKey));
    expect([sameKid.status, voterCookie(sameKid.cookies)]).toEqual([401, undefined]);
    expect(sameKid.text).toContain('signature does not match');
  });

  it('settings refuse a non-https URL, HS256 for a JWKS, and a JWKS without algorithms; nothing is saved', async () => {
    const refused = async (input: Parameters<typeof settings>[0], message: RegExp) => {
      await expect(settings(input)).rejects.toMatchObject({ code: 'validation_error', message: expect.stringMatching(message) });
    };
    await refused({ jwks_url: 'http://id.host.test/jwks.json' }, /https/);
    await refused({ jwks_url: 'not a url' }, /absolute https/);
    await refused({ jwks_url: jwks.url, jwks_algorithms: ['HS256'] }, /Only RS256 and ES256/);
    await refused({ jwks_url: jwks.url, jwks_algorithms: [] }, /at least one algorithm/);
    expect(await setup.board.storage.transaction('read', (tx) => tx.getSsoSettings(setup.orgId))).toBeNull();
  });
});
