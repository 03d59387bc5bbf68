/**
 * Which organization a storage call belongs to, read from its arguments: the key of the write
 * lock a transaction takes (see storage.ts and docs/scaling.md, "Writes per organization").
 *
 * Every method of the contract is listed. A call names its organization directly, or through a
 * record that belongs to exactly one organization for its whole life (a board never changes
 * organization, a post never changes board, a comment never changes post), so the answer never
 * goes stale. A call that belongs to no single organization (creating an organization, settings,
 * key lookups by hash, sessions and sign-in links, the webhook outbox's delivery) is `store`: it
 * runs under the store-wide lock, which excludes every other write. A method missing here is
 * treated as `store` too: correct, only not parallel.
 */
import type { StorageTx } from '../../src/storage/contract.js';

/** A record whose organization decides a call's lock. */
export type OwnerKind = 'organization' | 'board' | 'post' | 'comment' | 'voter' | 'apiKey' | 'webhook' | 'teamMember' | 'heldPost' | 'attachment';

/** The organization of a call, as a record to look up, or `store` for the store-wide lock. */
export type CallScope = { kind: OwnerKind; id: number } | 'store';

type ScopeOf = (...args: any[]) => CallScope;

const by =
  (kind: OwnerKind) =>
  (id: unknown): CallScope =>
    typeof id === 'number' && Number.isInteger(id) ? { kind, id } : 'store';
const byField =
  (kind: OwnerKind, field: string) =>
  (row: Record<string, unknown> | null | undefined): CallScope =>
    by(kind)(row?.[field]);
const byFirst =
  (kind: OwnerKind) =>
  (ids: unknown): CallScope =>
    Array.isArray(ids) ? by(kind)(ids[0]) : 'store';
const store = (): CallScope => 'store';

const organization = by('organization');
/**
 * A sign-in link belongs to the organization of its voter link, or of its team member; the links
 * of different organizations never meet (a link is found by its random token, under the store
 * lock, when it is used), so creating one needs no more than the organization's lock.
 */
const signInLink = (row: { kind?: unknown; subject_id?: unknown; organization_id?: unknown } | null | undefined): CallScope =>
  typeof row?.organization_id === 'number'
    ? by('organization')(row.organization_id)
    : row?.kind === 'team'
      ? by('teamMember')(row.subject_id)
      : row?.kind === 'voter'
        ? by('voter')(row.subject_id)
        : 'store';
const board = by('board');
const post = by('post');
const comment = by('comment');

