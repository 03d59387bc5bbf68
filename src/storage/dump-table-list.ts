/**
 * The tables a dump carries, in its order, and the record tables it leaves out. Generated from the
 * tables' declaration (`schema/tables.ts`), the released order (`schema/dump-order.ts`) and the
 * migration steps (`schema/steps.ts`) by `npm run derive` (scripts/derive-record-schema.mjs): do
 * not edit it. A test fails while this file differs from what they give.
 */
import type { TableName } from './record-store.js';

/**
 * The order of a dump's tables, each after the tables its rows refer to: the released order, then
 * the tables added since, in the order of their steps.
 */
export const DUMP_ORDER: readonly TableName[] = [
  'organizations', 'statuses', 'api_keys', 'settings', 'boards', 'board_fields', 'posts', 'tags',
  'post_tags', 'evidence', 'claims', 'voters', 'votes', 'follows', 'post_authors', 'voter_blocks',
  'comments', 'reactions', 'comment_edits', 'post_merges', 'moderated_boards', 'held_posts', 'webhooks',
  'webhook_messages', 'webhook_attempts', 'team_members', 'sign_in_links', 'oauth_clients', 'oauth_grants',
  'oauth_codes', 'oauth_tokens', 'mail_queue', 'mail_failures', 'mail_unsubscribes', 'activity',
  'attachments', 'attachment_bytes', 'sso_secrets', 'sso_settings', 'companies', 'sso_identities',
  'voter_companies', 'board_access', 'voter_claims', 'company_voters', 'import_sources',
  'integration_connections', 'post_links', 'integration_deliveries', 'chat_targets', 'integration_calls',
  'integration_call_attempts', 'deleted_posts', 'changelog_entries', 'saved_views',
];

/**
 * Record-store tables a dump leaves out, and why (each table's `record.notDumped`). Statistics
 * and indexes are rebuilt from the rows when a dump is loaded, exactly as the writes that made
 * them would have.
 */
export const RECORD_TABLES_NOT_DUMPED: Readonly<Partial<Record<TableName, string>>> = {
  post_words: 'the similar-posts index, rebuilt from post titles on import',
  sessions: 'sign-in sessions do not move with the data: people sign in again',
  board_days: 'statistics, rebuilt from posts, votes and comments on import',
  board_voters: 'statistics, rebuilt from votes on import',
};

/** Record-store tables whose SQL table is not `fb_` + their name (each table's `record.name`). */
export const SQL_NAMES: Readonly<Partial<Record<TableName, string>>> = {
  activity: 'fb_post_activity',
};
