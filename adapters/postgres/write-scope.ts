/**
 * What a storage call locks in a write transaction, read from its arguments (see write-lock.ts,
 * and docs/scaling.md, "Writes per organization"). Every method of the contract is listed.
 *
 * - A call of one organization names it directly, or through a record that belongs to exactly one
 *   organization for its whole life (a board never changes organization, a post never changes
 *   board, a comment never changes post), so the answer never goes stale: it takes that
 *   organization's lock, and its reads and writes are exact against every other write of it.
 * - A call that is exact by itself takes no advisory lock (`none`): one statement that reads, or
 *   changes one row conditionally (a one-time link or code is spent by `UPDATE … WHERE used_at IS
 *   NULL`: of concurrent uses one matches), or inserts a row under a fresh random key; the queues'
 *   leases pick rows with `FOR UPDATE SKIP LOCKED`, and their reports re-read the leased row
 *   `FOR UPDATE` before checking its lease. Sessions, sign-in links, OAuth codes and tokens, key
 *   lookups by hash and the webhook and mail senders are all of this kind: they order themselves
 *   against nothing but the rows they touch, so no organization's slow write ever holds them up,
 *   and they never hold up an organization.
 * - A record that belongs to no organization and is read, then written (a setting; the set of
 *   organizations, which a fixture load or an import checks before adding to it) has a lock of its
 *   own (`record`), which orders only the transactions touching that record.
 * - `store`, the store-wide exclusive lock, is what a method missing here would take (correct,
 *   only not parallel); no method of the contract is `store` today. The lock is still taken by a
 *   transaction that writes to a second organization (write-lock.ts), which no service does.
 */
import type { StorageTx } from '../../src/storage/contract.js';

/** A record whose organization decides a call's lock. */
export type OwnerKind =
  | 'organization'
  | 'board'
  | 'post'
  | 'comment'
  | 'voter'
  | 'apiKey'
  | 'webhook'
  | 'teamMember'
  | 'heldPost'
  | 'attachment'
  | 'oauthGrant'
  | 'ssoSecret'
  | 'connection'
  | 'chatTarget'
  | 'status'
  | 'field';

/** A record of no organization with a lock of its own. */
export interface RecordScope {
  record: 'setting' | 'organizations';
  name: string;
}

/**
 * What a call locks: the organization of a record (to look up), a record of its own, nothing, or
 * the store-wide lock.
 */
export type CallScope = { kind: OwnerKind; id: number } | RecordScope | 'none' | 'store';

type ScopeOf = (...args: any[]) => CallScope;

/** The record's organization; a malformed id names no record, so nothing of one organization is locked. */
const by =
  (kind: OwnerKind) =>
  (id: unknown): CallScope =>
    typeof id === 'number' && Number.isInteger(id) ? { kind, id } : 'none';
const byField =
  (kind: OwnerKind, field: string) =>
  (row: Record<string, unknown> | null | undefined): CallScope =>
    by(kind)(row?.[field]);
const byFirst =
  (kind: OwnerKind) =>
  (ids: unknown): CallScope =>
    Array.isArray(ids) ? by(kind)(ids[0]) : 'none';
/** Exact by itself: a read, a conditional change of one row, an insert under a random key, a lease. */
const none = (): CallScope => 'none';
const setting = (name: unknown): CallScope => (typeof name === 'string' ? { record: 'setting', name } : 'none');
/** The set of organizations: listed, then added to, by a fixture load and an import. */
const organizations = (): CallScope => ({ record: 'organizations', name: '' });

const organization = by('organization');
/**
 * A sign-in link belongs to the organization of its voter link, or of its team member; the links
 * of different organizations never meet (a link is found by its random token when it is used, and
 * spent by one conditional statement), so creating one needs no more than the organization's lock,
 * and one of no organization none.
 */
const signInLink = (row: { kind?: unknown; subject_id?: unknown; organization_id?: unknown } | null | undefined): CallScope =>
  typeof row?.organization_id === 'number'
    ? by('organization')(row.organization_id)
    : row?.kind === 'team'
      ? by('teamMember')(row.subject_id)
      : row?.kind === 'voter'
        ? by('voter')(row.subject_id)
        : 'none';
const board = by('board');
const post = by('post');
const comment = by('comment');

