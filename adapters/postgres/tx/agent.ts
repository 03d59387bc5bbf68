/**
 * The agent aggregate in SQL: the queue, proposals, implementation evidence and claims. The
 * queue's statements, claim-next's among them, are in queue.ts.
 *
 * `claimPost` decides with ONE conditional statement: an upsert whose DO UPDATE applies only when
 * the stored claim has expired or belongs to the same key, returning the stored claim and the one
 * that was there before (read in the same statement, so the outcome's name cannot be stale). It
 * runs in a write transaction, which holds the post's organization's write lock (write-lock.ts);
 * the upsert is atomic on its own too, since a concurrent insert of the same post waits on the
 * primary key.
 */
import type { ClaimOutcome } from '../../../src/storage/contract.js';
import type { AggregateMethods } from '../../../src/storage/contract/registry.js';
import type { ClaimRecord, EvidenceRecord } from '../../../src/domain/records.js';
import { idArray, pageBounds, type Sql } from '../sql.js';
import { CLAIM_NEXT_SQL, QUEUE_SQL } from './queue.js';
import { POST_COLUMNS, toPost, type PostRow } from './rows.js';

const EVIDENCE_COLUMNS = 'id, post_id, kind, ref, label, added_at, action_key';
const CLAIM_COLUMNS = 'post_id, api_key_id, agent_label, claimed_at, expires_at';

// $1 post, $2 key, $3 label (or null), $4 now, $5 expires_at.
export const CLAIM_UPSERT = `
WITH before AS (SELECT ${CLAIM_COLUMNS} FROM fb_claims WHERE post_id = $1),
stored AS (
  INSERT INTO fb_claims AS c (post_id, api_key_id, agent_label, claimed_at, expires_at)
  VALUES ($1, $2, coalesce($3::text, ''), $4, $5)
  ON CONFLICT (post_id) DO UPDATE SET
    agent_label = CASE
      WHEN $3::text IS NOT NULL THEN $3
      WHEN c.expires_at > $4 THEN c.agent_label
      ELSE '' END,
    claimed_at = CASE WHEN c.expires_at > $4 THEN c.claimed_at ELSE $4 END,
    api_key_id = $2,
    expires_at = $5
  WHERE c.expires_at <= $4 OR c.api_key_id = $2
  RETURNING ${CLAIM_COLUMNS}
)
SELECT 'stored' AS which, ${CLAIM_COLUMNS} FROM stored
UNION ALL
SELECT 'before' AS which, ${CLAIM_COLUMNS} FROM before`;

export function agentMethods(sql: Sql): AggregateMethods<'agent'> {
  const getClaim = async (postId: number) =>
    (await sql.row<ClaimRecord>(`SELECT ${CLAIM_COLUMNS} FROM fb_claims WHERE post_id = $1`, [postId])) ?? null;
  const insertEvidence = async (row: Omit<EvidenceRecord, 'id'>) =>
    (await sql.row<EvidenceRecord>(
      `INSERT INTO fb_evidence (post_id, kind, ref, label, added_at, action_key)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${EVIDENCE_COLUMNS}`,
      [row.post_id, row.kind, row.ref, row.label, row.added_at, row.action_key],
    ))!;

  return {
    async listQueue(boardId, query) {
      const { limit } = pageBounds({ limit: query.limit, offset: 0 });
      const rows = await sql.rows<PostRow & { total_count: string }>(QUEUE_SQL, [boardId, query.apiKeyId, query.now, limit]);
      const total = Number(rows[0]?.total_count ?? 0);
      return { rows: rows.filter((row) => row.id !== null).map(toPost), total };
    },
    async listProposedPosts(boardId) {
      const rows = await sql.rows<PostRow>(
        `SELECT ${POST_COLUMNS} FROM fb_posts p
         WHERE p.board_id = $1 AND p.proposal_status IS NOT NULL
         ORDER BY p.proposal_proposed_at, p.id`,
        [boardId],
      );
      return rows.map(toPost);
    },

    async listEvidence(postId) {
      return sql.rows<EvidenceRecord>(`SELECT ${EVIDENCE_COLUMNS} FROM fb_evidence WHERE post_id = $1 ORDER BY added_at, id`, [postId]);
    },
    insertEvidence,
    async replaceEvidence(postId, rows) {
      await sql.run('DELETE FROM fb_evidence WHERE post_id = $1', [postId]);
      const inserted: EvidenceRecord[] = [];
      for (const row of rows) inserted.push(await insertEvidence({ ...row, post_id: postId }));
      return inserted;
    },
    async findEvidenceByActionKey(postId, actionKey) {
      return (
        (await sql.row<EvidenceRecord>(
          `SELECT ${EVIDENCE_COLUMNS} FROM fb_evidence WHERE post_id = $1 AND action_key = $2 ORDER BY id LIMIT 1`,
          [postId, actionKey],
        )) ?? null
      );
    },

    getClaim,
    async getClaims(postIds) {
      if (postIds.length === 0) return new Map();
      const rows = await sql.rows<ClaimRecord>(
        `SELECT ${CLAIM_COLUMNS} FROM fb_claims WHERE post_id = ANY($1::int[]) ORDER BY post_id`,
        [idArray(postIds)],
      );
      return new Map(rows.map((claim) => [claim.post_id, claim]));
    },
    async claimPost(request): Promise<ClaimOutcome> {
      const rows = await sql.rows<ClaimRecord & { which: 'stored' | 'before' }>(CLAIM_UPSERT, [
        request.post_id,
        request.api_key_id,
        request.agent_label ?? null,
        request.now,
        request.expires_at,
      ]);
      const strip = ({ which: _which, ...claim }: ClaimRecord & { which: string }): ClaimRecord => claim;
      const storedRow = rows.find((row) => row.which === 'stored');
      const beforeRow = rows.find((row) => row.which === 'before');
      const before = beforeRow === undefined ? null : strip(beforeRow);
      if (storedRow === undefined) return { outcome: 'conflict', claim: before! };
      const extended =
        before !== null && before.api_key_id === request.api_key_id && before.expires_at > request.now;
      return { outcome: extended ? 'extended' : 'created', claim: strip(storedRow) };
    },
    async claimNextPost(request) {
      const claim = await sql.row<ClaimRecord>(CLAIM_NEXT_SQL, [
        request.board_id,
        request.api_key_id,
        request.agent_label ?? '',
        request.now,
        request.expires_at,
      ]);
      return claim ?? null;
    },
    async releaseClaim(postId, apiKeyId, now) {
      // Removes the caller's claim or an expired one, and reports what was there, in one statement.
      const row = await sql.row<{ removed_key: number | null; removed_expires: string | null; remaining: boolean }>(
        `WITH removed AS (
           DELETE FROM fb_claims WHERE post_id = $1 AND (api_key_id = $2 OR expires_at <= $3)
           RETURNING api_key_id, expires_at)
         SELECT (SELECT api_key_id FROM removed) AS removed_key,
                (SELECT expires_at FROM removed) AS removed_expires,
                EXISTS (SELECT 1 FROM fb_claims WHERE post_id = $1) AS remaining`,
        [postId, apiKeyId, now],
      );
      if (row!.removed_key !== null) {
        return row!.removed_key === apiKeyId && row!.removed_expires! > now ? 'released' : 'none';
      }
      return row!.remaining ? 'conflict' : 'none';
    },
  };
}
