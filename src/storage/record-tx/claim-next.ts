/**
 * Claim-next over a record store. The queue with the caller id 0 (no key's id: ids start at 1)
 * hides every post under anyone's live claim, so its first post is the one to claim. The memory
 * and IndexedDB adapters run each write transaction alone, so the choice and the write are one
 * step for every other caller.
 */
import type { ClaimRecord } from '../../domain/records.js';
import type { StorageTx } from '../contract.js';
import { cloneRow, type RecordStore } from '../record-store.js';

type ClaimNextMethods = Pick<StorageTx, 'claimNextPost'>;

/** An API key id no key has, so that the queue treats every live claim as another key's. */
const NO_KEY = 0;

export function claimNextMethods(store: RecordStore, listQueue: StorageTx['listQueue']): ClaimNextMethods {
  const claims = store.table('claims');
  return {
    async claimNextPost(request) {
      const { rows } = await listQueue(request.board_id, { apiKeyId: NO_KEY, now: request.now, limit: 1 });
      const next = rows[0];
      if (next === undefined) return null;
      const claim: ClaimRecord = {
        post_id: next.id,
        api_key_id: request.api_key_id,
        agent_label: request.agent_label ?? '',
        claimed_at: request.now,
        expires_at: request.expires_at,
      };
      await claims.put(claim);
      return cloneRow(claim);
    },
  };
}
