/**
 * SQLite's own sso method, the board's posts ranked by the revenue of the companies behind them
 * (the rest of the aggregate is adapters/sql/tx/sso.ts): SQLite keeps its join order with CROSS
 * JOIN and sums with `total()`, where PostgreSQL's statement keeps its own with `OFFSET 0` and
 * LATERAL.
 */
import type { AggregateMethods } from '../../../src/storage/contract/registry.js';
import { pageBounds } from '../../sql/statements.js';
import { POST_COLUMNS, POST_FIELD_COUNT, tupleToPost } from '../../sql/tx/rows.js';
import { SQLITE_DIALECT, type SqliteSeam } from '../seam.js';

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

/** What SQLite answers of the sso aggregate its own way. */
export function sqliteSsoMethods({ sql }: SqliteSeam): Pick<AggregateMethods<'sso'>, 'listPostsByCompanyRevenue'> {
  return {
    async listPostsByCompanyRevenue(boardId, query) {
      const { limit, offset } = pageBounds(SQLITE_DIALECT, query);
      const tuples = sql.tuples(REVENUE_PAGE_SQL, { board: boardId, limit, offset });
      // Each tuple: the total, then the post's columns, then its revenue (all null past the end).
      const rows = tuples.filter((t) => t[1] !== null).map((t) => ({ post: tupleToPost(t, 1), revenue: t[1 + POST_FIELD_COUNT] as number }));
      return { rows, total: (tuples[0]?.[0] as number | undefined) ?? 0 };
    },
  };
}
