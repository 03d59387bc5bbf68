/**
 * The records whose organization decides a PostgreSQL write lock (adapters/sql/lock-scope.ts,
 * adapters/postgres/write-lock.ts), by kind: the tables that declare a `lock`, the SQL that finds
 * a record's organization through the table's references (PostgreSQL's, `$1` the record's id),
 * and the inserts that return a record under its organization's lock. Generated from the tables'
 * declaration (`schema/tables.ts`) by `npm run derive` (scripts/derive-record-schema.mjs): do not
 * edit it. A test fails while this file differs from what the declaration gives.
 */
import type { StorageMethodName } from '../../src/storage/contract/registry.js';
import type { OwnerKind } from '../../src/storage/lock-kinds.js';

/** A record whose organization decides a call's lock (generated in src/storage/lock-kinds.ts). */
export type { OwnerKind };

/** SQL answering the organization of a record of each kind (`$1` is its id); no row if it is gone. */
export const OWNER_SQL: Readonly<Record<OwnerKind, string>> = {
  organization: 'SELECT id AS org FROM fb_organizations WHERE id = $1',
  status: 'SELECT organization_id AS org FROM fb_statuses WHERE id = $1',
  apiKey: 'SELECT organization_id AS org FROM fb_api_keys WHERE id = $1',
  board: 'SELECT organization_id AS org FROM fb_boards WHERE id = $1',
  post: 'SELECT b.organization_id AS org FROM fb_posts p JOIN fb_boards b ON b.id = p.board_id WHERE p.id = $1',
  field: 'SELECT b.organization_id AS org FROM fb_board_fields f JOIN fb_boards b ON b.id = f.board_id WHERE f.id = $1',
  changelogEntry: 'SELECT organization_id AS org FROM fb_changelog_entries WHERE id = $1',
  voter: 'SELECT organization_id AS org FROM fb_voters WHERE id = $1',
  comment: 'SELECT b.organization_id AS org FROM fb_comments c JOIN fb_posts p ON p.id = c.post_id JOIN fb_boards b ON b.id = p.board_id WHERE c.id = $1',
  heldPost: 'SELECT organization_id AS org FROM fb_held_posts WHERE id = $1',
  attachment: 'SELECT organization_id AS org FROM fb_attachments WHERE id = $1',
  teamMember: 'SELECT organization_id AS org FROM fb_team_members WHERE id = $1',
  oauthGrant: 'SELECT organization_id AS org FROM fb_oauth_grants WHERE id = $1',
  ssoSecret: 'SELECT organization_id AS org FROM fb_sso_secrets WHERE id = $1',
  webhook: 'SELECT organization_id AS org FROM fb_webhooks WHERE id = $1',
  savedView: 'SELECT organization_id AS org FROM fb_saved_views WHERE id = $1',
  connection: 'SELECT organization_id AS org FROM fb_integration_connections WHERE id = $1',
  chatTarget: 'SELECT b.organization_id AS org FROM fb_chat_targets t JOIN fb_boards b ON b.id = t.board_id WHERE t.id = $1',
};

/** The kind of record each insert returns, made under its organization's lock. */
export const INSERTED: Readonly<Partial<Record<StorageMethodName, OwnerKind>>> = {
  insertApiKey: 'apiKey',
  insertBoard: 'board',
  insertPost: 'post',
  insertChangelogEntry: 'changelogEntry',
  insertVoter: 'voter',
  insertComment: 'comment',
  insertHeldPost: 'heldPost',
  insertTeamMember: 'teamMember',
  insertWebhook: 'webhook',
  insertSavedView: 'savedView',
};
