/**
 * PostgreSQL's own agent methods (the rest of the aggregate is adapters/sql/tx/agent.ts), each one
 * statement where the shared SQL takes several, since here every statement is a round trip: the
 * queue with its total, a claim with the claim it found (so the outcome's name cannot be stale),
 * and a release with what it found.
 */
import type { ClaimRecord } from '../../../src/domain/records.js';
import type { AggregateMethods } from '../../../src/storage/contract/registry.js';
import { pageBounds } from '../../sql/statements.js';
import { CLAIM_UPSERT, claimOutcome, claimValues } from '../../sql/tx/agent.js';
import { queueTerms } from '../../sql/tx/queue.js';
import { POST_COLUMNS, tupleToPost } from '../../sql/tx/rows.js';
import type { PostgresSeam } from '../seam.js';

const CLAIM_FIELDS = 'post_id, api_key_id, agent_label, claimed_at, expires_at';

/** The shared claim upsert, returning the stored claim and the one that was there before. */
const CLAIM_WITH_BEFORE = `
WITH before AS (SELECT ${CLAIM_FIELDS} FROM fb_claims WHERE post_id = @post_id),
stored AS (${CLAIM_UPSERT})
SELECT 'stored' AS which, ${CLAIM_FIELDS} FROM stored
UNION ALL
SELECT 'before' AS which, ${CLAIM_FIELDS} FROM before`;

/** What PostgreSQL answers of the agent aggregate its own way. */
export function postgresAgentMethods(db: PostgresSeam): Pick<AggregateMethods<'agent'>, 'listQueue' | 'claimPost' | 'releaseClaim'> {
  const d = db.dialect;
  const { rankedAny, plannedAny, unclaimed } = queueTerms(d);
  /**
   * Ranked posts first (queue_rank, id), then unranked planned ones (vote_count desc, created_at,
   * id): two index walks of at most `limit` rows each, numbered in their own order. The eligible
   * posts are the visible planned ones, ranked or not, plus the ranked ones that are open or in
   * progress, so the total is the maintained count of visible planned posts (schema-aggregates.ts)
   * plus the maintained count of those ranked ones (schema-ranked-counts.ts), minus the (few)
   * eligible posts under another key's live claim: no row of the queue is counted.
   */
  const queue = `SELECT total.n AS total_count, q.*
  FROM (SELECT (SELECT coalesce(sum(s.posts), 0) FROM fb_board_statuses s WHERE s.board_id = @board AND s.status = 'planned')
             + (SELECT coalesce(sum(r.posts), 0) FROM fb_ranked_posts r
                 WHERE r.board_id = @board AND r.status NOT IN ('planned', 'shipped', 'declined'))
             - (SELECT count(*) FROM fb_claims c JOIN fb_posts p ON p.id = c.post_id
                 WHERE c.api_key_id <> @key AND c.expires_at > @now
                   AND ((${rankedAny}) OR (${plannedAny}))) AS n) total
  LEFT JOIN LATERAL (
    (SELECT ${POST_COLUMNS}, 1 AS part, row_number() OVER (ORDER BY p.queue_rank, p.id) AS pos
       FROM fb_posts p WHERE ${rankedAny} AND ${unclaimed}
      ORDER BY p.queue_rank, p.id LIMIT @limit)
    UNION ALL
    (SELECT ${POST_COLUMNS}, 2 AS part,
            row_number() OVER (ORDER BY p.vote_count DESC, p.created_at, p.id) AS pos
       FROM fb_posts p WHERE ${plannedAny} AND ${unclaimed}
      ORDER BY p.vote_count DESC, p.created_at, p.id LIMIT @limit)
  ) q ON true
  ORDER BY q.part, q.pos
  LIMIT @limit`;

  return {
    async listQueue(boardId, query) {
      const { limit } = pageBounds(d, { limit: query.limit, offset: 0 });
      // Each row: the total (a bigint, as text), then the post's columns (all null past the end).
      const rows = await db.tuples(queue, { board: boardId, key: query.apiKeyId, now: query.now, limit });
      const total = Number(rows[0]?.[0] ?? 0);
      return { rows: rows.filter((row) => row[1] !== null).map((row) => tupleToPost(row, 1)), total };
    },
    async claimPost(request) {
      const rows = await db.rows<ClaimRecord & { which: 'stored' | 'before' }>(CLAIM_WITH_BEFORE, claimValues(request));
      const claim = (which: string): ClaimRecord | undefined => {
        const found = rows.find((row) => row.which === which);
        if (found === undefined) return undefined;
        const { which: _which, ...record } = found;
        return record;
      };
      return claimOutcome(request, claim('before') ?? null, claim('stored'));
    },
    async releaseClaim(postId, apiKeyId, now) {
      // Removes the caller's claim or an expired one, and reports what was there, in one statement.
      const row = await db.row<{ removed_key: number | null; removed_expires: string | null; remaining: boolean }>(
        `WITH removed AS (
           DELETE FROM fb_claims WHERE post_id = @post AND (api_key_id = @key OR expires_at <= @now)
           RETURNING api_key_id, expires_at)
         SELECT (SELECT api_key_id FROM removed) AS removed_key,
                (SELECT expires_at FROM removed) AS removed_expires,
                EXISTS (SELECT 1 FROM fb_claims WHERE post_id = @post) AS remaining`,
        { post: postId, key: apiKeyId, now },
      );
      if (row!.removed_key !== null) return row!.removed_key === apiKeyId && row!.removed_expires! > now ? 'released' : 'none';
      return row!.remaining ? 'conflict' : 'none';
    },
  };
}
