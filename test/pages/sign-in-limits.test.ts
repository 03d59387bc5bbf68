/**
 * The sign-in form under a flood: mails are limited per client address and overall (besides per
 * e-mail address), a request for a link creates no voter, and the link brings the voter back to
 * the page they signed in from.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_SIGN_IN_MAIL_LIMITS } from '../../src/pages/index.js';
import { Client, linkToken, setupPages, type PagesSetup } from './helpers.js';

/** A browser at one client address, as `serve` passes it beside each request. */
const clientAt = (setup: PagesSetup, address: string) => new Client((request) => setup.pages(request, { clientAddress: address }));

const voterCount = async (setup: PagesSetup, emails: string[]) => {
  let found = 0;
  for (const email of emails) if (await setup.board.storage.transaction('read', (tx) => tx.getVoterByEmail(setup.orgId, email))) found += 1;
  return found;
};

describe('sign-in mail limits', () => {
  it('mails one client address at most its share per window, whatever the addresses, and refuses it with 429', async () => {
    const setup = await setupPages();
    const attacker = clientAt(setup, '203.0.113.5');
    await attacker.get('/sign-in');
    const statuses: number[] = [];
    const emails = Array.from({ length: 40 }, (_, i) => `victim${i}@example.com`);
    for (const email of emails) statuses.push((await attacker.post('/sign-in', { email })).status);
    const share = DEFAULT_SIGN_IN_MAIL_LIMITS.perClient;
    expect(setup.mailer.messages).toHaveLength(share);
    expect(statuses.slice(0, share).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(share).every((s) => s === 429)).toBe(true);
    const refused = await attacker.post('/sign-in', { email: 'one-more@example.com' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.text).toContain('Too many sign-in requests');

    // Another address is served; the same address again after the window.
    const neighbour = clientAt(setup, '198.51.100.7');
    await neighbour.get('/sign-in');
    expect((await neighbour.post('/sign-in', { email: 'me@example.com' })).status).toBe(200);
    expect(setup.mailer.messages).toHaveLength(share + 1);
    setup.clock.advance(DEFAULT_SIGN_IN_MAIL_LIMITS.windowMs);
    expect((await attacker.post('/sign-in', { email: 'later@example.com' })).status).toBe(200);
    expect(setup.mailer.messages).toHaveLength(share + 2);
  });

  it('counts an IPv6 client by its /64 network', async () => {
    const setup = await setupPages({ signInMailLimits: { perClient: 2 } });
    for (const [i, host] of ['2001:db8:1:2::1', '2001:db8:1:2::2', '2001:db8:1:2:ffff::9'].entries()) {
      const client = clientAt(setup, host);
      await client.get('/sign-in');
      await client.post('/sign-in', { email: `v${i}@example.com` });
    }
    expect(setup.mailer.messages).toHaveLength(2);
  });

  it('mails at most the overall share per window, from any number of client addresses', async () => {
    const setup = await setupPages({ signInMailLimits: { overall: 5, perClient: 100 } });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const client = clientAt(setup, `192.0.2.${i + 1}`);
      await client.get('/sign-in');
      statuses.push((await client.post('/sign-in', { email: `v${i}@example.com` })).status);
    }
    expect(setup.mailer.messages).toHaveLength(5);
    expect(statuses).toEqual([...Array(5).fill(200), ...Array(7).fill(429)]);
    setup.clock.advance(15 * 60_000);
    const late = clientAt(setup, '192.0.2.200');
    await late.get('/sign-in');
    expect((await late.post('/sign-in', { email: 'late@example.com' })).status).toBe(200);
  });

  it('does not count a refused request against the e-mail address or the overall share', async () => {
    const setup = await setupPages({ signInMailLimits: { perClient: 1, overall: 2 } });
    const first = clientAt(setup, '192.0.2.1');
    await first.get('/sign-in');
    await first.post('/sign-in', { email: 'a@example.com' });
    for (let i = 0; i < 5; i++) expect((await first.post('/sign-in', { email: 'b@example.com' })).status).toBe(429);
    const second = clientAt(setup, '192.0.2.2');
    await second.get('/sign-in');
    expect((await second.post('/sign-in', { email: 'b@example.com' })).status).toBe(200);
    expect(setup.mailer.messages.map((m) => m.to)).toEqual(['a@example.com', 'b@example.com']);
  });

  it('refuses limits that are not positive integers', async () => {
    for (const limits of [{ perEmail: 0 }, { perClient: 1.5 }, { overall: -1 }, { windowMs: Number.NaN }]) {
      await expect(setupPages({ signInMailLimits: limits })).rejects.toThrow(RangeError);
    }
  });
});

describe('sign-in links and voters', () => {
  it('creates no voter for a requested link; the voter exists once the link is used', async () => {
    const setup = await setupPages();
    const client = new Client(setup.pages);
    await client.get('/sign-in');
    const emails = ['one@example.com', 'two@example.com', 'three@example.com'];
    for (const email of emails) await client.post('/sign-in', { email });
    expect(setup.mailer.messages).toHaveLength(3);
    expect(await voterCount(setup, emails)).toBe(0);
    const token = linkToken(setup.mailer.messages[1]!.text);
    await client.get(`/sign-in/link?token=${token}`);
    expect((await client.post('/sign-in/link', { token })).status).toBe(303);
    expect(await voterCount(setup, emails)).toBe(1);
    expect(await voterCount(setup, ['two@example.com'])).toBe(1);
  });

  it('brings the voter back to the page they signed in from, and never to another origin', async () => {
    const setup = await setupPages({ basePath: '/feedback' });
    const back = `/feedback/boards/features/posts/${setup.ids.open}`;
    const cases: [string, string][] = [
      [back, back],
      ['https://evil.example/feedback/x', '/feedback'],
      ['//evil.example/feedback', '/feedback'],
      ['/elsewhere', '/feedback'],
    ];
    for (const [next, expected] of cases) {
      const client = new Client(setup.pages);
      await client.get(`/feedback/sign-in?next=${encodeURIComponent(next)}`);
      await client.post('/feedback/sign-in', { email: 'ann@example.com', next });
      const token = linkToken(setup.mailer.messages.at(-1)!.text);
      const used = await client.post('/feedback/sign-in/link', { token });
      expect(used.status).toBe(303);
      expect(used.location!.split('?')[0]).toBe(expected);
      setup.clock.advance(15 * 60_000); // the per-address share of mails
    }
  });
});
