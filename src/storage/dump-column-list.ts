/**
 * The fields of each record table that SQL keeps otherwise than a record does, which a dump
 * converts (`dump-columns.ts`): flags (0/1 in SQLite), JSON (in `jsonb`, or text where the
 * declaration says `jsonText`), bytes and PostgreSQL's `bigint`s. Generated from the tables'
 * declaration (`schema/tables.ts`) by `npm run derive` (scripts/derive-record-schema.mjs): do
 * not edit it. A test fails while this file differs from what the declaration gives.
 */
import type { TableName } from './record-store.js';

/** Fields of a table that SQL keeps otherwise than its record, by how (none: the same). */
export interface DumpColumns {
  readonly flags?: readonly string[];
  readonly json?: readonly string[];
  readonly binary?: readonly string[];
  readonly bigints?: readonly string[];
}

export const DUMP_COLUMNS: Readonly<Partial<Record<TableName, DumpColumns>>> = {
  statuses: { flags: ['is_default'] },
  boards: { flags: ['published'] },
  posts: { flags: ['is_admin', 'hidden', 'pinned'], json: ['fields'] },
  board_fields: { flags: ['required'], json: ['options'] },
  post_merges: { json: ['moved'] },
  deleted_posts: { json: ['snapshot'] },
  changelog_entries: { json: ['post_ids'] },
  activity: { json: ['detail'] },
  follows: { flags: ['following'] },
  comments: { flags: ['is_admin', 'hidden'] },
  comment_edits: { flags: ['by_team'] },
  held_posts: { json: ['tag_slugs', 'fields'] },
  attachment_bytes: { binary: ['bytes'] },
  oauth_clients: { json: ['redirect_uris'] },
  sso_settings: { json: ['jwks_algorithms'] },
  companies: { bigints: ['monthly_revenue'] },
  board_access: { json: ['email_domains', 'claim_values'] },
  voter_claims: { json: ['claims'] },
  webhooks: { flags: ['active'], json: ['events'] },
  webhook_attempts: { flags: ['success'] },
  mail_queue: { json: ['events'] },
  integration_connections: { flags: ['active'] },
  chat_targets: { flags: ['active'], json: ['events'] },
  integration_call_attempts: { flags: ['retry', 'success'] },
};
