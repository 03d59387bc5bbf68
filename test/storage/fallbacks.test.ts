/**
 * The smallest adapter the contract allows: the memory storage with every method that has a
 * generic fallback taken away, completed by `completeStorageTx`. It must pass the whole
 * conformance suite, so each fallback keeps every documented result and ordering.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defineStorageConformance } from 'feedback-board/testing';
import { createMemoryStorage } from '../../adapters/memory/index.js';
import { completeStorageTx, type Storage, type StorageTx, type StorageTxMethods } from '../../src/storage/contract.js';
import { STORAGE_AGGREGATES, STORAGE_TX_WRITES, type AggregateName } from '../../src/storage/contract/registry.js';

const OPTIONAL = new Set((Object.keys(STORAGE_AGGREGATES) as AggregateName[]).flatMap((name) => Object.keys(STORAGE_AGGREGATES[name].fallbacks)));

/** `tx` without the methods that have a fallback, as a plain object of bound methods. */
function withoutOptional(tx: StorageTx): StorageTxMethods {
  const methods: Record<string, unknown> = {};
  for (const name of Object.keys(STORAGE_TX_WRITES) as (keyof StorageTx)[]) {
    if (!OPTIONAL.has(name)) methods[name] = (tx[name] as (...args: unknown[]) => unknown).bind(tx);
  }
  return methods as unknown as StorageTxMethods;
}

function minimalStorage(): Storage {
  const inner = createMemoryStorage();
  return {
    transaction: (mode, fn) => inner.transaction(mode, (tx) => fn(completeStorageTx(withoutOptional(tx)))),
    close: () => inner.close(),
  };
}

describe('a storage with only the required methods', () => {
  it('leaves out exactly the methods with a fallback, and gets each of them back', async () => {
    expect([...OPTIONAL].sort()).toEqual(['claimNextPost', 'countPosts', 'findEvidenceByActionKey', 'getClaims', 'getPostParts', 'listPinnedPosts']);
    await createMemoryStorage().transaction('read', async (tx) => {
      const methods = withoutOptional(tx);
      expect(Object.keys(methods).filter((name) => OPTIONAL.has(name))).toEqual([]);
      const complete = completeStorageTx(methods);
      expect(complete).toBe(methods);
      for (const name of OPTIONAL) expect(typeof complete[name as keyof StorageTx]).toBe('function');
    });
  });
});

defineStorageConformance(
  { name: 'memory with only the required methods', create: async () => minimalStorage() },
  { describe, it, expect, beforeEach, afterEach },
);
