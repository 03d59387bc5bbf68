/**
 * Rows as SQLite returns them, and their conversion to the contract's records (0/1 to booleans,
 * the proposal's four columns to one object, JSON text to arrays). Every conversion builds a new
 * object, so records handed out never alias anything the adapter keeps.
 */
import type {
  ApiKeyRecord,
  PostRecord,
  PostStatus,
  WebhookRecord,
} from '../../../src/domain/records.js';
import { tupleToPost } from '../../sql/tx/rows.js';
import type { Sql, SqlParams } from '../sql.js';

type Flag = 0 | 1;

/** The posts selected by `source` (whose SELECT list is `POST_COLUMNS` of adapters/sql/tx/rows.ts). */
export function selectPosts(sql: Sql, source: string, ...params: SqlParams): PostRecord[] {
  return sql.tuples(source, ...params).map((t) => tupleToPost(t));
}

export type WebhookRow = Omit<WebhookRecord, 'events' | 'active'> & { events: string; active: Flag };

export function toWebhook(row: WebhookRow): WebhookRecord {
  return { ...row, events: JSON.parse(row.events) as string[], active: row.active === 1 };
}

/** Records stored as they are: the row already is a fresh object of the record's shape. */
export type ApiKeyRow = ApiKeyRecord;
