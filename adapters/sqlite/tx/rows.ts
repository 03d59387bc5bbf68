/**
 * Rows of SQLite's own statements and their conversion to the contract's records: posts read as
 * tuples. Every conversion builds a new object, so records handed out never alias anything the
 * adapter keeps.
 */
import type { PostRecord } from '../../../src/domain/records.js';
import { tupleToPost } from '../../sql/tx/rows.js';
import type { Sql, SqlParams } from '../sql.js';

/** The posts selected by `source` (whose SELECT list is `POST_COLUMNS` of adapters/sql/tx/rows.ts). */
export function selectPosts(sql: Sql, source: string, ...params: SqlParams): PostRecord[] {
  return sql.tuples(source, ...params).map((t) => tupleToPost(t));
}

