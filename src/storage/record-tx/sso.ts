/** The sso aggregate over the record store: secrets, settings, identities, companies. */
import type { SsoSecretRecord } from '../../domain/sso.js';
import type { AggregateMethods } from '../contract/registry.js';
import { cloneRow, type RecordStore } from '../record-store.js';
import { byIdAsc, compareCodePoints } from './shared.js';

export function ssoMethods(store: RecordStore): AggregateMethods<'sso'> {
  const secrets = store.table('sso_secrets');
  const settings = store.table('sso_settings');
  const identities = store.table('sso_identities');
  const companies = store.table('companies');
  const voterCompanies = store.table('voter_companies');
  const companyVoters = store.table('company_voters');

  return {
    async insertSsoSecret(row) {
      const record: SsoSecretRecord = { ...cloneRow(row), id: await store.nextId('sso_secrets') };
      await secrets.put(record);
      return cloneRow(record);
    },
    async listSsoSecrets(organizationId) {
      const rows = await secrets.getAllFromIndex('by_organization', organizationId);
      return rows.sort(byIdAsc).map((row) => cloneRow(row));
    },
    async updateSsoSecret(id, patch) {
      const row = await secrets.get(id);
      if (!row) return null;
      const updated: SsoSecretRecord = { ...cloneRow(row) };
      if (patch.expires_at !== undefined) updated.expires_at = patch.expires_at;
      if (patch.revoked_at !== undefined) updated.revoked_at = patch.revoked_at;
      await secrets.put(updated);
      return cloneRow(updated);
    },

    async getSsoSettings(organizationId) {
      const row = await settings.get(organizationId);
      return row ? cloneRow(row) : null;
    },
    async putSsoSettings(row) {
      await settings.put(cloneRow(row));
    },

    async getSsoIdentity(organizationId, sub) {
      const row = await identities.get([organizationId, sub]);
      return row ? cloneRow(row) : null;
    },
    async getSsoIdentityOfVoter(voterId) {
      const [row] = await identities.getAllFromIndex('by_voter', voterId);
      return row ? cloneRow(row) : null;
    },
    async insertSsoIdentity(row) {
      await identities.put(cloneRow(row));
    },

    async putCompany(row) {
      await companies.put(cloneRow(row));
    },
    async getCompany(organizationId, id) {
      const row = await companies.get([organizationId, id]);
      return row ? cloneRow(row) : null;
    },
    async listCompanies(organizationId) {
      const rows = await companies.getAllFromIndex('by_organization', organizationId);
      return rows.sort((a, b) => compareCodePoints(a.id, b.id)).map((row) => cloneRow(row));
    },
    async setVoterCompany(voterId, organizationId, companyId) {
      if (companyId === null) await voterCompanies.delete(voterId);
      else await voterCompanies.put({ voter_id: voterId, organization_id: organizationId, company_id: companyId });
    },
    async listVoterCompanies(voterIds) {
      const found = [];
      for (const voterId of [...new Set(voterIds)].sort((a, b) => a - b)) {
        const row = await voterCompanies.get(voterId);
        if (row) found.push(cloneRow(row));
      }
      return found;
    },

    async getCompanyVoter(organizationId, companyId) {
      const row = await companyVoters.get([organizationId, companyId]);
      return row ? cloneRow(row) : null;
    },
    async insertCompanyVoter(row) {
      await companyVoters.put(cloneRow(row));
    },
    async listCompanyVoters(organizationId) {
      const rows = await companyVoters.getAllFromIndex('by_organization', organizationId);
      return rows.sort((a, b) => compareCodePoints(a.company_id, b.company_id)).map((row) => cloneRow(row));
    },
  };
}