/** The scope of every method of the contract, by name. */
export const CALL_SCOPES: Partial<Record<keyof StorageTx, ScopeOf>> & Record<string, ScopeOf> = {
  // accounts
  insertOrganization: store,
  getOrganization: organization,
  listOrganizations: store,
  insertApiKey: byField('organization', 'organization_id'),
  getApiKey: by('apiKey'),
  getApiKeyByHash: store,
  listApiKeys: organization,
  updateApiKey: by('apiKey'),
  getSetting: store,
  setSetting: store,
  insertSettingIfAbsent: store,
  // boards
  insertBoard: byField('organization', 'organization_id'),
  getBoard: board,
  getBoardBySlug: organization,
  listBoards: organization,
  updateBoard: board,
  ensureTags: board,
  listImportSources: board,
  insertImportSource: byField('board', 'board_id'),
  getTagBySlug: board,
  setPostTags: post,
  getTagsOfPosts: byFirst('post'),
  countTags: board,
  listTags: board,
  // posts
  insertPost: byField('board', 'board_id'),
  getPost: post,
  updatePost: post,
  deletePost: post,
  countPosts: board,
  listPosts: board,
  listRoadmap: board,
  listChangelog: board,
  countPostsByWord: board,
  listPostsByWords: board,
  insertPostMerge: byField('post', 'source_id'),
  getPostMerge: post,
  removePostMerge: post,
  moveComments: post,
  // agent
  listQueue: board,
  listProposedPosts: board,
  listEvidence: post,
  insertEvidence: byField('post', 'post_id'),
  replaceEvidence: post,
  findEvidenceByActionKey: post,
  getClaim: post,
  getClaims: byFirst('post'),
  claimPost: byField('post', 'post_id'),
  claimNextPost: byField('board', 'board_id'),
  releaseClaim: post,
  // engagement
  insertVoter: byField('organization', 'organization_id'),
  setVoterLocale: by('voter'),
  getVoter: by('voter'),
  getVoterByEmail: organization,
  insertVote: byField('post', 'post_id'),
  deleteVote: post,
  listVoterIds: post,
  insertComment: byField('post', 'post_id'),
  getComment: comment,
  updateComment: comment,
  listComments: post,
  insertReaction: byField('comment', 'comment_id'),
  deleteReaction: comment,
  getReactionCounts: byFirst('comment'),
  blockVoter: byField('voter', 'voter_id'),
  unblockVoter: by('voter'),
  listVoterBlocks: byFirst('voter'),
  insertPostAuthor: byField('post', 'post_id'),
  getPostAuthor: post,
  getFollow: post,
  putFollow: byField('post', 'post_id'),
  listFollowerIds: post,
  listVoterPostTimes: by('voter'),
  listVoterCommentTimes: by('voter'),
  // people
  insertTeamMember: byField('organization', 'organization_id'),
  getTeamMember: by('teamMember'),
  getTeamMemberByEmail: organization,
  listTeamMembers: organization,
  updateTeamMember: by('teamMember'),
  insertSession: store,
  getSession: store,
  deleteSession: store,
  insertSignInLink: signInLink,
  useSignInLink: store,
  // oauth: clients and tokens belong to no organization until a grant is found through them
  insertOAuthClient: store,
  getOAuthClient: store,
  purgeOAuthClients: store,
  countOAuthClientsWithoutGrant: store,
  insertOAuthGrant: byField('organization', 'organization_id'),
  getOAuthGrant: store,
  listOAuthGrants: organization,
  updateOAuthGrant: store,
  insertOAuthCode: store,
  getOAuthCode: store,
  useOAuthCode: store,
  insertOAuthToken: store,
  getOAuthToken: store,
  useOAuthToken: store,
  // sso: secrets are found by id under the store lock; the rest names its organization or voter
  insertSsoSecret: byField('organization', 'organization_id'),
  listSsoSecrets: organization,
  updateSsoSecret: store,
  getSsoSettings: organization,
  putSsoSettings: byField('organization', 'organization_id'),
  getSsoIdentity: organization,
  getSsoIdentityOfVoter: by('voter'),
  insertSsoIdentity: byField('organization', 'organization_id'),
  putCompany: byField('organization', 'organization_id'),
  getCompany: organization,
  listCompanies: organization,
  setVoterCompany: by('voter'),
  listVoterCompanies: byFirst('voter'),
  // access: a board's settings under its board, a voter's claims under the voter
  getBoardAccess: board,
  putBoardAccess: byField('board', 'board_id'),
  getVoterClaims: by('voter'),
  putVoterClaims: byField('voter', 'voter_id'),
  getCompanyVoter: organization,
  insertCompanyVoter: byField('organization', 'organization_id'),
  listCompanyVoters: organization,
  listPostsByCompanyRevenue: board,
  // statistics
  shipStats: board,
  analytics: board,
  // webhooks
  insertWebhook: byField('organization', 'organization_id'),
  getWebhook: by('webhook'),
  updateWebhook: by('webhook'),
  deleteWebhook: by('webhook'),
  listWebhooks: organization,
  enqueueWebhookMessages: byField('organization', 'organization_id'),
  getWebhookMessage: store,
  listWebhookMessages: by('webhook'),
  listWebhookAttempts: store,
  leaseWebhookMessages: store,
  recordWebhookAttempt: store,
  redeliverWebhookMessage: store,
  countPendingWebhookMessages: store,
  // moderation
  isBoardModerated: board,
  setBoardModerated: board,
  insertHeldPost: byField('organization', 'organization_id'),
  getHeldPost: by('heldPost'),
  decideHeldPost: by('heldPost'),
  listHeldPosts: organization,
  countHeldPosts: organization,
  listVoterHeldPosts: by('voter'),
  // mail
  enqueueMailEvent: byField('organization', 'organization_id'),
  getMailQueueRow: by('voter'),
  leaseMailQueue: store,
  recordMailSend: store,
  dropMailQueueOfPost: post,
  listMailFailures: organization,
  putMailUnsubscribe: byField('board', 'board_id'),
  isMailUnsubscribed: board,
  // activity
  insertActivity: byField('post', 'post_id'),
  listActivity: post,
  // attachments
  insertAttachment: byField('organization', 'organization_id'),
  getAttachment: by('attachment'),
  getAttachmentBytes: by('attachment'),
  listPostAttachments: byFirst('post'),
  listCommentAttachments: byFirst('comment'),
  listHeldPostAttachments: by('heldPost'),
  moveHeldPostAttachments: by('heldPost'),
};

/** The scope of one call; `store` for a method not listed above. */
export function callScope(method: string, args: readonly unknown[]): CallScope {
  const scopeOf = CALL_SCOPES[method];
  return scopeOf === undefined ? 'store' : scopeOf(...args);
}

/** SQL answering the organization of a record of each kind (`$1` is its id); no row if it is gone. */
export const OWNER_SQL: Record<OwnerKind, string> = {
  organization: 'SELECT id AS org FROM fb_organizations WHERE id = $1',
  board: 'SELECT organization_id AS org FROM fb_boards WHERE id = $1',
  post: 'SELECT b.organization_id AS org FROM fb_posts p JOIN fb_boards b ON b.id = p.board_id WHERE p.id = $1',
  comment:
    'SELECT b.organization_id AS org FROM fb_comments c JOIN fb_posts p ON p.id = c.post_id JOIN fb_boards b ON b.id = p.board_id WHERE c.id = $1',
  voter: 'SELECT organization_id AS org FROM fb_voters WHERE id = $1',
  apiKey: 'SELECT organization_id AS org FROM fb_api_keys WHERE id = $1',
  webhook: 'SELECT organization_id AS org FROM fb_webhooks WHERE id = $1',
  teamMember: 'SELECT organization_id AS org FROM fb_team_members WHERE id = $1',
  heldPost: 'SELECT organization_id AS org FROM fb_held_posts WHERE id = $1',
  attachment: 'SELECT organization_id AS org FROM fb_attachments WHERE id = $1',
};
