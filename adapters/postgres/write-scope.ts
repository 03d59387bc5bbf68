/**
 * What every storage call locks in a write transaction (see write-lock.ts, and docs/scaling.md,
 * "Writes per organization"): each method's scope is declared beside the method, in the `_SCOPES`
 * table of its aggregate's contract file (src/storage/contract/scopes.ts; ../sql/lock-scope.ts reads
 * them); this gathers them, and the type requires every method of the contract. A transaction that
 * writes to a second organization still takes the store-wide lock (write-lock.ts), which no service
 * does.
 */
import type { StorageMethodName } from '../../src/storage/contract/registry.js';
import type { ScopeDeclaration } from '../../src/storage/contract/scopes.js';
import { ACCESS_SCOPES } from '../../src/storage/contract/access.js';
import { ACCOUNTS_SCOPES } from '../../src/storage/contract/accounts.js';
import { ACTIVITY_SCOPES } from '../../src/storage/contract/activity.js';
import { AGENT_SCOPES } from '../../src/storage/contract/agent.js';
import { ATTACHMENTS_SCOPES } from '../../src/storage/contract/attachments.js';
import { BOARDS_SCOPES } from '../../src/storage/contract/boards.js';
import { CHANGELOG_SCOPES } from '../../src/storage/contract/changelog.js';
import { ENGAGEMENT_SCOPES } from '../../src/storage/contract/engagement.js';
import { FIELDS_SCOPES } from '../../src/storage/contract/fields.js';
import { INTEGRATIONS_SCOPES } from '../../src/storage/contract/integrations.js';
import { MAIL_SCOPES } from '../../src/storage/contract/mail.js';
import { MODERATION_SCOPES } from '../../src/storage/contract/moderation.js';
import { OAUTH_SCOPES } from '../../src/storage/contract/oauth.js';
import { PEOPLE_SCOPES } from '../../src/storage/contract/people.js';
import { POSTS_SCOPES } from '../../src/storage/contract/posts.js';
import { SAVED_VIEWS_SCOPES } from '../../src/storage/contract/saved-views.js';
import { SSO_SCOPES } from '../../src/storage/contract/sso.js';
import { STATISTICS_SCOPES } from '../../src/storage/contract/statistics.js';
import { TRASH_SCOPES } from '../../src/storage/contract/trash.js';
import { WEBHOOKS_SCOPES } from '../../src/storage/contract/webhooks.js';
import { scopeOf, type CallScope, type OwnerKind, type ScopeOf } from '../sql/lock-scope.js';

export type { CallScope, OwnerKind, RecordScope } from '../sql/lock-scope.js';

/** The declared scope of every method of the contract: the type requires each one. */
const DECLARED: Readonly<Record<StorageMethodName, ScopeDeclaration>> = {
  ...ACCESS_SCOPES,
  ...ACCOUNTS_SCOPES,
  ...ACTIVITY_SCOPES,
  ...AGENT_SCOPES,
  ...ATTACHMENTS_SCOPES,
  ...BOARDS_SCOPES,
  ...CHANGELOG_SCOPES,
  ...ENGAGEMENT_SCOPES,
  ...FIELDS_SCOPES,
  ...INTEGRATIONS_SCOPES,
  ...MAIL_SCOPES,
  ...MODERATION_SCOPES,
  ...OAUTH_SCOPES,
  ...PEOPLE_SCOPES,
  ...POSTS_SCOPES,
  ...SAVED_VIEWS_SCOPES,
  ...SSO_SCOPES,
  ...STATISTICS_SCOPES,
  ...TRASH_SCOPES,
  ...WEBHOOKS_SCOPES,
};

/** The scope of every method of the contract, by name, as a function of its arguments. */
export const CALL_SCOPES: Readonly<Record<StorageMethodName, ScopeOf>> & Readonly<Record<string, ScopeOf | undefined>> = Object.fromEntries(
  Object.entries(DECLARED).map(([method, declaration]) => [method, scopeOf(declaration)]),
) as Record<StorageMethodName, ScopeOf>;

/** The scope of one call; `store` for a method not listed above. */
export function callScope(method: string, args: readonly unknown[]): CallScope {
  const scope = CALL_SCOPES[method];
  return scope === undefined ? 'store' : scope(...args);
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
