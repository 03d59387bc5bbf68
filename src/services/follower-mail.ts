/**
 * Mail to the followers of a post: events are queued in the transaction of the change they
 * report (see docs/mail.md), one row per (voter, post), and mailed by the sender later, so a
 * restart loses nothing and a rolled back change mails nothing.
 */
import type { BoardRecord, PostRecord, PostStatus } from '../domain/records.js';
import type { StorageTx } from '../storage/contract.js';

/** One thing to tell a follower about a post, as queued (JSON) and listed in the next mail. */
export type FollowerMailEvent =
  | StatusMailEvent
  | { kind: 'team_comment' | 'reply' | 'mention'; comment_id: number; at: string }
  /** A changelog entry published about posts the voter follows: one event per voter and entry. */
  | { kind: 'changelog'; entry_id: number; at: string };

/**
 * A change of the status a post shows. `from` and `to` are the categories; `from_label` and
 * `to_label` the names of the labels as they were at the change (absent in events queued before
 * posts had labels, which the mail names by their categories).
 */
export interface StatusMailEvent {
  kind: 'status';
  from: PostStatus;
  to: PostStatus;
  from_label?: string;
  to_label?: string;
  at: string;
}

/**
 * The kinds of follower mail the team turns on or off (the organization's setting). A mention is
 * mailed as a reply is (both speak to one person), so the `reply` setting covers both.
 */
export type FollowerMailSettings = Record<Exclude<FollowerMailEvent['kind'], 'mention'>, boolean>;

/** The setting that turns an event's kind of mail on or off. */
const settingOf = (kind: FollowerMailEvent['kind']): keyof FollowerMailSettings => (kind === 'mention' ? 'reply' : kind);

/** The storage setting of an organization's {@link FollowerMailSettings}, JSON; absent means all on. */
export const followerMailSettingName = (organizationId: number): string => `mail.follower_events.${organizationId}`;

/** The organization's settings: each kind on unless the team turned it off. */
export async function readFollowerMailSettings(tx: StorageTx, organizationId: number): Promise<FollowerMailSettings> {
  const stored = JSON.parse((await tx.getSetting(followerMailSettingName(organizationId))) ?? '{}') as Partial<FollowerMailSettings>;
  return {
    status: stored.status !== false,
    team_comment: stored.team_comment !== false,
    reply: stored.reply !== false,
    changelog: stored.changelog !== false,
  };
}

/**
 * Queues `event` for each voter of `voterIds` who has an address and has not unsubscribed from
 * the post or its board; never for `actorVoterId`, who made the change; for nobody when the
 * organization turned this kind of mail off.
 */
export async function queueFollowerMail(
  tx: StorageTx,
  board: BoardRecord,
  post: PostRecord,
  voterIds: readonly number[],
  event: FollowerMailEvent,
  actorVoterId: number | null = null,
): Promise<void> {
  if (voterIds.length === 0 || !(await readFollowerMailSettings(tx, board.organization_id))[settingOf(event.kind)]) return;
  for (const voterId of await mailableVoters(tx, board, post, voterIds)) {
    if (voterId === actorVoterId) continue;
    await tx.enqueueMailEvent({
      organization_id: board.organization_id,
      voter_id: voterId,
      post_id: post.id,
      event: JSON.stringify(event),
      now: event.at,
    });
  }
}

/** Those of `voterIds` who have an address and have not unsubscribed from the post or its board. */
export async function mailableVoters(tx: StorageTx, board: BoardRecord, post: PostRecord, voterIds: readonly number[]): Promise<number[]> {
  const mailable: number[] = [];
  for (const voterId of voterIds) {
    const voter = await tx.getVoter(voterId);
    if (voter?.email && !(await tx.isMailUnsubscribed(board.id, voter.email, post.id))) mailable.push(voterId);
  }
  return mailable;
}

/** Queues the change of the status `before` showed to the one `after` shows, for the post's followers. */
export async function queueStatusMail(tx: StorageTx, board: BoardRecord, before: PostRecord, after: PostRecord, now: string): Promise<void> {
  const [from, to] = [await tx.getStatus(before.status_label_id), await tx.getStatus(after.status_label_id)];
  const event: StatusMailEvent = { kind: 'status', from: before.status, to: after.status, at: now };
  if (from) event.from_label = from.name;
  if (to) event.to_label = to.name;
  await queueFollowerMail(tx, board, before, await tx.listFollowerIds(before.id), event);
}

/**
 * Queues a new comment: a reply to a voter's comment for that comment's author, and a team
 * comment for the post's followers (but the replied-to author, who gets the reply).
 */
export async function queueCommentMail(
  tx: StorageTx,
  board: BoardRecord,
  post: PostRecord,
  comment: { id: number; is_admin: boolean; voter_id: number | null; parent_comment_id: number | null },
  now: string,
): Promise<void> {
  const parent = comment.parent_comment_id === null ? null : await tx.getComment(comment.parent_comment_id);
  const repliedTo = parent?.voter_id ?? null;
  if (repliedTo !== null) {
    await queueFollowerMail(tx, board, post, [repliedTo], { kind: 'reply', comment_id: comment.id, at: now }, comment.voter_id);
  }
  if (comment.is_admin) {
    const followers = (await tx.listFollowerIds(post.id)).filter((id) => id !== repliedTo);
    await queueFollowerMail(tx, board, post, followers, { kind: 'team_comment', comment_id: comment.id, at: now });
  }
}
