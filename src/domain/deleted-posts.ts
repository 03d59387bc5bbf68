/**
 * Deleted posts: a deleted post is kept, with everything that belonged to it, for
 * {@link DELETED_POST_DAYS} days, during which the team may restore it exactly as it was; then it is
 * purged for good (docs/deleted-posts.md).
 */
import type { ActivityActorKind } from './activity.js';

/** How long a deleted post can be restored, in days, before it is purged. */
export const DELETED_POST_DAYS = 30;

/** A deleted post as kept for restoring: who deleted it, when, and what it was. */
export interface DeletedPostRecord {
  /** The post's id, which it gets back when restored (ids are never reused). */
  post_id: number;
  organization_id: number;
  board_id: number;
  title: string;
  vote_count: number;
  comment_count: number;
  deleted_at: string;
  /** Who deleted it: an API key, a team member, or the system. */
  actor_kind: ActivityActorKind;
  actor_id: number | null;
}

/**
 * Every row of every table that belonged to a deleted post (the post itself, its votes, comments
 * with their edits and reactions, tags, evidence, claim, follows, merge record, activity,
 * attachments with their bytes, links to issues), by table name, as a dump carries them: bytes
 * in base64.
 */
export type DeletedPostSnapshot = Readonly<Record<string, readonly Readonly<Record<string, unknown>>[]>>;

/** What deleting a post records beside the post's rows. */
export interface PostDeletion {
  organization_id: number;
  deleted_at: string;
  actor_kind: ActivityActorKind;
  actor_id: number | null;
}
