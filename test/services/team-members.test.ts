/**
 * The team's members: a member's address and name change in place (the first member of `serve`
 * starts as team@localhost), their sessions and links stay theirs, and the next sign-in link is
 * asked for by the new address; an address another member has, an address that is not one, and a
 * member of another organization are refused, and nothing changes.
 */
import { describe, expect, it } from 'vitest';
import { createHarness } from '../helpers/harness.js';

describe('team members', () => {
  it('changes a member\'s address (folded to lower case) and name; without a name the name stays', async () => {
    const h = await createHarness();
    const team = h.board.team(h.a.id);
    const first = await team.members.add({ email: 'team@localhost', name: 'Team' });
    const session = await h.board.signIn.useLink((await h.board.signIn.createLink('team', first.id)).token);
    const changed = await team.members.update(first.id, { email: 'Ada@Example.com', name: 'Ada' });
    expect(changed).toEqual({ ...first, email: 'ada@example.com', name: 'Ada' });
    expect(await team.members.update(first.id, { email: 'ada@example.com' })).toEqual(changed);
    expect(await team.members.list()).toEqual([changed]);
    // The session started before the change is still this member's.
    expect(await h.board.signIn.session(session.token)).toMatchObject({ kind: 'team', member: { id: first.id, email: 'ada@example.com' } });
    // Adding the new address finds the member; the old one is free again.
    expect((await team.members.add({ email: 'ada@example.com' })).id).toBe(first.id);
    expect((await team.members.add({ email: 'team@localhost' })).id).not.toBe(first.id);
  });

  it('refuses another member\'s address, a bad address or name, and a member of another organization; nothing changes', async () => {
    const h = await createHarness();
    const team = h.board.team(h.a.id);
    const ada = await team.members.add({ email: 'ada@example.com', name: 'Ada' });
    const bo = await team.members.add({ email: 'bo@example.com', name: 'Bo' });
    const stranger = await h.board.team(h.b.id).members.add({ email: 'sam@example.com' });
    await expect(team.members.update(ada.id, { email: 'BO@example.com' })).rejects.toMatchObject({
      code: 'validation_error',
      details: [{ path: 'email', message: 'is the address of another team member' }],
    });
    await expect(team.members.update(ada.id, { email: 'not an address' })).rejects.toMatchObject({ code: 'validation_error', details: [{ path: 'email' }] });
    await expect(team.members.update(ada.id, { email: 'ada@example.com', name: 'x'.repeat(121) })).rejects.toMatchObject({ code: 'validation_error', details: [{ path: 'name' }] });
    await expect(team.members.update(stranger.id, { email: 'mine@example.com' })).rejects.toMatchObject({ code: 'not_found' });
    await expect(team.members.update(9999, { email: 'mine@example.com' })).rejects.toMatchObject({ code: 'not_found' });
    expect(await team.members.list()).toEqual([ada, bo]);
    expect(await h.board.team(h.b.id).members.list()).toEqual([stranger]);
  });
});
