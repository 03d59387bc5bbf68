/**
 * The existence check behind an error that ranks below "not found" (docs/errors-scopes-limits.md,
 * "Which error wins"): before a 403, 409 or 422 is answered, every object the path names must be
 * one the caller can see, so that no such error tells anything about another organization's data.
 * Loaded by the handler with the first such error: the happy path never needs it.
 */
import type { Caller, ServiceContext } from '../services/context.js';
import { read } from '../services/context.js';
import { boardOf, chatTargetOf, commentOf, deletedPostOf, heldPostOf, integrationConnectionOf, postOf, postOnBoard, voterOf, statusOf } from '../services/lookup.js';
import type { PathParams } from './path-params.js';

/**
 * Rejects with the 404 of the first object the path names that the caller cannot see: the board,
 * its post (a merged post is its own 404, naming the target, except where the path names a merged
 * post), its comment (a deleted one included), a deleted post in the trash, a chat target or a
 * changelog entry of the board, a held post, a voter or an
 * integration connection of the caller's organization.
 */
export async function assertPathExists(ctx: ServiceContext, caller: Caller, params: PathParams): Promise<void> {
  if (params.slug === undefined && params.held_post_id === undefined && params.voter_id === undefined && params.connection_id === undefined && params.status_id === undefined) return;
  // A changelog entry's lookup is its service's, loaded (before the transaction) only when named.
  const entries = params.entry_id === undefined ? undefined : await import('../services/changelog-entries.js');
  await read(ctx, async (tx) => {
    if (params.slug !== undefined) {
      const board = await boardOf(tx, caller, params.slug);
      const post = params.id === undefined ? undefined : await postOf(tx, board, params.id);
      if (post && params.comment_id !== undefined) await commentOf(tx, post, params.comment_id);
      if (params.merged_post_id !== undefined) await postOnBoard(tx, board, params.merged_post_id);
      if (params.deleted_post_id !== undefined) await deletedPostOf(tx, board, params.deleted_post_id);
      if (params.chat_target_id !== undefined) await chatTargetOf(tx, board, params.chat_target_id);
      if (entries) await entries.changelogEntryOf(tx, caller, board, params.entry_id!);
    }
    if (params.held_post_id !== undefined) await heldPostOf(tx, caller.organizationId, params.held_post_id);
    if (params.voter_id !== undefined) await voterOf(tx, caller.organizationId, params.voter_id);
    if (params.connection_id !== undefined) await integrationConnectionOf(tx, caller.organizationId, params.connection_id);
    if (params.status_id !== undefined) await statusOf(tx, caller.organizationId, params.status_id);
  });
}

