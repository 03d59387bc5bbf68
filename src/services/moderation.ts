/**
 * Moderation (docs/errors-scopes-limits.md#moderation): on a board whose team turned it on, a
 * voter's new post is held for approval instead of posted. The team lists what waits, approves a
 * held post (only then is it a post, and only then does `post.created` fire) or rejects it with an
 * optional reason (it is kept, never listed): operations of the `team` scope. A held post of
 * another organization is `not_found`, exactly like a missing one; deciding a post that is no
 * longer waiting is `status_unchanged`.
 */
import { FeedbackBoardError, notFound } from '../domain/errors.js';
import type { HeldPost, HeldPostRecord, HeldPostState } from '../domain/held-posts.js';
import type { TagRecord, VoterRecord } from '../domain/records.js';
import { listHeldPostsQuery, rejectHeldPostBody, type RejectHeldPostInput } from '../domain/requests.js';
import type { PostDetail } from '../domain/responses.js';
import type { HeldPostList } from '../domain/team-responses.js';
import { requireScope } from '../domain/scopes.js';
import { parseOrThrow } from '../domain/validation.js';
import type { StorageTx } from '../storage/contract.js';
import { nowIso, read, teamCaller, write, type Caller, type ServiceContext } from './context.js';
import { assertPostRoom } from './limits.js';
import { boardOf, byId, heldPostOf } from './lookup.js';
import { attachmentsOfPosts } from './attachment-views.js';
import { presentPostDetail, presentTag } from './present.js';
import { actorOf, logActivity, voterActor } from './activity.js';
import { followAutomatically } from './voter-rules.js';
import { emitBoardEvent } from './webhook-events.js';
import { labelOfPost } from './status-labels.js';
import { valuesStillOffered } from './field-values.js';

/** The board's tags the voter chose (a tag is never deleted, so each is found). */
async function tagsOf(tx: StorageTx, held: HeldPostRecord): Promise<TagRecord[]> {
  const tags: TagRecord[] = [];
  for (const slug of held.tag_slugs) {
    const tag = await tx.getTagBySlug(held.board_id, slug);
    if (tag) tags.push(tag);
  }
  return byId(tags);
}

/** A held post with its tags, as answered. */
export async function presentHeldPost(tx: StorageTx, held: HeldPostRecord): Promise<HeldPost> {
  const tags = (await tagsOf(tx, held)).map(presentTag);
  const { id, board_id, voter_id, title, body, created_at, state, reason, decided_at, decided_by, post_id } = held;
  return { id, board_id, voter_id, title, body, tags, created_at, approval: state, reason, decided_at, decided_by, post_id };
}

function assertWaiting(held: HeldPostRecord): void {
  if (held.state !== 'waiting') throw new FeedbackBoardError('status_unchanged', `This post was ${held.state} already`);
}

/** Whether new posts from voters on the board wait for approval (off for a board never set). */
export function boardModeration(ctx: ServiceContext, organizationId: number, slug: string): Promise<boolean> {
  return read(ctx, async (tx) => tx.isBoardModerated((await boardOf(tx, teamCaller(organizationId), slug)).id));
}

/** Turns "new posts from voters wait for approval" on or off for one of the organization's boards. */
export function setBoardModeration(ctx: ServiceContext, organizationId: number, slug: string, moderated: boolean): Promise<boolean> {
  return write(ctx, async (tx) => {
    await tx.setBoardModerated((await boardOf(tx, teamCaller(organizationId), slug)).id, moderated);
    return moderated;
  });
}

/** The organization's held posts in one state (default `waiting`: the inbox), oldest first, all of them. */
export function heldPostsInState(ctx: ServiceContext, organizationId: number, state: HeldPostState = 'waiting'): Promise<HeldPost[]> {
  return read(ctx, async (tx) => {
    const answer: HeldPost[] = [];
    for (const row of await tx.listHeldPosts(organizationId, state)) answer.push(await presentHeldPost(tx, row));
    return answer;
  });
}

/**
 * A page of the organization's held posts in one `state` (default `waiting`: the inbox), oldest
 * first: `limit` (1–500, default 50) from `offset`, with how many are in that state; `team` scope.
 */
export function listHeldPosts(ctx: ServiceContext, caller: Caller, query: Record<string, string | undefined> = {}): Promise<HeldPostList> {
  requireScope(caller.scope, 'team');
  const { state, limit, offset } = parseOrThrow(listHeldPostsQuery, query);
  return read(ctx, async (tx) => {
    const rows = await tx.listHeldPosts(caller.organizationId, state);
    const held_posts: HeldPost[] = [];
    for (const row of rows.slice(offset, offset + limit)) held_posts.push(await presentHeldPost(tx, row));
    return { held_posts, total: rows.length };
  });
}

/** How many of the organization's posts wait for approval (the dashboard's inbox count). */
export function countWaitingPosts(ctx: ServiceContext, organizationId: number): Promise<number> {
  return read(ctx, (tx) => tx.countHeldPosts(organizationId, 'waiting'));
}

/** One of the organization's held posts, in any state; `team` scope. */
export function getHeldPost(ctx: ServiceContext, caller: Caller, id: number): Promise<HeldPost> {
  requireScope(caller.scope, 'team');
  return read(ctx, async (tx) => presentHeldPost(tx, await heldPostOf(tx, caller.organizationId, id)));
}

