/**
 * Claim-next in one statement: an INSERT whose row comes from a SELECT of the first post in queue
 * order with no live claim of anyone, upserted over an expired claim of that post (the DO UPDATE
 * applies only to an expired one), RETURNING the claim. It runs inside the write transaction,
 * which holds SQLite's write lock from its start (`BEGIN IMMEDIATE`), so the choice and the write
 * cannot be separated by another connection: concurrent callers, in this process or in others,
 * each get a different post. No read precedes it.
 *
 * The two halves of the queue are picked as in `listQueue`, each an index walk on its partial
 * index that stops at the first free post; the ranked half wins when both have one.
 */
import type { StorageTx } from '../../../src/storage/contract.js';
import type { Sql } from '../sql.js';
import { PLANNED_ANY, RANKED_ANY } from './lists.js';
import type { ClaimRow } from './rows.js';

type ClaimNextMethods = Pick<StorageTx, 'claimNextPost'>;

/** No live claim of any key, the caller's own included. */
const FREE = `NOT EXISTS (SELECT 1 FROM fb_claims c WHERE c.post_id = p.id AND c.expires_at > @now)`;

// `WHERE true` resolves SQLite's parsing ambiguity between a SELECT's join and an upsert's ON.
const CLAIM_NEXT = `
INSERT INTO fb_claims (post_id, api_key_id, agent_label, claimed_at, expires_at)
SELECT next.id, @key, @label, @now, @expires_at FROM (
  SELECT id, 0 AS part FROM (
    SELECT p.id FROM fb_posts p WHERE ${RANKED_ANY} AND ${FREE} ORDER BY p.queue_rank, p.id LIMIT 1)
  UNION ALL
  SELECT id, 1 AS part FROM (
    SELECT p.id FROM fb_posts p WHERE ${PLANNED_ANY} AND ${FREE}
     ORDER BY p.vote_count DESC, p.created_at, p.id LIMIT 1)
  ORDER BY part LIMIT 1
) AS next WHERE true
ON CONFLICT (post_id) DO UPDATE SET
  api_key_id = excluded.api_key_id,
  agent_label = excluded.agent_label,
  claimed_at = excluded.claimed_at,
  expires_at = excluded.expires_at
WHERE fb_claims.expires_at <= @now
RETURNING post_id, api_key_id, agent_label, claimed_at, expires_at`;

export function claimNextMethods(sql: Sql): ClaimNextMethods {
  return {
    async claimNextPost(request) {
      const claim = sql.get<ClaimRow>(CLAIM_NEXT, {
        board: request.board_id,
        key: request.api_key_id,
        label: request.agent_label ?? '',
        now: request.now,
        expires_at: request.expires_at,
      });
      return claim ?? null;
    },
  };
}
