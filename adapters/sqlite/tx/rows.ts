/**
 * Rows of SQLite's own statements and their conversion to the contract's records: posts read as
 * tuples, webhooks (0/1 to a boolean, JSON text to an array). Every conversion builds a new object,
 * so records handed out never alias anything the adapter keeps.
 */
import type { PostRecord, WebhookRecord } from '../../../src/domain/records.js';
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
