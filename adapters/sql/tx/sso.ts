/**
 * The sso aggregate in SQL: secrets, settings, identities (host user -> voter), companies. The
 * board's posts ranked by the revenue of the companies behind them are each store's own (its
 * tx/sso.ts): the two statements are planned differently.
 */
import type { CompanyRecord, CompanyVoterRecord, SsoIdentityRecord, SsoSecretRecord, SsoSettingsRecord, VoterCompanyRecord } from '../../../src/domain/sso.js';
import type { SqlSeam } from '../seam.js';
import { allRows, oneRow, type SharedMethods } from '../statements.js';

const SECRET_FIELDS = 'id, organization_id, secret, created_at, expires_at, revoked_at';
const SETTINGS_FIELDS = 'organization_id, jwks_url, jwks_algorithms, audience, issuer, updated_at';
const IDENTITY_FIELDS = 'organization_id, sub, voter_id, created_at';
const COMPANY_VOTER_FIELDS = 'organization_id, company_id, voter_id, created_at';
// A revenue is a bigint in PostgreSQL, which pg returns as a string; revenues are whole numbers
// well inside a double's exact range.
const COMPANY_FIELDS = 'organization_id, id, name, CAST(monthly_revenue AS DOUBLE PRECISION) AS monthly_revenue, updated_at';

type SettingsRow = Omit<SsoSettingsRecord, 'jwks_algorithms'> & { jwks_algorithms: unknown };

/** The methods both stores share; the list by company revenue is each store's own. */
export function ssoMethods(db: SqlSeam): SharedMethods<'sso', 'listPostsByCompanyRevenue'> {
  const d = db.dialect;
  const secret = oneRow<SsoSecretRecord>(db, `SELECT ${SECRET_FIELDS} FROM fb_sso_secrets WHERE id = ?`);
  return {
    async insertSsoSecret(row) {
      return (await db.row<SsoSecretRecord>(
        `INSERT INTO fb_sso_secrets (organization_id, secret, created_at, expires_at, revoked_at) VALUES (?, ?, ?, ?, ?) RETURNING ${SECRET_FIELDS}`,
        [row.organization_id, row.secret, row.created_at, row.expires_at, row.revoked_at],
      ))!;
    },
    listSsoSecrets: allRows<SsoSecretRecord>(db, `SELECT ${SECRET_FIELDS} FROM fb_sso_secrets WHERE organization_id = ? ORDER BY id`),
    async updateSsoSecret(id, patch) {
      const fields = (['expires_at', 'revoked_at'] as const).filter((field) => patch[field] !== undefined);
      if (fields.length === 0) return secret(id);
      return (
        (await db.row<SsoSecretRecord>(
          `UPDATE fb_sso_secrets SET ${fields.map((field) => `${field} = ?`).join(', ')} WHERE id = ? RETURNING ${SECRET_FIELDS}`,
          [...fields.map((field) => patch[field] ?? null), id],
        )) ?? null
      );
    },

    getSsoSettings: oneRow(
      db,
      `SELECT ${SETTINGS_FIELDS} FROM fb_sso_settings WHERE organization_id = ?`,
      (row: SettingsRow): SsoSettingsRecord => ({ ...row, jwks_algorithms: d.json<SsoSettingsRecord['jwks_algorithms']>(row.jwks_algorithms) }),
    ),
    async putSsoSettings(row) {
      await db.run(
        `INSERT INTO fb_sso_settings (${SETTINGS_FIELDS}) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (organization_id) DO UPDATE SET jwks_url = excluded.jwks_url, jwks_algorithms = excluded.jwks_algorithms,
           audience = excluded.audience, issuer = excluded.issuer, updated_at = excluded.updated_at`,
        [row.organization_id, row.jwks_url, JSON.stringify(row.jwks_algorithms), row.audience, row.issuer, row.updated_at],
      );
    },

    getSsoIdentity: oneRow<SsoIdentityRecord>(db, `SELECT ${IDENTITY_FIELDS} FROM fb_sso_identities WHERE organization_id = ? AND sub = ?`),
    getSsoIdentityOfVoter: oneRow<SsoIdentityRecord>(db, `SELECT ${IDENTITY_FIELDS} FROM fb_sso_identities WHERE voter_id = ?`),
    async insertSsoIdentity(row) {
      await db.run(`INSERT INTO fb_sso_identities (${IDENTITY_FIELDS}) VALUES (?, ?, ?, ?)`, [row.organization_id, row.sub, row.voter_id, row.created_at]);
    },

    async putCompany(row) {
      await db.run(
        `INSERT INTO fb_companies (organization_id, id, name, monthly_revenue, updated_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (organization_id, id) DO UPDATE SET name = excluded.name, monthly_revenue = excluded.monthly_revenue, updated_at = excluded.updated_at`,
        [row.organization_id, row.id, row.name, row.monthly_revenue, row.updated_at],
      );
    },
    getCompany: oneRow<CompanyRecord>(db, `SELECT ${COMPANY_FIELDS} FROM fb_companies WHERE organization_id = ? AND id = ?`),
    listCompanies: allRows<CompanyRecord>(db, `SELECT ${COMPANY_FIELDS} FROM fb_companies WHERE organization_id = ? ORDER BY id`),
    async setVoterCompany(voterId, organizationId, companyId) {
      if (companyId === null) await db.run('DELETE FROM fb_voter_companies WHERE voter_id = ?', [voterId]);
      else
        await db.run(
          `INSERT INTO fb_voter_companies (voter_id, organization_id, company_id) VALUES (?, ?, ?)
           ON CONFLICT (voter_id) DO UPDATE SET organization_id = excluded.organization_id, company_id = excluded.company_id`,
          [voterId, organizationId, companyId],
        );
    },
    async listVoterCompanies(voterIds) {
      if (voterIds.length === 0) return [];
      return db.rows<VoterCompanyRecord>(
        `SELECT voter_id, organization_id, company_id FROM fb_voter_companies WHERE voter_id ${d.inIds('?')} ORDER BY voter_id`,
        [d.ids(voterIds)],
      );
    },

    getCompanyVoter: oneRow<CompanyVoterRecord>(
      db,
      `SELECT ${COMPANY_VOTER_FIELDS} FROM fb_company_voters WHERE organization_id = ? AND company_id = ?`,
    ),
    async insertCompanyVoter(row) {
      await db.run(`INSERT INTO fb_company_voters (${COMPANY_VOTER_FIELDS}) VALUES (?, ?, ?, ?)`, [
        row.organization_id,
        row.company_id,
        row.voter_id,
        row.created_at,
      ]);
    },
    listCompanyVoters: allRows<CompanyVoterRecord>(
      db,
      `SELECT ${COMPANY_VOTER_FIELDS} FROM fb_company_voters WHERE organization_id = ? ORDER BY company_id`,
    ),
  };
}
