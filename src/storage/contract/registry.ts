/**
 * The registry of the contract's aggregates: the one list from which every table keyed by method
 * is derived (which methods write, which aggregate holds each method, the generic fallbacks), in
 * the core and in every adapter. A method added to an aggregate's interface and to its table in
 * that aggregate's file reaches all of them.
 */
import { ACCESS_AGGREGATE, type AccessTx } from './access.js';
import { ACCOUNTS_AGGREGATE, type AccountsTx } from './accounts.js';
import { ACTIVITY_AGGREGATE, type ActivityTx } from './activity.js';
import { ATTACHMENTS_AGGREGATE, type AttachmentsTx } from './attachments.js';
import { AGENT_AGGREGATE, type AgentTx } from './agent.js';
import { BOARDS_AGGREGATE, type BoardsTx } from './boards.js';
import { CHANGELOG_AGGREGATE, type ChangelogTx } from './changelog.js';
import { FIELDS_AGGREGATE, type FieldsTx } from './fields.js';
import { SAVED_VIEWS_AGGREGATE, type SavedViewsTx } from './saved-views.js';
import { ENGAGEMENT_AGGREGATE, type EngagementTx } from './engagement.js';
import { INTEGRATIONS_AGGREGATE, type IntegrationsTx } from './integrations.js';
import { MAIL_AGGREGATE, type MailTx } from './mail.js';
import { MODERATION_AGGREGATE, type ModerationTx } from './moderation.js';
import { OAUTH_AGGREGATE, type OAuthTx } from './oauth.js';
import { PEOPLE_AGGREGATE, type PeopleTx } from './people.js';
import { POSTS_AGGREGATE, type PostsTx } from './posts.js';
import { SSO_AGGREGATE, type SsoTx } from './sso.js';
import type { AggregateDefinition, FallbackTable } from './shared.js';
import { STATISTICS_AGGREGATE, type StatisticsTx } from './statistics.js';
import { TRASH_AGGREGATE, type TrashTx } from './trash.js';
import { WEBHOOKS_AGGREGATE, type WebhooksTx } from './webhooks.js';

/** The contract's aggregates by name: the interface of each. */
export interface StorageAggregates {
  accounts: AccountsTx;
  boards: BoardsTx;
  posts: PostsTx;
  agent: AgentTx;
  engagement: EngagementTx;
  statistics: StatisticsTx;
  webhooks: WebhooksTx;
  people: PeopleTx;
  moderation: ModerationTx;
  oauth: OAuthTx;
  mail: MailTx;
  activity: ActivityTx;
  attachments: AttachmentsTx;
  sso: SsoTx;
  access: AccessTx;
  integrations: IntegrationsTx;
  trash: TrashTx;
  changelog: ChangelogTx;
  fields: FieldsTx;
  savedViews: SavedViewsTx;
}

/** Every method of every aggregate: what a fallback may call (see {@link FallbackTable}). */
type AllMethods = AccountsTx & BoardsTx & PostsTx & AgentTx & EngagementTx & StatisticsTx & WebhooksTx & PeopleTx & ModerationTx &
  OAuthTx & MailTx & ActivityTx & AttachmentsTx & SsoTx & AccessTx & IntegrationsTx & TrashTx & ChangelogTx & FieldsTx & SavedViewsTx;

/** The name of an aggregate of the contract. */
export type AggregateName = keyof StorageAggregates;

/** The contract's aggregates by name: which methods of each write, and its generic fallbacks. */
export const STORAGE_AGGREGATES = {
  accounts: ACCOUNTS_AGGREGATE,
  boards: BOARDS_AGGREGATE,
  posts: POSTS_AGGREGATE,
  agent: AGENT_AGGREGATE,
  engagement: ENGAGEMENT_AGGREGATE,
  statistics: STATISTICS_AGGREGATE,
  webhooks: WEBHOOKS_AGGREGATE,
  people: PEOPLE_AGGREGATE,
  moderation: MODERATION_AGGREGATE,
  oauth: OAUTH_AGGREGATE,
  mail: MAIL_AGGREGATE,
  activity: ACTIVITY_AGGREGATE,
  attachments: ATTACHMENTS_AGGREGATE,
  sso: SSO_AGGREGATE,
  access: ACCESS_AGGREGATE,
  integrations: INTEGRATIONS_AGGREGATE,
  trash: TRASH_AGGREGATE,
  changelog: CHANGELOG_AGGREGATE,
  fields: FIELDS_AGGREGATE,
  savedViews: SAVED_VIEWS_AGGREGATE,
} as const satisfies { readonly [A in AggregateName]: AggregateDefinition<StorageAggregates[A], AllMethods> };

/** The name of a method of the contract, of any aggregate. */
export type StorageMethodName = { [A in AggregateName]: keyof StorageAggregates[A] }[AggregateName];

/** The methods of aggregate `A` that have a generic fallback. */
export type FallbackMethodOf<A extends AggregateName> = keyof (typeof STORAGE_AGGREGATES)[A]['fallbacks'] &
  keyof StorageAggregates[A];

/** The methods of the contract that have a generic fallback: an adapter may leave them out. */
export type FallbackMethodName = { [A in AggregateName]: FallbackMethodOf<A> }[AggregateName];

/** What an adapter implements of aggregate `A`: every method, those with a fallback optionally. */
export type AggregateMethods<A extends AggregateName> = Omit<StorageAggregates[A], FallbackMethodOf<A>> &
  Partial<Pick<StorageAggregates[A], FallbackMethodOf<A>>>;

/**
 * An adapter's implementation of the contract: for each aggregate, by name, a function building
 * its methods over the adapter's `Context` (a connection, a record store). The type checks that
 * every aggregate has one.
 */
export type AggregateFactories<Context> = { readonly [A in AggregateName]: (context: Context) => AggregateMethods<A> };

const NAMES = Object.keys(STORAGE_AGGREGATES) as AggregateName[];

/** Whether each method of the contract writes (a `read` transaction must not call those that do). */
export const STORAGE_TX_WRITES: Readonly<Record<StorageMethodName, boolean>> = Object.assign(
  {},
  ...NAMES.map((name) => STORAGE_AGGREGATES[name].writes),
) as Record<StorageMethodName, boolean>;

/** The aggregate that holds each method of the contract. */
export const AGGREGATE_OF: Readonly<Record<StorageMethodName, AggregateName>> = Object.fromEntries(
  NAMES.flatMap((name) => Object.keys(STORAGE_AGGREGATES[name].writes).map((method) => [method, name])),
) as Record<StorageMethodName, AggregateName>;

type Fallback = (self: object) => unknown;

/** Each aggregate's fallbacks as a list, so that completing an aggregate without any costs nothing. */
const FALLBACKS = {} as Record<AggregateName, readonly [string, Fallback][]>;
for (const name of NAMES) {
  FALLBACKS[name] = Object.entries(STORAGE_AGGREGATES[name].fallbacks as FallbackTable<object>) as [string, Fallback][];
}

/**
 * Completes an adapter's methods of aggregate `name`: each method with a fallback that `methods`
 * lacks is added to it, built over `whole`, the transaction's methods (by default `methods`
 * itself; a fallback that reads another aggregate needs the whole transaction, which its calls
 * find complete). Returns `methods`, now the whole aggregate.
 */
export function completeAggregate<A extends AggregateName>(name: A, methods: AggregateMethods<A>, whole: object = methods): StorageAggregates[A] {
  const target = methods as Record<string, unknown>;
  for (const [method, fallback] of FALLBACKS[name]) {
    if (target[method] === undefined) target[method] = fallback(whole);
  }
  return methods as StorageAggregates[A];
}
