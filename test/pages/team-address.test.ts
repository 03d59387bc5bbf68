/**
 * The signed-in member's own address on the dashboard's Settings page: an address at localhost
 * (what `serve` gives its first member) is pointed out; the member puts theirs in its place and
 * their next sign-in link is asked for by it; a refused address is shown back with the reason,
 * with 422, and nothing changes; only the member's own record, with a valid CSRF token.
 */
import { describe, expect, it } from 'vitest';
import { Client, linkToken, setupPages } from './helpers.js';

/** A setup whose signed-in member is `email`, as `serve` makes its first one. */
async function signedInAs(email: string) {
  const setup = await setupPages();
  const member = await setup.board.team(setup.orgId).members.add({ email, name: 'Team' });
  const client = new Client(setup.pages);
  const { token } = await setup.board.signIn.createLink('team', member.id);
  await client.get(`/sign-in/link?token=${token}`);
  await client.post('/sign-in/link', { token });
  return { setup, client, member };
}

describe('your address on the dashboard', () => {
  it('points out an address at localhost, takes the member\'s own, and signs them in by it next time', async () => {
    const { setup, client, member } = await signedInAs('team@localhost');
    const page = await client.get('/dashboard/settings');
    expect(page.text).toContain('<code>team@localhost</code> receives no mail: put your own address here');
    expect(page.text).toContain('id="own-email" name="email" type="email" required="" maxlength="320" value="team@localhost"');
    const saved = await client.post('/dashboard/settings/me', { email: ' Ada@Example.com ', name: 'Ada' });
    expect(saved.location).toBe('/dashboard/settings?notice=saved');
    const after = await client.get('/dashboard/settings');
    expect(after.text).not.toContain('receives no mail');
    expect(after.text).toContain('value="ada@example.com"');
    expect(after.text).toContain('Signed in as Ada');
    expect((await setup.board.team(setup.orgId).members.list()).find((m) => m.id === member.id)).toMatchObject({ email: 'ada@example.com', name: 'Ada' });

    // The sign-in form now sends a team link to the new address, and none to the old one.
    const visitor = new Client(setup.pages);
    await visitor.get('/sign-in');
    await visitor.post('/sign-in', { email: 'ada@example.com' });
    const token = linkToken(setup.mailer.messages.at(-1)!.text);
    expect(setup.mailer.messages.at(-1)!.to).toBe('ada@example.com');
    await visitor.get(`/sign-in/link?token=${token}`);
    expect((await visitor.post('/sign-in/link', { token })).location).toBe('/dashboard?notice=signed_in');
  });

  it('shows a refused address back with the reason and changes nothing', async () => {
    const { setup, client, member } = await signedInAs('team@localhost');
    await client.get('/dashboard/settings');
    for (const [form, reason] of [
      [{ email: 'lead@acme.test', name: 'Team' }, 'The address is the address of another team member. Nothing changed.'],
      [{ email: 'not an address', name: 'Team' }, 'The address must be an e-mail address. Nothing changed.'],
      [{ email: 'ok@example.com', name: 'x'.repeat(121) }, 'The name '],
    ] as const) {
      const refused = await client.post('/dashboard/settings/me', form);
      expect(refused.status, form.email).toBe(422);
      expect(refused.text, form.email).toContain(reason);
      expect(refused.text, form.email).toContain('aria-invalid="true"');
      expect(refused.text, form.email).toContain(`value="${form.email}"`);
    }
    expect((await setup.board.team(setup.orgId).members.list()).find((m) => m.id === member.id)).toEqual(member);
  });

  it('refuses a post without the CSRF token or from another site, and visitors', async () => {
    const { setup, client, member } = await signedInAs('team@localhost');
    await client.get('/dashboard/settings');
    expect((await client.post('/dashboard/settings/me', { email: 'x@example.com' }, { csrf: 'wrong' })).status).toBe(403);
    expect((await client.post('/dashboard/settings/me', { email: 'x@example.com' }, { headers: { origin: 'https://evil.example' } })).status).toBe(403);
    const visitor = new Client(setup.pages);
    await visitor.get('/sign-in');
    expect((await visitor.post('/dashboard/settings/me', { email: 'x@example.com' })).status).toBe(401);
    expect((await setup.board.team(setup.orgId).members.list()).find((m) => m.id === member.id)).toEqual(member);
  });
});
