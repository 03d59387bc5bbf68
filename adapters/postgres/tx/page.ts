/**
 * A page of posts and the number of all matches, in ONE statement (one round trip): the count and
 * the page are two subqueries over the same WHERE, joined laterally so that an empty page (an
 * offset past the end) still returns one row carrying the total.
 */
import type { Page } from '../../../src/storage/contract.js';
import type { PostRecord } from '../../../src/domain/records.js';
import type { Sql, SqlValue } from '../sql.js';
import { POST_COLUMNS, toPost, type PostRow } from './rows.js';

export interface PageStatement {
  /** WHERE over `fb_posts p`, with parameters $1..$n. */
  where: string;
  /** ORDER BY over `p`. */
  order: string;
  params: SqlValue[];
  limit: number;
  offset: number;
  /** A scalar subquery giving the total (with the same parameters), when a maintained count has it. */
  total?: string;
}

/** The page's SQL; exported for the query-plan tests. */
export function pageSql({ where, order, params, total }: Pick<PageStatement, 'where' | 'order' | 'params' | 'total'>): string {
  const limit = params.length + 1;
  const outerOrder = order.replaceAll('p.', 'page.');
  return `SELECT total.n AS total_count, page.*
    FROM (SELECT ${total ?? `(SELECT count(*)::int FROM fb_posts p WHERE ${where})`} AS n) total
    LEFT JOIN LATERAL (
      SELECT ${POST_COLUMNS} FROM fb_posts p WHERE ${where} ORDER BY ${order} LIMIT $${limit} OFFSET $${limit + 1}
    ) page ON true
    ORDER BY ${outerOrder}`;
}

export async function pageWithTotal(sql: Sql, statement: PageStatement): Promise<Page<PostRecord>> {
  const rows = await sql.rows<PostRow & { total_count: number }>(pageSql(statement), [
    ...statement.params,
    statement.limit,
    statement.offset,
  ]);
  const total = rows[0]?.total_count ?? 0;
  return { rows: rows.filter((row) => row.id !== null).map(toPost), total };
}
