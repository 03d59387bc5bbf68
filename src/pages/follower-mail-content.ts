/**
 * What a leased queue row becomes in a mail, read in one transaction at send time: the voter, the
 * post and its board, the comments its events name, and the signed unsubscribe links. Null when
 * the row is no longer to be mailed (see {@link followerMailContent}).
 */
import type { Storage } from '../storage/contract.js';
import type { MailQueueRecord } from '../storage/contract/mail.js';
import type { FollowerMailEvent } from '../services/follower-mail.js';
import { foldCase } from '../storage/text.js';
import type { FollowerMailContent, FollowerMailItem } from './follower-mail-message.js';
import { signUnsubscribeToken } from './unsubscribe-token.js';
import { accessOpenIn } from './board-access.js';

/**
 * The content of the mail for `row`, or null when nothing is to be mailed: the voter has no
 * address (or is gone), the post is gone or merged, the address unsubscribed from the post or its
 * board since the events were queued, the board is private and closed to the voter, or every
 * event names a comment that is gone, hidden or deleted.
 */
export async function followerMailContent(
  storage: Storage,
  row: MailQueueRecord,
  pagesUrl: (organizationId: number) => string,
  key: CryptoKey,
): Promise<FollowerMailContent | null> {
  const read = await storage.transaction('read', async (tx) => {
    const voter = await tx.getVoter(row.voter_id);
    const post = await tx.getPost(row.post_id);
    const board = post && (await tx.getBoard(post.board_id));
    if (!voter?.email || !post || !board || (await tx.getPostMerge(post.id)) !== null) return null;
    const address = foldCase(voter.email);
    if (await tx.isMailUnsubscribed(board.id, address, post.id)) return null;
    // A private board's posts are mailed only to voters it is open to (they may have followed
    // while it was public, or their domain or claim may have left its settings since).
    if (!(await accessOpenIn(tx, board.id, { member: false, voter }))) return null;
    const organization = await tx.getOrganization(board.organization_id);
    const items: FollowerMailItem[] = [];
    for (const text of row.events) {
      const event = JSON.parse(text) as FollowerMailEvent;
      if (event.kind === 'status') {
        items.push({ event, comment: null, author: '' });
        continue;
      }
      if (event.kind === 'changelog') {
        // An entry is mailed as it reads when the mail goes; one gone or of another board is not.
        const entry = await tx.getChangelogEntry(event.entry_id);
        if (entry?.published_at && entry.board_id === board.id) items.push({ event, comment: null, author: '', entry });
        continue;
      }
      const comment = await tx.getComment(event.comment_id);
      if (!comment || comment.hidden || comment.deleted_at !== null || comment.post_id !== post.id) continue;
      const writer = comment.voter_id === null ? null : await tx.getVoter(comment.voter_id);
      items.push({ event, comment, author: comment.is_admin ? null : writer?.name.trim() || '' });
    }
    return items.length === 0 ? null : { voter, address, post, board, siteName: organization?.name ?? 'Feedback', items };
  });
  if (read === null) return null;
  const root = pagesUrl(read.board.organization_id);
  const unsubscribe = async (postId: number) =>
    `${root}/unsubscribe?token=${await signUnsubscribeToken(key, { boardId: read.board.id, postId, address: read.address })}`;
  return {
    siteName: read.siteName,
    to: read.voter.email!,
    voterName: read.voter.name,
    locale: read.voter.locale,
    board: read.board,
    post: read.post,
    items: read.items,
    links: {
      post: `${root}/boards/${encodeURIComponent(read.board.slug)}/posts/${read.post.id}`,
      unsubscribePost: await unsubscribe(read.post.id),
      unsubscribeBoard: await unsubscribe(0),
    },
  };
}
