/**
 * What an agent needs beyond the API's own words: when to use a tool and what to use instead (added
 * to its description), and after a failed call, what to do next (a second text block of the tool
 * error). An operation without guidance here still gets a tool, described by its summary alone.
 */
import type { FeedbackBoardError } from '../src/domain/errors.js';
import type { OperationName } from '../src/http/operations.js';

/** When to use each tool, and what to use instead, keyed by operation. */
export const TOOL_GUIDANCE: Partial<Record<OperationName, string>> = {
  listBoards: 'Use first to learn the board slugs every other tool takes.',
  getBoard: 'Use to check one board by slug; list_boards shows them all.',
  createBoard: 'Use only to start a new board; it begins as a draft that nobody sees until publish_board.',
  publishBoard: 'Use to make a draft board public; unpublish_board undoes it.',
  unpublishBoard: 'Use to take a board back to draft without deleting anything.',
  listPosts: 'Use to browse or search a board (status, q, tag, sort). For work to do, use get_queue or claim_next_post instead.',
  createPost: 'Use to record new feedback; call find_similar_posts first to avoid a duplicate, and vote or comment on a match instead.',
  findSimilarPosts: 'Use before creating a post, or while triaging, to find posts that ask for the same thing; list_posts (q) matches exact text instead.',
  getPost: 'Use to read one post in full (body, evidence, claim, proposal); list_posts shows many at once.',
  updatePost: 'Use to edit a post or set its status directly. To suggest a status for a human to confirm, use propose_status instead.',
  mergePost: 'Use after find_similar_posts has shown that a post duplicates another: its voters, comments and evidence join that post. A team member can undo it from the dashboard; prefer it to delete_post for duplicates.',
  deletePost: 'Use only to remove a post for good, with its votes and comments; nothing restores it.',
  getQueue: 'Use to see what agents should work on next, without claiming; to take work, use claim_next_post instead.',
  claimPost: 'Use to claim one post you chose by id. To take the next piece of work, use claim_next_post instead.',
  claimNextPost: 'Use to take the next post to work on; never conflicts with other agents. Stop when it answers claim null.',
  releaseClaim: 'Use only when giving up on a post, so that another agent can take it; after propose_status keep the claim.',
  addEvidence: 'Use after doing the work on a claimed post, before propose_status; repeat safely with the same action_key.',
  proposeStatus: 'Use to suggest a new status (e.g. shipped) for a human to confirm; nothing changes publicly until then.',
  listVotes: "Use for a post's vote count alone; get_post and list_posts already carry vote_count.",
  voteOnBehalf: "Use when a customer company asked for a post outside the board (a sales call, a support ticket): company_id is the id your application's sign-ins give the company. Repeat safely; undo with withdraw_vote_on_behalf.",
  withdrawVoteOnBehalf: 'Use to take back a vote cast with vote_on_behalf (recorded by mistake, or the company changed its mind); the votes of its people stay.',
  listComments: "Use to read a post's discussion before working on it.",
  createComment: 'Use to answer users on a post as the board team; for work done, add_evidence is the record.',
  getRoadmap: 'Use for what users see on the roadmap; list_posts filters more finely.',
  getChangelog: 'Use for shipped work, newest first, e.g. to write release notes.',
  getShipStats: 'Use for how much shipped this month or week.',
  getAnalytics: 'Use for trends over 30 or 90 days.',
  listWebhooks: "Use to see where the organization's events are sent; changing them is done in the dashboard.",
};

/** What to do after an error that names the board or post a tool was given. */
function afterNotFound(message: string, pathParams: readonly string[]): string {
  if (/^Board /.test(message) || !pathParams.includes('id')) return 'Next: call list_boards for the board slugs this key may use.';
  const merged = /was merged into post (\d+)/.exec(message);
  if (merged) return `Next: the post was merged; use post ${merged[1]} instead.`;
  if (/^Post /.test(message)) return 'Next: call list_posts on the board for the post ids it holds.';
  return 'Next: call get_post to see the post as it is now.';
}

/** The next step after `error`, for a tool that takes `pathParams`; undefined when the error says it all. */
export function nextStep(error: FeedbackBoardError, pathParams: readonly string[]): string | undefined {
  switch (error.code) {
    case 'not_found':
      return afterNotFound(error.message, pathParams);
    case 'validation_error':
      return "Next: correct the fields named above (the tool's input schema lists them) and call again; nothing was changed.";
    case 'insufficient_scope':
      return "Next: use the tools listed for this key (tools/list); this one is beyond its scope, so leave it to a team member.";
    case 'claim_conflict':
      return 'Next: another agent works on this post; call claim_next_post to get one nobody holds.';
    case 'status_unchanged':
      return 'Next: the post already has that status; nothing to propose.';
    case 'slug_taken':
      return 'Next: choose another slug, or call get_board if you meant the existing board.';
    case 'publish_disabled':
      return 'Next: leave publishing to a team member in the dashboard.';
    case 'unauthorized':
      return 'Next: the key was refused; ask for a valid key, retrying will not help.';
    case 'internal_error':
    case 'service_unavailable':
      return 'Next: retry once later; if it fails again, stop and report it.';
    default:
      return undefined;
  }
}
