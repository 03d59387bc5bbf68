/**
 * Changelog entries written by the team (docs/changelog.md): a title and a Markdown body about a
 * board's shipped work, linking posts of that board, published at once or at a set time; once
 * published an entry shows on the board's changelog page and feed beside its shipped posts, and
 * the followers of its linked posts are mailed once about it.
 */
import type { ActivityActorKind } from './activity.js';

/** A changelog entry as stored. */
export interface ChangelogEntryRecord {
  id: number;
  organization_id: number;
  board_id: number;
  title: string;
  /** Markdown source, rendered by the pages' renderer (raw HTML shown as text). */
  body: string;
  /** The linked posts, of the entry's board, in the order given. */
  post_ids: number[];
  /** When it is to be published; null when it was published as it was written. */
  publish_at: string | null;
  /** When it was published; null while it waits for `publish_at`. */
  published_at: string | null;
  /** Who wrote it: an API key or a team member. */
  actor_kind: ActivityActorKind;
  actor_id: number | null;
  created_at: string;
}
