/**
 * A page of posts and the number of all matches, in ONE statement (one round trip), joined
 * laterally so that an empty page (an offset past the end) still returns one row carrying the
 * total: PostgreSQL's way of answering a list that SQLite answers in two statements (a page, then
 * its total), since here every statement is a round trip.
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
import type { Planning, SqlSeam, SqlValue } from '../../sql/seam.js';
import { POST_COLUMNS, tupleToPost } from '../../sql/tx/rows.js';

export interface PageStatement {
  /** WHERE over `fb_posts p`, with `@name` placeholders. */
  where: string;
  /**
   * ORDER BY over `p`. Without `total` it may name only the columns of {@link MATCH_KEYS}, since
   * it then sorts the set of matches.
   */
  order: string;
  /** The values of `where` and `total` by name (`limit` and `offset` are added). */
  values: Record<string, SqlValue>;
  limit: number;
  offset: number;
  /** A scalar subquery giving the total (with the same values), when a maintained count has it. */
  total?: string;
  /** Planned for its values (a search, a tag), not on a generic plan: see `Planning` in sql.ts. */
  planning?: Planning;
}

/** What the set of matches keeps of each post: its id and every key a post list sorts by. */
export const MATCH_KEYS = 'p.id, p.created_at, p.vote_count';

/** The page's SQL; exported for the query-plan tests. */
export function pageSql({ where, order, total }: Pick<PageStatement, 'where' | 'order' | 'total'>): string {
  const outerOrder = order.replaceAll('p.', 'page.');
  if (total !== undefined) {
    return `SELECT total.n AS total_count, page.*
    FROM (SELECT ${total} AS n) total
    LEFT JOIN LATERAL (
      SELECT ${POST_COLUMNS} FROM fb_posts p WHERE ${where} ORDER BY ${order} LIMIT @limit OFFSET @offset
    ) page ON true
    ORDER BY ${outerOrder}`;
  }
  // The set's alias is `p` too, so that `order` reads the same over the set as over the posts.
  return `WITH matches AS MATERIALIZED (SELECT ${MATCH_KEYS} FROM fb_posts p WHERE ${where})
    SELECT total.n AS total_count, page.*
    FROM (SELECT count(*)::int AS n FROM matches) total
    LEFT JOIN LATERAL (
      SELECT ${POST_COLUMNS} FROM fb_posts p
       WHERE p.id IN (SELECT p.id FROM matches p ORDER BY ${order} LIMIT @limit OFFSET @offset)
    ) page ON true
    ORDER BY ${outerOrder}`;
}

export async function pageWithTotal(db: SqlSeam, statement: PageStatement): Promise<Page<PostRecord>> {
  // Each row: the total, then the post's columns (all null past the end).
  const rows = await db.tuples(pageSql(statement), { ...statement.values, limit: statement.limit, offset: statement.offset }, statement.planning);
  const total = (rows[0]?.[0] as number | undefined) ?? 0;
  return { rows: rows.filter((row) => row[1] !== null).map((row) => tupleToPost(row, 1)), total };
}
