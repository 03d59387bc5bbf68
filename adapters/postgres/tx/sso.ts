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
 * exported for the query-plan test. Its cost follows the votes of the organization's company
 * voters and the page, not the board:
 *
 * - `revenue` holds the posts some voter of a company with a revenue votes for, with their
 *   revenue and sort keys: the organization's voters that belong to a company
 *   (`fb_voter_companies_organization`), each one's company (a primary key; companies at 0 left
 *   out, they add nothing), its votes (`fb_votes_voter`), each vote's post (a primary key; kept
 *   when it is the board's and not merged), each company once per post (DISTINCT), summed per
 *   post. The votes are read voter by voter and their posts vote by vote: `OFFSET 0` keeps each
 *   of those subqueries whole, where the planner would be free to estimate its way into hashing
 *   every vote of the database against the voters, or merging each voter's votes with every post.
 *   The organization is the board's: a voter's company is of its own organization and only its
 *   organization's voters vote on a board, as the services hold. The sum of the bigint revenues
 *   is exact (numeric) and read back as float8, exact for any realistic sum (below 2^53); the
 *   order is on that same value.
 * - The page is those posts ranked (they are few, so sorting them is cheap), then every other post
 *   of the board at revenue 0 in the `top` order: a backwards walk of `fb_posts_top`, on the index
 *   alone (the merged posts skipped by a probe each), that stops after `limit + offset` posts, from
 *   which the revenue posts are taken out (a hash of `revenue`) and the rest sorted again, since a
 *   hash join keeps no order; they start at the page's offset less the revenue posts. Among the
 *   first `limit + offset` posts of the board in that order are all the zero posts the page can
 *   reach. Both halves choose ids, at most `limit` each; the page is the first `limit` of them,
 *   and only its posts are read whole. A company at revenue 0 leaves its posts among the zeros.
 * - The total is the maintained count of the board's posts less its merged ones, as for the post
 *   list; the page is joined laterally beside it, so an offset past the end still answers it.
 */
export const REVENUE_PAGE_SQL = `
WITH revenue AS MATERIALIZED (
  SELECT d.post_id, sum(d.monthly_revenue)::float8 AS revenue, d.vote_count, d.created_at
  FROM (SELECT DISTINCT p.id AS post_id, c.id, c.monthly_revenue, p.vote_count, p.created_at
          FROM fb_boards b
          JOIN fb_voter_companies vc ON vc.organization_id = b.organization_id
          JOIN fb_companies c ON c.organization_id = vc.organization_id AND c.id = vc.company_id
          CROSS JOIN LATERAL (SELECT v.post_id FROM fb_votes v WHERE v.voter_id = vc.voter_id OFFSET 0) v
          CROSS JOIN LATERAL (
            SELECT p.id, p.board_id, p.vote_count, p.created_at FROM fb_posts p WHERE p.id = v.post_id OFFSET 0) p
         WHERE b.id = $1 AND c.monthly_revenue > 0 AND p.board_id = $1
           AND NOT EXISTS (SELECT 1 FROM fb_post_merges m WHERE m.source_id = p.id)) d
  GROUP BY d.post_id, d.vote_count, d.created_at
)
SELECT total.n AS total_count, page.*
FROM (SELECT (SELECT coalesce(sum(c.posts), 0)::int FROM fb_board_post_counts c WHERE c.board_id = $1)
           - (SELECT count(*)::int FROM fb_post_merges m WHERE m.board_id = $1) AS n) total
LEFT JOIN LATERAL (
  SELECT ${POST_COLUMNS}, k.revenue
  FROM (
    (SELECT r.post_id AS id, r.revenue
       FROM revenue r
      ORDER BY r.revenue DESC, r.vote_count DESC, r.created_at DESC, r.post_id DESC
      LIMIT $2::int OFFSET $3::int)
    UNION ALL
    (SELECT w.id, 0::float8
       FROM (SELECT p.id, p.vote_count, p.created_at
               FROM fb_posts p
              WHERE p.board_id = $1 AND NOT EXISTS (SELECT 1 FROM fb_post_merges m WHERE m.source_id = p.id)
              ORDER BY p.vote_count DESC, p.created_at DESC, p.id DESC
              LIMIT $2::int + $3::int) w
      WHERE NOT EXISTS (SELECT 1 FROM revenue r WHERE r.post_id = w.id)
      ORDER BY w.vote_count DESC, w.created_at DESC, w.id DESC
      LIMIT $2::int OFFSET greatest(0, $3::int - (SELECT count(*)::int FROM revenue)))
  ) k JOIN fb_posts p ON p.id = k.id
  ORDER BY k.revenue DESC, p.vote_count DESC, p.created_at DESC, p.id DESC
  LIMIT $2::int
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
