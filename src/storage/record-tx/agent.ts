/**
 * The agent aggregate over the record store: the queue, proposals, implementation evidence and
 * claims. Claim-next takes the first post of the queue as a key that no one has sees it, inside
 * the write transaction, which the memory and IndexedDB adapters run alone: the choice and the
 * write are one step for every other caller.
 */
import type { ClaimRecord, EvidenceRecord, PostStatus } from '../../domain/records.js';
import type { AgentTx, NewRecord } from '../contract.js';
import type { AggregateMethods } from '../contract/registry.js';
import { cloneRow, type RecordStore } from '../record-store.js';
import { byIdAsc, byVotesThenOldest, compareText, distinct, pageOf, type StoredPost } from './shared.js';

/** The statuses a queued post may have: every one but shipped and declined. */
const QUEUE_STATUSES = ['open', 'planned', 'in_progress'] as const satisfies readonly PostStatus[];

/** An API key id no key has (ids start at 1), so that the queue treats every live claim as another key's. */
const NO_KEY = 0;

export function agentMethods(store: RecordStore): AggregateMethods<'agent'> {
  const posts = store.table('posts');
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

  /** The queue: see the contract; also the first step of claim-next. */
  const listQueue: AgentTx['listQueue'] = async (boardId, query) => {
    const candidates: StoredPost[] = [];
    for (const status of QUEUE_STATUSES) {
      for (const post of await posts.getAllFromIndex('by_board_status', [boardId, status])) {
        if (!post.hidden && (post.queue_rank !== null || post.status === 'planned')) candidates.push(post);
      }
    }
    const eligible: StoredPost[] = [];
    for (const post of candidates) {
      const claim = await claims.get(post.id);
      const heldByOther = claim !== undefined && query.now < claim.expires_at && claim.api_key_id !== query.apiKeyId;
      if (!heldByOther) eligible.push(post);
    }
    const ranked = eligible
      .filter((post) => post.queue_rank !== null)
      .sort((a, b) => (a.queue_rank ?? 0) - (b.queue_rank ?? 0) || a.id - b.id);
    const unranked = eligible.filter((post) => post.queue_rank === null).sort(byVotesThenOldest);
    return pageOf([...ranked, ...unranked], { limit: query.limit, offset: 0 });
  };

  return {
    listQueue,
    async listProposedPosts(boardId) {
      const rows = (await posts.getAllFromIndex('by_board', boardId)).filter((post) => post.proposal !== null);
      rows.sort((a, b) => compareText(a.proposal!.proposed_at, b.proposal!.proposed_at) || a.id - b.id);
      return rows.map((row) => cloneRow(row));
    },

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
