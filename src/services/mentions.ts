/**
 * @mentions in comments (docs/mail.md#mentions). A mention is `@` and a handle: a person's name
 * with its spaces left out (`@AdaLovelace` for "Ada Lovelace") or their e-mail address, in any
 * case. Who can be mentioned: the organization's team members, and the voters who took part in the
 * post (submitted it, voted for it or commented on it). Each is mailed once per comment through the
 * follower-mail queue, so its batching, the organization's `reply` setting and unsubscribes hold;
 * a handle of anyone else mentions nobody, and nothing tells the writer whether it matched.
 */
import type { BoardRecord, CommentRecord, PostRecord } from '../domain/records.js';
import type { StorageTx } from '../storage/contract.js';
import { foldCase } from '../storage/text.js';
import { queueFollowerMail } from './follower-mail.js';

/**
 * `@handle` after a start or a character that cannot be part of a word or an address: a letter,
 * digit or `_` first, then those and `.`, `+`, `-`, and optionally `@domain` (an e-mail address).
 * Group 1 is the handle; a trailing `.` or `-` (the end of a sentence) is not part of it.
 */
export const MENTION_PATTERN = /(?<![\p{L}\p{N}_.+@-])@([\p{L}\p{N}_][\p{L}\p{N}_.+-]*(?:@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+)?)/gu;

/** The handles a text mentions, folded and without trailing punctuation, each once. */
export function mentionHandles(text: string): Set<string> {
  const handles = new Set<string>();
  for (const match of text.matchAll(MENTION_PATTERN)) handles.add(foldCase(match[1]!.replace(/[.-]+$/, '')));
  return handles;
}

/** Whether a person of this name or address is named by one of `handles`. */
function named(handles: ReadonlySet<string>, name: string, email: string | null): boolean {
  const compact = foldCase(name.replace(/\s+/gu, ''));
  return (compact !== '' && handles.has(compact)) || (email !== null && handles.has(foldCase(email)));
}

/** The voters who took part in the post: its author, its voters and its commenters. */
async function participants(tx: StorageTx, post: PostRecord): Promise<Set<number>> {
  const ids = new Set(await tx.listVoterIds(post.id));
  const author = await tx.getPostAuthor(post.id);
  if (author !== null) ids.add(author);
  for (const comment of await tx.listComments(post.id)) if (comment.voter_id !== null) ids.add(comment.voter_id);
  return ids;
}

/**
 * The voter a mentioned team member is mailed as: the organization's voter of the same address,
 * made on first use, so that their mail is batched and unsubscribed like anyone's.
 */
async function voterOfMember(tx: StorageTx, organizationId: number, member: { email: string; name: string }, now: string): Promise<number> {
  const email = foldCase(member.email);
  const voter = await tx.getVoterByEmail(organizationId, email);
  return (voter ?? (await tx.insertVoter({ organization_id: organizationId, email, name: member.name, created_at: now }))).id;
}

/**
 * Queues a mention mail for each person `comment` mentions who was not mentioned by
 * `previousBody` already (an edit mails only the newly mentioned), never for its writer.
 */
export async function queueMentionMail(
  tx: StorageTx,
  board: BoardRecord,
  post: PostRecord,
  comment: CommentRecord,
  previousBody: string | null,
  now: string,
): Promise<void> {
  const handles = mentionHandles(comment.body);
  if (handles.size === 0) return;
  for (const handle of previousBody === null ? [] : mentionHandles(previousBody)) handles.delete(handle);
  if (handles.size === 0) return;
  const mentioned = new Set<number>();
  for (const voterId of await participants(tx, post)) {
    const voter = await tx.getVoter(voterId);
    if (voter && named(handles, voter.name, voter.email)) mentioned.add(voterId);
  }
  for (const member of await tx.listTeamMembers(board.organization_id)) {
    if (named(handles, member.name, member.email)) mentioned.add(await voterOfMember(tx, board.organization_id, member, now));
  }
  const event = { kind: 'mention', comment_id: comment.id, at: now } as const;
  await queueFollowerMail(tx, board, post, [...mentioned], event, comment.voter_id);
}
