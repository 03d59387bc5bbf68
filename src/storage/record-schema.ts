/**
 * Every table of the record stores (memory, IndexedDB), its primary key and its indexes, as data:
 * an IndexedDB store creates its object stores and indexes from this, and the memory store its
 * index maps. Generated from the tables' declaration (`schema/tables.ts`, each table's `record`)
 * by `npm run derive` (scripts/derive-record-schema.mjs): do not edit it, edit the declaration and
 * run that. A test fails while this file differs from what the declaration gives.
 */

// record-store.ts checks it against the rows (`RecordSchema`).
export const RECORD_SCHEMA = {
  organizations: { keyPath: 'id', ids: true, indexes: {} },
  statuses: { keyPath: 'id', ids: true, indexes: { by_organization: 'organization_id' } },
  api_keys: { keyPath: 'id', ids: true, indexes: { by_organization: 'organization_id', by_hash: 'hash' } },
  settings: { keyPath: 'name', ids: false, indexes: {} },
  boards: { keyPath: 'id', ids: true, indexes: { by_organization: 'organization_id', by_organization_slug: ['organization_id', 'slug'] } },
  posts: { keyPath: 'id', ids: true, indexes: { by_board: 'board_id', by_board_status: ['board_id', 'status'] } },
  board_fields: { keyPath: 'id', ids: true, indexes: { by_board: 'board_id' } },
  tags: { keyPath: 'id', ids: true, indexes: { by_board_slug: ['board_id', 'slug'] } },
  post_tags: { keyPath: ['post_id', 'tag_id'], ids: false, indexes: { by_post: 'post_id', by_tag: 'tag_id' } },
  post_words: { keyPath: ['board_id', 'word', 'post_id'], ids: false, indexes: { by_board_word: ['board_id', 'word'], by_post: 'post_id' } },
  post_merges: { keyPath: 'source_id', ids: false, indexes: { by_board: 'board_id' } },
  deleted_posts: { keyPath: 'post_id', ids: false, indexes: { by_organization: 'organization_id' } },
  changelog_entries: { keyPath: 'id', ids: true, indexes: { by_board: 'board_id' } },
  import_sources: { keyPath: ['board_id', 'source_id'], ids: false, indexes: { by_board: 'board_id' } },
  evidence: { keyPath: 'id', ids: true, indexes: { by_post: 'post_id', by_post_action_key: ['post_id', 'action_key'] } },
  claims: { keyPath: 'post_id', ids: false, indexes: {} },
  activity: { keyPath: 'id', ids: true, indexes: { by_post: 'post_id' } },
  voters: { keyPath: 'id', ids: true, indexes: { by_organization_email: ['organization_id', 'email'] } },
  votes: { keyPath: ['post_id', 'voter_id'], ids: false, indexes: { by_post: 'post_id', by_voter: 'voter_id' } },
  follows: { keyPath: ['post_id', 'voter_id'], ids: false, indexes: { by_post: 'post_id' } },
  post_authors: { keyPath: 'post_id', ids: false, indexes: { by_voter: 'voter_id' } },
  voter_blocks: { keyPath: 'voter_id', ids: false, indexes: {} },
  comments: { keyPath: 'id', ids: true, indexes: { by_post: 'post_id', by_voter: 'voter_id' } },
  comment_edits: { keyPath: 'id', ids: true, indexes: { by_comment: 'comment_id' } },
  reactions: { keyPath: ['comment_id', 'voter_id', 'reaction'], ids: false, indexes: { by_comment: 'comment_id' } },
  moderated_boards: { keyPath: 'board_id', ids: false, indexes: {} },
  held_posts: { keyPath: 'id', ids: true, indexes: { by_organization_state: ['organization_id', 'state'], by_voter: 'voter_id' } },
  attachments: { keyPath: 'id', ids: true, indexes: { by_post: 'post_id', by_comment: 'comment_id', by_held_post: 'held_post_id' } },
  attachment_bytes: { keyPath: 'attachment_id', ids: false, indexes: {} },
  team_members: { keyPath: 'id', ids: true, indexes: { by_organization: 'organization_id', by_organization_email: ['organization_id', 'email'] } },
  sessions: { keyPath: 'token_hash', ids: false, indexes: {} },
  sign_in_links: { keyPath: 'token_hash', ids: false, indexes: {} },
  oauth_clients: { keyPath: 'client_id', ids: false, indexes: {} },
  oauth_grants: { keyPath: 'id', ids: true, indexes: { by_organization: 'organization_id' } },
  oauth_codes: { keyPath: 'code_hash', ids: false, indexes: {} },
  oauth_tokens: { keyPath: 'token_hash', ids: false, indexes: {} },
  sso_secrets: { keyPath: 'id', ids: true, indexes: { by_organization: 'organization_id' } },
  sso_settings: { keyPath: 'organization_id', ids: false, indexes: {} },
  sso_identities: { keyPath: ['organization_id', 'sub'], ids: false, indexes: { by_voter: 'voter_id' } },
  companies: { keyPath: ['organization_id', 'id'], ids: false, indexes: { by_organization: 'organization_id' } },
  voter_companies: { keyPath: 'voter_id', ids: false, indexes: { by_organization: 'organization_id' } },
  company_voters: { keyPath: ['organization_id', 'company_id'], ids: false, indexes: { by_organization: 'organization_id' } },
  board_access: { keyPath: 'board_id', ids: false, indexes: {} },
  voter_claims: { keyPath: 'voter_id', ids: false, indexes: {} },
  webhooks: { keyPath: 'id', ids: true, indexes: { by_organization: 'organization_id' } },
  webhook_messages: { keyPath: 'id', ids: true, indexes: { by_webhook: 'webhook_id', by_status: 'status' } },
  webhook_attempts: { keyPath: 'id', ids: true, indexes: { by_message: 'message_id', by_webhook: 'webhook_id' } },
  mail_queue: { keyPath: 'id', ids: true, indexes: { by_voter_post: ['voter_id', 'post_id'], by_post: 'post_id' } },
  mail_failures: { keyPath: 'id', ids: true, indexes: { by_organization: 'organization_id' } },
  saved_views: { keyPath: 'id', ids: true, indexes: { by_organization: 'organization_id' } },
  mail_unsubscribes: { keyPath: ['board_id', 'address', 'post_id'], ids: false, indexes: {} },
  board_days: { keyPath: ['board_id', 'day'], ids: false, indexes: {} },
  board_voters: { keyPath: ['board_id', 'voter_id'], ids: false, indexes: { by_board: 'board_id' } },
  integration_connections: { keyPath: 'id', ids: true, indexes: { by_organization: 'organization_id' } },
  post_links: { keyPath: 'id', ids: true, indexes: { by_post: 'post_id', by_issue: ['connection_id', 'url'] } },
  integration_deliveries: { keyPath: ['connection_id', 'delivery_id'], ids: false, indexes: { by_connection: 'connection_id' } },
  chat_targets: { keyPath: 'id', ids: true, indexes: { by_board: 'board_id' } },
  integration_calls: { keyPath: 'id', ids: true, indexes: { by_organization: 'organization_id', by_status: 'status' } },
  integration_call_attempts: { keyPath: 'id', ids: true, indexes: { by_call: 'call_id' } },
} as const;

/**
 * How many migration steps the stores share (`schema/steps.ts`): an IndexedDB store opens a new
 * database at its history's version plus this, without loading the steps themselves.
 */
export const SCHEMA_STEP_COUNT = 10;
