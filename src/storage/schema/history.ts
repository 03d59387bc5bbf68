/**
 * Steps of the SQL stores' released histories that create tables, written once: each names the
 * tables it created, and each store runs its statements (`stepSql`) at its own version, as it runs
 * the shared steps (steps.ts). The tables come from the declaration (tables.ts) as they are, with
 * what a later step added to them left out here (`as`), so that a database upgraded through every
 * step ends with the declared catalogue (the migration tests of both stores check it). A later
 * change to one of these tables is a step of its own, and the step here then spells out the table
 * as it made it.
 */
import type { SchemaStep } from './steps.js';
import { TABLES } from './tables.js';

/** SQLite 4, PostgreSQL 3. */
export const WEBHOOK_OUTBOX_TABLES_STEP: SchemaStep = {
  description: 'the webhook outbox: messages and their delivery attempts',
  changes: [{ addTable: 'webhook_messages' }, { addTable: 'webhook_attempts' }],
};

/** SQLite 12, PostgreSQL 12. */
export const MODERATION_TABLES_STEP: SchemaStep = {
  description: "moderation: the boards whose voters' posts wait for approval, and the held posts with the team's decision",
  changes: [{ addTable: 'moderated_boards' }, { addTable: 'held_posts', as: { ...TABLES.held_posts, columns: heldPostColumnsV1() } }],
};

/** The held posts' columns as the moderation step made them: a voter's custom field values came later. */
function heldPostColumnsV1() {
  const { fields: _later, ...columns } = TABLES.held_posts.columns;
  return columns;
}

/** SQLite 13, PostgreSQL 13. */
export const OAUTH_TABLES_STEP: SchemaStep = {
  description: 'OAuth for the MCP endpoint: registered clients, grants, codes and tokens',
  changes: [{ addTable: 'oauth_clients' }, { addTable: 'oauth_grants' }, { addTable: 'oauth_codes' }, { addTable: 'oauth_tokens' }],
};

/** SQLite 14, PostgreSQL 14. */
export const MERGES_TABLES_STEP: SchemaStep = {
  description: 'merged posts: the record of each merge, by merged post and by its board',
  changes: [{ addTable: 'post_merges' }],
};

/** SQLite 15, PostgreSQL 16. */
export const MAIL_TABLES_STEP: SchemaStep = {
  description: 'mail to followers: the queue of notifications per voter and post, failed mail, unsubscribed addresses',
  changes: [{ addTable: 'mail_queue' }, { addTable: 'mail_failures' }, { addTable: 'mail_unsubscribes' }],
};

/** SQLite 16, PostgreSQL 17. */
export const POST_ACTIVITY_TABLES_STEP: SchemaStep = {
  description: "each post's activity log, by post",
  // Its actor kinds as they were then; 'connection' came with a step of its own.
  changes: [{ addTable: 'post_activity', as: { ...TABLES.post_activity, checks: ["actor_kind IN ('api_key', 'team_member', 'voter', 'system')"] } }],
};

/** SQLite 17, PostgreSQL 18. */
export const ATTACHMENTS_TABLES_STEP: SchemaStep = {
  description: 'attachments: images of posts and comments, their bytes apart, going with their post or comment',
  changes: [{ addTable: 'attachments' }, { addTable: 'attachment_bytes' }],
};

/** SQLite 18, PostgreSQL 19; the index of a company's voters came with the revenue ranking. */
export const SSO_TABLES_STEP: SchemaStep = {
  description: "single sign-on: the organization's secrets and settings, host users' voters, companies and voters' companies",
  changes: [
    { addTable: 'sso_secrets' },
    { addTable: 'sso_settings' },
    { addTable: 'sso_identities' },
    { addTable: 'companies' },
    { addTable: 'voter_companies', as: { ...TABLES.voter_companies, indexes: {} } },
  ],
};

/** SQLite 19, PostgreSQL 20. */
export const ACCESS_TABLES_STEP: SchemaStep = {
  description: "private boards: each board's access, allowed e-mail domains and SSO claim rule, and voters' SSO claims",
  changes: [{ addTable: 'board_access' }, { addTable: 'voter_claims' }],
};

/** SQLite 21, PostgreSQL 23. */
export const COMPANY_VOTERS_TABLES_STEP: SchemaStep = {
  description: 'votes on behalf of customer companies: the voter of each company',
  changes: [{ addTable: 'company_voters' }],
};

/** SQLite 25, PostgreSQL 27. */
export const IMPORT_SOURCES_TABLES_STEP: SchemaStep = {
  description: 'imports: the source id of each row an import made a post or comment from, per board',
  changes: [{ addTable: 'import_sources' }],
};
