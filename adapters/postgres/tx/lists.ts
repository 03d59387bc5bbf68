/**
 * The agent queue, the roadmap and the changelog, each ONE statement (page and total together).
 * The WHERE terms imply those of the partial index made for each list in schema.ts, which is what
 * lets PostgreSQL walk that index and stop after `limit` rows.
 */
import type { StorageTx } from '../../../src/storage/contract.js';
import { pageBounds, type Sql } from '../sql.js';
import { pageWithTotal } from './page.js';
import { POST_COLUMNS, toPost, type PostRow } from './rows.js';

type ListMethods = Pick<StorageTx, 'listQueue' | 'listRoadmap' | 'listChangelog'>;

// Parameters of the queue statement: $1 board, $2 calling key, $3 now, $4 limit.
/** Not under a live claim of another key. */
const UNCLAIMED = `NOT EXISTS (SELECT 1 FROM fb_claims c
  WHERE c.post_id = p.id AND c.api_key_id <> $2 AND c.expires_at > $3)`;
const RANKED_ANY = `p.board_id = $1 AND p.queue_rank IS NOT NULL AND NOT p.hidden
  AND p.status NOT IN ('shipped', 'declined')`;
const PLANNED_ANY = `p.board_id = $1 AND p.queue_rank IS NULL AND NOT p.hidden AND p.status = 'planned'`;

/**
 * Ranked posts first (queue_rank, id), then unranked planned ones (vote_count desc, created_at,
 * id): two index walks of at most `limit` rows each, numbered in their own order. The eligible
 * posts are the visible planned ones, ranked or not, plus the (few) ranked ones that are open or
 * in progress, so the total is the maintained count of visible planned posts
 * (schema-aggregates.ts) plus a count of those ranked ones, minus the (few) eligible posts under
 * another key's live claim.
 */
export const QUEUE_SQL = `SELECT total.n AS total_count, q.*
  FROM (SELECT (SELECT coalesce(sum(s.posts), 0) FROM fb_board_statuses s WHERE s.board_id = $1 AND s.status = 'planned')
             + (SELECT count(*) FROM fb_posts p WHERE ${RANKED_ANY} AND p.status <> 'planned')
             - (SELECT count(*) FROM fb_claims c JOIN fb_posts p ON p.id = c.post_id
                 WHERE c.api_key_id <> $2 AND c.expires_at > $3
                   AND ((${RANKED_ANY}) OR (${PLANNED_ANY}))) AS n) total
  LEFT JOIN LATERAL (
    (SELECT ${POST_COLUMNS}, 1 AS part, row_number() OVER (ORDER BY p.queue_rank, p.id) AS pos
       FROM fb_posts p WHERE ${RANKED_ANY} AND ${UNCLAIMED}
      ORDER BY p.queue_rank, p.id LIMIT $4)
    UNION ALL
    (SELECT ${POST_COLUMNS}, 2 AS part,
            row_number() OVER (ORDER BY p.vote_count DESC, p.created_at, p.id) AS pos
       FROM fb_posts p WHERE ${PLANNED_ANY} AND ${UNCLAIMED}
      ORDER BY p.vote_count DESC, p.created_at, p.id LIMIT $4)
  ) q ON true
  ORDER BY q.part, q.pos
  LIMIT $4`;

export const ROADMAP_WHERE = `p.board_id = $1 AND NOT p.hidden AND p.status <> 'declined'`;
export const ROADMAP_ORDER = `(CASE p.status WHEN 'open' THEN 0 WHEN 'planned' THEN 1 WHEN 'in_progress' THEN 2 ELSE 3 END),
  p.vote_count DESC, p.id`;
export const CHANGELOG_WHERE = `p.board_id = $1 AND NOT p.hidden AND p.status = 'shipped'`;
export const CHANGELOG_ORDER = 'p.shipped_at DESC NULLS LAST, p.id DESC';

// The totals, from the visible posts per status that the statistics keep (schema-aggregates.ts),
// instead of counting the board's planned, in-progress or shipped posts on every page.
const visibleWith = (statuses: string) =>
  `(SELECT coalesce(sum(s.posts), 0)::int FROM fb_board_statuses s WHERE s.board_id = $1 AND ${statuses})`;
export const ROADMAP_TOTAL = visibleWith(`s.status <> 'declined'`);
export const CHANGELOG_TOTAL = visibleWith(`s.status = 'shipped'`);

export function listMethods(sql: Sql): ListMethods {
  return {
    async listQueue(boardId, query) {
      const { limit } = pageBounds({ limit: query.limit, offset: 0 });
      const rows = await sql.rows<PostRow & { total_count: string }>(QUEUE_SQL, [boardId, query.apiKeyId, query.now, limit]);
      const total = Number(rows[0]?.total_count ?? 0);
      return { rows: rows.filter((row) => row.id !== null).map(toPost), total };
    },

    async listRoadmap(boardId, query) {
      const { limit, offset } = pageBounds(query);
      return pageWithTotal(sql, { where: ROADMAP_WHERE, order: ROADMAP_ORDER, params: [boardId], limit, offset, total: ROADMAP_TOTAL });
    },

    async listChangelog(boardId, query) {
      const { limit, offset } = pageBounds(query);
      return pageWithTotal(sql, { where: CHANGELOG_WHERE, order: CHANGELOG_ORDER, params: [boardId], limit, offset, total: CHANGELOG_TOTAL });
    },
  };
}
