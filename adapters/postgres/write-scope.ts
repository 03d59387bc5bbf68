/**
 * What every storage call locks in a write transaction (see write-lock.ts, and docs/scaling.md,
 * "Writes per organization"): each method's scope is declared beside its SQL, in the `_SCOPES` table
 * of its file (the kinds and the functions reading them are in ../sql/lock-scope.ts); this gathers
 * them, and the type requires every method of the contract. A transaction that writes to a second
 * organization still takes the store-wide lock (write-lock.ts), which no service does.
 */
import type { StorageMethodName } from '../../src/storage/contract/registry.js';
import type { CallScope, OwnerKind, ScopeOf } from '../sql/lock-scope.js';
import { ACCESS_SCOPES } from '../sql/tx/access.js';
import { ACCOUNTS_SCOPES } from '../sql/tx/accounts.js';
import { ACTIVITY_SCOPES } from '../sql/tx/activity.js';
import { AGENT_SCOPES } from '../sql/tx/agent.js';
import { ATTACHMENTS_SCOPES } from '../sql/tx/attachments.js';
import { BOARDS_SCOPES } from '../sql/tx/boards.js';
import { CHANGELOG_SCOPES } from '../sql/tx/changelog.js';
import { ENGAGEMENT_SCOPES } from '../sql/tx/engagement.js';
import { FIELDS_SCOPES } from '../sql/tx/fields.js';
import { SAVED_VIEWS_SCOPES } from '../sql/tx/saved-views.js';
import { INTEGRATIONS_SCOPES } from '../sql/tx/integrations.js';
import { MAIL_SCOPES } from '../sql/tx/mail.js';
import { MODERATION_SCOPES } from '../sql/tx/moderation.js';
import { OAUTH_SCOPES } from '../sql/tx/oauth.js';
import { PEOPLE_SCOPES } from '../sql/tx/people.js';
import { POSTS_SCOPES } from '../sql/tx/posts.js';
import { POST_WORDS_SCOPES } from '../sql/tx/post-words.js';
import { SSO_SCOPES } from '../sql/tx/sso.js';
import { STATISTICS_SCOPES } from '../sql/tx/statistics.js';
import { STATUSES_SCOPES } from '../sql/tx/statuses.js';
import { TRASH_SCOPES } from '../sql/tx/trash.js';
import { WEBHOOKS_SCOPES } from '../sql/tx/webhooks.js';
import { PG_AGENT_SCOPES } from './tx/agent.js';
import { PG_MAIL_SCOPES } from './tx/mail.js';
import { PG_POSTS_SCOPES } from './tx/posts.js';
import { PG_SSO_SCOPES } from './tx/sso.js';
import { PG_WEBHOOKS_SCOPES } from './tx/webhooks.js';

export type { CallScope, OwnerKind, RecordScope } from '../sql/lock-scope.js';

/** The scope of every method of the contract, by name. */
export const CALL_SCOPES: Readonly<Record<StorageMethodName, ScopeOf>> & Readonly<Record<string, ScopeOf | undefined>> = {
  ...ACCOUNTS_SCOPES,
  ...STATUSES_SCOPES,
  ...BOARDS_SCOPES,
  ...POSTS_SCOPES,
  ...PG_POSTS_SCOPES,
  ...POST_WORDS_SCOPES,
  ...PG_AGENT_SCOPES,
  ...AGENT_SCOPES,
  ...ENGAGEMENT_SCOPES,
  ...PEOPLE_SCOPES,
  ...OAUTH_SCOPES,
  ...SSO_SCOPES,
  ...ACCESS_SCOPES,
  ...PG_SSO_SCOPES,
  ...STATISTICS_SCOPES,
  ...WEBHOOKS_SCOPES,
  ...PG_WEBHOOKS_SCOPES,
  ...MODERATION_SCOPES,
  ...MAIL_SCOPES,
  ...PG_MAIL_SCOPES,
  ...ACTIVITY_SCOPES,
  ...ATTACHMENTS_SCOPES,
  ...INTEGRATIONS_SCOPES,
  ...TRASH_SCOPES,
  ...CHANGELOG_SCOPES,
  ...FIELDS_SCOPES,
  ...SAVED_VIEWS_SCOPES,
};

/** The scope of one call; `store` for a method not listed above. */
export function callScope(method: string, args: readonly unknown[]): CallScope {
  const scopeOf = CALL_SCOPES[method];
  return scopeOf === undefined ? 'store' : scopeOf(...args);
}

/** SQL answering the organization of a record of each kind (`$1` is its id); no row if it is gone. */
export const OWNER_SQL: Record<OwnerKind, string> = {
  organization: 'SELECT id AS org FROM fb_organizations WHERE id = $1',
  board: 'SELECT organization_id AS org FROM fb_boards WHERE id = $1',
  post: 'SELECT b.organization_id AS org FROM fb_posts p JOIN fb_boards b ON b.id = p.board_id WHERE p.id = $1',
  comment:
    'SELECT b.organization_id AS org FROM fb_comments c JOIN fb_posts p ON p.id = c.post_id JOIN fb_boards b ON b.id = p.board_id WHERE c.id = $1',
  voter: 'SELECT organization_id AS org FROM fb_voters WHERE id = $1',
  apiKey: 'SELECT organization_id AS org FROM fb_api_keys WHERE id = $1',
  webhook: 'SELECT organization_id AS org FROM fb_webhooks WHERE id = $1',
  teamMember: 'SELECT organization_id AS org FROM fb_team_members WHERE id = $1',
  heldPost: 'SELECT organization_id AS org FROM fb_held_posts WHERE id = $1',
  attachment: 'SELECT organization_id AS org FROM fb_attachments WHERE id = $1',
  oauthGrant: 'SELECT organization_id AS org FROM fb_oauth_grants WHERE id = $1',
  ssoSecret: 'SELECT organization_id AS org FROM fb_sso_secrets WHERE id = $1',
  connection: 'SELECT organization_id AS org FROM fb_integration_connections WHERE id = $1',
  chatTarget: 'SELECT b.organization_id AS org FROM fb_chat_targets t JOIN fb_boards b ON b.id = t.board_id WHERE t.id = $1',
  status: 'SELECT organization_id AS org FROM fb_statuses WHERE id = $1',
  changelogEntry: 'SELECT organization_id AS org FROM fb_changelog_entries WHERE id = $1',
  field: 'SELECT b.organization_id AS org FROM fb_board_fields f JOIN fb_boards b ON b.id = f.board_id WHERE f.id = $1',
  savedView: 'SELECT organization_id AS org FROM fb_saved_views WHERE id = $1',
};
