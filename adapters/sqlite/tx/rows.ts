/**
 * Rows of SQLite's own statements and their conversion to the contract's records: posts read as
 * one JSON array each. Every conversion builds a new object, so records handed out never alias
 * anything the adapter keeps.
 */
import type { PostRecord } from '../../../src/domain/records.js';
import { POST_ROW, postFromRow } from '../../sql/tx/rows.js';
import { SQLITE_DIALECT } from '../seam.js';
import type { Sql, SqlParams } from '../sql.js';

/** A post as one JSON array: SQLite's text of `POST_ROW` (adapters/sql/tx/rows.ts). */
export const POST_ARRAY = POST_ROW(SQLITE_DIALECT);

/** The posts selected by `source`, whose SELECT list is {@link POST_ARRAY}. */
export function selectPosts(sql: Sql, source: string, ...params: SqlParams): PostRecord[] {
  return sql.column<string>(source, ...params).map((row) => postFromRow(SQLITE_DIALECT, row));
}

