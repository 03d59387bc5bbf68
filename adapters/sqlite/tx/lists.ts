/**
 * The agent queue, the roadmap and the changelog. Each query repeats, word for word, the WHERE
 * terms (and expression) of the partial index made for it in schema.ts, which is what lets
 * SQLite use that index; the page is then an index walk that stops after `limit` rows. The
 * roadmap's and the changelog's totals are the maintained non-hidden counts per status
 * (`fb_board_statuses`, schema-aggregates.ts).
 */
import type { StorageTx } from '../../../src/storage/contract.js';
import { pageBounds, type Sql } from '../sql.js';
import { POST_COLUMNS, selectPosts } from './rows.js';

type ListMethods = Pick<StorageTx, 'listQueue' | 'listRoadmap' | 'listChangelog'>;

/** Not under a live claim of another key (`@key`, `@now`). */
const UNCLAIMED = `NOT EXISTS (SELECT 1 FROM fb_claims c
  WHERE c.post_id = p.id AND c.api_key_id <> @key AND c.expires_at > @now)`;
/** Ranked queue posts of board `@board`, word for word the WHERE of the index fb_posts_queue_ranked. */
export const RANKED_ANY = `p.board_id = @board AND p.queue_rank IS NOT NULL AND p.hidden = 0
  AND p.status NOT IN ('shipped', 'declined')`;
/** Unranked planned posts of board `@board`, word for word the WHERE of the index fb_posts_queue_planned. */
export const PLANNED_ANY = `p.board_id = @board AND p.queue_rank IS NULL AND p.hidden = 0 AND p.status = 'planned'`;
const RANKED = `${RANKED_ANY} AND ${UNCLAIMED}`;
const PLANNED = `${PLANNED_ANY} AND ${UNCLAIMED}`;
/**
 * The queue's total: eligible posts counted on the two partial indexes alone, less those under
 * another key's live claim. The planned index is named because the planner otherwise picks the
 * status index and reads every planned row from the table; CROSS JOIN makes it walk the claims
 * (few) first rather than every post of the board. Either mistake made the queue grow faster
 * than the board.
 */
const QUEUE_TOTAL = `SELECT (SELECT count(*) FROM fb_posts p WHERE ${RANKED_ANY})
  + (SELECT count(*) FROM fb_posts p INDEXED BY fb_posts_queue_planned WHERE ${PLANNED_ANY})
  - (SELECT count(*) FROM fb_claims c CROSS JOIN fb_posts p ON p.id = c.post_id
      WHERE c.api_key_id <> @key AND c.expires_at > @now AND ((${RANKED_ANY}) OR (${PLANNED_ANY})))`;

const ROADMAP = `p.board_id = ? AND p.hidden = 0 AND p.status <> 'declined'`;
const ROADMAP_ORDER = `(CASE p.status WHEN 'open' THEN 0 WHEN 'planned' THEN 1 WHEN 'in_progress' THEN 2 ELSE 3 END),
  p.vote_count DESC, p.id`;
const CHANGELOG = `p.board_id = ? AND p.hidden = 0 AND p.status = 'shipped'`;

export function listMethods(sql: Sql): ListMethods {
  return {
    async listQueue(boardId, query) {
      const { limit } = pageBounds({ limit: query.limit, offset: 0 });
      const named = { board: boardId, key: query.apiKeyId, now: query.now };
      // Two index walks, ranked posts first; the second only fills what the first left of the page.
      const ranked = selectPosts(
        sql,
        `SELECT ${POST_COLUMNS} FROM fb_posts p WHERE ${RANKED} ORDER BY p.queue_rank, p.id LIMIT @limit`,
        { ...named, limit },
      );
      const planned =
        ranked.length < limit
          ? selectPosts(
              sql,
              `SELECT ${POST_COLUMNS} FROM fb_posts p WHERE ${PLANNED}
                ORDER BY p.vote_count DESC, p.created_at, p.id LIMIT @limit`,
              { ...named, limit: limit - ranked.length },
            )
          : [];
      const total = sql.value<number>(QUEUE_TOTAL, named)!;
      return { rows: [...ranked, ...planned], total };
    },

    async listRoadmap(boardId, query) {
      const { limit, offset } = pageBounds(query);
      const rows = selectPosts(
        sql,
        `SELECT ${POST_COLUMNS} FROM fb_posts p WHERE ${ROADMAP} ORDER BY ${ROADMAP_ORDER} LIMIT ? OFFSET ?`,
        boardId,
        limit,
        offset,
      );
      const total = sql.value<number>(
        "SELECT coalesce(sum(posts), 0) FROM fb_board_statuses WHERE board_id = ? AND status <> 'declined'",
        boardId,
      )!;
      return { rows, total };
    },

    async listChangelog(boardId, query) {
      const { limit, offset } = pageBounds(query);
      const rows = selectPosts(
        sql,
        `SELECT ${POST_COLUMNS} FROM fb_posts p WHERE ${CHANGELOG}
          ORDER BY p.shipped_at DESC, p.id DESC LIMIT ? OFFSET ?`,
        boardId,
        limit,
        offset,
      );
      const total = sql.value<number>(
        "SELECT coalesce(sum(posts), 0) FROM fb_board_statuses WHERE board_id = ? AND status = 'shipped'",
        boardId,
      )!;
      return { rows, total };
    },
  };
}
