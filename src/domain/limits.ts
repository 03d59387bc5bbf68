/**
 * Limits on how far one key can grow a store: the reply depth, and how many boards, posts,
 * comments and tags a store may hold per owner (docs/errors-scopes-limits.md states them).
 */

/**
 * The deepest a reply may be: a top-level comment is at depth 0, a reply to it at 1, and so on.
 * A reply whose parent is already at this depth is refused with a 422.
 */
export const MAX_REPLY_DEPTH = 50;
