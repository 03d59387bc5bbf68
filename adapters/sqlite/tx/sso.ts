/**
 * The sso aggregate in SQL: secrets, settings, identities (host user -> voter), companies, and the
 * board's posts ranked by the revenue of the companies behind them.
 */
import type { CompanyRecord, CompanyVoterRecord, SsoIdentityRecord, SsoSecretRecord, SsoSettingsRecord, VoterCompanyRecord } from '../../../src/domain/sso.js';
import type { AggregateMethods } from '../../../src/storage/contract/registry.js';
import { pageBounds, type Sql } from '../sql.js';
import { POST_COLUMNS, tupleToPost } from '../../sql/tx/rows.js';

const SECRET_COLUMNS = 'id, organization_id, secret, created_at, expires_at, revoked_at';
const SETTINGS_COLUMNS = 'organization_id, jwks_url, jwks_algorithms, audience, issuer, updated_at';
const IDENTITY_COLUMNS = 'organization_id, sub, voter_id, created_at';
const COMPANY_VOTER_COLUMNS = 'organization_id, company_id, voter_id, created_at';

/**
 * The SQL of `listPostsByCompanyRevenue` (`@board`, `@limit`, `@offset`); exported for the
 * query-plan test. Its cost follows the votes of the organization's company voters and the page,
 * not the board:
 *
 * - `revenue` holds the posts some voter of a company with a revenue votes for, with their
 *   revenue and sort keys: the organization's voters that belong to a company
 *   (`fb_voter_companies_organization`), each one's company (a primary key; companies at 0 left
 *   out, they add nothing), its votes (`fb_votes_voter`), each vote's post (a primary key; kept
 *   when it is the board's and not merged), each company once per post (DISTINCT), summed per
 *   post. CROSS JOIN keeps that order: from the board's side it would read every vote of the board. The organization is the board's: a voter's company is
 *   of its own organization and only its organization's voters vote on a board, as the services
 *   hold. `total()` sums as a float, exact for any realistic sum (below 2^53), and never fails on
 *   an overflow as `sum()` would.
 * - The page is those posts ranked (they are few, so sorting them is cheap), then every other post
 *   of the board at revenue 0 in the `top` order, which is a backwards walk of `fb_posts_top` (on
 *   the index alone) that skips the merged posts and the revenue posts (an ephemeral index of
 *   `revenue`), starts at the page's offset less the revenue posts and stops after `limit` posts.
 *   Both halves choose ids, at most `limit` each; the page is the first `limit` of them, and only
 *   its posts are read whole. A company at revenue 0 leaves its posts in that walk, among the
 *   zeros.
 * - The total is the maintained count of the board's posts less its merged ones, as for the post
 *   list; the page is joined beside it, so an offset past the end still answers it.
 */
export const REVENUE_PAGE_SQL = `
WITH revenue (post_id, revenue, vote_count, created_at) AS (
  SELECT post_id, total(monthly_revenue), vote_count, created_at
  FROM (SELECT DISTINCT p.id AS post_id, c.id, c.monthly_revenue, p.vote_count, p.created_at
          FROM fb_voter_companies vc
          CROSS JOIN fb_companies c
          CROSS JOIN fb_votes v
          CROSS JOIN fb_posts p
         WHERE vc.organization_id = (SELECT b.organization_id FROM fb_boards b WHERE b.id = @board)
           AND c.organization_id = vc.organization_id AND c.id = vc.company_id AND c.monthly_revenue > 0
           AND v.voter_id = vc.voter_id
           AND p.id = v.post_id AND p.board_id = @board
           AND NOT EXISTS (SELECT 1 FROM fb_post_merges m WHERE m.source_id = p.id))
  GROUP BY post_id, vote_count, created_at
)
SELECT total.n, page.*
FROM (SELECT (SELECT coalesce(sum(posts), 0) FROM fb_board_post_counts WHERE board_id = @board)
           - (SELECT count(*) FROM fb_post_merges WHERE board_id = @board) AS n) total
LEFT JOIN (
  SELECT ${POST_COLUMNS}, k.revenue
  FROM (
    SELECT * FROM (
      SELECT post_id AS id, revenue FROM revenue
      ORDER BY revenue DESC, vote_count DESC, created_at DESC, post_id DESC
      LIMIT @limit OFFSET @offset)
    UNION ALL
    SELECT * FROM (
      SELECT p.id, 0
      FROM fb_posts p
      WHERE p.board_id = @board AND NOT EXISTS (SELECT 1 FROM fb_post_merges m WHERE m.source_id = p.id)
        AND p.id NOT IN (SELECT post_id FROM revenue)
      ORDER BY p.vote_count DESC, p.created_at DESC, p.id DESC
      LIMIT @limit OFFSET (SELECT max(0, @offset - count(*)) FROM revenue))
  ) k CROSS JOIN fb_posts p
  WHERE p.id = k.id
  ORDER BY k.revenue DESC, p.vote_count DESC, p.created_at DESC, p.id DESC
  LIMIT @limit
) page ON 1
ORDER BY page.revenue DESC, page.vote_count DESC, page.created_at DESC, page.id DESC`;

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

    async listPostsByCompanyRevenue(boardId, query) {
      const { limit, offset } = pageBounds(query);
      const tuples = sql.tuples(REVENUE_PAGE_SQL, { board: boardId, limit, offset });
      // Each tuple: the total, then the post's columns, then its revenue (all null past the end).
      const rows = tuples.filter((t) => t[1] !== null).map((t) => ({ post: tupleToPost(t.slice(1)), revenue: t[18] as number }));
      return { rows, total: (tuples[0]?.[0] as number | undefined) ?? 0 };
    },
  };
}
