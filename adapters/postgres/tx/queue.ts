/**
 * The agent queue's SQL: the queue with its total in ONE statement, and claim-next. The WHERE
 * terms imply those of the partial indexes made for the queue in schema.ts, which is what lets
 * PostgreSQL walk them and stop after `limit` rows.
 */
import { POST_COLUMNS } from './rows.js';

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
 * posts are the visible planned ones, ranked or not, plus the ranked ones that are open or in
 * progress, so the total is the maintained count of visible planned posts (schema-aggregates.ts)
 * plus the maintained count of those ranked ones (schema-ranked-counts.ts), minus the (few)
 * eligible posts under another key's live claim: no row of the queue is counted.
 */
export const QUEUE_SQL = `SELECT total.n AS total_count, q.*
  FROM (SELECT (SELECT coalesce(sum(s.posts), 0) FROM fb_board_statuses s WHERE s.board_id = $1 AND s.status = 'planned')
             + (SELECT coalesce(sum(r.posts), 0) FROM fb_ranked_posts r
                 WHERE r.board_id = $1 AND r.status NOT IN ('planned', 'shipped', 'declined'))
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

// Parameters of claim-next: $1 board, $2 key, $3 label, $4 now, $5 expires_at.
const RANKED = `p.board_id = $1 AND p.queue_rank IS NOT NULL AND NOT p.hidden AND p.status NOT IN ('shipped', 'declined')`;
const PLANNED = `p.board_id = $1 AND p.queue_rank IS NULL AND NOT p.hidden AND p.status = 'planned'`;
/** No live claim of any key, the caller's own included. */
const FREE = `NOT EXISTS (SELECT 1 FROM fb_claims c WHERE c.post_id = p.id AND c.expires_at > $4)`;

/**
 * Claim-next in ONE statement: an INSERT whose row comes from a SELECT of the first post in queue
 * order with no live claim of anyone, upserted over an expired claim of that post (the DO UPDATE
 * applies only to an expired one), RETURNING the claim. It runs in a write transaction, which
 * holds the board's organization's write lock (write-lock.ts), so the choice and the write cannot
 * be separated by another process: concurrent callers each get a different post.
 *
 * The two halves of the queue are picked as in `listQueue`, each an index walk on its partial
 * index that stops at the first free post; the ranked half wins when both have one.
 */
export const CLAIM_NEXT_SQL = `
INSERT INTO fb_claims AS c (post_id, api_key_id, agent_label, claimed_at, expires_at)
SELECT next.id, $2, $3, $4, $5 FROM (
  (SELECT p.id, 0 AS part FROM fb_posts p WHERE ${RANKED} AND ${FREE} ORDER BY p.queue_rank, p.id LIMIT 1)
  UNION ALL
  (SELECT p.id, 1 AS part FROM fb_posts p WHERE ${PLANNED} AND ${FREE}
    ORDER BY p.vote_count DESC, p.created_at, p.id LIMIT 1)
  ORDER BY part LIMIT 1
) AS next
ON CONFLICT (post_id) DO UPDATE SET
  api_key_id = excluded.api_key_id,
  agent_label = excluded.agent_label,
  claimed_at = excluded.claimed_at,
  expires_at = excluded.expires_at
WHERE c.expires_at <= $4
RETURNING post_id, api_key_id, agent_label, claimed_at, expires_at`;
