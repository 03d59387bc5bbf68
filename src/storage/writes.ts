/**
 * Which methods of {@link StorageTx} write. Adapters that guard a transaction object (a `read`
 * transaction must not write) read it; a Record, so that a method added to the contract must be
 * listed here before any adapter compiles.
 */
import type { StorageTx } from './contract.js';

/** Whether each method of {@link StorageTx} writes. */
export const STORAGE_TX_WRITES: Readonly<Record<keyof StorageTx, boolean>> = {
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
  insertSession: true, getSession: false, deleteSession: true, insertSignInLink: true, useSignInLink: true,
  listProposedPosts: false,
};
