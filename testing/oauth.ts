/** OAuth for MCP: registered clients, grants, and single-use codes and refresh tokens. */
import type { OAuthGrantRecord } from '../src/domain/oauth.js';
import type { NewRecord } from '../src/storage/contract.js';
import { at, newOrganization } from './fixtures.js';
import type { SuiteContext } from './harness.js';

export function oauthTests(ctx: SuiteContext): void {
  const { expect } = ctx;

  /** An organization with a member and a key, a client, and a grant of it; returns the grant. */
  async function seedGrant(): Promise<OAuthGrantRecord> {
    return ctx.write(async (tx) => {
      const org = await tx.insertOrganization(newOrganization());
      const member = await tx.insertTeamMember({ organization_id: org.id, email: 'ann@acme.test', name: 'Ann', created_at: at(0) });
      const key = await tx.insertApiKey({ organization_id: org.id, scope: 'propose', label: 'OAuth: Agent', prefix: 'fbk_', hash: 'h-key', created_at: at(0), revoked_at: null });
      await tx.insertOAuthClient({ client_id: 'fbc_one', client_name: 'Agent', redirect_uris: ['https://a.test/cb', 'http://localhost:3000/cb'], created_at: at(0) });
      const grant: NewRecord<OAuthGrantRecord> = {
        organization_id: org.id, client_id: 'fbc_one', member_id: member.id, scope: 'propose', resource: 'https://b.test/mcp',
        api_key_id: key.id, key_salt: 'salt', created_at: at(1), last_used_at: null, revoked_at: null,
      };
      return tx.insertOAuthGrant(grant);
    });
  }

  ctx.t.describe('oauth clients, grants, codes and tokens', () => {
    ctx.test('clients keep their redirect URIs in order; grants are listed per organization by id and updated', async () => {
      const grant = await seedGrant();
      expect([grant.id, grant.client_id, grant.scope, grant.last_used_at, grant.revoked_at]).toEqual([1, 'fbc_one', 'propose', null, null]);
      const { id: _id, ...fields } = grant;
      const second = await ctx.write((tx) => tx.insertOAuthGrant({ ...fields, key_salt: 'salt-2', created_at: at(2) }));
      await ctx.read(async (tx) => {
        expect(await tx.getOAuthClient('fbc_one')).toEqual({ client_id: 'fbc_one', client_name: 'Agent', redirect_uris: ['https://a.test/cb', 'http://localhost:3000/cb'], created_at: at(0) });
        expect(await tx.getOAuthClient('FBC_ONE')).toBeNull();
        expect(await tx.getOAuthGrant(grant.id)).toEqual(grant);
        expect(await tx.getOAuthGrant(99)).toBeNull();
        expect((await tx.listOAuthGrants(grant.organization_id)).map((g) => g.id)).toEqual([grant.id, second.id]);
        expect(await tx.listOAuthGrants(99)).toEqual([]);
      });
      expect(await ctx.write((tx) => tx.updateOAuthGrant(grant.id, { last_used_at: at(3) }))).toEqual({ ...grant, last_used_at: at(3) });
      expect(await ctx.write((tx) => tx.updateOAuthGrant(grant.id, { revoked_at: at(4) }))).toEqual({ ...grant, last_used_at: at(3), revoked_at: at(4) });
      expect(await ctx.write((tx) => tx.updateOAuthGrant(99, { revoked_at: at(4) }))).toBeNull();
    });

    ctx.test('clients that never completed an authorization are purged once expired, oldest first and a bounded number at a time', async () => {
      const grant = await seedGrant(); // client fbc_one, registered at 0, with a grant
      await ctx.write((tx) => tx.updateOAuthGrant(grant.id, { revoked_at: at(1) })); // a revoked grant still names its client
      const client = (id: string, minute: number) => ({ client_id: id, client_name: id, redirect_uris: ['https://a.test/cb'], created_at: at(minute) });
      await ctx.write(async (tx) => {
        for (const [id, minute] of [['fbc_d', 5], ['fbc_b', 2], ['fbc_a2', 2], ['fbc_a', 1], ['fbc_c', 3]] as const) await tx.insertOAuthClient(client(id, minute));
      });
      const left = () => ctx.read(async (tx) => (await Promise.all(['fbc_one', 'fbc_a', 'fbc_a2', 'fbc_b', 'fbc_c', 'fbc_d'].map((id) => tx.getOAuthClient(id)))).filter((c) => c !== null).map((c) => c.client_id));
      expect(await ctx.read((tx) => tx.countOAuthClientsWithoutGrant())).toEqual({ count: 5, oldest: at(1) });
      expect(await ctx.write((tx) => tx.purgeOAuthClients({ registeredBefore: at(4), limit: 2 }))).toBe(2);
      expect(await left()).toEqual(['fbc_one', 'fbc_b', 'fbc_c', 'fbc_d']);
      expect(await ctx.read((tx) => tx.countOAuthClientsWithoutGrant())).toEqual({ count: 3, oldest: at(2) });
      // Registered at the cut-off is not before it; one client by id; a limit of 0 deletes nothing.
      expect(await ctx.write((tx) => tx.purgeOAuthClients({ registeredBefore: at(5), limit: 10, clientId: 'fbc_d' }))).toBe(0);
      expect(await ctx.write((tx) => tx.purgeOAuthClients({ registeredBefore: at(9), limit: 0 }))).toBe(0);
      expect(await ctx.write((tx) => tx.purgeOAuthClients({ registeredBefore: at(9), limit: 10, clientId: 'fbc_d' }))).toBe(1);
      expect(await left()).toEqual(['fbc_one', 'fbc_b', 'fbc_c']);
      expect(await ctx.write((tx) => tx.purgeOAuthClients({ registeredBefore: at(9), limit: 10 }))).toBe(2);
      expect(await left()).toEqual(['fbc_one']);
      expect(await ctx.read((tx) => tx.countOAuthClientsWithoutGrant())).toEqual({ count: 0, oldest: null });
      expect((await ctx.read((tx) => tx.getOAuthGrant(grant.id)))?.client_id).toBe('fbc_one');
    });

    ctx.test('a grant of the team scope is stored and read back', async () => {
      const grant = await seedGrant();
      const { id: _id, ...fields } = grant;
      const team = await ctx.write((tx) => tx.insertOAuthGrant({ ...fields, scope: 'team', key_salt: 'salt-team' }));
      expect(await ctx.read((tx) => tx.getOAuthGrant(team.id))).toEqual({ ...grant, id: team.id, scope: 'team', key_salt: 'salt-team' });
    });

    ctx.test('a code and a token are used once each; later uses change nothing', async () => {
      const grant = await seedGrant();
      const code = { code_hash: 'h-code', grant_id: grant.id, redirect_uri: 'https://a.test/cb', code_challenge: 'c'.repeat(43), expires_at: at(1), used_at: null };
      const token = { token_hash: 'h-refresh', grant_id: grant.id, kind: 'refresh' as const, expires_at: at(60), used_at: null };
      await ctx.write(async (tx) => {
        await tx.insertOAuthCode(code);
        await tx.insertOAuthToken(token);
        await tx.insertOAuthToken({ ...token, token_hash: 'h-access', kind: 'access' });
      });
      expect(await ctx.write((tx) => tx.useOAuthCode('missing', at(0)))).toBeNull();
      expect(await ctx.write((tx) => tx.useOAuthCode('h-code', at(0)))).toEqual({ ...code, used_at: at(0) });
      expect(await ctx.write((tx) => tx.useOAuthCode('h-code', at(1)))).toBeNull();
      expect(await ctx.read((tx) => tx.getOAuthCode('h-code'))).toEqual({ ...code, used_at: at(0) });
      expect(await ctx.write((tx) => tx.useOAuthToken('h-refresh', at(2)))).toEqual({ ...token, used_at: at(2) });
      expect(await ctx.write((tx) => tx.useOAuthToken('h-refresh', at(3)))).toBeNull();
      await ctx.read(async (tx) => {
        expect(await tx.getOAuthToken('h-refresh')).toEqual({ ...token, used_at: at(2) });
        expect(await tx.getOAuthToken('h-access')).toEqual({ ...token, token_hash: 'h-access', kind: 'access' });
        expect(await tx.getOAuthToken('missing')).toBeNull();
      });
    });
  });
}
