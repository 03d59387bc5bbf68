/** Comments → the API's shape, with their reply tree. Pure functions: everything they show was read beforehand. */
import { MAX_REPLY_DEPTH } from '../domain/limits.js';
import type { CommentRecord } from '../domain/records.js';
import type { Attachment, Comment } from '../domain/responses.js';

/**
 * One comment with no replies yet; see {@link nestComments}. `voterBlocked`: the comment's voter
 * is blocked by the board team. A deleted comment shows neither reactions nor images.
 */
export function presentComment(
  c: CommentRecord,
  reactions: Record<string, number> = {},
  voterBlocked = false,
  attachments: Attachment[] = [],
): Comment {
  const deleted = c.deleted_at !== null;
  return {
    id: c.id,
    body: c.body,
    is_admin: c.is_admin,
    hidden: c.hidden,
    vote_count: 0,
    voter_has_voted: false,
    reaction_counts: deleted ? {} : { ...reactions },
    own_reactions: [],
    voter_blocked: voterBlocked,
    parent_comment_id: c.parent_comment_id,
    created_at: c.created_at,
    edited_at: c.edited_at,
    deleted_at: c.deleted_at,
    attachments: deleted ? [] : attachments,
    replies: [],
  };
}

/**
 * Builds the reply tree from comments already in created_at, id order, so every level keeps that
 * order; the comments of `blockedVoters` show `voter_blocked: true`, each comment its `attachments` (by id). A reply whose parent is missing is shown at the top level rather than lost.
 *
 * The tree is at most {@link MAX_REPLY_DEPTH} levels of replies deep, whatever the storage holds
 * (a chain written before the limit, or by another tool): a deeper reply is shown, in order,
 * among the replies of its ancestor one level above the deepest, its `parent_comment_id` still
 * naming its real parent. Nothing here recurses, so no chain can overflow the stack.
 */
export function nestComments(
  comments: readonly CommentRecord[],
  reactions: ReadonlyMap<number, Record<string, number>>,
  blockedVoters: ReadonlySet<number> = new Set(),
  attachments: ReadonlyMap<number, Attachment[]> = new Map(),
): Comment[] {
  const byId = new Map<number, Comment>();
  for (const c of comments) {
    const blocked = c.voter_id !== null && blockedVoters.has(c.voter_id);
    byId.set(c.id, presentComment(c, reactions.get(c.id), blocked, attachments.get(c.id)));
  }
  // A parent always has a smaller id than its replies (it existed when they were written), so one
  // pass in id order knows every parent's depth and anchor before its replies.
  const depth = new Map<number, number>();
  /** The comment itself up to depth MAX - 1, else its ancestor at that depth. */
  const anchor = new Map<number, number>();
  for (const c of [...comments].sort((x, y) => x.id - y.id)) {
    const parentDepth = c.parent_comment_id === null ? undefined : depth.get(c.parent_comment_id);
    const d = parentDepth === undefined ? 0 : parentDepth + 1;
    depth.set(c.id, d);
    anchor.set(c.id, d < MAX_REPLY_DEPTH ? c.id : anchor.get(c.parent_comment_id!)!);
  }
  const roots: Comment[] = [];
  for (const c of comments) {
    const node = byId.get(c.id)!;
    const shownUnder = depth.get(c.id) === 0 ? undefined : byId.get(anchor.get(c.parent_comment_id!)!);
    (shownUnder ? shownUnder.replies : roots).push(node);
  }
  return roots;
}
