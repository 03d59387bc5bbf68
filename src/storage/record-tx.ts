/**
 * The whole {@link StorageTx} contract in plain JavaScript over a {@link RecordStore}: the
 * implementation of the memory and IndexedDB adapters, and the reference the conformance suite
 * compares every other adapter with.
 *
 * Each method awaits only the store, so a store bound to one IndexedDB transaction keeps it
 * active for the whole of `fn`. Rows read from the store are never mutated; rows returned are
 * copies.
 *
 * A transaction's object is one small instance: its methods live on the prototype, and each group
 * of them (boards, posts, votes and comments...) is built over the store the first time the
 * transaction calls one of its methods. A read of one post builds three groups, not eleven, and no
 * transaction builds the seventy-odd functions of the whole contract.
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

type Groups = {
  accounts: ReturnType<typeof accountMethods>;
  boards: ReturnType<typeof boardMethods>;
  posts: ReturnType<typeof postMethods>;
  lists: ReturnType<typeof postListMethods>;
  agent: ReturnType<typeof agentMethods>;
  engagement: ReturnType<typeof engagementMethods>;
  stats: ReturnType<typeof statsMethods>;
  claimNext: ReturnType<typeof claimNextMethods>;
  counts: ReturnType<typeof countMethods>;
  outbox: ReturnType<typeof webhookOutboxMethods>;
  people: ReturnType<typeof peopleMethods>;
};

const FACTORIES: { [G in keyof Groups]: (tx: RecordTx) => Groups[G] } = {
  accounts: (tx) => accountMethods(tx.store),
  boards: (tx) => boardMethods(tx.store),
  posts: (tx) => postMethods(tx.store),
  lists: (tx) => postListMethods(tx.store),
  agent: (tx) => agentMethods(tx.store),
  engagement: (tx) => engagementMethods(tx.store),
  stats: (tx) => statsMethods(tx.store),
  claimNext: (tx) => claimNextMethods(tx.store, tx.group('lists').listQueue),
  counts: (tx) => countMethods(tx.store),
  outbox: (tx) => webhookOutboxMethods(tx.store),
  people: (tx) => peopleMethods(tx.store),
};

/** The group that implements each method of the contract (every method, checked by the type). */
const GROUP_OF: { [M in keyof StorageTx]: { [G in keyof Groups]: M extends keyof Groups[G] ? G : never }[keyof Groups] } = {
  insertOrganization: 'accounts',
  getOrganization: 'accounts',
  listOrganizations: 'accounts',
  insertApiKey: 'accounts',
  getApiKey: 'accounts',
  getApiKeyByHash: 'accounts',
  listApiKeys: 'accounts',
  updateApiKey: 'accounts',
  getSetting: 'accounts',
  setSetting: 'accounts',
  insertWebhook: 'accounts',
  getWebhook: 'accounts',
  updateWebhook: 'accounts',
  deleteWebhook: 'accounts',
  listWebhooks: 'accounts',
  insertBoard: 'boards',
  getBoard: 'boards',
  getBoardBySlug: 'boards',
  listBoards: 'boards',
  updateBoard: 'boards',
  ensureTags: 'boards',
  getTagBySlug: 'boards',
  setPostTags: 'boards',
  getTagsOfPosts: 'boards',
  countPosts: 'counts',
  countTags: 'counts',
  insertPost: 'posts',
  getPost: 'posts',
  updatePost: 'posts',
  deletePost: 'posts',
  listPosts: 'lists',
  listQueue: 'lists',
  listRoadmap: 'lists',
  listChangelog: 'lists',
  listEvidence: 'agent',
  insertEvidence: 'agent',
  replaceEvidence: 'agent',
  findEvidenceByActionKey: 'agent',
  getClaim: 'agent',
  getClaims: 'agent',
  claimPost: 'agent',
  claimNextPost: 'claimNext',
  releaseClaim: 'agent',
  insertVoter: 'engagement',
  getVoter: 'engagement',
  getVoterByEmail: 'engagement',
  insertVote: 'engagement',
  deleteVote: 'engagement',
  listVoterIds: 'engagement',
  insertComment: 'engagement',
  getComment: 'engagement',
  updateComment: 'engagement',
  listComments: 'engagement',
  insertReaction: 'engagement',
  deleteReaction: 'engagement',
  getReactionCounts: 'engagement',
  shipStats: 'stats',
  analytics: 'stats',
  enqueueWebhookMessages: 'outbox',
  getWebhookMessage: 'outbox',
  listWebhookMessages: 'outbox',
  listWebhookAttempts: 'outbox',
  leaseWebhookMessages: 'outbox',
  recordWebhookAttempt: 'outbox',
  redeliverWebhookMessage: 'outbox',
  insertTeamMember: 'people',
  getTeamMember: 'people',
  getTeamMemberByEmail: 'people',
  listTeamMembers: 'people',
  insertSession: 'people',
  getSession: 'people',
  deleteSession: 'people',
  insertSignInLink: 'people',
  useSignInLink: 'people',
  listProposedPosts: 'people',
};

/** One transaction's methods over its store; plain properties, so a Proxy around it works. */
class RecordTx {
  readonly groups: Partial<Groups> = {};
  constructor(readonly store: RecordStore) {}

  group<G extends keyof Groups>(name: G): Groups[G] {
    return (this.groups[name] ??= FACTORIES[name](this)) as Groups[G];
  }
}

for (const [method, group] of Object.entries(GROUP_OF) as [keyof StorageTx, keyof Groups][]) {
  Object.defineProperty(RecordTx.prototype, method, {
    value: function (this: RecordTx, ...args: unknown[]): unknown {
      return (this.group(group) as unknown as Record<string, (...a: unknown[]) => unknown>)[method]!(...args);
    },
    writable: true,
    configurable: true,
  });
}

export function createRecordTx(store: RecordStore): StorageTx {
  return new RecordTx(store) as unknown as StorageTx;
}
