/**
 * The whole {@link StorageTx} contract in plain JavaScript over a {@link RecordStore}: the
 * implementation of the memory and IndexedDB adapters, and the reference the conformance suite
 * compares every other adapter with.
 *
 * Each method awaits only the store, so a store bound to one IndexedDB transaction keeps it
 * active for the whole of `fn`. Rows read from the store are never mutated; rows returned are
 * copies.
 */
import type { StorageTx } from './contract.js';
import type { RecordStore } from './record-store.js';
import { accountMethods } from './record-tx/accounts.js';
import { agentMethods } from './record-tx/agent.js';
import { boardMethods } from './record-tx/boards.js';
import { engagementMethods } from './record-tx/engagement.js';
import { postListMethods } from './record-tx/post-lists.js';
import { postMethods } from './record-tx/posts.js';
import { statsMethods } from './record-tx/stats.js';

export function createRecordTx(store: RecordStore): StorageTx {
  // Object.assign, not spread syntax: V8 merges 55 methods by spread some 25 times slower, and
  // one StorageTx is built per transaction.
  return Object.assign(
    {},
    accountMethods(store),
    boardMethods(store),
    postMethods(store),
    postListMethods(store),
    agentMethods(store),
    engagementMethods(store),
    statsMethods(store),
  );
}
