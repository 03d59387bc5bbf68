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
import { claimNextMethods } from './record-tx/claim-next.js';
import { countMethods } from './record-tx/counts.js';
import { engagementMethods } from './record-tx/engagement.js';
import { peopleMethods } from './record-tx/people.js';
import { postListMethods } from './record-tx/post-lists.js';
import { postMethods } from './record-tx/posts.js';
import { statsMethods } from './record-tx/stats.js';
import { webhookOutboxMethods } from './record-tx/webhook-outbox.js';

export function createRecordTx(store: RecordStore): StorageTx {
  const accounts = accountMethods(store);
  const boards = boardMethods(store);
  const posts = postMethods(store);
  const lists = postListMethods(store);
  const agent = agentMethods(store);
  const engagement = engagementMethods(store);
  const stats = statsMethods(store);
  const claimNext = claimNextMethods(store, lists.listQueue);
  const counts = countMethods(store);
  const outbox = webhookOutboxMethods(store);
  const people = peopleMethods(store);
  // One object literal naming every method: V8 builds it from a template, where merging the
  // groups with spread or Object.assign costs several microseconds per transaction.
  return {
    insertOrganization: accounts.insertOrganization,
    getOrganization: accounts.getOrganization,
    listOrganizations: accounts.listOrganizations,
    insertApiKey: accounts.insertApiKey,
    getApiKey: accounts.getApiKey,
    getApiKeyByHash: accounts.getApiKeyByHash,
    listApiKeys: accounts.listApiKeys,
    updateApiKey: accounts.updateApiKey,
    getSetting: accounts.getSetting,
    setSetting: accounts.setSetting,
    insertWebhook: accounts.insertWebhook,
    getWebhook: accounts.getWebhook,
    updateWebhook: accounts.updateWebhook,
    deleteWebhook: accounts.deleteWebhook,
    listWebhooks: accounts.listWebhooks,
    insertBoard: boards.insertBoard,
    getBoard: boards.getBoard,
    getBoardBySlug: boards.getBoardBySlug,
    listBoards: boards.listBoards,
    updateBoard: boards.updateBoard,
    ensureTags: boards.ensureTags,
    getTagBySlug: boards.getTagBySlug,
    setPostTags: boards.setPostTags,
    getTagsOfPosts: boards.getTagsOfPosts,
    countPosts: counts.countPosts,
    countTags: counts.countTags,
    insertPost: posts.insertPost,
    getPost: posts.getPost,
    updatePost: posts.updatePost,
    deletePost: posts.deletePost,
    listPosts: lists.listPosts,
    listQueue: lists.listQueue,
    listRoadmap: lists.listRoadmap,
    listChangelog: lists.listChangelog,
    listEvidence: agent.listEvidence,
    insertEvidence: agent.insertEvidence,
    replaceEvidence: agent.replaceEvidence,
    findEvidenceByActionKey: agent.findEvidenceByActionKey,
    getClaim: agent.getClaim,
    getClaims: agent.getClaims,
    claimPost: agent.claimPost,
    claimNextPost: claimNext.claimNextPost,
    releaseClaim: agent.releaseClaim,
    insertVoter: engagement.insertVoter,
    getVoter: engagement.getVoter,
    getVoterByEmail: engagement.getVoterByEmail,
    insertVote: engagement.insertVote,
    deleteVote: engagement.deleteVote,
    listVoterIds: engagement.listVoterIds,
    insertComment: engagement.insertComment,
    getComment: engagement.getComment,
    updateComment: engagement.updateComment,
    listComments: engagement.listComments,
    insertReaction: engagement.insertReaction,
    deleteReaction: engagement.deleteReaction,
    getReactionCounts: engagement.getReactionCounts,
    shipStats: stats.shipStats,
    analytics: stats.analytics,
    enqueueWebhookMessages: outbox.enqueueWebhookMessages,
    getWebhookMessage: outbox.getWebhookMessage,
    listWebhookMessages: outbox.listWebhookMessages,
    listWebhookAttempts: outbox.listWebhookAttempts,
    leaseWebhookMessages: outbox.leaseWebhookMessages,
    recordWebhookAttempt: outbox.recordWebhookAttempt,
    redeliverWebhookMessage: outbox.redeliverWebhookMessage,
    insertTeamMember: people.insertTeamMember,
    getTeamMember: people.getTeamMember,
    getTeamMemberByEmail: people.getTeamMemberByEmail,
    listTeamMembers: people.listTeamMembers,
    insertSession: people.insertSession,
    getSession: people.getSession,
    deleteSession: people.deleteSession,
    insertSignInLink: people.insertSignInLink,
    useSignInLink: people.useSignInLink,
    listProposedPosts: people.listProposedPosts,
  };
}
