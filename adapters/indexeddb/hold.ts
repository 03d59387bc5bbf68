/**
 * Keeping an IndexedDB transaction open while it waits for something else.
 *
 * IndexedDB commits a transaction as soon as control returns to the event loop with none of its
 * requests pending, and refuses requests made while its events are not being dispatched. A
 * transaction that must wait for a promise IndexedDB knows nothing of (a module of the record
 * store loading on the first call of one of its aggregates) keeps one cheap read pending at a time
 * until that promise has settled, and goes on from the success event of the last read, while the
 * transaction takes requests again.
 */
import type { Hold } from '../../src/storage/record-tx.js';
import type { StorageTransaction } from './record-store.js';

type Outcome<T> = { settled: false } | { settled: true; ok: true; value: T } | { settled: true; ok: false; error: unknown };

/** A {@link Hold} for `tx`, whose reads go to its object store `storeName` (any store it spans). */
export function holdOpen(tx: StorageTransaction, storeName: string): Hold {
  return async <T>(pending: Promise<T>): Promise<T> => {
    let outcome: Outcome<T> = { settled: false };
    // Observed at once, so a rejection is never reported as unhandled while the reads go on.
    void pending.then(
      (value) => (outcome = { settled: true, ok: true, value }),
      (error: unknown) => (outcome = { settled: true, ok: false, error }),
    );
    const store = tx.objectStore(storeName);
    // An empty array is a valid key that no row of any store has: the read finds nothing, at once.
    while (!outcome.settled) await store.getKey([]);
    const settled = outcome as Outcome<T> & { settled: true };
    if (!settled.ok) throw settled.error;
    return settled.value;
  };
}
