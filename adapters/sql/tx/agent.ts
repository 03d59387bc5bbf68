/**
 * The agent aggregate in SQL: proposals, implementation evidence and claims. The queue's shared
 * statements, claim-next's among them, are in queue.ts; each store reads the queue with its total
 * its own way (its tx/agent.ts).
 *
 * `claimPost` decides with one conditional statement: an upsert whose DO UPDATE applies only when
 * the stored claim has expired or belongs to the same key. It runs inside the write transaction,
 * which holds the write lock from its start, so of many concurrent claimants, in this process or
 * in others, exactly one sees it take effect. The read before it only names the outcome (new,
 * taken over or extended); under the same lock it cannot be stale.
 */
import type { ClaimRecord, EvidenceRecord } from '../../../src/domain/records.js';
import type { ClaimOutcome, ClaimRequest } from '../../../src/storage/contract.js';
import type { SqlSeam } from '../seam.js';
import { allRows, oneRow, type SharedMethods } from '../statements.js';
import { claimNextSql } from './queue.js';
import { POST_ROW, selectPosts } from './rows.js';

export const EVIDENCE_FIELDS = 'id, post_id, kind, ref, label, added_at, action_key';
const EVIDENCE = `SELECT ${EVIDENCE_FIELDS} FROM fb_evidence`;
export const CLAIM_FIELDS = 'post_id, api_key_id, agent_label, claimed_at, expires_at';
const CLAIM = `SELECT ${CLAIM_FIELDS} FROM fb_claims`;
const INSERT_EVIDENCE = `INSERT INTO fb_evidence (post_id, kind, ref, label, added_at, action_key)
       VALUES (?, ?, ?, ?, ?, ?) RETURNING ${EVIDENCE_FIELDS}`;
const RELEASE_CLAIM = `DELETE FROM fb_claims WHERE post_id = ? AND (api_key_id = ? OR expires_at <= ?) RETURNING ${CLAIM_FIELDS}`;

/**
 * The claim upsert: `@post_id`, `@api_key_id`, `@agent_label` (or null), `@now`, `@expires_at`.
 * It returns the stored claim, or no row when another key's live claim stands.
 */
export const CLAIM_UPSERT = `
INSERT INTO fb_claims (post_id, api_key_id, agent_label, claimed_at, expires_at)
VALUES (@post_id, @api_key_id, coalesce(CAST(@agent_label AS TEXT), ''), @now, @expires_at)
ON CONFLICT (post_id) DO UPDATE SET
  agent_label = CASE
    WHEN CAST(@agent_label AS TEXT) IS NOT NULL THEN @agent_label
    WHEN fb_claims.expires_at > @now THEN fb_claims.agent_label
    ELSE '' END,
  claimed_at = CASE WHEN fb_claims.expires_at > @now THEN fb_claims.claimed_at ELSE @now END,
  api_key_id = @api_key_id,
  expires_at = @expires_at
WHERE fb_claims.expires_at <= @now OR fb_claims.api_key_id = @api_key_id
RETURNING ${CLAIM_FIELDS}`;

/** The values of {@link CLAIM_UPSERT}. */
export const claimValues = (request: ClaimRequest) => ({
  post_id: request.post_id,
  api_key_id: request.api_key_id,
  agent_label: request.agent_label ?? null,
  now: request.now,
  expires_at: request.expires_at,
});

/** What a claim did, from the claim before it (if any) and the one stored (none on a conflict). */
export function claimOutcome(request: ClaimRequest, before: ClaimRecord | null, stored: ClaimRecord | undefined): ClaimOutcome {
  if (stored === undefined) return { outcome: 'conflict', claim: before! };
  const extended = before !== null && before.api_key_id === request.api_key_id && before.expires_at > request.now;
  return { outcome: extended ? 'extended' : 'created', claim: stored };
}

/** The methods both stores share; the queue is each store's own. */
export function agentMethods(db: SqlSeam): SharedMethods<'agent', 'listQueue'> {
  const d = db.dialect;
  const getClaim = oneRow<ClaimRecord>(db, `${CLAIM} WHERE post_id = ?`);
  const claims = `${CLAIM} WHERE post_id ${d.inIds('?')} ORDER BY post_id`;
  const insertEvidence = async (row: Omit<EvidenceRecord, 'id'>) =>
    (await db.row<EvidenceRecord>(
      INSERT_EVIDENCE,
      [row.post_id, row.kind, row.ref, row.label, row.added_at, row.action_key],
    ))!;
  const claimNext = claimNextSql(d);
  const proposedPosts = `SELECT ${POST_ROW(d)} FROM fb_posts p
    WHERE p.board_id = ? AND p.proposal_status IS NOT NULL
    ORDER BY p.proposal_proposed_at, p.id`;

  return {
    listProposedPosts: (boardId) => selectPosts(db, proposedPosts, [boardId]),

    listEvidence: allRows<EvidenceRecord>(db, `${EVIDENCE} WHERE post_id = ? ORDER BY added_at, id`),
    insertEvidence,
    async replaceEvidence(postId, rows) {
      await db.run('DELETE FROM fb_evidence WHERE post_id = ?', [postId]);
      const inserted: EvidenceRecord[] = [];
      for (const row of rows) inserted.push(await insertEvidence({ ...row, post_id: postId }));
      return inserted;
    },
    findEvidenceByActionKey: oneRow<EvidenceRecord>(db, `${EVIDENCE} WHERE post_id = ? AND action_key = ? ORDER BY id LIMIT 1`),

    getClaim,
    async getClaims(postIds) {
      if (postIds.length === 0) return new Map();
      const rows = await db.rows<ClaimRecord>(claims, [d.ids(postIds)]);
      return new Map(rows.map((claim) => [claim.post_id, claim]));
    },
    async claimPost(request) {
      const before = await getClaim(request.post_id);
      return claimOutcome(request, before, await db.row<ClaimRecord>(CLAIM_UPSERT, claimValues(request)));
    },
    async claimNextPost(request) {
      const claim = await db.row<ClaimRecord>(claimNext, {
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
      const removed = await db.row<ClaimRecord>(RELEASE_CLAIM, [postId, apiKeyId, now]);
      if (removed !== undefined) return removed.api_key_id === apiKeyId && removed.expires_at > now ? 'released' : 'none';
      return (await getClaim(postId)) === null ? 'none' : 'conflict';
    },
  };
}
