/**
 * SQLite's own agent method, the queue with its total (the rest of the aggregate is
 * adapters/sql/tx/agent.ts): two index walks, one a half of the queue (queue.ts there), and a
 * total that counts no row of the queue, its join order kept with CROSS JOIN, which PostgreSQL
 * does not read that way.
 */
import type { AggregateMethods } from '../../../src/storage/contract/registry.js';
import { pageBounds } from '../../sql/statements.js';
import { queueTerms } from '../../sql/tx/queue.js';
import { SQLITE_DIALECT, type SqliteSeam } from '../seam.js';
import { POST_ARRAY, selectPosts } from './rows.js';

const { rankedAny, plannedAny, unclaimed } = queueTerms(SQLITE_DIALECT);

/**
 * The queue's total, counting no rows of the queue: the visible planned posts (ranked or not) of
 * `fb_board_statuses` plus the visible ranked open and in-progress posts of `fb_ranked_posts`
 * (maintained counts, src/storage/counters.ts), less the eligible posts under another key's live
 * claim. CROSS JOIN makes that last count walk the claims (few) first rather than every post of
 * the board.
 */
const QUEUE_TOTAL = `SELECT (SELECT coalesce(sum(posts), 0) FROM fb_board_statuses WHERE board_id = @board AND status = 'planned')
  + (SELECT coalesce(sum(posts), 0) FROM fb_ranked_posts WHERE board_id = @board AND status NOT IN ('planned', 'shipped', 'declined'))
  - (SELECT count(*) FROM fb_claims c CROSS JOIN fb_posts p ON p.id = c.post_id
      WHERE c.api_key_id <> @key AND c.expires_at > @now AND ((${rankedAny}) OR (${plannedAny})))`;

/** What SQLite answers of the agent aggregate its own way. */
export function sqliteAgentMethods(db: SqliteSeam): Pick<AggregateMethods<'agent'>, 'listQueue'> {
  const { sql } = db;
  return {
    async listQueue(boardId, query) {
      const { limit } = pageBounds(SQLITE_DIALECT, { limit: query.limit, offset: 0 });
      const named = { board: boardId, key: query.apiKeyId, now: query.now };
      // Two index walks, ranked posts first; the second only fills what the first left of the page.
      const ranked = selectPosts(
        sql,
        `SELECT ${POST_ARRAY} FROM fb_posts p WHERE ${rankedAny} AND ${unclaimed} ORDER BY p.queue_rank, p.id LIMIT @limit`,
        { ...named, limit },
      );
      const planned =
        ranked.length < limit
          ? selectPosts(
              sql,
              `SELECT ${POST_ARRAY} FROM fb_posts p WHERE ${plannedAny} AND ${unclaimed}
                ORDER BY p.vote_count DESC, p.created_at, p.id LIMIT @limit`,
              { ...named, limit: limit - ranked.length },
            )
          : [];
      const total = sql.value<number>(QUEUE_TOTAL, named)!;
      return { rows: [...ranked, ...planned], total };
    },
  };
}
