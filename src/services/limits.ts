/**
 * The resource limits checked inside write transactions (the counts and the insert then agree,
 * since writes are serialized). Each refusal is a 422 naming the limit.
 */
import { validationError } from '../domain/errors.js';
import type { PostRecord } from '../domain/records.js';
import type { StorageTx } from '../storage/contract.js';
import { foldCase } from '../storage/text.js';
import type { ServiceContext } from './context.js';

export async function assertBoardRoom(ctx: ServiceContext, tx: StorageTx, organizationId: number): Promise<void> {
  const max = ctx.limits.boardsPerOrganization;
  if ((await tx.listBoards(organizationId)).length >= max) {
    throw validationError('board', `an organization holds at most ${max} boards`);
  }
}

export async function assertPostRoom(ctx: ServiceContext, tx: StorageTx, boardId: number): Promise<void> {
  const max = ctx.limits.postsPerBoard;
  if ((await tx.countPosts(boardId)) >= max) throw validationError('post', `a board holds at most ${max} posts`);
}

export function assertCommentRoom(ctx: ServiceContext, post: PostRecord): void {
  const max = ctx.limits.commentsPerPost;
  if (post.comment_count >= max) throw validationError('comment', `a post holds at most ${max} comments`);
}

/** Only tags the board does not have yet count; reusing existing tags is always allowed. */
export async function assertTagRoom(ctx: ServiceContext, tx: StorageTx, boardId: number, names: readonly string[]): Promise<void> {
  if (names.length === 0) return;
  let added = 0;
  for (const slug of new Set(names.map(foldCase))) {
    if (!(await tx.getTagBySlug(boardId, slug))) added += 1;
  }
  if (added === 0) return;
  const max = ctx.limits.tagsPerBoard;
  if ((await tx.countTags(boardId)) + added > max) throw validationError('tags', `a board holds at most ${max} tags`);
}
