/**
 * The trash aggregate of the storage contract: deleting a post moves it, with every row that
 * belonged to it, into one record of the trash in the same transaction, so every other read of
 * the store is untouched (nothing has to skip deleted posts); restoring puts every row back as
 * it was, and purging drops the record for good (docs/deleted-posts.md).
 */
import type { DeletedPostRecord, PostDeletion } from '../../domain/deleted-posts.js';
import type { PostRecord } from '../../domain/records.js';
import type { AggregateDefinition, Page, PageQuery } from './shared.js';
import type { ScopeTable } from './scopes.js';

/** The page and filter of {@link TrashTx.listDeletedPosts}. */
export interface DeletedPostQuery extends PageQuery {
  /** Only the posts deleted from this board. */
  boardId?: number;
}

/** Why a deleted post could not be restored: its board is gone, or a post holds its id. */
export type RestoreRefusal = 'board_gone' | 'id_taken';

/** Deleting posts into the trash, listing, restoring and purging them. */
export interface TrashTx {
  /**
   * Deletes post `id` as `deletePost` does (its votes, comments, claim, evidence, tags, follows,
   * merge record, activity, attachments and links go with it; its queued mail is dropped), and
   * keeps everything it deleted in the trash, attachments' bytes included. Null when there is no
   * such post (nothing changes).
   */
  trashPost(id: number, deletion: PostDeletion): Promise<DeletedPostRecord | null>;
  /** The organization's deleted post, or null (none, purged, restored, or another organization's). */
  getDeletedPost(organizationId: number, postId: number): Promise<DeletedPostRecord | null>;
  /** The organization's deleted posts, newest deletion first (deleted_at desc, post_id desc). */
  listDeletedPosts(organizationId: number, query: DeletedPostQuery): Promise<Page<DeletedPostRecord>>;
  /**
   * Puts the organization's deleted post back exactly as it was deleted (its id, votes, comments
   * and their edits, reactions, evidence, attachments, activity, counters and statistics) and
   * removes it from the trash. Null when it is not in the trash; a refusal (nothing changes) when
   * its board is gone or another post holds its id.
   */
  restoreDeletedPost(organizationId: number, postId: number): Promise<PostRecord | RestoreRefusal | null>;
  /**
   * Removes from the trash, for good, at most `limit` posts deleted before `before` (oldest
   * first), attachments' bytes included; the number removed. One statement in SQL: of concurrent
   * purges in several processes, each post is removed by exactly one.
   */
  purgeDeletedPosts(before: string, limit: number): Promise<number>;
}

/** The trash aggregate: which methods write; no generic fallbacks. */
export const TRASH_AGGREGATE = {
  writes: {
    trashPost: true,
    getDeletedPost: false,
    listDeletedPosts: false,
    restoreDeletedPost: true,
    purgeDeletedPosts: true,
  },
  fallbacks: {},
} satisfies AggregateDefinition<TrashTx>;

/** What each method locks in a write transaction (see ./scopes.ts). */
export const TRASH_SCOPES = {
  // trash: a deleted post stays its organization's; the purge is one DELETE whose row locks let
  // each row go once, and a restore takes its row out with DELETE … RETURNING
  trashPost: 'post',
  getDeletedPost: 'organization',
  listDeletedPosts: 'organization',
  restoreDeletedPost: 'organization',
  purgeDeletedPosts: 'none',
} satisfies ScopeTable<TrashTx>;
