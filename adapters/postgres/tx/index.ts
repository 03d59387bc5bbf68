/**
 * The StorageTx handed to a transaction's function: every method of the contract, implemented in
 * SQL over the transaction's connection, behind a guard that keeps two promises of the contract:
 * a `read` transaction does not write, and a transaction object stops working when its
 * transaction has ended (a leaked `tx` would otherwise run statements on a pooled connection that
 * now belongs to someone else).
 */
import type { StorageTx, TransactionMode } from '../../../src/storage/contract.js';
import type { Sql } from '../sql.js';
import { accountMethods } from './accounts.js';
import { agentMethods } from './agent.js';
import { boardMethods } from './boards.js';
import { claimNextMethods } from './claim-next.js';
import { communityMethods } from './community.js';
import { countMethods } from './counts.js';
import { listMethods } from './lists.js';
import { peopleMethods } from './people.js';
import { postMethods } from './posts.js';
import { statsMethods } from './stats.js';
import { webhookOutboxMethods } from './webhook-outbox.js';

/** Whether each method writes. A Record, so that a method added to the contract must be listed. */
const WRITES: Record<keyof StorageTx, boolean> = {
  insertOrganization: true, getOrganization: false, listOrganizations: false,
  insertApiKey: true, getApiKey: false, getApiKeyByHash: false, listApiKeys: false, updateApiKey: true,
  getSetting: false, setSetting: true,
  insertBoard: true, getBoard: false, getBoardBySlug: false, listBoards: false, updateBoard: true,
  insertPost: true, getPost: false, updatePost: true, deletePost: true,
  listPosts: false, listQueue: false, listRoadmap: false, listChangelog: false,
  ensureTags: true, getTagBySlug: false, setPostTags: true, getTagsOfPosts: false,
  countPosts: false, countTags: false,
  listEvidence: false, insertEvidence: true, replaceEvidence: true, findEvidenceByActionKey: false,
  getClaim: false, getClaims: false, claimPost: true, claimNextPost: true, releaseClaim: true,
  insertVoter: true, getVoter: false, getVoterByEmail: false,
  insertVote: true, deleteVote: true, listVoterIds: false,
  insertComment: true, getComment: false, updateComment: true, listComments: false,
  insertReaction: true, deleteReaction: true, getReactionCounts: false,
  shipStats: false, analytics: false,
  insertWebhook: true, getWebhook: false, updateWebhook: true, deleteWebhook: true, listWebhooks: false,
  enqueueWebhookMessages: true, getWebhookMessage: false, listWebhookMessages: false, listWebhookAttempts: false,
  leaseWebhookMessages: true, recordWebhookAttempt: true, redeliverWebhookMessage: true,
  insertTeamMember: true, getTeamMember: false, getTeamMemberByEmail: false, listTeamMembers: false,
  insertSession: true, getSession: false, deleteSession: true,
  insertSignInLink: true, useSignInLink: true, listProposedPosts: false,
};

/** The SQL implementation of every method over one transaction's connection. */
export function pgMethods(sql: Sql): StorageTx {
  return {
    ...accountMethods(sql),
    ...boardMethods(sql),
    ...postMethods(sql),
    ...listMethods(sql),
    ...agentMethods(sql),
    ...claimNextMethods(sql),
    ...countMethods(sql),
    ...communityMethods(sql),
    ...statsMethods(sql),
    ...webhookOutboxMethods(sql),
    ...peopleMethods(sql),
  };
}

export interface TxScope {
  tx: StorageTx;
  /** Called when the transaction commits or rolls back; later calls on `tx` reject. */
  end(): void;
}

type AnyMethod = (...args: unknown[]) => Promise<unknown>;

export function openScope(methods: StorageTx, mode: TransactionMode): TxScope {
  let open = true;
  const tx: Partial<Record<keyof StorageTx, AnyMethod>> = {};
  for (const name of Object.keys(WRITES) as (keyof StorageTx)[]) {
    const method = methods[name] as AnyMethod;
    const writes = WRITES[name];
    tx[name] = (...args) => {
      if (!open) {
        return Promise.reject(new Error(`feedback-board/postgres: ${name}() called after its transaction ended`));
      }
      if (writes && mode === 'read') {
        return Promise.reject(new Error(`feedback-board/postgres: ${name}() writes; it needs a 'write' transaction`));
      }
      return method(...args);
    };
  }
  return {
    tx: tx as StorageTx,
    end: () => {
      open = false;
    },
  };
}
