/**
 * The sso aggregate in SQL: secrets, settings, identities (host user -> voter), companies, and the
 * board's posts ranked by the revenue of the companies behind them.
 */
import type { CompanyRecord, CompanyVoterRecord, SsoIdentityRecord, SsoSecretRecord, SsoSettingsRecord, VoterCompanyRecord } from '../../../src/domain/sso.js';
import type { AggregateMethods } from '../../../src/storage/contract/registry.js';
import { idArray, pageBounds, type Sql } from '../sql.js';
import { POST_COLUMNS, toPost, type PostRow } from './rows.js';

const SECRET_COLUMNS = 'id, organization_id, secret, created_at, expires_at, revoked_at';
const SETTINGS_COLUMNS = 'organization_id, jwks_url, jwks_algorithms, audience, issuer, updated_at';
const IDENTITY_COLUMNS = 'organization_id, sub, voter_id, created_at';
// bigint arrives as a string from pg; revenues are whole numbers well inside a double's exact range.
const COMPANY_VOTER_COLUMNS = 'organization_id, company_id, voter_id, created_at';
const COMPANY_COLUMNS = 'organization_id, id, name, monthly_revenue::float8 AS monthly_revenue, updated_at';

/**
 * The SQL of `listPostsByCompanyRevenue` ($1 the board, $2 limit, $3 offset), in one round trip;
 * exported for the query-plan test. The board's posts come from its index (merged ones left out by
 * a probe of fb_post_merges); the revenue of each is a correlated subquery that reads the post's
 * votes (an index by post), each voter's company (a primary key), keeps each company once
 * (DISTINCT) and sums their rows (a primary key), so its cost follows the board's posts and votes
 * whatever the planner estimates. The posts are then sorted on it, then in the post list's `top`
 * order, since no index can hold a revenue. The sum of the bigint revenues is exact (numeric) and
 * read back as float8, exact for any realistic sum (below 2^53); the order is on that same value.
 * The total is the maintained count of the board's posts less its merged ones, as for the post
 * list; the page is joined laterally beside it, so an offset past the end still answers it.
 */
export const REVENUE_PAGE_SQL = `
SELECT total.n AS total_count, page.*
FROM (SELECT (SELECT coalesce(sum(c.posts), 0)::int FROM fb_board_post_counts c WHERE c.board_id = $1)
           - (SELECT count(*)::int FROM fb_post_merges m WHERE m.board_id = $1) AS n) total
LEFT JOIN LATERAL (
  SELECT ${POST_COLUMNS},
    (SELECT coalesce(sum(c.monthly_revenue), 0)::float8
       FROM (SELECT DISTINCT vc.organization_id, vc.company_id
               FROM fb_votes v JOIN fb_voter_companies vc ON vc.voter_id = v.voter_id
              WHERE v.post_id = p.id) d
       JOIN fb_companies c ON c.organization_id = d.organization_id AND c.id = d.company_id) AS revenue
  FROM fb_posts p
  WHERE p.board_id = $1 AND NOT EXISTS (SELECT 1 FROM fb_post_merges m WHERE m.source_id = p.id)
  ORDER BY revenue DESC, p.vote_count DESC, p.created_at DESC, p.id DESC
  LIMIT $2 OFFSET $3
) page ON true
ORDER BY page.revenue DESC, page.vote_count DESC, page.created_at DESC, page.id DESC`;

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

    async listPostsByCompanyRevenue(boardId, query) {
      const { limit, offset } = pageBounds(query);
      const rows = await sql.rows<PostRow & { total_count: number; revenue: number }>(REVENUE_PAGE_SQL, [boardId, limit, offset]);
      return {
        rows: rows.filter((row) => row.id !== null).map((row) => ({ post: toPost(row), revenue: row.revenue })),
        total: rows[0]?.total_count ?? 0,
      };
    },
  };
}
