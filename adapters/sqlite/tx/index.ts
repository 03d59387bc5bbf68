/**
 * The StorageTx handed to a transaction's function: every aggregate of the contract, implemented
 * in SQL over one connection, behind a guard that keeps two promises of the contract:
 * a `read` transaction does not write, and a transaction object stops working when its
 * transaction has ended (a leaked `tx` would otherwise run statements inside someone else's).
 */
import type { StorageTx, TransactionMode } from '../../../src/storage/contract.js';
import {
  completeAggregate,
  STORAGE_AGGREGATES,
  STORAGE_TX_WRITES as WRITES,
  type AggregateFactories,
  type AggregateName,
} from '../../../src/storage/contract/registry.js';
import type { Sql } from '../sql.js';
import { accountsMethods } from './accounts.js';
import { agentMethods } from './agent.js';
import { boardsMethods } from './boards.js';
import { engagementMethods } from './engagement.js';
import { peopleMethods } from './people.js';
import { postsMethods } from './posts.js';
import { statisticsMethods } from './statistics.js';
import { webhooksMethods } from './webhooks.js';

/** Each aggregate's methods over the connection. */
const FACTORIES: AggregateFactories<Sql> = {
  accounts: accountsMethods,
  boards: boardsMethods,
  posts: postsMethods,
  agent: agentMethods,
  engagement: engagementMethods,
  statistics: statisticsMethods,
  webhooks: webhooksMethods,
  people: peopleMethods,
};

/** The SQL implementation of every method, built once per connection. */
export function sqlMethods(sql: Sql): StorageTx {
  const methods = {};
  for (const name of Object.keys(STORAGE_AGGREGATES) as AggregateName[]) {
    Object.assign(methods, completeAggregate(name, FACTORIES[name](sql)));
  }
  return methods as StorageTx;
}

export interface TxScope {
  tx: StorageTx;
  /** Called when the transaction commits or rolls back; later calls on `tx` reject. */
  end(): void;
}

type AnyMethod = (...args: unknown[]) => Promise<unknown>;

/** The state a guarded method checks: whether its transaction is open, and its mode. */
interface ScopeState {
  open: boolean;
  mode: TransactionMode;
}

/**
 * Builds, once per connection, a prototype holding every method behind the guard; a transaction
 * is then one object with two fields over it, rather than some sixty closures built per
 * transaction.
 */
export function scopeFactory(methods: StorageTx): (mode: TransactionMode) => TxScope {
  const prototype: Partial<Record<keyof StorageTx, AnyMethod>> = {};
  for (const name of Object.keys(WRITES) as (keyof StorageTx)[]) {
    const method = methods[name] as AnyMethod;
    const writes = WRITES[name];
    prototype[name] = function (this: ScopeState, ...args) {
      if (!this.open) {
        return Promise.reject(new Error(`feedback-board/sqlite: ${name}() called after its transaction ended`));
      }
      if (writes && this.mode === 'read') {
        return Promise.reject(new Error(`feedback-board/sqlite: ${name}() writes; it needs a 'write' transaction`));
      }
      return method(...args);
    };
  }
  return (mode) => {
    const state: ScopeState = Object.create(prototype) as ScopeState;
    state.open = true;
    state.mode = mode;
    return {
      tx: state as unknown as StorageTx,
      end: () => {
        state.open = false;
      },
    };
  };
}
