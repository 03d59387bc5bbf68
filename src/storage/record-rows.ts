/**
 * The rows of the record tables that have no record type of the domain's: what the record stores
 * keep for tags on posts, the similar-posts index, settings, the maintained statistics, moderated
 * boards, attachments' bytes and deleted posts. The tables' declaration names them (`record.row`).
 */
import type { DeletedPostRecord, DeletedPostSnapshot } from '../domain/deleted-posts.js';
import type { DayRow } from './days.js';

/** A row of the `settings` table. */
export interface SettingRow {
  name: string;
  value: string;
}

/** A row of the `post_tags` table: one tag on one post. */
export interface PostTagRow {
  post_id: number;
  tag_id: number;
}

/**
 * A row of the `post_words` table: one word (`wordsOf`) of a post's title, the similar-posts
 * index. A post has one row per distinct word; the rows go with the post.
 */
export interface PostWordRow {
  board_id: number;
  word: string;
  post_id: number;
}

/**
 * A row of the `board_days` table (maintained statistics, see `record-tx/aggregates.ts`): for one
 * board and UTC day, over its non-hidden posts.
 */
export interface BoardDayRow extends DayRow {
  board_id: number;
}

/** A row of the `board_voters` table: the days a voter voted on a board's non-hidden posts. */
export interface BoardVoterRow {
  board_id: number;
  voter_id: number;
  /** The latest key of `days`. */
  last_day: string;
  /** Votes per UTC day (`YYYY-MM-DD`); only days with at least one. */
  days: Record<string, number>;
}

/** A row of the `moderated_boards` table: a board whose voters' posts wait for approval. */
export interface ModeratedBoardRow {
  board_id: number;
}

/** A row of the `attachment_bytes` table: the bytes of one attachment, read only when served. */
export interface AttachmentBytesRow {
  attachment_id: number;
  bytes: Uint8Array;
}

/** A row of the `deleted_posts` table: a deleted post, and the rows it had, kept for restoring. */
export interface DeletedPostRow extends DeletedPostRecord {
  snapshot: DeletedPostSnapshot;
}
