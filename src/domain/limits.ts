/**
 * Limits on how far one key can grow a store: the reply depth, how many boards, posts, comments
 * and tags a store may hold per owner, and how fast one voter may post and comment
 * (docs/errors-scopes-limits.md states them).
 */

/**
 * The deepest a reply may be: a top-level comment is at depth 0, a reply to it at 1, and so on.
 * A reply whose parent is already at this depth is refused with a 422.
 */
export const MAX_REPLY_DEPTH = 50;

/**
 * How much one organization's keys can grow a store. Each is configurable through
 * `createFeedbackBoard({ limits })`; going past one is a 422 `validation_error` whose message names
 * the limit. Loading a fixture is not limited (fixtures are the operator's own data).
 */
export interface ResourceLimits {
  /** Boards per organization. Default 1,000. */
  boardsPerOrganization?: number;
  /** Posts per board, hidden ones included; a deleted post frees its place. Default 1,000,000. */
  postsPerBoard?: number;
  /** Comments per post, replies and voters' comments included. Default 10,000. */
  commentsPerPost?: number;
  /** Tags per board (a tag stays once created). Default 1,000. */
  tagsPerBoard?: number;
  /**
   * Posts one voter may submit in any rolling hour; past it, `rate_limited` with the seconds
   * until one is allowed again. Counted in the storage, so every process agrees. Default 5.
   */
  voterPostsPerHour?: number;
  /** Comments one voter may write in any rolling 10 minutes, counted like posts. Default 30. */
  voterCommentsPerTenMinutes?: number;
  /** Images attached to one post or comment. Default 5. */
  attachmentsPerItem?: number;
  /** Bytes of one attached image. Default 5 MiB (5,242,880). */
  attachmentBytes?: number;
}

/** The defaults of {@link ResourceLimits}. */
export const DEFAULT_RESOURCE_LIMITS: Readonly<Required<ResourceLimits>> = Object.freeze({
  boardsPerOrganization: 1_000,
  postsPerBoard: 1_000_000,
  commentsPerPost: 10_000,
  tagsPerBoard: 1_000,
  voterPostsPerHour: 5,
  voterCommentsPerTenMinutes: 30,
  attachmentsPerItem: 5,
  attachmentBytes: 5 * 1024 * 1024,
});

/** The limits in force: the defaults overridden by what is given (each a positive integer). */
export function resolveLimits(given: ResourceLimits = {}): Readonly<Required<ResourceLimits>> {
  const limits = { ...DEFAULT_RESOURCE_LIMITS };
  for (const name of Object.keys(DEFAULT_RESOURCE_LIMITS) as (keyof ResourceLimits)[]) {
    const value = given[name];
    if (value === undefined) continue;
    if (!Number.isSafeInteger(value) || value < 1) throw new RangeError(`feedback-board: limits.${name} must be a positive integer`);
    limits[name] = value;
  }
  return Object.freeze(limits);
}
