/**
 * The whole {@link StorageTx} contract in plain JavaScript over a {@link RecordStore}: the
 * implementation of the memory and IndexedDB adapters, and the reference the conformance suite
 * compares every other adapter with.
 *
 * Each method awaits only the store, so a store bound to one IndexedDB transaction keeps it
 * active for the whole of `fn`. Rows read from the store are never mutated; rows returned are
 * copies.
 *
 * A transaction's object is one small instance: its methods live on the prototype, and each
 * aggregate of them (boards, posts, engagement...) is built over the store the first time the
 * transaction calls one of its methods. A read of one post builds two or three aggregates, not
 * ten, and no transaction builds the seventy-odd functions of the whole contract.
 */
import type { StorageTx } from './contract.js';
import {
  AGGREGATE_OF,
  completeAggregate,
  type AggregateFactories,
  type AggregateName,
  type StorageAggregates,
} from './contract/registry.js';
import type { RecordStore } from './record-store.js';
import { accountsMethods } from './record-tx/accounts.js';
import { accessMethods } from './record-tx/access.js';
import { activityMethods } from './record-tx/activity.js';
import { agentMethods } from './record-tx/agent.js';
import { attachmentsMethods } from './record-tx/attachments.js';
import { boardsMethods } from './record-tx/boards.js';
import { engagementMethods } from './record-tx/engagement.js';
import { mailMethods } from './record-tx/mail.js';
import { moderationMethods } from './record-tx/moderation.js';
import { oauthMethods } from './record-tx/oauth.js';
import { peopleMethods } from './record-tx/people.js';
import { postsMethods } from './record-tx/posts.js';
import { ssoMethods } from './record-tx/sso.js';
import { statisticsMethods } from './record-tx/statistics.js';
import { webhooksMethods } from './record-tx/webhooks.js';

/** Each aggregate's methods over a transaction's store. */
const FACTORIES: AggregateFactories<RecordStore> = {
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
};

/** One transaction's methods over its store; plain properties, so a Proxy around it works. */
class RecordTx {
  readonly aggregates: Partial<StorageAggregates> = {};
  constructor(readonly store: RecordStore) {}

  aggregate<A extends AggregateName>(name: A): StorageAggregates[A] {
    return (this.aggregates[name] ??= completeAggregate(name, FACTORIES[name](this.store)));
  }
}

for (const [method, name] of Object.entries(AGGREGATE_OF) as [keyof StorageTx, AggregateName][]) {
  Object.defineProperty(RecordTx.prototype, method, {
    value: function (this: RecordTx, ...args: unknown[]): unknown {
      return (this.aggregate(name) as unknown as Record<string, (...a: unknown[]) => unknown>)[method]!(...args);
    },
    writable: true,
    configurable: true,
  });
}

/** A {@link StorageTx} over `store`, for one transaction. */
export function createRecordTx(store: RecordStore): StorageTx {
  return new RecordTx(store) as unknown as StorageTx;
}
