/**
 * What every storage call locks in a write transaction (see write-lock.ts, and docs/scaling.md,
 * "Writes per organization"): each method's scope is declared beside its SQL, in the `_SCOPES` table
 * of its file (the kinds and the functions reading them are in ../sql/lock-scope.ts); this gathers
 * them, and the type requires every method of the contract. A transaction that writes to a second
 * organization still takes the store-wide lock (write-lock.ts), which no service does.
 */
import type { StorageMethodName } from '../../src/storage/contract/registry.js';
import type { CallScope, ScopeOf } from '../sql/lock-scope.js';
import { OWNER_SQL } from '../sql/lock-owners.js';
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

/**
 * SQL answering the organization of a record of each kind (`$1` is its id); no row if it is gone.
 * Generated from the tables' declaration: each follows the table's references to its organization.
 */
export { OWNER_SQL };
