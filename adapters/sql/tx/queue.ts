/**
 * The agent queue's SQL: the WHERE terms of its two halves, which repeat word for word the WHERE
 * of the partial index made for each (schema.ts of each store: what lets SQLite use it, and
 * PostgreSQL walk it and stop after `limit` rows), and claim-next. Each store reads the queue with
 * its total its own way (its tx/agent.ts). Named values: `@board`, `@key` (the calling key),
 * `@now`; claim-next also `@label` and `@expires_at`.
 */
import type { Dialect } from '../seam.js';

/** The WHERE terms of the queue over `fb_posts p`. */
export interface QueueTerms {
  /** Ranked queue posts of board `@board`: the WHERE of the index fb_posts_queue_ranked. */
  rankedAny: string;
  /** Unranked planned posts of board `@board`: the WHERE of the index fb_posts_queue_planned. */
  plannedAny: string;
  /** Not under a live claim of another key (`@key`, `@now`). */
  unclaimed: string;
  /** No live claim of any key, the caller's own included (`@now`). */
  free: string;
}

export const queueTerms = (d: Dialect): QueueTerms => ({
  rankedAny: `p.board_id = @board AND p.queue_rank IS NOT NULL AND p.hidden = ${d.false}
  AND p.status NOT IN ('shipped', 'declined')`,
  plannedAny: `p.board_id = @board AND p.queue_rank IS NULL AND p.hidden = ${d.false} AND p.status = 'planned'`,
  unclaimed: `NOT EXISTS (SELECT 1 FROM fb_claims c
  WHERE c.post_id = p.id AND c.api_key_id <> @key AND c.expires_at > @now)`,
  free: 'NOT EXISTS (SELECT 1 FROM fb_claims c WHERE c.post_id = p.id AND c.expires_at > @now)',
});

/**
 * Claim-next in one statement: an INSERT whose row comes from a SELECT of the first post in queue
 * order with no live claim of anyone, upserted over an expired claim of that post (the DO UPDATE
 * applies only to an expired one), RETURNING the claim. It runs inside the write transaction,
 * which holds the write lock (SQLite's from its `BEGIN IMMEDIATE`, PostgreSQL's by organization),
 * so the choice and the write cannot be separated by another writer: concurrent callers, in this
 * process or in others, each get a different post. No read precedes it.
 *
 * The two halves of the queue are picked as in `listQueue`, each an index walk on its partial
 * index that stops at the first free post; the ranked half wins when both have one.
 * `WHERE true` resolves SQLite's parsing ambiguity between a SELECT's join and an upsert's ON.
 */
export function claimNextSql(d: Dialect): string {
  const { rankedAny, plannedAny, free } = queueTerms(d);
  return `
INSERT INTO fb_claims (post_id, api_key_id, agent_label, claimed_at, expires_at)
SELECT next.id, @key, @label, @now, @expires_at FROM (
  SELECT id, 0 AS part FROM (
    SELECT p.id FROM fb_posts p WHERE ${rankedAny} AND ${free} ORDER BY p.queue_rank, p.id LIMIT 1) AS ranked
  UNION ALL
  SELECT id, 1 AS part FROM (
    SELECT p.id FROM fb_posts p WHERE ${plannedAny} AND ${free}
     ORDER BY p.vote_count DESC, p.created_at, p.id LIMIT 1) AS planned
  ORDER BY part LIMIT 1
) AS next WHERE true
ON CONFLICT (post_id) DO UPDATE SET
  api_key_id = excluded.api_key_id,
  agent_label = excluded.agent_label,
  claimed_at = excluded.claimed_at,
  expires_at = excluded.expires_at
WHERE fb_claims.expires_at <= @now
RETURNING post_id, api_key_id, agent_label, claimed_at, expires_at`;
}
