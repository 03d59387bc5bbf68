/**
 * The voter's language, stored for their mail: set to the request's language when they sign in
 * (by link, by SSO, or registered by the application's hook) and whenever they choose one with
 * the picker; null for voters who never came by the pages. A malformed language or an unknown
 * voter is refused and changes nothing.
 */
import { describe, expect, it } from 'vitest';
import { signInSsoUser } from '../../src/services/sso-sign-in.js';
import { Client, linkToken, setupPages, type PagesSetup } from './helpers.js';

const voterOf = (setup: PagesSetup, email: string) =>
  setup.board.storage.transaction('read', (tx) => tx.getVoterByEmail(setup.orgId, email));

/** Asks for a link on the sign-in page and uses it, every request with `headers`. */
async function signInByLink(setup: PagesSetup, client: Client, email: string, headers: Record<string, string> = {}): Promise<void> {
  await client.request('GET', '/sign-in', { headers });
  await client.request('POST', '/sign-in', { form: { csrf: client.csrf, email }, headers });
  const token = linkToken(setup.mailer.messages.at(-1)!.text);
  await client.request('GET', `/sign-in/link?token=${token}`, { headers });
  const used = await client.request('POST', '/sign-in/link', { form: { csrf: client.csrf, token }, headers });
  expect(used.status).toBe(303);
}

describe("the voter's stored language", () => {
  it("is the sign-in page's language: Accept-Language for a new voter, the chosen one on a later sign-in", async () => {
    const setup = await setupPages();
    await signInByLink(setup, new Client(setup.pages), 'ilse@example.com', { 'accept-language': 'de-AT,de;q=0.9' });
    expect((await voterOf(setup, 'ilse@example.com'))?.locale).toBe('de');

    const other = new Client(setup.pages);
    other.cookies.set('fb_lang', 'ar');
    await signInByLink(setup, other, 'ilse@example.com', { 'accept-language': 'de' });
    expect((await voterOf(setup, 'ilse@example.com'))?.locale).toBe('ar');
  });

  it('follows the picker for a signed-in voter; a refused language keeps it; picking while signed out stores nothing', async () => {
    const setup = await setupPages();
    const client = new Client(setup.pages);
    await signInByLink(setup, client, 'ana@example.com');
    expect((await voterOf(setup, 'ana@example.com'))?.locale).toBe('en');
    expect((await client.get('/language?to=zh-Hans&next=/')).status).toBe(303);
    expect((await voterOf(setup, 'ana@example.com'))?.locale).toBe('zh-Hans');
    expect((await client.get('/language?to=es&next=/')).status).toBe(303);
    expect((await voterOf(setup, 'ana@example.com'))?.locale).toBe('es');
    expect((await client.get('/language?to=it&next=/')).status).toBe(400);
    expect((await voterOf(setup, 'ana@example.com'))?.locale).toBe('es');

    await client.post('/sign-out');
    expect(client.cookies.has('fb_voter')).toBe(false);
    expect((await client.get('/language?to=de&next=/')).status).toBe(303);
    expect((await voterOf(setup, 'ana@example.com'))?.locale).toBe('es');
  });

  it("is the request's language for a voter the application's hook registers, and stays as stored afterwards", async () => {
    const setup = await setupPages({
      voterFromRequest: (request) => (request.headers.get('x-user') ? { email: request.headers.get('x-user')!, name: 'App user' } : null),
    });
    const client = new Client(setup.pages);
    await client.request('GET', '/boards/features', { headers: { 'x-user': 'app@example.com', 'accept-language': 'es' } });
    expect((await voterOf(setup, 'app@example.com'))?.locale).toBe('es');
    await client.request('GET', '/boards/features', { headers: { 'x-user': 'app@example.com', 'accept-language': 'ar' } });
    expect((await voterOf(setup, 'app@example.com'))?.locale).toBe('es');
  });

  it('is null for voters made through the API and the services, who never came by the pages', async () => {
    const setup = await setupPages();
    const registered = await setup.board.voters.register(setup.orgId, { email: 'api@example.com' });
    expect(registered.locale).toBeNull();
    await setup.board.voters.vote(registered.id, setup.ids.open);
    expect((await voterOf(setup, 'api@example.com'))?.locale).toBeNull();
  });

  it('is set by an SSO sign-in to the language of the pages it came to', async () => {
    const setup = await setupPages();
    const sso = { storage: setup.board.storage, clock: setup.clock };
    const first = await signInSsoUser(sso, setup.orgId, { sub: 'u-1', email: 'ada@host.test', name: 'Ada' }, 'de');
    expect(first.voter.locale).toBe('de');
    await signInSsoUser(sso, setup.orgId, { sub: 'u-1', email: 'ada@host.test', name: 'Ada' }, 'ar');
    expect((await voterOf(setup, 'ada@host.test'))?.locale).toBe('ar');
    await signInSsoUser(sso, setup.orgId, { sub: 'u-1', email: 'ada@host.test', name: 'Ada' });
    expect((await voterOf(setup, 'ada@host.test'))?.locale).toBe('ar');
  });

  it('refuses a malformed language or an unknown voter with a clear error, and changes nothing', async () => {
    const setup = await setupPages();
    const voter = await setup.board.voters.register(setup.orgId, { email: 'eve@example.com' });
    await setup.board.voters.setLanguage(voter.id, 'de');
    for (const bad of ['', 'de_DE', 'x', '<script>', 'de-'.padEnd(40, 'x'), 'pt-BR-x-yy']) {
      await expect(setup.board.voters.setLanguage(voter.id, bad)).rejects.toMatchObject({ code: 'validation_error', message: expect.stringMatching(/^locale: /) });
    }
    // Tags differ in case only are one tag: it is kept in BCP 47's case.
    for (const [given, kept] of [['DE', 'de'], ['pt-br', 'pt-BR'], ['ZH-hans-cn', 'zh-Hans-CN'], ['es-419', 'es-419']] as const) {
      await setup.board.voters.setLanguage(voter.id, given);
      expect((await voterOf(setup, 'eve@example.com'))?.locale).toBe(kept);
    }
    await setup.board.voters.setLanguage(voter.id, 'de');
    await expect(setup.board.voters.setLanguage(999, 'es')).rejects.toMatchObject({ code: 'not_found', message: 'Voter not found' });
    expect((await voterOf(setup, 'eve@example.com'))?.locale).toBe('de');
    await setup.board.voters.setLanguage(voter.id, null);
    expect((await voterOf(setup, 'eve@example.com'))?.locale).toBeNull();

    const sso = { storage: setup.board.storage, clock: setup.clock };
    await expect(signInSsoUser(sso, setup.orgId, { sub: 'u-9', email: 'new@host.test', name: 'New' }, 'Deutsch')).rejects.toMatchObject({ code: 'validation_error' });
    expect(await voterOf(setup, 'new@host.test')).toBeNull();
    const { token } = await setup.board.signIn.createVoterLink(setup.orgId, 'link@example.com');
    await expect(setup.board.signIn.useLink(token, { locale: 'not a tag' })).rejects.toMatchObject({ code: 'validation_error' });
    expect(await voterOf(setup, 'link@example.com')).toBeNull();
    expect((await setup.board.signIn.useLink(token, { locale: 'es' })).session.kind).toBe('voter');
    expect((await voterOf(setup, 'link@example.com'))?.locale).toBe('es');
  });
});
