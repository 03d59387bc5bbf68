/**
 * Signing in with a host application's token over a real HTTP server: `?sso=` on any page and
 * `POST /sso` set the voter cookie and redirect without the token; every refused token answers a
 * page that says what to fix, with no session cookie and no voter made.
 */
import { exportSPKI, generateKeyPair } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { revokeSsoSecret, rotateSsoSecret } from '../../src/services/sso.js';
import { claims, fetchRaw, hs256, setupSso, unsigned, voterCookie, type SsoSetup } from './sso-helpers.js';

let setup: SsoSetup;
beforeEach(async () => {
  setup = await setupSso();
});
afterEach(async () => {
  await setup.server.close();
});

const identity = (sub = 'user-1') => setup.board.storage.transaction('read', (tx) => tx.getSsoIdentity(setup.orgId, sub));
const ssoCtx = () => ({ storage: setup.board.storage, clock: setup.clock });

/** GETs a page with `?sso=`; expects a refusal naming `reason`, no session cookie, no voter. */
async function expectRefused(token: string, reason: RegExp, status = 401) {
  const answer = await fetchRaw(`${setup.server.url}/boards/features?sso=${encodeURIComponent(token)}`);
  expect([answer.status, voterCookie(answer.cookies)]).toEqual([status, undefined]);
  expect(answer.text).toContain('Single sign-on did not work');
  expect(answer.text).toMatch(reason);
  expect(answer.headers.get('cache-control')).toBe('no-store');
  expect(await identity()).toBeNull();
}

