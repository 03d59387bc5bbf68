/**
 * The agent queue's SQL: the WHERE terms of its two halves, its total, and claim-next. Each query
 * repeats, word for word, the WHERE terms of the partial index made for it in schema.ts, which is
 * what lets SQLite use that index; a page is then an index walk that stops after `limit` rows.
 * Named parameters: `@board`, `@key` (the calling key), `@now`, `@limit`; claim-next also
 * `@label` and `@expires_at`.
 */

/** Not under a live claim of another key (`@key`, `@now`). */
const UNCLAIMED = `NOT EXISTS (SELECT 1 FROM fb_claims c
  WHERE c.post_id = p.id AND c.api_key_id <> @key AND c.expires_at > @now)`;
/** Ranked queue posts of board `@board`, word for word the WHERE of the index fb_posts_queue_ranked. */
const RANKED_ANY = `p.board_id = @board AND p.queue_rank IS NOT NULL AND p.hidden = 0
  AND p.status NOT IN ('shipped', 'declined')`;
/** Unranked planned posts of board `@board`, word for word the WHERE of the index fb_posts_queue_planned. */
const PLANNED_ANY = `p.board_id = @board AND p.queue_rank IS NULL AND p.hidden = 0 AND p.status = 'planned'`;

/** The ranked half of the queue for `@key`: queue_rank, id. */
export const QUEUE_RANKED = `${RANKED_ANY} AND ${UNCLAIMED}`;
/** The planned half of the queue for `@key`: vote_count desc, created_at, id. */
export const QUEUE_PLANNED = `${PLANNED_ANY} AND ${UNCLAIMED}`;

/**
 * The queue's total, counting no rows of the queue: the visible planned posts (ranked or not) of
 * `fb_board_statuses` plus the visible ranked open and in-progress posts of `fb_ranked_posts`
 * (maintained counts, src/storage/counters.ts), less the eligible posts under another key's live
 * claim. CROSS JOIN makes that last count walk the claims (few) first rather than every post of
 * the board.
 */
export const QUEUE_TOTAL = `SELECT (SELECT coalesce(sum(posts), 0) FROM fb_board_statuses WHERE board_id = @board AND status = 'planned')
  + (SELECT coalesce(sum(posts), 0) FROM fb_ranked_posts WHERE board_id = @board AND status NOT IN ('planned', 'shipped', 'declined'))
  - (SELECT count(*) FROM fb_claims c CROSS JOIN fb_posts p ON p.id = c.post_id
      WHERE c.api_key_id <> @key AND c.expires_at > @now AND ((${RANKED_ANY}) OR (${PLANNED_ANY})))`;

/** No live claim of any key, the caller's own included. */
const FREE = `NOT EXISTS (SELECT 1 FROM fb_claims c WHERE c.post_id = p.id AND c.expires_at > @now)`;

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
 * `WHERE true` resolves SQLite's parsing ambiguity between a SELECT's join and an upsert's ON.
 */
export const CLAIM_NEXT = `
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