/** Who decides: the signed-in team member, when there is one. */
export interface ModerationDecider {
  /** The team member deciding; absent for a decision through the SDK without one. */
  memberId?: number;
}

/** The team member a decision is recorded for: the one the team acts for; none for a key. */
const deciderOf = (ctx: ServiceContext, caller: Caller): number | null => (caller.apiKeyId === 0 ? (ctx.teamMemberId ?? null) : null);

/**
 * Approves a waiting post: it becomes a post of its board as the voter submitted it (its author,
 * tags, images, the voter's vote and follow), dated when it was submitted, and `post.created` fires
 * now; `team` scope. Refused, changing nothing, for a post no longer waiting or a board at its post
 * limit.
 */
export function approveHeldPost(ctx: ServiceContext, caller: Caller, id: number): Promise<PostDetail> {
  requireScope(caller.scope, 'team');
  return write(ctx, async (tx) => {
    const held = await heldPostOf(tx, caller.organizationId, id);
    assertWaiting(held);
    const board = (await tx.getBoard(held.board_id))!;
    await assertPostRoom(ctx, tx, board.id);
    const post = await tx.insertPost({
      board_id: board.id,
      title: held.title,
      body: held.body,
      status: 'open',
      is_admin: false,
      hidden: false,
      pinned: false,
      queue_rank: null,
      shipped_at: null,
      created_at: held.created_at,
      proposal: null,
      // Held before custom fields, a record store's held post has no `fields`; values of fields
      // removed since it was held are dropped.
      fields: valuesStillOffered(await tx.listFields(board.id), held.fields ?? null),
    });
    await tx.insertPostAuthor({ post_id: post.id, voter_id: held.voter_id, created_at: held.created_at });
    const tags = await tagsOf(tx, held);
    if (tags.length > 0) await tx.setPostTags(post.id, tags.map((tag) => tag.id));
    await tx.insertVote({ post_id: post.id, voter_id: held.voter_id, created_at: held.created_at });
    await followAutomatically(tx, post.id, held.voter_id, held.created_at);
    const now = nowIso(ctx);
    await tx.decideHeldPost(id, { state: 'approved', reason: '', decided_at: now, decided_by: deciderOf(ctx, caller), post_id: post.id });
    await logActivity(tx, post.id, 'created', voterActor(held.voter_id), held.created_at);
    await logActivity(tx, post.id, 'approved', actorOf(ctx, caller), now);
    await tx.moveHeldPostAttachments(id, post.id);
    const attachments = (await attachmentsOfPosts(ctx, tx, [post.id])).get(post.id);
    const approved = (await tx.getPost(post.id))!;
    const detail = presentPostDetail(approved, await labelOfPost(tx, approved), tags, [], null, attachments);
    await emitBoardEvent(ctx, tx, board, 'post.created', { post: detail }, now);
    return detail;
  });
}

/**
 * Rejects a waiting post with an optional reason (trimmed, at most 1000 characters): it is kept,
 * rejected, and never listed; `team` scope. Refused, changing nothing, for a post no longer waiting.
 */
export function rejectHeldPost(ctx: ServiceContext, caller: Caller, id: number, body: RejectHeldPostInput = {}): Promise<HeldPost> {
  requireScope(caller.scope, 'team');
  const { reason = '' } = parseOrThrow(rejectHeldPostBody, body);
  return write(ctx, async (tx) => {
    assertWaiting(await heldPostOf(tx, caller.organizationId, id));
    const decided = await tx.decideHeldPost(id, { state: 'rejected', reason, decided_at: nowIso(ctx), decided_by: deciderOf(ctx, caller), post_id: null });
    return presentHeldPost(tx, decided!);
  });
}

/** What a rejection answers in-process: the held post, and its author (whom the reason is mailed to). */
export interface Rejection {
  post: HeldPost;
  author: VoterRecord;
}

/**
 * {@link rejectHeldPost} as the team's dashboard calls it (`board.team(id).moderation.reject`):
 * by the team of `organizationId`, for `memberId` when given, answering the author too.
 */
export async function rejectPost(
  ctx: ServiceContext,
  organizationId: number,
  id: number,
  options: ModerationDecider & RejectHeldPostInput = {},
): Promise<Rejection> {
  const { memberId, ...body } = options;
  const post = await rejectHeldPost(memberId === undefined ? ctx : { ...ctx, teamMemberId: memberId }, teamCaller(organizationId), id, body);
  const author = await read(ctx, (tx) => tx.getVoter(post.voter_id));
  return { post, author: author! };
}

/** One of the voter's own held posts; another voter's (or a missing one) is `not_found`. */
export function voterHeldPost(ctx: ServiceContext, voterId: number, id: number): Promise<HeldPost> {
  return read(ctx, async (tx) => {
    const held = await tx.getHeldPost(id);
    if (!held || held.voter_id !== voterId) throw notFound('Held post not found');
    return presentHeldPost(tx, held);
  });
}

/** The voter's posts still waiting for approval on one board, oldest first (what their pages mark). */
export function voterWaitingPosts(ctx: ServiceContext, voterId: number, boardId: number): Promise<HeldPost[]> {
  return read(ctx, async (tx) => {
    const rows = (await tx.listVoterHeldPosts(voterId, '')).filter((row) => row.board_id === boardId && row.state === 'waiting');
    const answer: HeldPost[] = [];
    for (const row of rows) answer.push(await presentHeldPost(tx, row));
    return answer;
  });
}
