/**
 * The team's side of voters (docs/errors-scopes-limits.md#voters): blocking and unblocking voters
 * (operations of the `team` scope), and, scoped to one organization like the rest of
 * `board.team(id)`, a post's author and followers (what the mail to them needs) and comments of
 * the team. A voter, post or comment of another organization is `not_found`, exactly like a
 * missing one.
 */
import { notFound } from '../domain/errors.js';
import type { VoterRecord } from '../domain/records.js';
import type { CreateCommentInput } from '../domain/requests.js';
import type { Comment } from '../domain/responses.js';
import { requireScope } from '../domain/scopes.js';
import type { VoterBlock } from '../domain/team-responses.js';
import type { StorageTx } from '../storage/contract.js';
import type { AttachmentUpload } from './attachments.js';
import { createComment } from './comments.js';
import { nowIso, read, teamCaller, write, type Caller, type ServiceContext } from './context.js';
import { boardOfPost } from './team.js';
import { assertNotMerged, voterOf } from './lookup.js';

async function ownPostId(tx: StorageTx, organizationId: number, postId: number): Promise<number> {
  const post = await tx.getPost(postId);
  const board = post && (await tx.getBoard(post.board_id));
  if (!post || !board || board.organization_id !== organizationId) throw notFound('Post not found');
  await assertNotMerged(tx, post);
  return post.id;
}

/**
 * Blocks a voter of the organization: they can no longer submit, vote, comment or react, and their
 * comments show `voter_blocked: true`; what they wrote stays. Blocking a blocked voter keeps the
 * first time and changes nothing. `team` scope.
 */
export function blockVoter(ctx: ServiceContext, caller: Caller, voterId: number): Promise<VoterBlock> {
  requireScope(caller.scope, 'team');
  return write(ctx, async (tx) => {
    await voterOf(tx, caller.organizationId, voterId);
    const since = (await tx.listVoterBlocks([voterId]))[0]?.blocked_at;
    if (since !== undefined) return { voter_id: voterId, blocked_at: since, changed: false };
    const blocked_at = nowIso(ctx);
    await tx.blockVoter({ voter_id: voterId, blocked_at });
    return { voter_id: voterId, blocked_at, changed: true };
  });
}

/** Lifts a voter's block (`changed` false if they were not blocked); `team` scope. */
export function unblockVoter(ctx: ServiceContext, caller: Caller, voterId: number): Promise<VoterBlock> {
  requireScope(caller.scope, 'team');
  return write(ctx, async (tx) => {
    await voterOf(tx, caller.organizationId, voterId);
    return { voter_id: voterId, blocked_at: null, changed: await tx.unblockVoter(voterId) };
  });
}

/** When the voter was blocked, or null while they are not. */
export function voterBlockedAt(ctx: ServiceContext, organizationId: number, voterId: number): Promise<string | null> {
  return read(ctx, async (tx) => {
    await voterOf(tx, organizationId, voterId);
    return (await tx.listVoterBlocks([voterId]))[0]?.blocked_at ?? null;
  });
}

/** The voter who submitted the post, or null for a post of the team. */
export function postAuthor(ctx: ServiceContext, organizationId: number, postId: number): Promise<VoterRecord | null> {
  return read(ctx, async (tx) => {
    const voterId = await tx.getPostAuthor(await ownPostId(tx, organizationId, postId));
    return voterId === null ? null : tx.getVoter(voterId);
  });
}

/** The voters following the post, by id. */
export function postFollowers(ctx: ServiceContext, organizationId: number, postId: number): Promise<VoterRecord[]> {
  return read(ctx, async (tx) => {
    const followers: VoterRecord[] = [];
    for (const id of await tx.listFollowerIds(await ownPostId(tx, organizationId, postId))) {
      const voter = await tx.getVoter(id);
      if (voter) followers.push(voter);
    }
    return followers;
  });
}

/** A comment of the team (`is_admin: true`), or a reply with `parent_comment_id`; `uploads` are images to attach. */
export async function createTeamComment(
  ctx: ServiceContext,
  organizationId: number,
  postId: number,
  body: CreateCommentInput,
  uploads: readonly AttachmentUpload[] = [],
): Promise<Comment> {
  const board = await boardOfPost(ctx, organizationId, postId);
  return createComment(ctx, teamCaller(organizationId), board.slug, postId, body, uploads);
}
