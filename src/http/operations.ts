/**
 * The one table of the API's operations: each row says, once, everything about an operation: its
 * method and path, the weakest scope that may call it, its request schema (body or query), its
 * success status and response schema, the error codes it can answer, where the client puts it,
 * which service module serves it, and what its MCP tool needs beyond that (a name other than the
 * operation's in snake case, when to use it, whether a repeat changes nothing, whether it
 * destroys data). Everything else is built from the rows: the OpenAPI document and the MCP tools
 * from the table itself; the router, the handler, the in-process API (`board.api`) and the typed
 * client from the parts of each row they need, generated from this table by `npm run derive`
 * (`operation-routes.ts`, `served-operations.ts`, `../client/routes.ts`; see docs/architecture.md, "One table of
 * operations").
 *
 * The rows are data only: they name their schemas and services (checked by the compiler in
 * `defineOperations`) rather than import them.
 *
 * Each row's comment says what its method in the in-process API and the typed client does.
 */
import type { ErrorCode } from '../domain/errors.js';
import { defineOperations } from './operation-row.js';

export type { HttpMethod, OperationRow } from './operation-row.js';

// Exactly the codes each operation can answer (test/openapi samples every one from the handler).
const BOARD: readonly ErrorCode[] = ['not_found'];
/** Operations without body or query never answer a 422: a body sent to them is ignored. */
const WRITE: readonly ErrorCode[] = ['not_found', 'insufficient_scope'];
const BODY_ONLY: readonly ErrorCode[] = ['insufficient_scope', 'validation_error', 'invalid_json', 'payload_too_large', 'unsupported_media_type'];
const BODY: readonly ErrorCode[] = ['not_found', ...BODY_ONLY];

/**
 * The API's operations by name, as data: method, path, scope, summary, service, client place,
 * schema names, success status, errors and the MCP tool's facts.
 *
 * @example
 * ```ts
 * const { method, path, scope } = operationTable.claimPost; // 'POST', '/boards/{slug}/posts/{id}/claim', 'propose'
 * ```
 */
