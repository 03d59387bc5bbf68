/**
 * The references between dumped tables: which fields of a row name a row of another table (its
 * key). The SQL stores declare them as foreign keys and refuse a row that names a missing one; a
 * record store (memory, IndexedDB) has no such constraint, so its dump loader checks them here,
 * and a dump with a vote of a missing post is refused the same way everywhere. A test compares
 * this list with SQLite's foreign keys.
 */
import type { DumpRow } from './dump-tables.js';
import type { RecordStore, TableName } from './record-store.js';

/** Fields of a row that hold the key of a row of `table` (all null: no reference). */
export interface DumpReference {
  readonly fields: readonly string[];
  readonly table: TableName;
}

const to = (table: TableName, ...fields: string[]): DumpReference => ({ fields, table });
const ORG = to('organizations', 'organization_id');
const POST = to('posts', 'post_id');
const VOTER = to('voters', 'voter_id');

/** Every reference of every dumped table; a table absent here refers to nothing. */
export const DUMP_REFERENCES: Readonly<Partial<Record<TableName, readonly DumpReference[]>>> = {
  statuses: [ORG],
  api_keys: [ORG],
  boards: [ORG],
  posts: [to('boards', 'board_id'), to('statuses', 'status_label_id')],
  tags: [to('boards', 'board_id')],
  post_tags: [POST, to('tags', 'tag_id')],
  evidence: [POST],
  claims: [POST, to('api_keys', 'api_key_id')],
  voters: [ORG],
  votes: [POST, VOTER],
  follows: [POST, VOTER],
  post_authors: [POST, VOTER],
  voter_blocks: [VOTER],
  comments: [POST, VOTER, to('comments', 'parent_comment_id')],
  reactions: [to('comments', 'comment_id'), VOTER],
  comment_edits: [to('comments', 'comment_id')],
  post_merges: [to('posts', 'source_id')],
  moderated_boards: [to('boards', 'board_id')],
  held_posts: [ORG, to('boards', 'board_id'), VOTER],
  webhooks: [ORG],
  webhook_messages: [to('webhooks', 'webhook_id')],
  webhook_attempts: [to('webhook_messages', 'message_id')],
  team_members: [ORG],
  oauth_grants: [ORG, to('oauth_clients', 'client_id'), to('team_members', 'member_id'), to('api_keys', 'api_key_id')],
  oauth_codes: [to('oauth_grants', 'grant_id')],
  oauth_tokens: [to('oauth_grants', 'grant_id')],
  mail_queue: [ORG, POST, VOTER],
  mail_failures: [ORG],
  mail_unsubscribes: [to('boards', 'board_id')],
  activity: [POST],
  attachments: [ORG, POST, to('comments', 'comment_id'), to('held_posts', 'held_post_id')],
  attachment_bytes: [to('attachments', 'attachment_id')],
  sso_secrets: [ORG],
  sso_settings: [ORG],
  companies: [ORG],
  sso_identities: [ORG, VOTER],
  voter_companies: [VOTER, to('companies', 'organization_id', 'company_id')],
  board_access: [to('boards', 'board_id'), ORG],
  voter_claims: [VOTER, ORG],
  import_sources: [to('boards', 'board_id')],
  company_voters: [VOTER, to('companies', 'organization_id', 'company_id')],
  integration_connections: [ORG],
  post_links: [POST, to('integration_connections', 'connection_id')],
  integration_deliveries: [to('integration_connections', 'connection_id')],
  chat_targets: [to('boards', 'board_id')],
  integration_calls: [ORG, to('integration_connections', 'connection_id'), to('chat_targets', 'chat_target_id')],
  integration_call_attempts: [to('integration_calls', 'call_id')],
  deleted_posts: [ORG, to('boards', 'board_id')],
};

/**
 * Why `row` of `table` cannot be stored in `store`: the first of its references that names no row
 * (as "post_id 9999 refers to no row of posts"), or null when every one names a stored row.
 */
export async function missingReference(store: RecordStore, table: TableName, row: DumpRow): Promise<string | null> {
  for (const { fields, table: target } of DUMP_REFERENCES[table] ?? []) {
    const values = fields.map((field) => row[field]);
    if (values.every((value) => value === null || value === undefined)) continue;
    const key = values.length === 1 ? values[0] : values;
    if ((await store.table(target).get(key as never)) !== undefined) continue;
    return values.length === 1
      ? `${fields[0]} ${JSON.stringify(values[0])} refers to no row of ${target}`
      : `${fields.join(', ')} (${values.map((value) => JSON.stringify(value)).join(', ')}) refer to no row of ${target}`;
  }
  return null;
}
