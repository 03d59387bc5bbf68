/**
 * How both SQL stores build a transaction's methods: SQL's own statements where it has them, and
 * for every other method of the contract the record stores' default (src/storage/record-tx/), run
 * over the record store of the same connection (./record-store.ts), so in the same transaction.
 * A method whose contract has a generic fallback gets that instead (built over SQL's methods, such
 * as `getClaims` over `getClaim`), which is never slower than the record default over SQL.
 *
 * So a plain method (a read or write of one record by its key or an index) needs no SQL of its
 * own: its contract, its scope (the contract file's `_SCOPES`) and its default. SQL adds a
 * statement where one is faster, or where a write must be one statement to be atomic.
 */
import type { StorageTx } from '../../src/storage/contract.js';
import {
  STORAGE_AGGREGATES,
  type AggregateFactories,
  type AggregateMethods,
  type AggregateName,
} from '../../src/storage/contract/registry.js';
import { storageTxFrom } from '../../src/storage/guarded-tx.js';
import type { RecordStore } from '../../src/storage/record-store.js';
import { accessMethods } from '../../src/storage/record-tx/access.js';
import { accountsMethods } from '../../src/storage/record-tx/accounts.js';
import { activityMethods } from '../../src/storage/record-tx/activity.js';
import { agentMethods } from '../../src/storage/record-tx/agent.js';
import { attachmentsMethods } from '../../src/storage/record-tx/attachments.js';
import { boardsMethods } from '../../src/storage/record-tx/boards.js';
import { changelogMethods } from '../../src/storage/record-tx/changelog.js';
import { engagementMethods } from '../../src/storage/record-tx/engagement.js';
import { fieldsMethods } from '../../src/storage/record-tx/fields.js';
import { integrationsMethods } from '../../src/storage/record-tx/integrations.js';
import { mailMethods } from '../../src/storage/record-tx/mail.js';
import { moderationMethods } from '../../src/storage/record-tx/moderation.js';
import { oauthMethods } from '../../src/storage/record-tx/oauth.js';
import { peopleMethods } from '../../src/storage/record-tx/people.js';
import { postsMethods } from '../../src/storage/record-tx/posts.js';
import { savedViewsMethods } from '../../src/storage/record-tx/saved-views.js';
import { ssoMethods } from '../../src/storage/record-tx/sso.js';
import { statisticsMethods } from '../../src/storage/record-tx/statistics.js';
import { trashMethods } from '../../src/storage/record-tx/trash.js';
import { webhooksMethods } from '../../src/storage/record-tx/webhooks.js';
import { sqlRecordStore } from './record-store.js';
import type { SqlSeam } from './seam.js';

/** The record stores' implementation of every aggregate: the defaults SQL builds on. */
const DEFAULTS: AggregateFactories<RecordStore> = {
  accounts: accountsMethods,
  boards: boardsMethods,
  posts: postsMethods,
  agent: agentMethods,
  engagement: engagementMethods,
  statistics: statisticsMethods,
  webhooks: webhooksMethods,
  people: peopleMethods,
  moderation: moderationMethods,
  oauth: oauthMethods,
  mail: mailMethods,
  activity: activityMethods,
  attachments: attachmentsMethods,
  sso: ssoMethods,
  access: accessMethods,
  integrations: integrationsMethods,
  trash: trashMethods,
  changelog: changelogMethods,
  fields: fieldsMethods,
  savedViews: savedViewsMethods,
};

/**
 * A SQL store's own methods, per aggregate, over its connection's seam: any of them, since each
 * method SQL leaves out is the record default (or the contract's fallback).
 */
export type SqlFactories<Context> = {
  readonly [A in AggregateName]?: (context: Context) => Partial<AggregateMethods<A>>;
};

const NAMES = Object.keys(STORAGE_AGGREGATES) as AggregateName[];

/**
 * The methods of SQL's own, for the methods of aggregate `name`, with the record default of each
 * method it lacks that has no generic fallback.
 */
function withDefaults<A extends AggregateName>(name: A, own: Partial<AggregateMethods<A>>, store: () => RecordStore): AggregateMethods<A> {
  const methods = own as Record<string, unknown>;
  const missing = leftToDefaults(name, methods);
  if (missing.length > 0) {
    const defaults = DEFAULTS[name](store()) as Record<string, unknown>;
    for (const method of missing) methods[method] = defaults[method];
  }
  return own as AggregateMethods<A>;
}

/** The methods of aggregate `name` that neither `own` nor the contract's generic fallbacks answer. */
function leftToDefaults(name: AggregateName, own: Readonly<Record<string, unknown>>): string[] {
  const fallbacks = STORAGE_AGGREGATES[name].fallbacks as Record<string, unknown>;
  return Object.keys(STORAGE_AGGREGATES[name].writes).filter((method) => own[method] === undefined && fallbacks[method] === undefined);
}

/**
 * Every method of the contract over `db`, built once per connection: SQL's own, the record
 * defaults of the others over the connection's record store, then the contract's fallbacks.
 */
export function sqlStorageTx<C extends SqlSeam>(factories: SqlFactories<C>, db: C): StorageTx {
  let store: RecordStore | undefined;
  const recordStore = (): RecordStore => (store ??= sqlRecordStore(db));
  const complete = Object.fromEntries(
    NAMES.map((name) => [name, (context: C) => withDefaults(name, { ...factories[name]?.(context) }, recordStore)]),
  ) as unknown as AggregateFactories<C>;
  return storageTxFrom(complete, db);
}

/** The methods of the contract that SQL leaves to the record defaults, given its factories (for tests and docs). */
export function defaultedMethods<C extends SqlSeam>(factories: SqlFactories<C>, db: C): string[] {
  return NAMES.flatMap((name) => leftToDefaults(name, (factories[name]?.(db) ?? {}) as Record<string, unknown>));
}
