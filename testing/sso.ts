/** Single sign-on: secrets with rotation and revocation, settings, host users' voters, companies. */
import type { CompanyRecord, SsoSettingsRecord } from '../src/domain/sso.js';
import { at, newOrganization, newVoter } from './fixtures.js';
import type { SuiteContext } from './harness.js';

export function ssoTests(ctx: SuiteContext): void {
  const { expect } = ctx;

  /** Two organizations (the second to show nothing leaks between them) and two voters of the first. */
  async function seed() {
    return ctx.write(async (tx) => {
      const acme = await tx.insertOrganization(newOrganization());
      const globex = await tx.insertOrganization(newOrganization({ name: 'Globex' }));
      const ada = await tx.insertVoter(newVoter(acme.id, { email: 'ada@acme.test', name: 'Ada' }));
      const bob = await tx.insertVoter(newVoter(acme.id, { email: 'bob@acme.test', name: 'Bob' }));
      return { acme: acme.id, globex: globex.id, ada: ada.id, bob: bob.id };
    });
  }

  ctx.t.describe('sso secrets, settings, identities and companies', () => {
    ctx.test('secrets are listed per organization by id; an update sets an end or a revocation, and nothing else', async () => {
      const { acme, globex } = await seed();
      const first = await ctx.write((tx) => tx.insertSsoSecret({ organization_id: acme, secret: 's-one', created_at: at(0), expires_at: null, revoked_at: null }));
      const other = await ctx.write((tx) => tx.insertSsoSecret({ organization_id: globex, secret: 's-other', created_at: at(1), expires_at: null, revoked_at: null }));
      const second = await ctx.write((tx) => tx.insertSsoSecret({ organization_id: acme, secret: 's-two', created_at: at(2), expires_at: null, revoked_at: null }));
      expect(first).toEqual({ id: first.id, organization_id: acme, secret: 's-one', created_at: at(0), expires_at: null, revoked_at: null });
      expect(second.id).toBeGreaterThan(other.id);
      expect(await ctx.read((tx) => tx.listSsoSecrets(acme))).toEqual([first, second]);
      expect(await ctx.read((tx) => tx.listSsoSecrets(globex))).toEqual([other]);
      expect(await ctx.read((tx) => tx.listSsoSecrets(99))).toEqual([]);

      expect(await ctx.write((tx) => tx.updateSsoSecret(first.id, { expires_at: at(60) }))).toEqual({ ...first, expires_at: at(60) });
      expect(await ctx.write((tx) => tx.updateSsoSecret(first.id, { revoked_at: at(5) }))).toEqual({ ...first, expires_at: at(60), revoked_at: at(5) });
      expect(await ctx.write((tx) => tx.updateSsoSecret(first.id, {}))).toEqual({ ...first, expires_at: at(60), revoked_at: at(5) });
      expect(await ctx.write((tx) => tx.updateSsoSecret(999, { revoked_at: at(5) }))).toBeNull();
      expect(await ctx.read((tx) => tx.listSsoSecrets(acme))).toEqual([{ ...first, expires_at: at(60), revoked_at: at(5) }, second]);
    });

    ctx.test('settings are one row per organization, replaced whole, the algorithms kept in order', async () => {
      const { acme, globex } = await seed();
      expect(await ctx.read((tx) => tx.getSsoSettings(acme))).toBeNull();
      const settings: SsoSettingsRecord = {
        organization_id: acme, jwks_url: 'https://id.acme.test/jwks.json', jwks_algorithms: ['ES256', 'RS256'],
        audience: 'acme-board', issuer: 'https://id.acme.test', updated_at: at(1),
      };
      await ctx.write((tx) => tx.putSsoSettings(settings));
      expect(await ctx.read((tx) => tx.getSsoSettings(acme))).toEqual(settings);
      const cleared: SsoSettingsRecord = { ...settings, jwks_url: null, jwks_algorithms: [], audience: null, issuer: null, updated_at: at(2) };
      await ctx.write((tx) => tx.putSsoSettings(cleared));
      expect(await ctx.read((tx) => tx.getSsoSettings(acme))).toEqual(cleared);
      expect(await ctx.read((tx) => tx.getSsoSettings(globex))).toBeNull();
    });

    ctx.test("a host user's voter is found by (organization, sub) and by voter; subs are exact, per organization", async () => {
      const { acme, globex, ada } = await seed();
      const identity = { organization_id: acme, sub: 'user-42', voter_id: ada, created_at: at(1) };
      await ctx.write((tx) => tx.insertSsoIdentity(identity));
      await ctx.read(async (tx) => {
        expect(await tx.getSsoIdentity(acme, 'user-42')).toEqual(identity);
        expect(await tx.getSsoIdentity(acme, 'USER-42')).toBeNull();
        expect(await tx.getSsoIdentity(globex, 'user-42')).toBeNull();
        expect(await tx.getSsoIdentityOfVoter(ada)).toEqual(identity);
        expect(await tx.getSsoIdentityOfVoter(ada + 100)).toBeNull();
      });
    });

    ctx.test('companies are replaced by (organization, id) and listed by id in code-point order; a voter has at most one', async () => {
      const { acme, globex, ada, bob } = await seed();
      const company = (id: string, name: string, revenue: number, minute: number, organization = acme): CompanyRecord => ({
        organization_id: organization, id, name, monthly_revenue: revenue, updated_at: at(minute),
      });
      await ctx.write(async (tx) => {
        await tx.putCompany(company('b-2', 'Beta', 1200, 1));
        await tx.putCompany(company('a-1', 'Alpha', 500, 1));
        await tx.putCompany(company('\u{1F600}', 'Smile', 7, 1));
        await tx.putCompany(company('\uFF21', 'Wide A', 9, 1));
        await tx.putCompany(company('a-1', 'Globex Alpha', 1, 1, globex));
      });
      await ctx.write((tx) => tx.putCompany(company('a-1', 'Alpha Inc', 900_000_000, 2)));
      expect(await ctx.read((tx) => tx.listCompanies(acme))).toEqual([
        company('a-1', 'Alpha Inc', 900_000_000, 2), company('b-2', 'Beta', 1200, 1), company('\uFF21', 'Wide A', 9, 1), company('\u{1F600}', 'Smile', 7, 1),
      ]);
      expect(await ctx.read((tx) => tx.listCompanies(globex))).toEqual([company('a-1', 'Globex Alpha', 1, 1, globex)]);

      await ctx.write(async (tx) => {
        await tx.setVoterCompany(bob, acme, 'b-2');
        await tx.setVoterCompany(ada, acme, 'b-2');
        await tx.setVoterCompany(ada, acme, 'a-1');
      });
      expect(await ctx.read((tx) => tx.listVoterCompanies([bob, ada, ada, 999]))).toEqual([
        { voter_id: ada, organization_id: acme, company_id: 'a-1' },
        { voter_id: bob, organization_id: acme, company_id: 'b-2' },
      ]);
      await ctx.write((tx) => tx.setVoterCompany(ada, acme, null));
      expect(await ctx.read((tx) => tx.listVoterCompanies([ada, bob]))).toEqual([{ voter_id: bob, organization_id: acme, company_id: 'b-2' }]);
      expect(await ctx.read((tx) => tx.listVoterCompanies([]))).toEqual([]);
    });
  });
}
