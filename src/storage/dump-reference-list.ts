/**
 * The references between record tables: which fields of a row name a row of another table (by
 * its key), as SQLite's foreign keys hold them. Generated from the tables' declaration
 * (`schema/tables.ts`) by `npm run derive` (scripts/derive-record-schema.mjs): do not edit it.
 * A test fails while this file differs from what the declaration gives.
 */
import type { TableName } from './record-store.js';

/** Fields of a row that hold the key of a row of `table` (all null: no reference). */
export interface DumpReference {
  readonly fields: readonly string[];
  readonly table: TableName;
}

const to = (table: TableName, ...fields: string[]): DumpReference => ({ fields, table });

/** Every reference of every record table; a table absent here refers to nothing. */
export const RECORD_REFERENCES: Readonly<Partial<Record<TableName, readonly DumpReference[]>>> = {
  statuses: [to('organizations', 'organization_id')],
  api_keys: [to('organizations', 'organization_id')],
  boards: [to('organizations', 'organization_id')],
  posts: [to('boards', 'board_id'), to('statuses', 'status_label_id')],
  board_fields: [to('boards', 'board_id')],
  tags: [to('boards', 'board_id')],
  post_tags: [to('posts', 'post_id'), to('tags', 'tag_id')],
  post_words: [to('posts', 'post_id')],
  post_merges: [to('posts', 'source_id')],
  deleted_posts: [to('organizations', 'organization_id'), to('boards', 'board_id')],
  changelog_entries: [to('organizations', 'organization_id'), to('boards', 'board_id')],
  import_sources: [to('boards', 'board_id')],
  evidence: [to('posts', 'post_id')],
  claims: [to('posts', 'post_id'), to('api_keys', 'api_key_id')],
  activity: [to('posts', 'post_id')],
  voters: [to('organizations', 'organization_id')],
  votes: [to('posts', 'post_id'), to('voters', 'voter_id')],
  follows: [to('posts', 'post_id'), to('voters', 'voter_id')],
  post_authors: [to('posts', 'post_id'), to('voters', 'voter_id')],
  voter_blocks: [to('voters', 'voter_id')],
  comments: [to('posts', 'post_id'), to('comments', 'parent_comment_id'), to('voters', 'voter_id')],
  comment_edits: [to('comments', 'comment_id')],
  reactions: [to('comments', 'comment_id'), to('voters', 'voter_id')],
  moderated_boards: [to('boards', 'board_id')],
  held_posts: [to('organizations', 'organization_id'), to('boards', 'board_id'), to('voters', 'voter_id')],
  attachments: [to('organizations', 'organization_id'), to('posts', 'post_id'), to('comments', 'comment_id'), to('held_posts', 'held_post_id')],
  attachment_bytes: [to('attachments', 'attachment_id')],
  team_members: [to('organizations', 'organization_id')],
  oauth_grants: [to('organizations', 'organization_id'), to('oauth_clients', 'client_id'), to('team_members', 'member_id'), to('api_keys', 'api_key_id')],
  oauth_codes: [to('oauth_grants', 'grant_id')],
  oauth_tokens: [to('oauth_grants', 'grant_id')],
  sso_secrets: [to('organizations', 'organization_id')],
  sso_settings: [to('organizations', 'organization_id')],
  sso_identities: [to('organizations', 'organization_id'), to('voters', 'voter_id')],
  companies: [to('organizations', 'organization_id')],
  voter_companies: [to('voters', 'voter_id'), to('companies', 'organization_id', 'company_id')],
  company_voters: [to('voters', 'voter_id'), to('companies', 'organization_id', 'company_id')],
  board_access: [to('boards', 'board_id'), to('organizations', 'organization_id')],
  voter_claims: [to('voters', 'voter_id'), to('organizations', 'organization_id')],
  webhooks: [to('organizations', 'organization_id')],
  webhook_messages: [to('webhooks', 'webhook_id')],
  webhook_attempts: [to('webhook_messages', 'message_id')],
  mail_queue: [to('organizations', 'organization_id'), to('voters', 'voter_id'), to('posts', 'post_id')],
  mail_failures: [to('organizations', 'organization_id')],
  saved_views: [to('organizations', 'organization_id')],
  mail_unsubscribes: [to('boards', 'board_id')],
  integration_connections: [to('organizations', 'organization_id')],
  post_links: [to('posts', 'post_id'), to('integration_connections', 'connection_id')],
  integration_deliveries: [to('integration_connections', 'connection_id')],
  chat_targets: [to('boards', 'board_id')],
  integration_calls: [to('organizations', 'organization_id'), to('integration_connections', 'connection_id'), to('chat_targets', 'chat_target_id')],
  integration_call_attempts: [to('integration_calls', 'call_id')],
};
