/**
 * What the SQL adapters build a transaction's `StorageTx` from: every aggregate's methods over
 * one context (a connection), completed with the contract's fallbacks, behind a guard that keeps
 * two promises of the contract: a `read` transaction does not write, and a transaction object
 * stops working when its transaction has ended (a leaked `tx` would otherwise run statements on
 * a connection that now serves another transaction).
 */
import type { StorageTx, TransactionMode } from './contract.js';
import { completeAggregate, STORAGE_AGGREGATES, STORAGE_TX_WRITES, type AggregateFactories, type AggregateName } from './contract/registry.js';

/** Every method of the contract from each aggregate's factory over `context`. */
export function storageTxFrom<C>(factories: AggregateFactories<C>, context: C): StorageTx {
  const methods = {};
  for (const name of Object.keys(STORAGE_AGGREGATES) as AggregateName[]) {
    Object.assign(methods, completeAggregate(name, factories[name](context), methods));
  }
  return methods as StorageTx;
}

/** A transaction's guarded methods, and how its end is announced. */
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
 * Builds, once for `methods`, a prototype holding every method behind the guard; each
 * transaction is then one object with two fields over it. `adapter` names the package subpath in
 * the guard's errors (`feedback-board/sqlite`); `onEnd`, when given, runs at each transaction's end,
 * after its methods are refused.
 */
export function guardedScopes(adapter: string, methods: StorageTx, onEnd?: () => void): (mode: TransactionMode) => TxScope {
  const prototype: Partial<Record<keyof StorageTx, AnyMethod>> = {};
  for (const name of Object.keys(STORAGE_TX_WRITES) as (keyof StorageTx)[]) {
    const method = methods[name] as AnyMethod;
    const writes = STORAGE_TX_WRITES[name];
    prototype[name] = function (this: ScopeState, ...args) {
      if (!this.open) return Promise.reject(new Error(`${adapter}: ${name}() called after its transaction ended`));
      if (writes && this.mode === 'read') return Promise.reject(new Error(`${adapter}: ${name}() writes; it needs a 'write' transaction`));
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
        onEnd?.();
      },
    };
  };
}
