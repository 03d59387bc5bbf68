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
}

/** The page's SQL; exported for the query-plan tests. */
export function pageSql({ where, order, params }: Pick<PageStatement, 'where' | 'order' | 'params'>): string {
  const limit = params.length + 1;
  const outerOrder = order.replaceAll('p.', 'page.');
  return `SELECT total.n AS total_count, page.*
    FROM (SELECT count(*)::int AS n FROM fb_posts p WHERE ${where}) total
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
