/**
 * PostgreSQL's own sso method, the board's posts ranked by the revenue of the companies behind
 * them (the rest of the aggregate is adapters/sql/tx/sso.ts), in one statement planned its own way.
 */
import type { AggregateMethods } from '../../../src/storage/contract/registry.js';
import { pageBounds } from '../../sql/statements.js';
import { POST_COLUMNS } from '../../sql/tx/rows.js';
import type { PostgresSeam } from '../seam.js';
import { toPost, type PostRow } from './rows.js';

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

/** What PostgreSQL answers of the sso aggregate its own way. */
export function postgresSsoMethods({ sql, dialect }: PostgresSeam): Pick<AggregateMethods<'sso'>, 'listPostsByCompanyRevenue'> {
  return {
    async listPostsByCompanyRevenue(boardId, query) {
      const { limit, offset } = pageBounds(dialect, query);
      const rows = await sql.rows<PostRow & { total_count: number; revenue: number }>(REVENUE_PAGE_SQL, [boardId, limit, offset]);
      return {
        rows: rows.filter((row) => row.id !== null).map((row) => ({ post: toPost(row), revenue: row.revenue })),
        total: rows[0]?.total_count ?? 0,
      };
    },
  };
}
