/**
 * A page of posts and the number of all matches, in ONE statement (one round trip), joined
 * laterally so that an empty page (an offset past the end) still returns one row carrying the
 * total.
 *
 * With a maintained total (a scalar subquery over the statistics), the page is an index walk that
 * stops after `limit + offset` rows. Without one (a search), every match
 * must be found to count it, so the matches are found ONCE, as a materialized set of their ids and
 * sort keys: the count reads that set, and the page sorts it and reads only its own rows' columns.
 * (Two subqueries over the same WHERE would find every match twice: for a search, twice the
 * trigram lookups and twice the recheck of each matching post.)
 */
import type { Page } from '../../../src/storage/contract.js';
import type { PostRecord } from '../../../src/domain/records.js';
import type { Planning, Sql, SqlValue } from '../sql.js';
import { POST_COLUMNS, toPost, type PostRow } from './rows.js';

export interface PageStatement {
  /** WHERE over `fb_posts p`, with parameters $1..$n. */
  where: string;
  /**
   * ORDER BY over `p`. Without `total` it may name only the columns of {@link MATCH_KEYS}, since
   * it then sorts the set of matches.
   */
  order: string;
  params: SqlValue[];
  limit: number;
  offset: number;
  /** A scalar subquery giving the total (with the same parameters), when a maintained count has it. */
  total?: string;
  /** Planned for its values (a search, a tag), not on a generic plan: see `Planning` in sql.ts. */
  planning?: Planning;
}

/** What the set of matches keeps of each post: its id and every key a post list sorts by. */
export const MATCH_KEYS = 'p.id, p.created_at, p.vote_count';

/** The page's SQL; exported for the query-plan tests. */
export function pageSql({ where, order, params, total }: Pick<PageStatement, 'where' | 'order' | 'params' | 'total'>): string {
  const limit = params.length + 1;
  const outerOrder = order.replaceAll('p.', 'page.');
  if (total !== undefined) {
    return `SELECT total.n AS total_count, page.*
    FROM (SELECT ${total} AS n) total
    LEFT JOIN LATERAL (
      SELECT ${POST_COLUMNS} FROM fb_posts p WHERE ${where} ORDER BY ${order} LIMIT $${limit} OFFSET $${limit + 1}
    ) page ON true
    ORDER BY ${outerOrder}`;
  }
  // The set's alias is `p` too, so that `order` reads the same over the set as over the posts.
  return `WITH matches AS MATERIALIZED (SELECT ${MATCH_KEYS} FROM fb_posts p WHERE ${where})
    SELECT total.n AS total_count, page.*
    FROM (SELECT count(*)::int AS n FROM matches) total
    LEFT JOIN LATERAL (
      SELECT ${POST_COLUMNS} FROM fb_posts p
       WHERE p.id IN (SELECT p.id FROM matches p ORDER BY ${order} LIMIT $${limit} OFFSET $${limit + 1})
    ) page ON true
    ORDER BY ${outerOrder}`;
}

export async function pageWithTotal(sql: Sql, statement: PageStatement): Promise<Page<PostRecord>> {
  const rows = await sql.rows<PostRow & { total_count: number }>(
    pageSql(statement),
    [...statement.params, statement.limit, statement.offset],
    statement.planning,
  );
  const total = rows[0]?.total_count ?? 0;
  return { rows: rows.filter((row) => row.id !== null).map(toPost), total };
}
