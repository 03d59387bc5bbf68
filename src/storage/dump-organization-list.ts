/**
 * The fields of each dumped row that name a row of a table of an organization: its references to
 * such tables, in column order, then the links its table declares (`record.links`: plain ids,
 * lists of ids, nested and conditional fields). Generated from the tables' declaration
 * (`schema/tables.ts`) by `npm run derive` (scripts/derive-record-schema.mjs): do not edit it.
 * A test fails while this file differs from what the declaration gives.
 */
import type { TableName } from './record-store.js';

/** A field naming a row of `table` (its id), a list of them (`list`), or one only when `when` holds. */
export interface OrganizationLink {
  readonly field: string;
  readonly table: TableName;
  readonly list?: boolean;
  readonly when?: { readonly field: string; readonly value: string };
}

const link = (field: string, table: TableName, extra: Partial<OrganizationLink> = {}): OrganizationLink => ({ field, table, ...extra });

/** The links of every dumped table that belongs to an organization; a table absent here belongs to none. */
export const ORGANIZATION_LINKS: Readonly<Partial<Record<TableName, readonly OrganizationLink[]>>> = {
  statuses: [link('organization_id', 'organizations')],
  api_keys: [link('organization_id', 'organizations')],
  boards: [link('organization_id', 'organizations')],
  board_fields: [link('board_id', 'boards')],
  posts: [link('board_id', 'boards'), link('status_label_id', 'statuses')],
  tags: [link('board_id', 'boards')],
  post_tags: [link('post_id', 'posts'), link('tag_id', 'tags')],
  evidence: [link('post_id', 'posts')],
  claims: [link('post_id', 'posts'), link('api_key_id', 'api_keys')],
  voters: [link('organization_id', 'organizations')],
  votes: [link('post_id', 'posts'), link('voter_id', 'voters')],
  follows: [link('post_id', 'posts'), link('voter_id', 'voters')],
  post_authors: [link('post_id', 'posts'), link('voter_id', 'voters')],
  voter_blocks: [link('voter_id', 'voters')],
  comments: [link('post_id', 'posts'), link('parent_comment_id', 'comments'), link('voter_id', 'voters')],
  reactions: [link('comment_id', 'comments'), link('voter_id', 'voters')],
  comment_edits: [link('comment_id', 'comments')],
  post_merges: [
    link('source_id', 'posts'),
    link('target_id', 'posts'),
    link('board_id', 'boards'),
    link('votes_added', 'voters', { list: true }),
    link('comment_ids', 'comments', { list: true }),
    link('evidence_ids', 'evidence', { list: true }),
    link('claim.api_key_id', 'api_keys'),
  ],
  moderated_boards: [link('board_id', 'boards')],
  held_posts: [
    link('organization_id', 'organizations'),
    link('board_id', 'boards'),
    link('voter_id', 'voters'),
    link('post_id', 'posts'),
    link('decided_by', 'team_members'),
  ],
  webhooks: [link('organization_id', 'organizations')],
  webhook_messages: [link('webhook_id', 'webhooks')],
  webhook_attempts: [link('message_id', 'webhook_messages'), link('webhook_id', 'webhooks')],
  team_members: [link('organization_id', 'organizations')],
  sign_in_links: [
    link('organization_id', 'organizations'),
    link('subject_id', 'team_members', { when: { field: 'kind', value: 'team' } }),
    link('subject_id', 'voters', { when: { field: 'kind', value: 'voter' } }),
  ],
  oauth_grants: [link('organization_id', 'organizations'), link('member_id', 'team_members'), link('api_key_id', 'api_keys')],
  oauth_codes: [link('grant_id', 'oauth_grants')],
  oauth_tokens: [link('grant_id', 'oauth_grants')],
  mail_queue: [link('organization_id', 'organizations'), link('voter_id', 'voters'), link('post_id', 'posts')],
  mail_failures: [link('organization_id', 'organizations'), link('post_id', 'posts'), link('voter_id', 'voters')],
  mail_unsubscribes: [link('board_id', 'boards'), link('post_id', 'posts')],
  activity: [
    link('post_id', 'posts'),
    link('actor_id', 'api_keys', { when: { field: 'actor_kind', value: 'api_key' } }),
    link('actor_id', 'team_members', { when: { field: 'actor_kind', value: 'team_member' } }),
    link('actor_id', 'voters', { when: { field: 'actor_kind', value: 'voter' } }),
    link('actor_id', 'integration_connections', { when: { field: 'actor_kind', value: 'connection' } }),
  ],
  attachments: [
    link('organization_id', 'organizations'),
    link('post_id', 'posts'),
    link('comment_id', 'comments'),
    link('held_post_id', 'held_posts'),
  ],
  attachment_bytes: [link('attachment_id', 'attachments')],
  sso_secrets: [link('organization_id', 'organizations')],
  sso_settings: [link('organization_id', 'organizations')],
  companies: [link('organization_id', 'organizations')],
  sso_identities: [link('organization_id', 'organizations'), link('voter_id', 'voters')],
  voter_companies: [link('voter_id', 'voters'), link('organization_id', 'organizations')],
  board_access: [link('board_id', 'boards'), link('organization_id', 'organizations')],
  voter_claims: [link('voter_id', 'voters'), link('organization_id', 'organizations')],
  company_voters: [link('voter_id', 'voters'), link('organization_id', 'organizations')],
  import_sources: [link('board_id', 'boards')],
  integration_connections: [link('organization_id', 'organizations')],
  post_links: [link('post_id', 'posts'), link('connection_id', 'integration_connections')],
  integration_deliveries: [link('connection_id', 'integration_connections')],
  chat_targets: [link('board_id', 'boards')],
  integration_calls: [
    link('organization_id', 'organizations'),
    link('connection_id', 'integration_connections'),
    link('chat_target_id', 'chat_targets'),
  ],
  integration_call_attempts: [link('call_id', 'integration_calls')],
  deleted_posts: [link('organization_id', 'organizations'), link('board_id', 'boards')],
  changelog_entries: [link('organization_id', 'organizations'), link('board_id', 'boards')],
  saved_views: [link('organization_id', 'organizations')],
};
