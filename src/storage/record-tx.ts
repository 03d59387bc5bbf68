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
 *
 * The aggregates that only the services loaded on first call use (votes and comments, statistics,
 * sign-in and sessions, OAuth, SSO, mail, moderation, integrations, the trash of deleted posts, changelog entries, custom fields, saved views) are themselves loaded on the first call of
 * one of their methods, so a browser application that embeds a board does not load them with the
 * core. While one loads, the
 * transaction's store is kept open by `hold` (IndexedDB commits a transaction that has no request
 * pending when control returns to the event loop); after that, a call costs what it did.
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
import { postsMethods } from './record-tx/posts.js';
import { webhooksMethods } from './record-tx/webhooks.js';

type Factories = Partial<AggregateFactories<RecordStore>>;

/**
 * The aggregates loaded with the core: those that reading boards, their posts and one post, and
 * creating a post, use.
 */
const FACTORIES: Factories = {
  accounts: accountsMethods,
  boards: boardsMethods,
  posts: postsMethods,
  agent: agentMethods,
  webhooks: webhooksMethods,
  activity: activityMethods,
  attachments: attachmentsMethods,
  access: accessMethods,
};

/**
 * The aggregates loaded on the first call of one of their methods, each as its module, whose
 * default export is its factory (one name for all: the factories' own names would only weigh on
 * the bundle).
 */
const LOADED_LATER: { readonly [A in AggregateName]?: () => Promise<{ default: AggregateFactories<RecordStore>[A] }> } = {
  engagement: () => import('./record-tx/engagement.js'),
  statistics: () => import('./record-tx/statistics.js'),
  people: () => import('./record-tx/people.js'),
  moderation: () => import('./record-tx/moderation.js'),
  oauth: () => import('./record-tx/oauth.js'),
  mail: () => import('./record-tx/mail.js'),
  sso: () => import('./record-tx/sso.js'),
  integrations: () => import('./record-tx/integrations.js'),
  trash: () => import('./record-tx/trash.js'),
  changelog: () => import('./record-tx/changelog.js'),
  fields: () => import('./record-tx/fields.js'),
  savedViews: () => import('./record-tx/saved-views.js'),
};

/** The loads under way or done, by aggregate; a load that failed is forgotten, so the next call tries again. */
const loading: { [A in AggregateName]?: Promise<unknown> } = {};

function loadFactory(name: AggregateName): Promise<unknown> {
  const load = (loading[name] ??= LOADED_LATER[name]!().then(
    (module) => ((FACTORIES as Record<string, unknown>)[name] = module.default),
    (error: unknown) => {
      delete loading[name];
      throw error;
    },
  ));
  return load;
}

/**
 * How a transaction waits for something other than its store (a module loading) without its store
 * ending the transaction meanwhile: resolves as `pending` does, in a moment when the store takes
 * requests again.
 */
export type Hold = <T>(pending: Promise<T>) => Promise<T>;

/** A store that never ends a transaction on its own waits as anything does. */
const justWait: Hold = (pending) => pending;

/** One transaction's methods over its store; plain properties, so a Proxy around it works. */
class RecordTx {
  readonly aggregates: Partial<StorageAggregates> = {};
  constructor(
    readonly store: RecordStore,
    readonly hold: Hold,
  ) {}

  /** The aggregate, built on first use; a promise of it while its module is loading. */
  aggregate<A extends AggregateName>(name: A): StorageAggregates[A] | Promise<StorageAggregates[A]> {
    const built = this.aggregates[name];
    if (built !== undefined) return built;
    const factory = FACTORIES[name];
    if (factory === undefined) return this.hold(loadFactory(name)).then(() => this.aggregate(name));
    return (this.aggregates[name] = completeAggregate(name, factory(this.store), this));
  }
}

type Methods = Record<string, (...a: unknown[]) => unknown>;

for (const [method, name] of Object.entries(AGGREGATE_OF) as [keyof StorageTx, AggregateName][]) {
  // The methods of the aggregates loaded with the core never meet a promise, and do not look for one.
  const loadedLater = FACTORIES[name] === undefined;
  Object.defineProperty(RecordTx.prototype, method, {
    value: loadedLater
      ? function (this: RecordTx, ...args: unknown[]): unknown {
          const aggregate = this.aggregate(name);
          if (aggregate instanceof Promise) return aggregate.then((loaded) => (loaded as unknown as Methods)[method]!(...args));
          return (aggregate as unknown as Methods)[method]!(...args);
        }
      : function (this: RecordTx, ...args: unknown[]): unknown {
          return (this.aggregate(name) as unknown as Methods)[method]!(...args);
        },
    writable: true,
    configurable: true,
  });
}

/**
 * A {@link StorageTx} over `store`, for one transaction. `hold` keeps the store's transaction open
 * while an aggregate's module loads; a store whose transactions end only when told needs none.
 */
export function createRecordTx(store: RecordStore, hold: Hold = justWait): StorageTx {
  return new RecordTx(store, hold) as unknown as StorageTx;
}
