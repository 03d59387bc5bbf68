/**
 * Deleted posts (docs/deleted-posts.md): a deleted post is kept with everything that belonged to
 * it for 30 days, listed for the team, restorable exactly as it was (same id, votes, comments
 * and their edits, evidence, attachments, statistics), then purged by a scheduled job that is
 * safe to run in every process at once.
 */
import { DELETED_POST_DAYS, type DeletedPostRecord } from '../domain/deleted-posts.js';
import { notFound } from '../domain/errors.js';
import { listDeletedPostsQuery } from '../domain/requests.js';
import type { PostDetail } from '../domain/responses.js';
import type { DeletedPost, DeletedPostList } from '../domain/team-responses.js';
import { requireScope } from '../domain/scopes.js';
import { parseOrThrow } from '../domain/validation.js';
import type { StorageTx } from '../storage/contract.js';
import { actorNamer, actorOf, logActivity } from './activity.js';
import { nowIso, read, teamCaller, write, type Caller, type ServiceContext } from './context.js';
import { assertPostRoom } from './limits.js';
import { boardOf, deletedPostOf, readPostDetail } from './lookup.js';
import { emitBoardEvent } from './webhook-events.js';

const DAY_MS = 86_400_000;

/** When a post deleted at `deletedAt` is purged. */
export function purgeAt(deletedAt: string): string {
  return new Date(Date.parse(deletedAt) + DELETED_POST_DAYS * DAY_MS).toISOString();
}

/**
 * Restores the board's deleted post `id` (`write` scope): everything it had is back, with its
 * id, and `post.restored` fires. Not found, changing nothing, when it is not in the trash (never
 * deleted, restored already, purged, or another board's or organization's), when its board is
 * gone, or when a post holds its id again (neither happens through the API: boards are never
 * deleted, ids never reused; a store loaded from elsewhere could); a 422 when the board holds as
 * many posts as it may. Returns the restored post.
 */
export async function restorePost(ctx: ServiceContext, caller: Caller, slug: string, id: number): Promise<PostDetail> {
  requireScope(caller.scope, 'write');
  return write(ctx, async (tx) => {
    const now = nowIso(ctx);
    const board = await boardOf(tx, caller, slug);
    const deleted = await deletedPostOf(tx, board, id);
    // Past its 30 days a post is gone, whether or not a purge has run since.
    if (purgeAt(deleted.deleted_at) < now) throw notFound(`Deleted post ${id} not found (purged after ${DELETED_POST_DAYS} days)`);
    await assertPostRoom(ctx, tx, board.id);
    const restored = await tx.restoreDeletedPost(caller.organizationId, id);
    if (restored === null) throw notFound(`Deleted post ${id} not found`);
    if (restored === 'board_gone') throw notFound(`The board of deleted post ${id} no longer exists`);
    if (restored === 'id_taken') throw notFound(`Deleted post ${id} cannot be restored: a post holds its id again`);
    await logActivity(tx, id, 'restored', actorOf(ctx, caller), now);
    const detail = await readPostDetail(ctx, tx, restored, now);
    await emitBoardEvent(ctx, tx, board, 'post.restored', { post: detail }, now);
    return detail;
  });
}

/**
 * {@link restorePost} of a deleted post of the organization named by its id alone, as the team's
 * dashboard names it; another organization's is `not_found`.
 */
export async function restorePostById(ctx: ServiceContext, organizationId: number, postId: number): Promise<PostDetail> {
  const slug = await read(ctx, async (tx) => {
    const deleted = await tx.getDeletedPost(organizationId, postId);
    const board = deleted && (await tx.getBoard(deleted.board_id));
    if (!deleted) throw notFound(`Deleted post ${postId} not found`);
    if (!board) throw notFound(`The board of deleted post ${postId} no longer exists`);
    return board.slug;
  });
  return restorePost(ctx, teamCaller(organizationId), slug, postId);
}

async function presentDeleted(tx: StorageTx, named: ReturnType<typeof actorNamer>, row: DeletedPostRecord): Promise<DeletedPost> {
  const board = await tx.getBoard(row.board_id);
  const { post_id, title, vote_count, comment_count, deleted_at } = row;
  return {
    id: post_id,
    board_slug: board?.slug ?? '',
    title,
    vote_count,
    comment_count,
    deleted_at,
    deleted_by: await named(row),
    purge_at: purgeAt(deleted_at),
  };
}

/**
 * The organization's deleted posts that can still be restored, newest deletion first (`team`
 * scope): `board` (a slug) keeps one board's, `limit` (1–500, default 50) from `offset`.
 */
export async function listDeletedPosts(ctx: ServiceContext, caller: Caller, query: Record<string, string | undefined> = {}): Promise<DeletedPostList> {
  requireScope(caller.scope, 'team');
  const { board: slug, limit, offset } = parseOrThrow(listDeletedPostsQuery, query);
  const organizationId = caller.organizationId;
  const filtered = (boardId: number | undefined) => (boardId === undefined ? {} : { boardId });
  const presented = async (tx: StorageTx, boardId: number | undefined): Promise<DeletedPostList> => {
    const page = await tx.listDeletedPosts(organizationId, { limit, offset, ...filtered(boardId) });
    const named = actorNamer(tx, organizationId);
    const deleted_posts: DeletedPost[] = [];
    for (const row of page.rows) deleted_posts.push(await presentDeleted(tx, named, row));
    return { deleted_posts, total: page.total };
  };
  const first = await read(ctx, async (tx) => {
    const boardId = slug === undefined ? undefined : (await boardOf(tx, caller, slug)).id;
    const listed = await presented(tx, boardId);
    // Only what can still be restored is listed, whether or not a purge has run since: when the
    // oldest deletion counted is past its 30 days, what is due is purged, and the list read again.
    const oldest = listed.total === 0 ? undefined : (await tx.listDeletedPosts(organizationId, { limit: 1, offset: listed.total - 1, ...filtered(boardId) })).rows[0];
    return { boardId, listed, due: oldest !== undefined && purgeAt(oldest.deleted_at) < nowIso(ctx) };
  });
  if (!first.due) return first.listed;
  await purgeDeletedPosts(ctx);
  return read(ctx, (tx) => presented(tx, first.boardId));
}

/** Posts purged per transaction: a purge of many keeps each write short. */
const PURGE_BATCH = 100;

/**
 * Purges, for good, the posts deleted more than 30 days ago (by the board's clock), attachments'
 * bytes included; the number purged. Each batch is one statement in SQL, so purges running in
 * several processes at once purge each post once between them.
 */
export async function purgeDeletedPosts(ctx: ServiceContext): Promise<number> {
  const before = new Date(ctx.clock.now() - DELETED_POST_DAYS * DAY_MS).toISOString();
  let purged = 0;
  for (;;) {
    const batch = await write(ctx, (tx) => tx.purgeDeletedPosts(before, PURGE_BATCH));
    purged += batch;
    if (batch < PURGE_BATCH) return purged;
  }
}