export const operationTable = defineOperations({
  /** `GET /boards`: the organization's boards, drafts included, oldest first. */
  listBoards: { method: 'GET', path: '/boards', scope: 'read', summary: "List the organization's boards, drafts included, oldest first.", service: 'boardReads', client: ['boards', 'list'], success: { status: 200, schema: 'boardListSchema' }, errors: [], guidance: 'Use first to learn the board slugs every other tool takes.' },
  /** `GET /boards/{slug}`. */
  getBoard: { method: 'GET', path: '/boards/{slug}', scope: 'read', summary: 'Get one board.', service: 'boardReads', client: ['boards', 'get'], success: { status: 200, schema: 'boardSchema' }, errors: BOARD, guidance: 'Use to check one board by slug; list_boards shows them all.' },
  /** `POST /boards`: a new draft board (`write` scope). */
  createBoard: { method: 'POST', path: '/boards', scope: 'write', summary: 'Create a board (a draft).', service: 'boards', client: ['boards', 'create'], body: 'createBoardBody', success: { status: 201, schema: 'boardSchema' }, errors: [...BODY_ONLY, 'slug_taken'], guidance: 'Use only to start a new board; it begins as a draft that nobody sees until publish_board.' },
  /** `POST /boards/{slug}/publish`: `publish_disabled` while agent publishing is off. */
  publishBoard: { method: 'POST', path: '/boards/{slug}/publish', scope: 'write', summary: 'Publish a board; 403 publish_disabled while agent publishing is off (the default).', service: 'boards', client: ['boards', 'publish'], success: { status: 200, schema: 'boardSchema' }, errors: [...WRITE, 'publish_disabled'], idempotent: true, guidance: 'Use to make a draft board public; unpublish_board undoes it.' },
  /** `POST /boards/{slug}/unpublish`: back to draft; deletes nothing. */
  unpublishBoard: { method: 'POST', path: '/boards/{slug}/unpublish', scope: 'write', summary: 'Return a board to draft; deletes nothing.', service: 'boards', client: ['boards', 'unpublish'], success: { status: 200, schema: 'boardSchema' }, errors: WRITE, idempotent: true, guidance: 'Use to take a board back to draft without deleting anything.' },

  /** `GET /boards/{slug}/posts`: filters `status`, `q`, `tag`; `sort`; `limit`, `offset` (query strings). */
  listPosts: { method: 'GET', path: '/boards/{slug}/posts', scope: 'read', summary: 'List posts with filters (status, q, tag), sort (new, top) and paging.', service: 'postReads', client: ['posts', 'list'], query: 'listPostsQuery', success: { status: 200, schema: 'postListSchema' }, errors: [...BOARD, 'validation_error'], guidance: 'Use to browse or search a board (status, q, tag, sort). For work to do, use get_queue or claim_next_post instead.' },
  /** `GET /boards/{slug}/posts/similar`: `text`, `limit`; listed posts whose titles share words with the text, best first. */
  findSimilarPosts: { method: 'GET', path: '/boards/{slug}/posts/similar', scope: 'read', summary: 'Posts whose titles share words with a text, best first, each with a score in (0, 1]. Use it before creating a post, to find the existing post it duplicates and vote or comment there instead.', service: 'posts', client: ['posts', 'similar'], query: 'similarPostsQuery', success: { status: 200, schema: 'similarPostsSchema' }, errors: [...BOARD, 'validation_error'], guidance: 'Use before creating a post, or while triaging, to find posts that ask for the same thing; list_posts (q) matches exact text instead.' },
  /** `POST /boards/{slug}/posts` (`propose` scope for open posts, `write` for any other status). */
  createPost: { method: 'POST', path: '/boards/{slug}/posts', scope: 'propose', summary: 'Create a post (propose scope for status open, write scope for any other).', service: 'posts', client: ['posts', 'create'], body: 'createPostBody', success: { status: 201, schema: 'postDetailSchema' }, errors: BODY, guidance: 'Use to record new feedback; call find_similar_posts first to avoid a duplicate, and vote or comment on a match instead.' },
  /** `GET /boards/{slug}/posts/{id}`: the single-post shape. */
  getPost: { method: 'GET', path: '/boards/{slug}/posts/{id}', scope: 'read', summary: 'Get one post with queue rank, evidence, live claim and pending proposal.', service: 'postReads', client: ['posts', 'get'], success: { status: 200, schema: 'postDetailSchema' }, errors: BOARD, guidance: 'Use to read one post in full (body, evidence, claim, proposal); list_posts shows many at once.' },
  /** `PATCH /boards/{slug}/posts/{id}` (`write` scope); absent fields are unchanged. */
  updatePost: { method: 'PATCH', path: '/boards/{slug}/posts/{id}', scope: 'write', summary: 'Update a post; absent fields are unchanged.', service: 'posts', client: ['posts', 'update'], body: 'updatePostBody', success: { status: 200, schema: 'postDetailSchema' }, errors: BODY, guidance: 'Use to edit a post or set its status directly. To suggest a status for a human to confirm, use propose_status instead.' },
  /** `POST /boards/{slug}/posts/{id}/merge` (`write` scope): the target after the merge. */
  mergePost: { method: 'POST', path: '/boards/{slug}/posts/{id}/merge', scope: 'write', summary: "Merge a duplicate post into another post of the organization (body: into): the target gains the source's voters (each counted once), comments and evidence; the source leaves every list and answers 404 naming the target.", service: 'merges', client: ['posts', 'merge'], body: 'mergePostBody', success: { status: 200, schema: 'postDetailSchema' }, errors: BODY, tool: 'merge_posts', guidance: 'Use after find_similar_posts has shown that a post duplicates another: its voters, comments and evidence join that post. A team member can undo it from the dashboard; prefer it to delete_post for duplicates.' },
  /** `DELETE /boards/{slug}/posts/{id}` with its votes, comments, claim, evidence and proposal. */
  deletePost: { method: 'DELETE', path: '/boards/{slug}/posts/{id}', scope: 'write', summary: 'Delete a post with its votes, comments, claim, evidence and proposal; the team can restore it, exactly as it was, for 30 days, after which it is purged.', service: 'posts', client: ['posts', 'delete'], success: { status: 204 }, errors: WRITE, destructive: true, guidance: 'Use only to remove a post, with its votes and comments; restore_post brings it back within 30 days, after that nothing does.' },
  /** `POST /boards/{slug}/posts/{deleted_post_id}/restore`: the restored post. */
  restorePost: { method: 'POST', path: '/boards/{slug}/posts/{deleted_post_id}/restore', scope: 'write', summary: 'Restore a deleted post within 30 days of its deletion: it is back exactly as it was deleted (same id, votes, comments, evidence, attachments), and post.restored fires; 404 once restored or purged, 422 while the board holds as many posts as it may.', service: 'trash', client: ['posts', 'restore'], success: { status: 200, schema: 'postDetailSchema' }, errors: [...WRITE, 'validation_error'], guidance: 'Use to undo delete_post within 30 days; list_deleted_posts shows what can still be restored.' },

  /** `GET /boards/{slug}/posts/{id}/activity`: `limit` entries, newest first, below `before` (the previous page's `next_before`). */
  getPostActivity: { method: 'GET', path: '/boards/{slug}/posts/{id}/activity', scope: 'read', summary: "A post's history, newest first: who created it, changed its status, proposed, confirmed or rejected a status, claimed or released it, added evidence, merged, hid or commented, and when; each entry names its actor (an API key by label and prefix, the OAuth client acting through a key, a team member or a voter). A merged post keeps its own.", service: 'activity', client: ['activity', 'list'], query: 'postActivityQuery', success: { status: 200, schema: 'postActivitySchema' }, errors: [...BOARD, 'validation_error'], guidance: 'Use to see what other agents and the team already did on a post before working on it, or to explain a change; get_post shows the post as it is now.' },

  /** `GET /boards/{slug}/queue`: ranked posts, then planned posts by votes. */
  getQueue: { method: 'GET', path: '/boards/{slug}/queue', scope: 'read', summary: 'The top unclaimed posts for agents: ranked first, then planned by votes.', service: 'agent', client: ['agent', 'queue'], query: 'queueQuery', success: { status: 200, schema: 'queueSchema' }, errors: [...BOARD, 'validation_error'], guidance: 'Use to see what agents should work on next, without claiming; to take work, use claim_next_post instead.' },
  /** `POST …/claim`: `{ claim, created }`; `claim_conflict` while another key holds a live claim. */
  claimPost: { method: 'POST', path: '/boards/{slug}/posts/{id}/claim', scope: 'propose', summary: 'Claim a post (201), or extend your own live claim (200); 409 while another key holds one.', service: 'agent', client: ['agent', 'claim'], body: 'claimBody', success: { status: 201, schema: 'claimSchema', alsoStatus: 200, statusFrom: 'created', bodyFrom: 'claim' }, errors: [...BODY, 'claim_conflict'], guidance: 'Use to claim one post you chose by id. To take the next piece of work, use claim_next_post instead.' },
  /** `POST /boards/{slug}/queue/claim`: `{ claim, post }` of the next free post in queue order, or both null. */
  claimNextPost: { method: 'POST', path: '/boards/{slug}/queue/claim', scope: 'propose', summary: 'Claim the first post in queue order that nobody holds a live claim on (201 with claim and post), or 200 with both null when none is left.', service: 'claimNext', client: ['agent', 'claimNext'], body: 'claimBody', success: { status: 201, schema: 'claimNextSchema', alsoStatus: 200, statusFrom: 'claim' }, errors: BODY, guidance: 'Use to take the next post to work on; never conflicts with other agents. Stop when it answers claim null.' },
  /** `DELETE …/claim`: `claim_conflict` while another key holds a live claim. */
  releaseClaim: { method: 'DELETE', path: '/boards/{slug}/posts/{id}/claim', scope: 'propose', summary: 'Release your claim; 409 while another key holds one.', service: 'agent', client: ['agent', 'release'], success: { status: 204 }, errors: [...WRITE, 'claim_conflict'], guidance: 'Use only when giving up on a post, so that another agent can take it; after propose_status keep the claim.' },
  /** `POST …/evidence`: a repeated `action_key` adds nothing. */
  addEvidence: { method: 'POST', path: '/boards/{slug}/posts/{id}/evidence', scope: 'propose', summary: 'Attach implementation evidence; a repeated action_key adds nothing.', service: 'agent', client: ['agent', 'addEvidence'], body: 'addEvidenceBody', success: { status: 201, schema: 'postDetailSchema' }, errors: BODY, guidance: 'Use after doing the work on a claimed post, before propose_status; repeat safely with the same action_key.' },
  /** `POST …/propose-status`: a pending proposal for a human to confirm. */
  proposeStatus: { method: 'POST', path: '/boards/{slug}/posts/{id}/propose-status', scope: 'propose', summary: 'Propose a status for a human to confirm; nothing changes publicly.', service: 'agent', client: ['agent', 'proposeStatus'], body: 'proposeStatusBody', success: { status: 200, schema: 'proposeStatusResultSchema' }, errors: [...BODY, 'status_unchanged'], guidance: 'Use to suggest a new status (e.g. shipped) for a human to confirm; nothing changes publicly until then.' },

  /** `GET …/votes`: `{ post_id, vote_count }`. */
  listVotes: { method: 'GET', path: '/boards/{slug}/posts/{id}/votes', scope: 'read', summary: "A post's vote count.", service: 'comments', client: ['votes', 'list'], success: { status: 200, schema: 'votesSchema' }, errors: BOARD, tool: 'get_votes', guidance: "Use for a post's vote count alone; get_post and list_posts already carry vote_count." },
  /** `POST …/votes` (`write` scope): a vote on behalf of the customer company `company_id`; repeating it changes nothing. */
  voteOnBehalf: { method: 'POST', path: '/boards/{slug}/posts/{id}/votes', scope: 'write', summary: "Vote on behalf of a customer company (body: company_id, a company your application's sign-ins named): it counts like a vote of one of the company's people, once per company; repeating it changes nothing.", service: 'companyVotes', client: ['votes', 'onBehalf'], body: 'companyVoteBody', success: { status: 200, schema: 'votesSchema' }, errors: BODY, idempotent: true, guidance: "Use when a customer company asked for a post outside the board (a sales call, a support ticket): company_id is the id your application's sign-ins give the company. Repeat safely; undo with withdraw_vote_on_behalf." },
  /** `POST …/votes/withdraw` (`write` scope): withdraws the vote cast on behalf of `company_id`. */
  withdrawVoteOnBehalf: { method: 'POST', path: '/boards/{slug}/posts/{id}/votes/withdraw', scope: 'write', summary: "Withdraw the vote cast on behalf of a customer company (body: company_id); the votes of the company's people stay. Without such a vote nothing changes.", service: 'companyVotes', client: ['votes', 'withdrawOnBehalf'], body: 'companyVoteBody', success: { status: 200, schema: 'votesSchema' }, errors: BODY, idempotent: true, guidance: 'Use to take back a vote cast with vote_on_behalf (recorded by mistake, or the company changed its mind); the votes of its people stay.' },
  /** `GET …/comments`: oldest first, replies nested. */
  listComments: { method: 'GET', path: '/boards/{slug}/posts/{id}/comments', scope: 'read', summary: 'Comments, oldest first, with replies nested.', service: 'comments', client: ['comments', 'list'], success: { status: 200, schema: 'commentListSchema' }, errors: BOARD, guidance: "Use to read a post's discussion before working on it." },
  /** `POST …/comments`: a comment of the board team (`is_admin: true`). */
  createComment: { method: 'POST', path: '/boards/{slug}/posts/{id}/comments', scope: 'propose', summary: 'Comment as the board team (is_admin true).', service: 'comments', client: ['comments', 'create'], body: 'createCommentBody', success: { status: 201, schema: 'commentSchema' }, errors: BODY, guidance: 'Use to answer users on a post as the board team; for work done, add_evidence is the record.' },
  /** `PATCH …/comments/{comment_id}`: a new body; the earlier one is kept for the team. */
  updateComment: { method: 'PATCH', path: '/boards/{slug}/posts/{id}/comments/{comment_id}', scope: 'write', summary: 'Edit a comment of the post (body): edited_at is set and the earlier body is kept for the team; a deleted comment is not found. People newly @mentioned are mailed.', service: 'commentEdits', client: ['comments', 'update'], body: 'updateCommentBody', success: { status: 200, schema: 'commentSchema' }, errors: BODY, guidance: 'Use to correct a comment, usually one of the team; list_comments gives the ids. Prefer a new comment to answer.' },
  /** `DELETE …/comments/{comment_id}`: the comment says it was removed; its replies stay. */
  deleteComment: { method: 'DELETE', path: '/boards/{slug}/posts/{id}/comments/{comment_id}', scope: 'write', summary: 'Delete a comment of the post: it keeps its place in the thread with an empty body and deleted_at set, and its replies stay; the team keeps its last body. A deleted comment is not found.', service: 'commentEdits', client: ['comments', 'delete'], success: { status: 204 }, errors: WRITE, destructive: true, guidance: 'Use only to remove spam or a comment posted by mistake; the team may prefer to hide it from the dashboard.' },

  /** `GET /boards/{slug}/roadmap`. */
  getRoadmap: { method: 'GET', path: '/boards/{slug}/roadmap', scope: 'read', summary: 'Visible posts that are open, planned, in progress or shipped.', service: 'stats', client: ['roadmap', 'list'], query: 'pageQuery', success: { status: 200, schema: 'postListSchema' }, errors: [...BOARD, 'validation_error'], guidance: 'Use for what users see on the roadmap; list_posts filters more finely.' },
  /** `GET /boards/{slug}/changelog`: visible shipped posts, newest first. */
  getChangelog: { method: 'GET', path: '/boards/{slug}/changelog', scope: 'read', summary: 'Visible shipped posts, newest first.', service: 'stats', client: ['changelog', 'list'], query: 'pageQuery', success: { status: 200, schema: 'postListSchema' }, errors: [...BOARD, 'validation_error'], guidance: 'Use for shipped work, newest first, e.g. to write release notes.' },
  /** `GET /boards/{slug}/ship-stats`: `period` `month` (default) or `week`. */
  getShipStats: { method: 'GET', path: '/boards/{slug}/ship-stats', scope: 'read', summary: 'Posts shipped this month or ISO week, and their voters.', service: 'stats', client: ['stats', 'shipStats'], query: 'shipStatsQuery', success: { status: 200, schema: 'shipStatsSchema' }, errors: [...BOARD, 'validation_error'], guidance: 'Use for how much shipped this month or week.' },
  /** `GET /boards/{slug}/analytics`: `period` `30d` (default) or `90d`. */
  getAnalytics: { method: 'GET', path: '/boards/{slug}/analytics', scope: 'read', summary: 'Board analytics over the last 30 or 90 days.', service: 'stats', client: ['stats', 'analytics'], query: 'analyticsQuery', success: { status: 200, schema: 'analyticsSchema' }, errors: [...BOARD, 'validation_error'], guidance: 'Use for trends over 30 or 90 days.' },

  /** `GET /webhooks`: the organization's webhooks, never their secrets. */
  listWebhooks: { method: 'GET', path: '/webhooks', scope: 'read', summary: "The organization's webhooks (read-only; never the signing secret).", service: 'dashboard', client: ['webhooks', 'list'], success: { status: 200, schema: 'webhookListSchema' }, errors: [], guidance: "Use to see where the organization's events are sent; changing them is done in the dashboard." },
  /** `GET /held-posts`: `state` (default `waiting`), `limit`, `offset`; oldest first. */
  listHeldPosts: { method: 'GET', path: '/held-posts', scope: 'team', summary: "Posts from voters held for approval on the organization's moderated boards, in one state (waiting, the default; approved; rejected), oldest first, with paging.", service: 'moderation', client: ['moderation', 'list'], query: 'listHeldPostsQuery', success: { status: 200, schema: 'heldPostListSchema' }, errors: ['insufficient_scope', 'validation_error'], guidance: 'Use to find the posts waiting for a decision; decide each with approve_held_post or reject_held_post.' },
  /** `GET /held-posts/{held_post_id}`: in any state. */
  getHeldPost: { method: 'GET', path: '/held-posts/{held_post_id}', scope: 'team', summary: 'Get one held post, in any state, with the decision once made.', service: 'moderation', client: ['moderation', 'get'], success: { status: 200, schema: 'heldPostSchema' }, errors: WRITE, guidance: 'Use to read one held post by id; list_held_posts shows those waiting.' },
  /** `POST /held-posts/{held_post_id}/approve`: the post it becomes. */
  approveHeldPost: { method: 'POST', path: '/held-posts/{held_post_id}/approve', scope: 'team', summary: "Approve a waiting held post: it becomes a post of its board as the voter submitted it (with the voter's vote), dated when submitted, and post.created fires; 422 status_unchanged once decided.", service: 'moderation', client: ['moderation', 'approve'], success: { status: 201, schema: 'postDetailSchema' }, errors: [...WRITE, 'status_unchanged', 'validation_error'], guidance: 'Use when a held post is genuine feedback; for a duplicate, approve it and then merge_posts it into the existing post.' },
  /** `POST /held-posts/{held_post_id}/reject`: an optional `reason`. */
  rejectHeldPost: { method: 'POST', path: '/held-posts/{held_post_id}/reject', scope: 'team', summary: 'Reject a waiting held post with an optional reason (at most 1000 characters): it is kept, rejected, and never listed; 422 status_unchanged once decided.', service: 'moderation', client: ['moderation', 'reject'], body: 'rejectHeldPostBody', success: { status: 200, schema: 'heldPostSchema' }, errors: [...BODY, 'status_unchanged'], destructive: true, guidance: 'Use only for spam or abuse; nothing undoes it. For a duplicate, approve it and merge it instead.' },
  /** `POST /voters/{voter_id}/block`: blocking a blocked voter changes nothing. */
  blockVoter: { method: 'POST', path: '/voters/{voter_id}/block', scope: 'team', summary: 'Block a voter of the organization: they can no longer submit, vote, comment or react, and their comments show voter_blocked; what they wrote stays. Blocking a blocked voter keeps the first time (changed false).', service: 'teamVoters', client: ['voters', 'block'], success: { status: 200, schema: 'voterBlockSchema' }, errors: WRITE, idempotent: true, guidance: "Use against a voter who posts spam or abuse; the voter's id is on their held posts and in a post's activity. unblock_voter undoes it." },
  /** `DELETE /voters/{voter_id}/block`: `changed` false when the voter was not blocked. */
  unblockVoter: { method: 'DELETE', path: '/voters/{voter_id}/block', scope: 'team', summary: "Lift a voter's block (changed false when they were not blocked).", service: 'teamVoters', client: ['voters', 'unblock'], success: { status: 200, schema: 'voterBlockSchema' }, errors: WRITE, guidance: 'Use to let a blocked voter take part again.' },
  /** `POST /boards/{slug}/posts/{merged_post_id}/unmerge`: the restored post. */
  unmergePost: { method: 'POST', path: '/boards/{slug}/posts/{merged_post_id}/unmerge', scope: 'team', summary: "Undo the merge of a merged post: it is back with its own voters, comments, evidence and claim, and the post it was merged into loses them; of a chain, the latest merge first (422 naming it).", service: 'merges', client: ['posts', 'unmerge'], success: { status: 200, schema: 'postDetailSchema' }, errors: [...WRITE, 'validation_error'], guidance: 'Use when merge_posts joined posts that ask for different things; the 404 of a merged post names the post it went into.' },
  /** `GET /deleted-posts`: filters `board`; `limit`, `offset`. */
  listDeletedPosts: { method: 'GET', path: '/deleted-posts', scope: 'team', summary: "The organization's deleted posts that can still be restored, newest deletion first, with who deleted them and when they are purged (30 days after deletion); board (a slug) keeps one board's; with paging.", service: 'trash', client: ['posts', 'listDeleted'], query: 'listDeletedPostsQuery', success: { status: 200, schema: 'deletedPostListSchema' }, errors: ['not_found', 'insufficient_scope', 'validation_error'], guidance: 'Use to find a deleted post to restore with restore_post.' },
  /** `POST /boards/{slug}/posts/{id}/pin`: the post, pinned. */
  pinPost: { method: 'POST', path: '/boards/{slug}/posts/{id}/pin', scope: 'team', summary: "Pin a post: it leads its board on the public board, in the widget and in lists asked with pinned_first=true; post.updated fires with changed [\"pinned\"] (nothing when it was pinned already).", service: 'posts', client: ['posts', 'pin'], success: { status: 200, schema: 'postDetailSchema' }, errors: WRITE, idempotent: true, guidance: 'Use when the team wants a post seen first (an announcement, a known issue); unpin_post undoes it.' },
  /** `DELETE /boards/{slug}/posts/{id}/pin`: the post, unpinned. */
  unpinPost: { method: 'DELETE', path: '/boards/{slug}/posts/{id}/pin', scope: 'team', summary: 'Unpin a post: it takes its place in the list again (nothing changes when it was not pinned).', service: 'posts', client: ['posts', 'unpin'], success: { status: 200, schema: 'postDetailSchema' }, errors: WRITE, idempotent: true, guidance: 'Use when a pinned post no longer needs to lead its board.' },
  /** `GET /mail-settings`. */
  createIntegrationConnection: { method: 'POST', path: '/integrations/connections', scope: 'team', summary: "Connect the organization to an issue tracker (provider github, gitlab or linear; base_url for GitHub Enterprise or a self-hosted GitLab, refused on a private address unless private networks are allowed; target: the repository, project or team; token for outbound calls). Answers the connection with its inbound secret, shown this once; Linear's signing secret is given as secret.", service: 'integrationConnections', client: ['integrations', 'createConnection'], body: 'createIntegrationConnectionBody', success: { status: 201, schema: 'integrationConnectionWithSecretSchema' }, errors: BODY_ONLY, guidance: 'Use only when the team asked to connect a tracker: the secret it answers must be entered on the provider side and is never shown again.' },
  /** `GET /integrations/connections`: never a secret or token. */
  listIntegrationConnections: { method: 'GET', path: '/integrations/connections', scope: 'team', summary: "The organization's integration connections, oldest first, inactive ones included; never their secrets or tokens (has_token says whether one is set).", service: 'integrationConnections', client: ['integrations', 'listConnections'], success: { status: 200, schema: 'integrationConnectionListSchema' }, errors: ['insufficient_scope'], guidance: 'Use to find the connection a link or a delivery goes through.' },
  rotateIntegrationConnectionSecret: { method: 'POST', path: '/integrations/connections/{connection_id}/rotate-secret', scope: 'team', summary: 'Give a connection a new inbound secret (the one given, or a new one), shown this once; the previous secret is still accepted for 24 hours while the provider side is changed.', service: 'integrationConnections', client: ['integrations', 'rotateSecret'], body: 'rotateIntegrationSecretBody', success: { status: 200, schema: 'integrationConnectionWithSecretSchema' }, errors: BODY, guidance: 'Use when a secret may have leaked, then enter the new one on the provider side within 24 hours.' },
  deactivateIntegrationConnection: { method: 'POST', path: '/integrations/connections/{connection_id}/deactivate', scope: 'team', summary: "Deactivate a connection: its deliveries are refused and nothing is sent through it; its links and delivery log stay. Deactivating an inactive connection changes nothing.", service: 'integrationConnections', client: ['integrations', 'deactivate'], success: { status: 200, schema: 'integrationConnectionSchema' }, errors: WRITE, idempotent: true, destructive: true, guidance: 'Use when a tracker is no longer used or its secret cannot be trusted; nothing reactivates it, a new connection is made instead.' },
  getMailSettings: { method: 'GET', path: '/mail-settings', scope: 'team', summary: 'Which kinds of news mail the followers of a post: status changes, team comments, replies.', service: 'mailSettings', client: ['mail', 'settings'], success: { status: 200, schema: 'mailSettingsSchema' }, errors: ['insufficient_scope'], guidance: 'Use to see which follower mail is on before changing it.' },
  /** `PATCH /mail-settings`: absent kinds are unchanged. */
  updateMailSettings: { method: 'PATCH', path: '/mail-settings', scope: 'team', summary: 'Turn kinds of follower mail on or off (status, team_comment, reply); absent kinds are unchanged.', service: 'mailSettings', client: ['mail', 'updateSettings'], body: 'updateMailSettingsBody', success: { status: 200, schema: 'mailSettingsSchema' }, errors: BODY_ONLY, guidance: 'Use only when the team asked for it: it changes the mail every follower gets.' },
});

/** The type of {@link operationTable}: every row with its literal values. */
export type OperationTable = typeof operationTable;
/** The name of an operation: `listBoards`, `claimPost`... */
export type OperationName = keyof OperationTable;

/** Every operation name, in table order. */
export const operationNames = Object.keys(operationTable) as OperationName[];

/** Errors every authenticated operation can answer. */
export const COMMON_ERRORS: readonly ErrorCode[] = ['unauthorized', 'rate_limited', 'internal_error'];
