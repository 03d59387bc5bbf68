/**
 * The StorageTx handed to a transaction's function: every aggregate of the contract, implemented
 * in SQL over the transaction's connection, behind a guard that keeps two promises of the contract:
 * a `read` transaction does not write, and a transaction object stops working when its
 * transaction has ended (a leaked `tx` would otherwise run statements on a pooled connection that
 * now belongs to someone else).
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

/** Each aggregate's methods over a transaction's connection. */
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

/** The SQL implementation of every method over one transaction's connection. */
export function pgMethods(sql: Sql): StorageTx {
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

export function openScope(methods: StorageTx, mode: TransactionMode): TxScope {
  let open = true;
  const tx: Partial<Record<keyof StorageTx, AnyMethod>> = {};
  for (const name of Object.keys(WRITES) as (keyof StorageTx)[]) {
    const method = methods[name] as AnyMethod;
    const writes = WRITES[name];
    tx[name] = (...args) => {
      if (!open) {
        return Promise.reject(new Error(`feedback-board/postgres: ${name}() called after its transaction ended`));
      }
      if (writes && mode === 'read') {
        return Promise.reject(new Error(`feedback-board/postgres: ${name}() writes; it needs a 'write' transaction`));
      }
      return method(...args);
    };
  }
  return {
    tx: tx as StorageTx,
    end: () => {
      open = false;
    },
  };
}