/** The scope of every method of the contract, by name. */
export const CALL_SCOPES: Partial<Record<keyof StorageTx, ScopeOf>> & Record<string, ScopeOf> = {
  // accounts
  insertOrganization: organizations,
  getOrganization: organization,
  listOrganizations: organizations,
  insertApiKey: byField('organization', 'organization_id'),
  getApiKey: by('apiKey'),
  getApiKeyByHash: none,
  listApiKeys: organization,
  updateApiKey: by('apiKey'),
  getSetting: setting,
  setSetting: setting,
  insertSettingIfAbsent: setting,
  listStatuses: organization,
  getStatus: by('status'),
  insertStatus: byField('organization', 'organization_id'),
  updateStatus: by('status'),
  deleteStatus: by('status'),
  // fields
  listFields: board,
  insertField: byField('board', 'board_id'),
  updateField: by('field'),
  deleteField: by('field'),
  clearFieldValues: board,
  countFieldValues: board,
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
  getPostParts: post,
  updatePost: post,
  deletePost: post,
  countPosts: board,
  listPosts: board,
  listPinnedPosts: board,
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
  insertCommentEdit: byField('comment', 'comment_id'),
  listCommentEdits: comment,
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
  insertSession: none,
  getSession: none,
  deleteSession: none,
  insertSignInLink: signInLink,
  useSignInLink: none,
  // oauth: clients, codes and tokens are found by their random keys, spent by one conditional
  // statement each; a grant belongs to its organization
  insertOAuthClient: none,
  getOAuthClient: none,
  // one statement each: the expired clients without a grant, deleted or counted
  purgeOAuthClients: none,
  countOAuthClientsWithoutGrant: none,
  insertOAuthGrant: byField('organization', 'organization_id'),
  getOAuthGrant: by('oauthGrant'),
  listOAuthGrants: organization,
  updateOAuthGrant: by('oauthGrant'),
  insertOAuthCode: none,
  getOAuthCode: none,
  useOAuthCode: none,
  insertOAuthToken: none,
  getOAuthToken: none,
  useOAuthToken: none,
  // sso: a secret belongs to its organization; the rest names its organization or voter
  insertSsoSecret: byField('organization', 'organization_id'),
  listSsoSecrets: organization,
  updateSsoSecret: by('ssoSecret'),
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
  // the outbox: a lease picks rows FOR UPDATE SKIP LOCKED; a report re-reads its row FOR UPDATE
  getWebhookMessage: none,
  listWebhookMessages: by('webhook'),
  listWebhookAttempts: none,
  leaseWebhookMessages: none,
  recordWebhookAttempt: none,
  redeliverWebhookMessage: none,
  countPendingWebhookMessages: none,
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
  // the mail queue: as the outbox; enqueueing re-reads the row FOR UPDATE too
  leaseMailQueue: none,
  recordMailSend: none,
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
  // integrations: a connection and a chat target belong to one organization for their whole life
  insertIntegrationConnection: byField('organization', 'organization_id'),
  getIntegrationConnection: by('connection'),
  listIntegrationConnections: organization,
  updateIntegrationConnection: by('connection'),
  rememberIntegrationDelivery: byField('connection', 'connection_id'),
  listIntegrationDeliveries: by('connection'),
  insertPostLink: byField('post', 'post_id'),
  listPostLinks: post,
  listLinksToIssue: by('connection'),
  updateLinksToIssue: by('connection'),
  insertChatTarget: byField('board', 'board_id'),
  getChatTarget: by('chatTarget'),
  listChatTargets: board,
  updateChatTarget: by('chatTarget'),
  insertIntegrationCall: byField('organization', 'organization_id'),
  // the outbox of calls: a lease rechecks each row it changes; a report changes its row only under its lease
  getIntegrationCall: none,
  listIntegrationCalls: organization,
  listIntegrationCallAttempts: none,
  leaseIntegrationCalls: none,
  recordIntegrationCallAttempt: none,
  // trash: a deleted post stays its organization's; the purge is one DELETE whose row locks let
  // each row go once, and a restore takes its row out with DELETE … RETURNING
  trashPost: post,
  getDeletedPost: organization,
  listDeletedPosts: organization,
  restoreDeletedPost: organization,
  purgeDeletedPosts: none,
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
  oauthGrant: 'SELECT organization_id AS org FROM fb_oauth_grants WHERE id = $1',
  ssoSecret: 'SELECT organization_id AS org FROM fb_sso_secrets WHERE id = $1',
  connection: 'SELECT organization_id AS org FROM fb_integration_connections WHERE id = $1',
  chatTarget: 'SELECT b.organization_id AS org FROM fb_chat_targets t JOIN fb_boards b ON b.id = t.board_id WHERE t.id = $1',
  status: 'SELECT organization_id AS org FROM fb_statuses WHERE id = $1',
  field: 'SELECT b.organization_id AS org FROM fb_board_fields f JOIN fb_boards b ON b.id = f.board_id WHERE f.id = $1',
};
