/** The sso aggregate in SQL: secrets, settings, identities (host user -> voter), companies. */
import type { CompanyRecord, CompanyVoterRecord, SsoIdentityRecord, SsoSecretRecord, SsoSettingsRecord, VoterCompanyRecord } from '../../../src/domain/sso.js';
import type { AggregateMethods } from '../../../src/storage/contract/registry.js';
import type { Sql } from '../sql.js';

const SECRET_COLUMNS = 'id, organization_id, secret, created_at, expires_at, revoked_at';
const SETTINGS_COLUMNS = 'organization_id, jwks_url, jwks_algorithms, audience, issuer, updated_at';
const IDENTITY_COLUMNS = 'organization_id, sub, voter_id, created_at';
const COMPANY_VOTER_COLUMNS = 'organization_id, company_id, voter_id, created_at';

type SettingsRow = Omit<SsoSettingsRecord, 'jwks_algorithms'> & { jwks_algorithms: string };
const toSettings = (row: SettingsRow): SsoSettingsRecord => ({
  ...row,
  jwks_algorithms: JSON.parse(row.jwks_algorithms) as SsoSettingsRecord['jwks_algorithms'],
});

export function ssoMethods(sql: Sql): AggregateMethods<'sso'> {
  const secret = (id: number) => sql.get<SsoSecretRecord>(`SELECT ${SECRET_COLUMNS} FROM fb_sso_secrets WHERE id = ?`, id) ?? null;
  return {
    async insertSsoSecret(row) {
      return sql.get<SsoSecretRecord>(
        `INSERT INTO fb_sso_secrets (organization_id, secret, created_at, expires_at, revoked_at) VALUES (?, ?, ?, ?, ?) RETURNING ${SECRET_COLUMNS}`,
        row.organization_id,
        row.secret,
        row.created_at,
        row.expires_at,
        row.revoked_at,
      )!;
    },
    async listSsoSecrets(organizationId) {
      return sql.all<SsoSecretRecord>(`SELECT ${SECRET_COLUMNS} FROM fb_sso_secrets WHERE organization_id = ? ORDER BY id`, organizationId);
    },
    async updateSsoSecret(id, patch) {
      const fields = (['expires_at', 'revoked_at'] as const).filter((field) => patch[field] !== undefined);
      if (fields.length === 0) return secret(id);
      return (
        sql.get<SsoSecretRecord>(
          `UPDATE fb_sso_secrets SET ${fields.map((field) => `${field} = ?`).join(', ')} WHERE id = ? RETURNING ${SECRET_COLUMNS}`,
          ...fields.map((field) => patch[field] ?? null),
          id,
        ) ?? null
      );
    },

    async getSsoSettings(organizationId) {
      const row = sql.get<SettingsRow>(`SELECT ${SETTINGS_COLUMNS} FROM fb_sso_settings WHERE organization_id = ?`, organizationId);
      return row ? toSettings(row) : null;
    },
    async putSsoSettings(row) {
      sql.run(
        `INSERT OR REPLACE INTO fb_sso_settings (${SETTINGS_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?)`,
        row.organization_id,
        row.jwks_url,
        JSON.stringify(row.jwks_algorithms),
        row.audience,
        row.issuer,
        row.updated_at,
      );
    },

    async getSsoIdentity(organizationId, sub) {
      return sql.get<SsoIdentityRecord>(`SELECT ${IDENTITY_COLUMNS} FROM fb_sso_identities WHERE organization_id = ? AND sub = ?`, organizationId, sub) ?? null;
    },
    async getSsoIdentityOfVoter(voterId) {
      return sql.get<SsoIdentityRecord>(`SELECT ${IDENTITY_COLUMNS} FROM fb_sso_identities WHERE voter_id = ?`, voterId) ?? null;
    },
    async insertSsoIdentity(row) {
      sql.run(`INSERT INTO fb_sso_identities (${IDENTITY_COLUMNS}) VALUES (?, ?, ?, ?)`, row.organization_id, row.sub, row.voter_id, row.created_at);
    },

    async putCompany(row) {
      sql.run(
        `INSERT INTO fb_companies (organization_id, id, name, monthly_revenue, updated_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (organization_id, id) DO UPDATE SET name = excluded.name, monthly_revenue = excluded.monthly_revenue, updated_at = excluded.updated_at`,
        row.organization_id,
        row.id,
        row.name,
        row.monthly_revenue,
        row.updated_at,
      );
    },
    async getCompany(organizationId, id) {
      return (
        sql.get<CompanyRecord>('SELECT organization_id, id, name, monthly_revenue, updated_at FROM fb_companies WHERE organization_id = ? AND id = ?', organizationId, id) ??
        null
      );
    },
    async listCompanies(organizationId) {
      return sql.all<CompanyRecord>(
        'SELECT organization_id, id, name, monthly_revenue, updated_at FROM fb_companies WHERE organization_id = ? ORDER BY id',
        organizationId,
      );
    },
    async setVoterCompany(voterId, organizationId, companyId) {
      if (companyId === null) sql.run('DELETE FROM fb_voter_companies WHERE voter_id = ?', voterId);
      else
        sql.run(
          'INSERT OR REPLACE INTO fb_voter_companies (voter_id, organization_id, company_id) VALUES (?, ?, ?)',
          voterId,
          organizationId,
          companyId,
        );
    },
    async listVoterCompanies(voterIds) {
      if (voterIds.length === 0) return [];
      return sql.all<VoterCompanyRecord>(
        'SELECT voter_id, organization_id, company_id FROM fb_voter_companies WHERE voter_id IN (SELECT value FROM json_each(?)) ORDER BY voter_id',
        JSON.stringify(voterIds),
      );
    },

    async getCompanyVoter(organizationId, companyId) {
      return sql.get<CompanyVoterRecord>(`SELECT ${COMPANY_VOTER_COLUMNS} FROM fb_company_voters WHERE organization_id = ? AND company_id = ?`, organizationId, companyId) ?? null;
    },
    async insertCompanyVoter(row) {
      sql.run(`INSERT INTO fb_company_voters (${COMPANY_VOTER_COLUMNS}) VALUES (?, ?, ?, ?)`, row.organization_id, row.company_id, row.voter_id, row.created_at);
    },
    async listCompanyVoters(organizationId) {
      return sql.all<CompanyVoterRecord>(`SELECT ${COMPANY_VOTER_COLUMNS} FROM fb_company_voters WHERE organization_id = ? ORDER BY company_id`, organizationId);
    },
  };
}
