/**
 * The agent aggregate in SQL: the queue, proposals, implementation evidence and claims. The
 * queue's statements, claim-next's among them, are in queue.ts.
 *
 * `claimPost` decides with one conditional statement: an upsert whose DO UPDATE applies only when
 * the stored claim has expired or belongs to the same key. It runs inside the write transaction,
 * which holds SQLite's write lock from its start (`BEGIN IMMEDIATE`), so of many concurrent
 * claimants, in this process or in others, exactly one sees it take effect. The read before it
 * only names the outcome (new, taken over or extended); under the same lock it cannot be stale.
 */
import type { ClaimOutcome } from '../../../src/storage/contract.js';
import type { AggregateMethods } from '../../../src/storage/contract/registry.js';
import type { EvidenceRecord } from '../../../src/domain/records.js';
import { idList, pageBounds, type Sql } from '../sql.js';
import { CLAIM_NEXT, QUEUE_PLANNED, QUEUE_RANKED, QUEUE_TOTAL } from './queue.js';
import { POST_COLUMNS } from '../../sql/tx/rows.js';
import { selectPosts, type ClaimRow, type EvidenceRow } from './rows.js';

const EVIDENCE = 'SELECT id, post_id, kind, ref, label, added_at, action_key FROM fb_evidence';
const CLAIM = 'SELECT post_id, api_key_id, agent_label, claimed_at, expires_at FROM fb_claims';

const CLAIM_UPSERT = `
INSERT INTO fb_claims (post_id, api_key_id, agent_label, claimed_at, expires_at)
VALUES (@post_id, @api_key_id, coalesce(@agent_label, ''), @now, @expires_at)
ON CONFLICT (post_id) DO UPDATE SET
  agent_label = CASE
    WHEN @agent_label IS NOT NULL THEN @agent_label
    WHEN fb_claims.expires_at > @now THEN fb_claims.agent_label
    ELSE '' END,
  claimed_at = CASE WHEN fb_claims.expires_at > @now THEN fb_claims.claimed_at ELSE @now END,
  api_key_id = @api_key_id,
  expires_at = @expires_at
WHERE fb_claims.expires_at <= @now OR fb_claims.api_key_id = @api_key_id
RETURNING post_id, api_key_id, agent_label, claimed_at, expires_at`;

export function agentMethods(sql: Sql): AggregateMethods<'agent'> {
  const getClaim = (postId: number) => sql.get<ClaimRow>(`${CLAIM} WHERE post_id = ?`, postId) ?? null;
  const insertEvidence = (row: Omit<EvidenceRecord, 'id'>) =>
    sql.get<EvidenceRow>(
      `INSERT INTO fb_evidence (post_id, kind, ref, label, added_at, action_key)
       VALUES (?, ?, ?, ?, ?, ?) RETURNING id, post_id, kind, ref, label, added_at, action_key`,
      row.post_id,
      row.kind,
      row.ref,
      row.label,
      row.added_at,
      row.action_key,
    )!;

  return {
    async listQueue(boardId, query) {
      const { limit } = pageBounds({ limit: query.limit, offset: 0 });
      const named = { board: boardId, key: query.apiKeyId, now: query.now };
      // Two index walks, ranked posts first; the second only fills what the first left of the page.
      const ranked = selectPosts(
        sql,
        `SELECT ${POST_COLUMNS} FROM fb_posts p WHERE ${QUEUE_RANKED} ORDER BY p.queue_rank, p.id LIMIT @limit`,
        { ...named, limit },
      );
      const planned =
        ranked.length < limit
          ? selectPosts(
              sql,
              `SELECT ${POST_COLUMNS} FROM fb_posts p WHERE ${QUEUE_PLANNED}
                ORDER BY p.vote_count DESC, p.created_at, p.id LIMIT @limit`,
              { ...named, limit: limit - ranked.length },
            )
          : [];
      const total = sql.value<number>(QUEUE_TOTAL, named)!;
      return { rows: [...ranked, ...planned], total };
    },
    async listProposedPosts(boardId) {
      return selectPosts(
        sql,
        `SELECT ${POST_COLUMNS} FROM fb_posts p
         WHERE p.board_id = ? AND p.proposal_status IS NOT NULL
         ORDER BY p.proposal_proposed_at, p.id`,
        boardId,
      );
    },

    async listEvidence(postId) {
      return sql.all<EvidenceRow>(`${EVIDENCE} WHERE post_id = ? ORDER BY added_at, id`, postId);
    },
    async insertEvidence(row) {
      return insertEvidence(row);
    },
    async replaceEvidence(postId, rows) {
      sql.run('DELETE FROM fb_evidence WHERE post_id = ?', postId);
      return rows.map((row) => insertEvidence({ ...row, post_id: postId }));
    },
    async findEvidenceByActionKey(postId, actionKey) {
      return (
        sql.get<EvidenceRow>(`${EVIDENCE} WHERE post_id = ? AND action_key = ? ORDER BY id LIMIT 1`, postId, actionKey) ??
        null
      );
    },

    async getClaim(postId) {
      return getClaim(postId);
    },
    async getClaims(postIds) {
      const rows = sql.all<ClaimRow>(
        `${CLAIM} WHERE post_id IN (SELECT value FROM json_each(?)) ORDER BY post_id`,
        idList(postIds),
      );
      return new Map(rows.map((claim) => [claim.post_id, claim]));
    },
    async claimPost(request): Promise<ClaimOutcome> {
      const before = getClaim(request.post_id);
      const claim = sql.get<ClaimRow>(CLAIM_UPSERT, {
        post_id: request.post_id,
        api_key_id: request.api_key_id,
        agent_label: request.agent_label ?? null,
        now: request.now,
        expires_at: request.expires_at,
      });
      if (claim === undefined) return { outcome: 'conflict', claim: before! };
      const extended =
        before !== null && before.api_key_id === request.api_key_id && before.expires_at > request.now;
      return { outcome: extended ? 'extended' : 'created', claim };
    },
    async claimNextPost(request) {
      const claim = sql.get<ClaimRow>(CLAIM_NEXT, {
        board: request.board_id,
        key: request.api_key_id,
        label: request.agent_label ?? '',
        now: request.now,
        expires_at: request.expires_at,
      });
      return claim ?? null;
    },
    async releaseClaim(postId, apiKeyId, now) {
      // Removes the caller's claim or an expired one; RETURNING shows which it was.
      const removed = sql.get<ClaimRow>(
        `DELETE FROM fb_claims WHERE post_id = ? AND (api_key_id = ? OR expires_at <= ?)
         RETURNING post_id, api_key_id, agent_label, claimed_at, expires_at`,
        postId,
        apiKeyId,
        now,
      );
      if (removed !== undefined) {
        return removed.api_key_id === apiKeyId && removed.expires_at > now ? 'released' : 'none';
      }
      return getClaim(postId) === null ? 'none' : 'conflict';
    },
  };
}
