/** Private boards: each board's access settings, and the claims of each voter's last SSO sign-in. */
import type { BoardAccessRecord, VoterClaimsRecord } from '../src/domain/board-access.js';
import { at, newBoard, newOrganization, newVoter } from './fixtures.js';
import type { SuiteContext } from './harness.js';

export function accessTests(ctx: SuiteContext): void {
  const { expect } = ctx;

  /** An organization with two boards and two voters. */
  async function seed() {
    return ctx.write(async (tx) => {
      const org = await tx.insertOrganization(newOrganization());
      const features = await tx.insertBoard(newBoard(org.id, { slug: 'features' }));
      const internal = await tx.insertBoard(newBoard(org.id, { slug: 'internal' }));
      const ada = await tx.insertVoter(newVoter(org.id, { email: 'ada@acme.test', name: 'Ada' }));
      const bob = await tx.insertVoter(newVoter(org.id, { email: 'bob@acme.test', name: 'Bob' }));
      return { org: org.id, features: features.id, internal: internal.id, ada: ada.id, bob: bob.id };
    });
  }

  ctx.t.describe('board access settings and voter claims', () => {
    ctx.test('a board has no access settings until saved; saving replaces them whole, lists kept in order', async () => {
      const { org, features, internal } = await seed();
      expect(await ctx.read((tx) => tx.getBoardAccess(features))).toBeNull();
      const closed: BoardAccessRecord = {
        board_id: features, organization_id: org, access: 'private', email_domains: ['example.com', '*.acme.test'],
        claim_name: 'groups', claim_values: ['beta', 'staff'], updated_at: at(1),
      };
      await ctx.write((tx) => tx.putBoardAccess(closed));
      expect(await ctx.read((tx) => tx.getBoardAccess(features))).toEqual(closed);
      expect(await ctx.read((tx) => tx.getBoardAccess(internal))).toBeNull();
      const reopened: BoardAccessRecord = { ...closed, access: 'public', claim_name: null, claim_values: [], updated_at: at(2) };
      await ctx.write((tx) => tx.putBoardAccess(reopened));
      expect(await ctx.read((tx) => tx.getBoardAccess(features))).toEqual(reopened);
    });

    ctx.test("a voter's claims are stored per voter and replaced at the next sign-in", async () => {
      const { org, ada, bob } = await seed();
      expect(await ctx.read((tx) => tx.getVoterClaims(ada))).toBeNull();
      const first: VoterClaimsRecord = { voter_id: ada, organization_id: org, claims: { groups: ['beta', 'staff'], plan: ['pro'] }, updated_at: at(1) };
      await ctx.write((tx) => tx.putVoterClaims(first));
      expect(await ctx.read((tx) => tx.getVoterClaims(ada))).toEqual(first);
      expect(await ctx.read((tx) => tx.getVoterClaims(bob))).toBeNull();
      const next: VoterClaimsRecord = { ...first, claims: { plan: ['free'] }, updated_at: at(2) };
      await ctx.write((tx) => tx.putVoterClaims(next));
      expect(await ctx.read((tx) => tx.getVoterClaims(ada))).toEqual(next);
    });

    ctx.test('a failed transaction leaves the settings and claims as they were', async () => {
      const { org, features, ada } = await seed();
      const open: BoardAccessRecord = {
        board_id: features, organization_id: org, access: 'public', email_domains: [], claim_name: null, claim_values: [], updated_at: at(1),
      };
      await ctx.write((tx) => tx.putBoardAccess(open));
      const failed = ctx.write(async (tx) => {
        await tx.putBoardAccess({ ...open, access: 'private', email_domains: ['evil.test'] });
        await tx.putVoterClaims({ voter_id: ada, organization_id: org, claims: { groups: ['x'] }, updated_at: at(2) });
        throw new Error('undone');
      });
      await expect(failed).rejects.toThrow('undone');
      expect(await ctx.read((tx) => tx.getBoardAccess(features))).toEqual(open);
      expect(await ctx.read((tx) => tx.getVoterClaims(ada))).toBeNull();
    });
  });
}
