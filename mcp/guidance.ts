/**
 * What an agent needs after a failed call: what to do next (a second text block of the tool
 * error), by the error's code. When to use each tool is its operation's row (`guidance`).
 */
import type { FeedbackBoardError } from '../src/domain/errors.js';

/** What to do after an error that names the board, post, held post or voter a tool was given. */
function afterNotFound(message: string, pathParams: readonly string[]): string {
  if (/^Held post /.test(message)) return 'Next: call list_held_posts for the ids of the posts held for approval.';
  if (/^Voter /.test(message)) return "Next: take the voter's id from a held post (list_held_posts) or a post's activity (get_post_activity).";
  if (/^Board /.test(message) || !pathParams.some((name) => name === 'id' || name === 'merged_post_id')) return 'Next: call list_boards for the board slugs this key may use.';
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
