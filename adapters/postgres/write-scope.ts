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
import { OWNER_SQL } from '../sql/lock-owners.js';
import { scopeOf, type CallScope, type ScopeOf } from '../sql/lock-scope.js';

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

/**
 * SQL answering the organization of a record of each kind (`$1` is its id); no row if it is gone.
 * Generated from the tables' declaration: each follows the table's references to its organization.
 */
export { OWNER_SQL };
