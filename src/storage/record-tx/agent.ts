/** The agent workflow's records: implementation evidence and claims. */
import type { ClaimRecord, EvidenceRecord } from '../../domain/records.js';
import type { NewRecord, StorageTx } from '../contract.js';
import { cloneRow, type RecordStore } from '../record-store.js';
import { byIdAsc, compareText, distinct } from './shared.js';

type AgentMethods = Pick<
  StorageTx,
  | 'listEvidence'
  | 'insertEvidence'
  | 'replaceEvidence'
  | 'findEvidenceByActionKey'
  | 'getClaim'
  | 'getClaims'
  | 'claimPost'
  | 'releaseClaim'
>;

export function agentMethods(store: RecordStore): AgentMethods {
  const evidence = store.table('evidence');
  const claims = store.table('claims');

  /** Stores one evidence row for `postId` under a new id. */
  async function addEvidence(postId: number, row: NewRecord<EvidenceRecord>): Promise<EvidenceRecord> {
    const record: EvidenceRecord = {
      id: await store.nextId('evidence'),
      post_id: postId,
      kind: row.kind,
      ref: row.ref,
      label: row.label,
      added_at: row.added_at,
      action_key: row.action_key,
    };
    await evidence.put(record);
    return record;
  }

  return {
    async listEvidence(postId) {
      const rows = await evidence.getAllFromIndex('by_post', postId);
      return rows.sort((a, b) => compareText(a.added_at, b.added_at) || a.id - b.id).map((row) => cloneRow(row));
    },
    insertEvidence(row) {
      return addEvidence(row.post_id, row);
    },
    /** The rows' own post_id is ignored: every row goes to `postId`. */
    async replaceEvidence(postId, rows) {
      for (const old of await evidence.getAllFromIndex('by_post', postId)) {
        await evidence.delete(old.id);
      }
      const added: EvidenceRecord[] = [];
      for (const row of rows) added.push(await addEvidence(postId, row));
      return added;
    },
    async findEvidenceByActionKey(postId, actionKey) {
      const [first] = (await evidence.getAllFromIndex('by_post_action_key', [postId, actionKey])).sort(byIdAsc);
      return first ? cloneRow(first) : null;
    },

    async getClaim(postId) {
      const claim = await claims.get(postId);
      return claim ? cloneRow(claim) : null;
    },
    async getClaims(postIds) {
      const result = new Map<number, ClaimRecord>();
      for (const postId of distinct(postIds)) {
        const claim = await claims.get(postId);
        if (claim) result.set(postId, cloneRow(claim));
      }
      return result;
    },
    async claimPost(request) {
      const current = await claims.get(request.post_id);
      if (current && request.now < current.expires_at) {
        if (current.api_key_id !== request.api_key_id) {
          return { outcome: 'conflict', claim: cloneRow(current) };
        }
        const extended: ClaimRecord = {
          ...current,
          expires_at: request.expires_at,
          agent_label: request.agent_label ?? current.agent_label,
        };
        await claims.put(extended);
        return { outcome: 'extended', claim: cloneRow(extended) };
      }
      const created: ClaimRecord = {
        post_id: request.post_id,
        api_key_id: request.api_key_id,
        agent_label: request.agent_label ?? '',
        claimed_at: request.now,
        expires_at: request.expires_at,
      };
      await claims.put(created);
      return { outcome: 'created', claim: cloneRow(created) };
    },
    async releaseClaim(postId, apiKeyId, now) {
      const current = await claims.get(postId);
      if (!current) return 'none';
      const live = now < current.expires_at;
      if (live && current.api_key_id !== apiKeyId) return 'conflict';
      await claims.delete(postId);
      return live ? 'released' : 'none';
    },
  };
}
