/**
 * RS256 and ES256 tokens checked against the host's JWKS, served on a local port: the keys are
 * fetched once and cached, an algorithm the settings do not allow is refused, and HS256 tokens
 * never reach the JWKS keys. A JWKS URL is guarded like a webhook's target: a loopback or private
 * address, named or resolved, is never fetched unless private networks are allowed.
 */
import { lookup } from 'node:dns/promises';
import { hostname } from 'node:os';
import { SignJWT, type CryptoKey, type JWTPayload } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createNodeWebhookFetch } from '../../src/node/webhook-fetch.js';
import { saveSsoSettings } from '../../src/services/sso.js';
import { isPrivateAddress } from '../../src/webhooks/targets.js';
import { claims, fetchRaw, jwksServer, setupSso, voterCookie, type SsoSetup } from './sso-helpers.js';

let setup: SsoSetup;
let jwks: Awaited<ReturnType<typeof jwksServer>>;
beforeEach(async () => {
  // The JWKS is served on 127.0.0.1, which only an allowance of private networks fetches.
  setup = await setupSso({ jwks: { allowPrivateNetworks: true } });
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

describe('a JWKS URL at a private address', () => {
  let guarded: SsoSetup | undefined;
  afterEach(async () => {
    await guarded?.server.close();
    guarded = undefined;
  });

  const PRIVATE = 'The JWKS URL is, or resolves to, a loopback or private address, which this server does not fetch.';

  /** Signs in through `pages` with an RS256 token against the JWKS at `url`. */
  async function signInAgainst(pages: SsoSetup, url: string) {
    await saveSsoSettings({ storage: pages.board.storage, clock: pages.clock }, pages.orgId, { jwks_url: url, jwks_algorithms: ['RS256'] });
    return fetchRaw(`${pages.server.url}/boards/features?sso=${await sign(claims(pages), 'RS256', 'rsa-1', jwks.rsa.privateKey)}`);
  }

  it('is refused by default, named by its address, with no fetch and no session', async () => {
    guarded = await setupSso();
    const answer = await signInAgainst(guarded, jwks.url);
    expect([answer.status, voterCookie(answer.cookies)]).toEqual([401, undefined]);
    expect(answer.text).toContain(PRIVATE);
    expect(jwks.fetches).toBe(0);
  });

  it('is refused after DNS resolution through the Node fetch, named by a host name that resolves to it', async () => {
    const name = hostname();
    const resolved = await lookup(name, { all: true });
    expect(resolved.every(({ address }) => isPrivateAddress(address)), `${name} resolves to ${JSON.stringify(resolved)}`).toBe(true);
    guarded = await setupSso({ jwks: { fetch: createNodeWebhookFetch() } });
    const answer = await signInAgainst(guarded, jwks.url.replace('http://127.0.0.1', `https://${name}`));
    expect([answer.status, voterCookie(answer.cookies)]).toEqual([401, undefined]);
    expect(answer.text).toContain(PRIVATE);
    expect(jwks.fetches).toBe(0);
  });

  it('is fetched through the given fetch when private networks are allowed', async () => {
    let calls = 0;
    const nodeFetch = createNodeWebhookFetch({ allowPrivateNetworks: true });
    guarded = await setupSso({ jwks: { allowPrivateNetworks: true, fetch: (url, init) => ((calls += 1), nodeFetch(url, init)) } });
    const answer = await signInAgainst(guarded, jwks.url.replace('127.0.0.1', 'localhost'));
    expect([answer.status, voterCookie(answer.cookies) !== undefined]).toEqual([303, true]);
    expect([calls, jwks.fetches]).toEqual([1, 1]);
  });
});
