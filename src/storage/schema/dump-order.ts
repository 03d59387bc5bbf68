/**
 * The order of a dump's tables as released, each after the tables its rows refer to. It is the
 * dump format's: an import reads a dump's rows in the order of its tables and refuses a row of a
 * table after the rows of a later one, so this order is frozen, like the released migration steps.
 * A table added since goes after these, in the order of the steps that added it (`steps.ts`):
 * `npm run derive` writes the whole order (src/storage/dump-table-list.ts), and refuses one in
 * which a table comes before a table it refers to. Nothing is added here.
 */
export const RELEASED_DUMP_ORDER: readonly string[] = [
  'organizations', 'statuses', 'api_keys', 'settings', 'boards', 'board_fields', 'posts', 'tags', 'post_tags', 'evidence',
  'claims', 'voters', 'votes', 'follows', 'post_authors', 'voter_blocks', 'comments', 'reactions',
  'comment_edits', 'post_merges', 'moderated_boards', 'held_posts', 'webhooks', 'webhook_messages',
  'webhook_attempts', 'team_members', 'sign_in_links', 'oauth_clients', 'oauth_grants', 'oauth_codes',
  'oauth_tokens', 'mail_queue', 'mail_failures', 'mail_unsubscribes', 'activity', 'attachments',
  'attachment_bytes', 'sso_secrets', 'sso_settings', 'companies', 'sso_identities', 'voter_companies',
  'board_access', 'voter_claims', 'company_voters', 'import_sources', 'integration_connections',
  'post_links', 'integration_deliveries', 'chat_targets', 'integration_calls', 'integration_call_attempts',
  'deleted_posts', 'changelog_entries', 'saved_views',
];