describe('SSO sign-in through the pages', () => {
  it('?sso= on a page signs the user in: HttpOnly cookie, 303 to the same URL without the token, the page shows them', async () => {
    const token = await hs256(claims(setup), setup.secret);
    const answer = await fetchRaw(`${setup.server.url}/boards/features?sort=new&sso=${token}&status=open`);
    expect(answer.status).toBe(303);
    expect(answer.location).toBe('/boards/features?sort=new&status=open');
    expect(answer.headers.get('referrer-policy')).toBe('no-referrer');
    const cookie = voterCookie(answer.cookies)!;
    expect(cookie).toMatch(/^fb_voter=[A-Za-z0-9]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=2592000$/);

    const page = await fetchRaw(`${setup.server.url}${answer.location}`, { headers: { cookie: cookie.split(';')[0]! } });
    expect(page.status).toBe(200);
    expect(page.text).toContain('Signed in as Ada Host');
    const linked = await identity();
    const voter = await setup.board.storage.transaction('read', (tx) => tx.getVoter(linked!.voter_id));
    expect([voter!.email, voter!.name, voter!.organization_id]).toEqual(['ada@host.test', 'Ada Host', setup.orgId]);
  });

  it('POST /sso signs in and returns to the given path of the pages (never another site); the same sub is the same voter', async () => {
    const post = async (form: Record<string, string>) =>
      fetchRaw(`${setup.server.url}/sso`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://host.test' }, body: new URLSearchParams(form).toString() });
    const first = await post({ sso: await hs256(claims(setup), setup.secret), return_to: `/boards/features/posts/${setup.ids.open}` });
    expect([first.status, first.location]).toEqual([303, `/boards/features/posts/${setup.ids.open}`]);
    expect(voterCookie(first.cookies)).toMatch(/^fb_voter=/);
    const voterId = (await identity())!.voter_id;

    const again = await post({ sso: await hs256(claims(setup, { email: 'ada@elsewhere.test' }), setup.secret), return_to: '//evil.test/x' });
    expect([again.status, again.location]).toEqual([303, '/']);
    expect((await identity())!.voter_id).toBe(voterId);

    const empty = await post({ return_to: '/' });
    expect([empty.status, voterCookie(empty.cookies)]).toEqual([401, undefined]);
    const notForm = await fetchRaw(`${setup.server.url}/sso`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect([notForm.status, voterCookie(notForm.cookies)]).toEqual([400, undefined]);
  });

  it('refuses an expired token, and a token replayed after it expired', async () => {
    const token = await hs256(claims(setup), setup.secret);
    setup.clock.advance(301_000 + 30_000);
    await expectRefused(token, /has expired/);
  });

  it('refuses a bad signature, alg none, and an HS256 token signed with an RSA public key (alg confusion)', async () => {
    await expectRefused(await hs256(claims(setup), `${setup.secret}x`), /signature does not match/);
    await expectRefused(unsigned(claims(setup)), /alg &quot;none&quot;|alg "none"/);
    const { publicKey } = await generateKeyPair('RS256', { extractable: true });
    await expectRefused(await hs256(claims(setup), await exportSPKI(publicKey)), /signature does not match/);
  });

  it('refuses exp more than 10 minutes ahead, a future iat or nbf, and a token without exp', async () => {
    const now = Math.floor(setup.clock.now() / 1000);
    await expectRefused(await hs256(claims(setup, { exp: now + 11 * 60 }), setup.secret), /lives too long/);
    await expectRefused(await hs256(claims(setup, { iat: now + 120 }), setup.secret), /issued in the future/);
    await expectRefused(await hs256(claims(setup, { nbf: now + 120 }), setup.secret), /not valid yet/);
    const { exp: _exp, ...noExp } = claims(setup);
    await expectRefused(await hs256(noExp, setup.secret), /missing or not valid/);
  });

  it("refuses another organization's token: its secret, and its audience with this organization's secret", async () => {
    const other = await setup.board.dashboard.organizations.create({ name: 'Globex' });
    const { createSsoSecret } = await import('../../src/services/sso.js');
    const foreign = await createSsoSecret(ssoCtx(), other.id);
    await expectRefused(await hs256(claims(setup, { aud: `feedback-board:${other.id}` }), foreign.secret), /signature does not match/);
    await expectRefused(await hs256(claims(setup, { aud: `feedback-board:${other.id}` }), setup.secret), /another audience.*feedback-board:1/s);
  });

  it('refuses a token of a revoked secret', async () => {
    await revokeSsoSecret(ssoCtx(), setup.orgId, setup.secretId);
    await expectRefused(await hs256(claims(setup), setup.secret), /no active SSO secret/);
  });

  it('a rotated secret keeps working during its overlap, and is refused after it; the new one works', async () => {
    const { created } = await rotateSsoSecret(ssoCtx(), setup.orgId, setup.secretId, 1);
    setup.clock.advance(59 * 60_000);
    const during = await fetchRaw(`${setup.server.url}/?sso=${await hs256(claims(setup), setup.secret)}`);
    expect([during.status, during.location, voterCookie(during.cookies) !== undefined]).toEqual([303, '/', true]);

    setup.clock.advance(2 * 60_000);
    const after = await fetchRaw(`${setup.server.url}/?sso=${await hs256(claims(setup, { sub: 'user-2', email: 'bo@host.test' }), setup.secret)}`);
    expect([after.status, voterCookie(after.cookies)]).toEqual([401, undefined]);
    expect(after.text).toMatch(/signature does not match/);
    expect(await identity('user-2')).toBeNull();
    const fresh = await fetchRaw(`${setup.server.url}/?sso=${await hs256(claims(setup, { sub: 'user-2', email: 'bo@host.test' }), created.secret)}`);
    expect([fresh.status, voterCookie(fresh.cookies) !== undefined]).toEqual([303, true]);
  });

  it('refuses claims a voter cannot be made of, naming the claim', async () => {
    await expectRefused(await hs256(claims(setup, { email: 'not-an-address' }), setup.secret), /email claim/);
    await expectRefused(await hs256(claims(setup, { sub: '' }), setup.secret), /sub claim|missing or not valid/);
    await expectRefused(await hs256(claims(setup, { company: { id: 'c1', name: 'Initech', monthly_revenue: -5 } }), setup.secret), /monthly_revenue/);
    await expectRefused('not.a.token', /compact form|could not be read/);
  });

  it("refuses a new sub with the e-mail of another sub's voter (403), and keeps the first", async () => {
    const first = await fetchRaw(`${setup.server.url}/?sso=${await hs256(claims(setup), setup.secret)}`);
    expect(first.status).toBe(303);
    const second = await fetchRaw(`${setup.server.url}/?sso=${await hs256(claims(setup, { sub: 'user-9' }), setup.secret)}`);
    expect([second.status, voterCookie(second.cookies)]).toEqual([403, undefined]);
    expect(second.text).toContain('another user of the application');
    expect(await identity('user-9')).toBeNull();
  });
});
