/**
 * Voter sign-in links: a link names the organization and e-mail address, no voter exists until
 * the link is used, and a link may carry a path of the pages to come back to (never another
 * origin).
 */
import { describe, expect, it } from 'vitest';
import { createHarness } from '../helpers/harness.js';

const voterByEmail = (h: Awaited<ReturnType<typeof createHarness>>, organizationId: number, email: string) =>
  h.board.storage.transaction('read', (tx) => tx.getVoterByEmail(organizationId, email));

describe('voter sign-in links', () => {
  it('creates no voter until the link is used, then creates it once (case-insensitive e-mail)', async () => {
    const h = await createHarness();
    const link = await h.board.signIn.createVoterLink(h.a.id, 'New.Voter@Example.com');
    expect(await voterByEmail(h, h.a.id, 'new.voter@example.com')).toBeNull();
    const { session } = await h.board.signIn.useLink(link.token);
    const voter = await voterByEmail(h, h.a.id, 'new.voter@example.com');
    expect(voter).toMatchObject({ organization_id: h.a.id, email: 'new.voter@example.com', name: '' });
    expect(session).toMatchObject({ kind: 'voter', subject_id: voter!.id });
    // A second link for the same address finds the same voter.
    const again = await h.board.signIn.createVoterLink(h.a.id, 'new.voter@example.com');
    expect((await h.board.signIn.useLink(again.token)).session.subject_id).toBe(voter!.id);
  });

  it('finds an existing voter of the organization when the link is used, never another organization\'s', async () => {
    const h = await createHarness();
    const ours = await h.board.voters.register(h.a.id, { email: 'ann@example.com', name: 'Ann' });
    const theirs = await h.board.voters.register(h.b.id, { email: 'ann@example.com' });
    const { session } = await h.board.signIn.useLink((await h.board.signIn.createVoterLink(h.a.id, 'ANN@example.com')).token);
    expect(session.subject_id).toBe(ours.id);
    const { session: other } = await h.board.signIn.useLink((await h.board.signIn.createVoterLink(h.b.id, 'ann@example.com')).token);
    expect(other.subject_id).toBe(theirs.id);
  });

  it('carries a return path of the pages back to whoever uses the link', async () => {
    const h = await createHarness();
    const link = await h.board.signIn.createVoterLink(h.a.id, 'ann@example.com', { returnTo: '/boards/features/posts/3?sort=new' });
    expect((await h.board.signIn.useLink(link.token)).return_to).toBe('/boards/features/posts/3?sort=new');
    const plain = await h.board.signIn.createVoterLink(h.a.id, 'ann@example.com');
    expect((await h.board.signIn.useLink(plain.token)).return_to).toBeNull();
    const member = await h.board.team(h.a.id).members.add({ email: 'lead@example.com' });
    const team = await h.board.signIn.createLink('team', member.id, { returnTo: '/dashboard/posts/1' });
    expect(await h.board.signIn.useLink(team.token)).toMatchObject({ return_to: '/dashboard/posts/1', session: { kind: 'team' } });
  });

  it('refuses a return path that is not a path of the pages, a bad address or organization, and stores nothing', async () => {
    const h = await createHarness();
    const refused = [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      'boards/x',
      '/a\nb',
      `/${'x'.repeat(2048)}`,
    ];
    for (const returnTo of refused) {
      await expect(h.board.signIn.createVoterLink(h.a.id, 'ann@example.com', { returnTo })).rejects.toMatchObject({
        code: 'validation_error',
      });
    }
    await expect(h.board.signIn.createVoterLink(h.a.id, 'not-an-address')).rejects.toMatchObject({ code: 'validation_error' });
    await expect(h.board.signIn.createVoterLink(999, 'ann@example.com')).rejects.toMatchObject({ code: 'not_found' });
    const member = await h.board.team(h.a.id).members.add({ email: 'lead@example.com' });
    await expect(h.board.signIn.createLink('team', member.id, { returnTo: '//evil.example' })).rejects.toMatchObject({
      code: 'validation_error',
    });
    expect(await voterByEmail(h, h.a.id, 'ann@example.com')).toBeNull();
  });

  it('uses a link once: the second use is not_found and creates no second voter', async () => {
    const h = await createHarness();
    const link = await h.board.signIn.createVoterLink(h.a.id, 'ann@example.com');
    await h.board.signIn.useLink(link.token);
    await expect(h.board.signIn.useLink(link.token)).rejects.toMatchObject({ code: 'not_found' });
    h.clock.advance(15 * 60_000);
    const late = await h.board.signIn.createVoterLink(h.a.id, 'late@example.com');
    h.clock.advance(15 * 60_000);
    await expect(h.board.signIn.useLink(late.token)).rejects.toMatchObject({ code: 'not_found' });
    expect(await voterByEmail(h, h.a.id, 'late@example.com')).toBeNull();
  });
});
