/**
 * Claim-next in ONE statement: an INSERT whose row comes from a SELECT of the first post in queue
 * order with no live claim of anyone, upserted over an expired claim of that post (the DO UPDATE
 * applies only to an expired one), RETURNING the claim. It runs in a write transaction, which
 * holds the store's write lock (storage.ts), so the choice and the write cannot be separated by
 * another process: concurrent callers each get a different post.
 *
 * The two halves of the queue are picked as in `listQueue`, each an index walk on its partial
 * index that stops at the first free post; the ranked half wins when both have one.
 */
import type { ClaimRecord } from '../../../src/domain/records.js';
import type { StorageTx } from '../../../src/storage/contract.js';
import type { Sql } from '../sql.js';

type ClaimNextMethods = Pick<StorageTx, 'claimNextPost'>;

// $1 board, $2 key, $3 label, $4 now, $5 expires_at.
const RANKED = `p.board_id = $1 AND p.queue_rank IS NOT NULL AND NOT p.hidden AND p.status NOT IN ('shipped', 'declined')`;
const PLANNED = `p.board_id = $1 AND p.queue_rank IS NULL AND NOT p.hidden AND p.status = 'planned'`;
/** No live claim of any key, the caller's own included. */
const FREE = `NOT EXISTS (SELECT 1 FROM fb_claims c WHERE c.post_id = p.id AND c.expires_at > $4)`;

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

export function claimNextMethods(sql: Sql): ClaimNextMethods {
  return {
    async claimNextPost(request) {
      const claim = await sql.row<ClaimRecord>(CLAIM_NEXT_SQL, [
        request.board_id,
        request.api_key_id,
        request.agent_label ?? '',
        request.now,
        request.expires_at,
      ]);
      return claim ?? null;
    },
  };
}
