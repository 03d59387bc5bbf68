/**
 * Private boards beyond the pages themselves: a real HTTP server whose embed mode lets in an SSO
 * voter by the claim of their token (and no longer once a later token drops it), the dashboard's
 * access form (CSRF-checked, refusals that change nothing), sign-in links that do not reveal a
 * private board, and follower mail that stops for a voter the board is closed to.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createRecordingMailer } from '../../src/index.js';
import { boardAccessOf, saveBoardAccess } from '../../src/pages/board-access.js';
import { setEmbedOrigins } from '../../src/pages/embed-origins.js';
import { createFollowerMailSender } from '../../src/pages/index.js';
import { snapshot } from '../helpers/state.js';
import { Client, linkToken, ORIGIN, setupPages, signInTeam } from './helpers.js';
import { claims, fetchRaw, hs256, setupSso, voterCookie, type SsoSetup } from './sso-helpers.js';

const CLAIM_RULE = { access: 'private' as const, email_domains: ['example.com'], claim_name: 'groups', claim_values: ['beta'] };

let running: SsoSetup | null = null;
afterEach(async () => {
  await running?.server.close();
  running = null;
});

describe('private boards and single sign-on', () => {
  it('lets an SSO voter into embed mode over HTTP by the claim of their token, and no longer once a token drops it', async () => {
    const setup = (running = await setupSso());
    await setEmbedOrigins(setup.board, setup.orgId, 'features', ['https://app.example.com']);
    await saveBoardAccess(setup.board, setup.orgId, 'features', CLAIM_RULE);
    const base = setup.server.url.replace(/\/$/, '');
    const signIn = async (extra: Record<string, unknown>) => {
      const token = await hs256(claims(setup, extra), setup.secret);
      const answer = await fetchRaw(`${base}/embed/boards/features?sso=${token}`);
      expect(answer.status).toBe(303);
      expect(answer.location).toBe('/embed/boards/features');
      return voterCookie(answer.cookies)!.split(';')[0]!;
    };
    const open = (cookie: string, path = '/embed/boards/features') => fetchRaw(`${base}${path}`, { headers: { cookie } });

    const beta = await signIn({ groups: ['staff', 'beta'] });
    const inside = await open(beta);
    expect(inside.status).toBe(200);
    expect(inside.text).toContain('Dark mode');
    expect(inside.headers.get('content-security-policy')).toContain('frame-ancestors https://app.example.com');

    const other = await signIn({ sub: 'user-2', email: 'sam@host.test', groups: ['staff'] });
    const [closed, missing] = [await open(other), await open(other, '/embed/boards/zzzzzzzz')];
    expect(closed.status).toBe(404);
    // Without a CSRF cookie each answer makes a new token: the rest is the same, byte for byte.
    const sameBut = (text: string) => text.replaceAll('features', 'zzzzzzzz').replace(/name="csrf" value="[^"]+"/g, 'csrf');
    expect(sameBut(closed.text)).toBe(sameBut(missing.text));
    expect(closed.headers.get('content-security-policy')).toBe(missing.headers.get('content-security-policy'));
    expect(closed.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");

    // The same host user, signed in again by a token without the claim: the claim no longer counts.
    const dropped = await signIn({});
    expect((await open(dropped)).status).toBe(404);
    expect((await open(beta)).status).toBe(404);
  });
});

describe('the access settings form', () => {
  it('is for the team only, checks CSRF, and saves what it is sent', async () => {
    const setup = await setupPages();
    const visitor = new Client(setup.pages);
    expect((await visitor.get('/dashboard/boards/features/access')).status).toBe(401);
    const team = new Client(setup.pages);
    await signInTeam(setup, team);
    const form = await team.get('/dashboard/boards/features/access');
    expect(form.status).toBe(200);
    expect(form.text).toContain('value="public" checked=""');
    const before = await snapshot(setup.board);
    const fields = { access: 'private', domains: 'Example.com\n*.corp.test', claim_name: 'groups', claim_values: 'beta\nstaff' };
    expect((await team.post('/dashboard/boards/features/access', fields, { csrf: 'forged' })).status).toBe(403);
    expect(await snapshot(setup.board)).toEqual(before);

    const saved = await team.post('/dashboard/boards/features/access', fields);
    expect([saved.status, saved.location]).toEqual([303, '/dashboard/boards/features/access?notice=saved']);
    expect(await boardAccessOf(setup.board, setup.orgId, 'features')).toMatchObject({
      access: 'private', email_domains: ['example.com', '*.corp.test'], claim_name: 'groups', claim_values: ['beta', 'staff'],
    });
    expect((await visitor.get('/boards/features')).status).toBe(404);
    const shown = await team.get('/dashboard/boards/features/access');
    expect(shown.text).toContain('value="private" checked=""');
    expect(shown.text).toContain('example.com\n*.corp.test</textarea>');
  });

  it('refuses a bad entry with the reason, shows what was sent, and changes nothing', async () => {
    const setup = await setupPages();
    const team = new Client(setup.pages);
    await signInTeam(setup, team);
    await team.get('/dashboard/boards/features/access');
    const before = await snapshot(setup.board);
    const cases: [Record<string, string>, string][] = [
      [{ access: 'private', domains: 'example.com evil@example.com' }, 'Write &quot;evil@example.com&quot; as a domain alone'],
      [{ access: 'private', domains: 'example..com' }, '&quot;example..com&quot; is not a domain'],
      [{ access: 'private', claim_name: 'groups' }, 'List the values of groups'],
      [{ access: 'private', claim_name: 'sub', claim_values: 'u-1' }, '&quot;sub&quot; is read by the sign-in itself'],
      [{ access: 'hidden' }, 'Choose public or private'],
      [{ access: 'private', domains: 'a.test\n'.repeat(2001) }, 'The form is too long'],
    ];
    for (const [fields, message] of cases) {
      const refused = await team.post('/dashboard/boards/features/access', fields);
      expect(refused.status, message).toBe(422);
      expect(refused.text, message).toContain(message);
      expect(refused.text, message).toContain('Nothing changed.');
    }
    expect((await team.post('/dashboard/boards/nope/access', { access: 'private' })).status).toBe(404);
    expect(await snapshot(setup.board)).toEqual(before);
    expect((await new Client(setup.pages).get('/boards/features')).status).toBe(200);
  });
});

describe('mail about a private board', () => {
  it('sends a sign-in link that does not reveal the board, and the link does not open it to an outsider', async () => {
    const setup = await setupPages();
    await saveBoardAccess(setup.board, setup.orgId, 'features', CLAIM_RULE);
    const client = new Client(setup.pages);
    await client.get('/sign-in?next=%2Fboards%2Ffeatures');
    await client.post('/sign-in', { email: 'eve@evil-example.com', next: '/boards/features' });
    const mail = setup.mailer.messages.at(-1)!;
    expect(`${mail.subject}\n${mail.text}\n${mail.html ?? ''}`).not.toMatch(/features|Dark mode/i);
    const token = linkToken(mail.text);
    await client.get(`/sign-in/link?token=${token}`);
    const used = await client.post('/sign-in/link', { token });
    expect(used.status).toBe(303);
    expect((await client.get(used.location!)).status).toBe(404);
  });

  it('stops follower mail about a private board to a voter it is closed to', async () => {
    const setup = await setupPages();
    const mailer = createRecordingMailer();
    const sender = createFollowerMailSender(setup.board, { mailer, pagesUrl: ORIGIN, clock: setup.clock });
    const insider = await setup.board.voters.register(setup.orgId, { email: 'ada@example.com', name: 'Ada' });
    const outsider = await setup.board.voters.register(setup.orgId, { email: 'eve@elsewhere.test', name: 'Eve' });
    for (const voter of [insider, outsider]) await setup.board.voters.follow(voter.id, setup.ids.open);
    await saveBoardAccess(setup.board, setup.orgId, 'features', CLAIM_RULE);
    const api = await setup.board.api(setup.proposeKey);
    await api.agent.proposeStatus('features', setup.ids.open, { status: 'planned' });
    await setup.board.team(setup.orgId).proposals.confirm(setup.ids.open);
    expect(await sender.sendDue()).toEqual({ sent: 1, retried: 0, failed: 0, dropped: 1 });
    expect(mailer.messages.map((m) => m.to)).toEqual(['ada@example.com']);
  });
});
