/**
 * The dashboard's bulk actions on selected posts of the organization: show one of its statuses
 * (with or without mail to followers), add a tag, hide them, or merge them into one post. An action is previewed first (how
 * many posts change and how many follower mails go out), then applied to every post in one
 * transaction, each post exactly as its own change would be (activity, webhook events, one
 * follower mail per follower and post): a refused or failed action changes nothing.
 */
import { notFound, validationError } from '../domain/errors.js';
import type { BoardRecord, PostRecord } from '../domain/records.js';
import { updatePostBody } from '../domain/requests.js';
import type { VoterNotification } from '../domain/ports.js';
import { parseOrThrow } from '../domain/validation.js';
import type { StorageTx } from '../storage/contract.js';
import { foldCase } from '../storage/text.js';
import { nowIso, read, teamCaller, write, type ServiceContext } from './context.js';
import { setHiddenIn } from './dashboard.js';
import { mailableVoters, readFollowerMailSettings } from './follower-mail.js';
import { assertNotMerged } from './lookup.js';
import { mergeIn } from './merges.js';
import { deliver } from './notifications.js';
import { applyPostUpdate } from './posts.js';

/** At most this many posts in one bulk action. */
export const BULK_MAX_POSTS = 1000;

/** What a bulk action does to each selected post. */
export type BulkAction =
  | { kind: 'status'; status_label_id: number; notify: boolean }
  | { kind: 'tag'; tag: string }
  | { kind: 'hide' }
  | { kind: 'merge'; into: number };

/** What an action would do: the posts it changes (of those selected) and the follower mails it queues. */
export interface BulkPreview {
  /** Posts selected. */
  selected: number;
  /** Posts the action changes (one already showing the status, tagged or hidden is left as it is). */
  changing: number;
  /** Follower mails queued: one per follower (with an address, not unsubscribed) of each changing post. */
  mails: number;
  /** The title of the post a merge goes into. */
  into_title?: string;
}

interface Selected {
  board: BoardRecord;
  post: PostRecord;
}

/** The selected posts, each of the organization and not merged; any other id is `not_found`. */
async function selectedPosts(tx: StorageTx, organizationId: number, postIds: readonly number[]): Promise<Selected[]> {
  const ids = [...new Set(postIds)];
  if (ids.length === 0) throw validationError('post_ids', 'select at least one post');
  if (ids.length > BULK_MAX_POSTS) throw validationError('post_ids', `at most ${BULK_MAX_POSTS} posts at once`);
  const boards = new Map<number, BoardRecord | null>();
  const selected: Selected[] = [];
  for (const id of ids) {
    const post = await tx.getPost(id);
    if (post && !boards.has(post.board_id)) boards.set(post.board_id, await tx.getBoard(post.board_id));
    const board = post && boards.get(post.board_id);
    if (!post || !board || board.organization_id !== organizationId) throw notFound(`Post ${id} not found`);
    await assertNotMerged(tx, post);
    selected.push({ board, post });
  }
  return selected;
}

/** The names of the post's tags when `action` changes it, else null (already showing the status, tagged or hidden). */
async function changeOf(tx: StorageTx, { post }: Selected, action: BulkAction): Promise<string[] | null> {
  if (action.kind === 'hide') return post.hidden ? null : [];
  if (action.kind === 'merge') return post.id === action.into ? null : [];
  if (action.kind === 'status') return post.status_label_id === action.status_label_id ? null : [];
  const names = ((await tx.getTagsOfPosts([post.id])).get(post.id) ?? []).map((tag) => tag.name);
  const tag = foldCase(action.tag.trim());
  return names.some((name) => foldCase(name) === tag) ? null : names;
}

/** The follower mails a change of `one` queues under `action`. */
async function mailsOf(tx: StorageTx, one: Selected, action: BulkAction, mailing: boolean): Promise<number> {
  if (!mailing || action.kind !== 'status' || !action.notify) return 0;
  return (await mailableVoters(tx, one.board, one.post, await tx.listFollowerIds(one.post.id))).length;
}

/** Refuses an action whose status is not one of the organization's, or whose tag is not a tag. */
async function checkAction(tx: StorageTx, organizationId: number, action: BulkAction): Promise<void> {
  if (action.kind === 'status') {
    const status = await tx.getStatus(action.status_label_id);
    if (!status || status.organization_id !== organizationId) throw validationError('status_label_id', "is not one of the organization's statuses");
  }
  if (action.kind === 'tag') parseOrThrow(updatePostBody, { tags: [action.tag] });
  if (action.kind === 'merge') await selectedPosts(tx, organizationId, [action.into]);
}

/** The title of the post a merge goes into, for the preview. */
async function intoTitle(tx: StorageTx, action: BulkAction): Promise<{ into_title?: string }> {
  return action.kind === 'merge' ? { into_title: (await tx.getPost(action.into))!.title } : {};
}

/** What `action` would do to the selected posts; nothing is changed. */
export function previewBulkAction(ctx: ServiceContext, organizationId: number, postIds: readonly number[], action: BulkAction): Promise<BulkPreview> {
  return read(ctx, async (tx) => {
    await checkAction(tx, organizationId, action);
    const selected = await selectedPosts(tx, organizationId, postIds);
    const mailing = (await readFollowerMailSettings(tx, organizationId)).status;
    let changing = 0;
    let mails = 0;
    for (const one of selected) {
      if ((await changeOf(tx, one, action)) === null) continue;
      changing += 1;
      mails += await mailsOf(tx, one, action, mailing);
    }
    return { selected: selected.length, changing, mails, ...(await intoTitle(tx, action)) };
  });
}

/** Applies `action` to every selected post in one transaction; answers what it did. */
export async function applyBulkAction(ctx: ServiceContext, organizationId: number, postIds: readonly number[], action: BulkAction): Promise<BulkPreview> {
  const caller = teamCaller(organizationId);
  const { preview, notifications } = await write(ctx, async (tx) => {
    await checkAction(tx, organizationId, action);
    const now = nowIso(ctx);
    const selected = await selectedPosts(tx, organizationId, postIds);
    const mailing = (await readFollowerMailSettings(tx, organizationId)).status;
    const notifications: VoterNotification[] = [];
    let changing = 0;
    let mails = 0;
    for (const one of selected) {
      const tags = await changeOf(tx, one, action);
      if (tags === null) continue;
      changing += 1;
      mails += await mailsOf(tx, one, action, mailing);
      if (action.kind === 'hide') {
        await setHiddenIn(ctx, tx, one.post, true, now);
        continue;
      }
      if (action.kind === 'merge') {
        await mergeIn(ctx, tx, caller, one.board, one.post, action.into, now);
        continue;
      }
      const input = parseOrThrow(updatePostBody, action.kind === 'tag' ? { tags: [...tags, action.tag] } : { status_label_id: action.status_label_id, notify_voters: action.notify });
      notifications.push(...(await applyPostUpdate(ctx, tx, caller, one.board, one.post, input, now)).notifications);
    }
    return { preview: { selected: selected.length, changing, mails, ...(await intoTitle(tx, action)) }, notifications };
  });
  await deliver(ctx, notifications);
  return preview;
}
