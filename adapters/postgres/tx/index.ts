/**
 * The StorageTx handed to a transaction's function: every method of the contract, implemented in
 * SQL over the transaction's connection, behind a guard that keeps two promises of the contract:
 * a `read` transaction does not write, and a transaction object stops working when its
 * transaction has ended (a leaked `tx` would otherwise run statements on a pooled connection that
 * now belongs to someone else).
 */
import type { StorageTx, TransactionMode } from '../../../src/storage/contract.js';
import { STORAGE_TX_WRITES as WRITES } from '../../../src/storage/writes.js';
import type { Sql } from '../sql.js';
import { accountMethods } from './accounts.js';
import { agentMethods } from './agent.js';
import { boardMethods } from './boards.js';
import { claimNextMethods } from './claim-next.js';
import { communityMethods } from './community.js';
import { countMethods } from './counts.js';
import { listMethods } from './lists.js';
import { peopleMethods } from './people.js';
import { postMethods } from './posts.js';
import { statsMethods } from './stats.js';
import { webhookOutboxMethods } from './webhook-outbox.js';

/** The SQL implementation of every method over one transaction's connection. */
export function pgMethods(sql: Sql): StorageTx {
  return {
    ...accountMethods(sql),
    ...boardMethods(sql),
    ...postMethods(sql),
    ...listMethods(sql),
    ...agentMethods(sql),
    ...claimNextMethods(sql),
    ...countMethods(sql),
    ...communityMethods(sql),
    ...statsMethods(sql),
    ...webhookOutboxMethods(sql),
    ...peopleMethods(sql),
  };
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
