/** The sso aggregate in SQL: secrets, settings, identities (host user -> voter), companies. */
import type { CompanyRecord, CompanyVoterRecord, SsoIdentityRecord, SsoSecretRecord, SsoSettingsRecord, VoterCompanyRecord } from '../../../src/domain/sso.js';
import type { AggregateMethods } from '../../../src/storage/contract/registry.js';
import { idArray, type Sql } from '../sql.js';

const SECRET_COLUMNS = 'id, organization_id, secret, created_at, expires_at, revoked_at';
const SETTINGS_COLUMNS = 'organization_id, jwks_url, jwks_algorithms, audience, issuer, updated_at';
const IDENTITY_COLUMNS = 'organization_id, sub, voter_id, created_at';
// bigint arrives as a string from pg; revenues are whole numbers well inside a double's exact range.
const COMPANY_VOTER_COLUMNS = 'organization_id, company_id, voter_id, created_at';
const COMPANY_COLUMNS = 'organization_id, id, name, monthly_revenue::float8 AS monthly_revenue, updated_at';

export function ssoMethods(sql: Sql): AggregateMethods<'sso'> {
  const secret = async (id: number) =>
    (await sql.row<SsoSecretRecord>(`SELECT ${SECRET_COLUMNS} FROM fb_sso_secrets WHERE id = $1`, [id])) ?? null;
  return {
    async insertSsoSecret(row) {
      return (await sql.row<SsoSecretRecord>(
        `INSERT INTO fb_sso_secrets (organization_id, secret, created_at, expires_at, revoked_at) VALUES ($1, $2, $3, $4, $5) RETURNING ${SECRET_COLUMNS}`,
        [row.organization_id, row.secret, row.created_at, row.expires_at, row.revoked_at],
      ))!;
    },
    async listSsoSecrets(organizationId) {
      return sql.rows<SsoSecretRecord>(`SELECT ${SECRET_COLUMNS} FROM fb_sso_secrets WHERE organization_id = $1 ORDER BY id`, [organizationId]);
    },
    async updateSsoSecret(id, patch) {
      const fields = (['expires_at', 'revoked_at'] as const).filter((field) => patch[field] !== undefined);
      if (fields.length === 0) return secret(id);
      return (
        (await sql.row<SsoSecretRecord>(
          `UPDATE fb_sso_secrets SET ${fields.map((field, i) => `${field} = $${i + 2}`).join(', ')} WHERE id = $1 RETURNING ${SECRET_COLUMNS}`,
          [id, ...fields.map((field) => patch[field] ?? null)],
        )) ?? null
      );
    },

    async getSsoSettings(organizationId) {
      return (await sql.row<SsoSettingsRecord>(`SELECT ${SETTINGS_COLUMNS} FROM fb_sso_settings WHERE organization_id = $1`, [organizationId])) ?? null;
    },
    async putSsoSettings(row) {
      await sql.run(
        `INSERT INTO fb_sso_settings (${SETTINGS_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (organization_id) DO UPDATE SET jwks_url = excluded.jwks_url, jwks_algorithms = excluded.jwks_algorithms,
           audience = excluded.audience, issuer = excluded.issuer, updated_at = excluded.updated_at`,
        [row.organization_id, row.jwks_url, JSON.stringify(row.jwks_algorithms), row.audience, row.issuer, row.updated_at],
      );
    },

    async getSsoIdentity(organizationId, sub) {
      return (
        (await sql.row<SsoIdentityRecord>(`SELECT ${IDENTITY_COLUMNS} FROM fb_sso_identities WHERE organization_id = $1 AND sub = $2`, [organizationId, sub])) ??
        null
      );
    },
    async getSsoIdentityOfVoter(voterId) {
      return (await sql.row<SsoIdentityRecord>(`SELECT ${IDENTITY_COLUMNS} FROM fb_sso_identities WHERE voter_id = $1`, [voterId])) ?? null;
    },
    async insertSsoIdentity(row) {
      await sql.run(`INSERT INTO fb_sso_identities (${IDENTITY_COLUMNS}) VALUES ($1, $2, $3, $4)`, [row.organization_id, row.sub, row.voter_id, row.created_at]);
    },

    async putCompany(row) {
      await sql.run(
        `INSERT INTO fb_companies (organization_id, id, name, monthly_revenue, updated_at) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (organization_id, id) DO UPDATE SET name = excluded.name, monthly_revenue = excluded.monthly_revenue, updated_at = excluded.updated_at`,
        [row.organization_id, row.id, row.name, row.monthly_revenue, row.updated_at],
      );
    },
    async getCompany(organizationId, id) {
      return (await sql.row<CompanyRecord>(`SELECT ${COMPANY_COLUMNS} FROM fb_companies WHERE organization_id = $1 AND id = $2`, [organizationId, id])) ?? null;
    },
    async listCompanies(organizationId) {
      return sql.rows<CompanyRecord>(`SELECT ${COMPANY_COLUMNS} FROM fb_companies WHERE organization_id = $1 ORDER BY id`, [organizationId]);
    },
    async setVoterCompany(voterId, organizationId, companyId) {
      if (companyId === null) await sql.run('DELETE FROM fb_voter_companies WHERE voter_id = $1', [voterId]);
      else
        await sql.run(
          `INSERT INTO fb_voter_companies (voter_id, organization_id, company_id) VALUES ($1, $2, $3)
           ON CONFLICT (voter_id) DO UPDATE SET organization_id = excluded.organization_id, company_id = excluded.company_id`,
          [voterId, organizationId, companyId],
        );
    },
    async listVoterCompanies(voterIds) {
      if (voterIds.length === 0) return [];
      return sql.rows<VoterCompanyRecord>(
        'SELECT voter_id, organization_id, company_id FROM fb_voter_companies WHERE voter_id = ANY($1::int[]) ORDER BY voter_id',
        [idArray(voterIds)],
      );
    },

    async getCompanyVoter(organizationId, companyId) {
      return (
        (await sql.row<CompanyVoterRecord>(`SELECT ${COMPANY_VOTER_COLUMNS} FROM fb_company_voters WHERE organization_id = $1 AND company_id = $2`, [organizationId, companyId])) ??
        null
      );
    },
    async insertCompanyVoter(row) {
      await sql.run(`INSERT INTO fb_company_voters (${COMPANY_VOTER_COLUMNS}) VALUES ($1, $2, $3, $4)`, [row.organization_id, row.company_id, row.voter_id, row.created_at]);
    },
    async listCompanyVoters(organizationId) {
      return sql.rows<CompanyVoterRecord>(`SELECT ${COMPANY_VOTER_COLUMNS} FROM fb_company_voters WHERE organization_id = $1 ORDER BY company_id`, [organizationId]);
    },
  };
}
