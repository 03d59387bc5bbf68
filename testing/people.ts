/** Team members, sessions and one-time sign-in links. */
import { at, newBoard, newOrganization, newPost, seedBoard } from './fixtures.js';
import type { SuiteContext } from './harness.js';

export function peopleTests(ctx: SuiteContext): void {
  const { expect } = ctx;

  ctx.t.describe('team members, sessions and sign-in links', () => {
    ctx.test('team members are found by id and by e-mail, and listed per organization by id', async () => {
      const members = await ctx.write(async (tx) => {
        const acme = await tx.insertOrganization(newOrganization());
        const globex = await tx.insertOrganization(newOrganization({ name: 'Globex' }));
        return [
          await tx.insertTeamMember({ organization_id: acme.id, email: 'ann@acme.test', name: 'Ann', created_at: at(1) }),
          await tx.insertTeamMember({ organization_id: globex.id, email: 'ann@acme.test', name: 'Other Ann', created_at: at(2) }),
          await tx.insertTeamMember({ organization_id: acme.id, email: 'bo@acme.test', name: '', created_at: at(0) }),
        ];
      });
      expect(members[0]).toEqual({ id: 1, organization_id: 1, email: 'ann@acme.test', name: 'Ann', created_at: at(1) });
      expect(members.map((m) => m.id)).toEqual([1, 2, 3]);
      await ctx.read(async (tx) => {
        expect(await tx.getTeamMember(3)).toEqual(members[2]);
        expect(await tx.getTeamMember(4)).toBeNull();
        expect(await tx.getTeamMemberByEmail(2, 'ann@acme.test')).toEqual(members[1]);
        expect(await tx.getTeamMemberByEmail(1, 'ANN@acme.test')).toBeNull();
        expect(await tx.getTeamMemberByEmail(3, 'ann@acme.test')).toBeNull();
        expect(await tx.listTeamMembers(1)).toEqual([members[0], members[2]]);
        expect(await tx.listTeamMembers(9)).toEqual([]);
      });
    });

    ctx.test('a team member\'s address and name change in place, found by the new address only', async () => {
      const [ann, bo] = await ctx.write(async (tx) => {
        const acme = await tx.insertOrganization(newOrganization());
        return [
          await tx.insertTeamMember({ organization_id: acme.id, email: 'team@localhost', name: 'Team', created_at: at(1) }),
          await tx.insertTeamMember({ organization_id: acme.id, email: 'bo@acme.test', name: 'Bo', created_at: at(2) }),
        ];
      });
      const changed = await ctx.write((tx) => tx.updateTeamMember(ann!.id, { email: 'ann@acme.test', name: 'Ann' }));
      expect(changed).toEqual({ ...ann, email: 'ann@acme.test', name: 'Ann' });
      expect(await ctx.write((tx) => tx.updateTeamMember(99, { email: 'x@acme.test', name: '' }))).toBeNull();
      await ctx.read(async (tx) => {
        expect(await tx.getTeamMember(ann!.id)).toEqual(changed);
        expect(await tx.getTeamMemberByEmail(ann!.organization_id, 'ann@acme.test')).toEqual(changed);
        expect(await tx.getTeamMemberByEmail(ann!.organization_id, 'team@localhost')).toBeNull();
        expect(await tx.listTeamMembers(ann!.organization_id)).toEqual([changed, bo]);
      });
    });

    ctx.test('sessions are stored by token hash, read back expired or not, and deleted once', async () => {
      const session = { token_hash: 'h-session', kind: 'team' as const, subject_id: 4, created_at: at(0), expires_at: at(60) };
      await ctx.write((tx) => tx.insertSession(session));
      await ctx.write((tx) => tx.insertSession({ ...session, token_hash: 'h-old', kind: 'voter', expires_at: at(-1) }));
      await ctx.read(async (tx) => {
        expect(await tx.getSession('h-session')).toEqual(session);
        expect(await tx.getSession('h-old')).toEqual({ ...session, token_hash: 'h-old', kind: 'voter', expires_at: at(-1) });
        expect(await tx.getSession('H-SESSION')).toBeNull();
      });
      expect(await ctx.write((tx) => tx.deleteSession('h-session'))).toBe(true);
      expect(await ctx.write((tx) => tx.deleteSession('h-session'))).toBe(false);
      expect(await ctx.read((tx) => tx.getSession('h-session'))).toBeNull();
      expect(await ctx.read((tx) => tx.getSession('h-old'))).not.toBeNull();
    });

    ctx.test('a sign-in link is used once, only before it expires', async () => {
      const link = { token_hash: 'h-link', kind: 'voter' as const, subject_id: 7, organization_id: null, email: null, return_to: null, created_at: at(0), expires_at: at(15), used_at: null };
      await ctx.write(async (tx) => {
        await tx.insertSignInLink(link);
        await tx.insertSignInLink({ ...link, token_hash: 'h-late' });
      });
      // At its expiry instant a link is no longer usable, and nothing changes.
      expect(await ctx.write((tx) => tx.useSignInLink('h-late', at(15)))).toBeNull();
      expect(await ctx.write((tx) => tx.useSignInLink('h-late', at(16)))).toBeNull();
      expect(await ctx.write((tx) => tx.useSignInLink('missing', at(1)))).toBeNull();
      expect(await ctx.write((tx) => tx.useSignInLink('h-link', at(14)))).toEqual({ ...link, used_at: at(14) });
      expect(await ctx.write((tx) => tx.useSignInLink('h-link', at(14)))).toBeNull();
      expect(await ctx.write((tx) => tx.useSignInLink('h-link', at(5)))).toBeNull();
    });

    ctx.test('a voter link names its organization and e-mail address instead of a voter, with a return path', async () => {
      const link = {
        token_hash: 'h-voter',
        kind: 'voter' as const,
        subject_id: null,
        organization_id: 3,
        email: 'ann@example.com',
        return_to: '/boards/features/posts/9?sort=new',
        created_at: at(0),
        expires_at: at(15),
        used_at: null,
      };
      await ctx.write((tx) => tx.insertSignInLink(link));
      expect(await ctx.write((tx) => tx.useSignInLink('h-voter', at(2)))).toEqual({ ...link, used_at: at(2) });
      expect(await ctx.write((tx) => tx.useSignInLink('h-voter', at(3)))).toBeNull();
    });

    ctx.test('a link used inside a transaction that rolls back stays usable', async () => {
      await ctx.write((tx) =>
        tx.insertSignInLink({ token_hash: 'h', kind: 'team', subject_id: 1, organization_id: null, email: null, return_to: null, created_at: at(0), expires_at: at(15), used_at: null }),
      );
      await expect(
        ctx.write(async (tx) => {
          expect(await tx.useSignInLink('h', at(1))).not.toBeNull();
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      expect((await ctx.write((tx) => tx.useSignInLink('h', at(2))))?.used_at).toBe(at(2));
    });

    ctx.test('of concurrent uses of one link exactly one succeeds', async () => {
      await ctx.write((tx) =>
        tx.insertSignInLink({ token_hash: 'race', kind: 'team', subject_id: 1, organization_id: null, email: null, return_to: null, created_at: at(0), expires_at: at(15), used_at: null }),
      );
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) => ctx.write((tx) => tx.useSignInLink('race', at(1 + i / 10)))),
      );
      expect(results.filter((r) => r !== null)).toHaveLength(1);
    });

    ctx.test('listProposedPosts lists the board\'s posts with a pending proposal, oldest proposal first', async () => {
      const proposal = (minute: number) => ({ status: 'shipped' as const, note: `n${minute}`, proposed_at: at(minute), proposed_by_api_key_id: 1, proposed_by_connection_id: null });
      const ids = await ctx.write(async (tx) => {
        const { organization, board } = await seedBoard(tx);
        const other = await tx.insertBoard(newBoard(organization.id, { slug: 'other' }));
        const a = await tx.insertPost(newPost(board.id, { proposal: proposal(5) }));
        await tx.insertPost(newPost(board.id));
        const c = await tx.insertPost(newPost(board.id, { proposal: proposal(2), hidden: true }));
        const d = await tx.insertPost(newPost(board.id, { proposal: proposal(5) }));
        await tx.insertPost(newPost(other.id, { proposal: proposal(1) }));
        return [c.id, a.id, d.id];
      });
      const listed = await ctx.read((tx) => tx.listProposedPosts(1));
      expect(listed.map((p) => p.id)).toEqual(ids);
      expect(listed[0]!.proposal).toEqual(proposal(2));
      await ctx.write((tx) => tx.updatePost(ids[1]!, { proposal: null }));
      expect((await ctx.read((tx) => tx.listProposedPosts(1))).map((p) => p.id)).toEqual([ids[0], ids[2]]);
      expect(await ctx.read((tx) => tx.listProposedPosts(99))).toEqual([]);
    });
  });
}
