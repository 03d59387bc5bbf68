/**
 * The mail a follower gets about one post: every event since the last mail, as a plain-text part
 * and the same content as HTML (comments rendered from Markdown, every other text escaped), with
 * RFC 8058 one-click unsubscribe for the post and for the whole board.
 */
import type { FollowerMailEvent } from '../services/follower-mail.js';
import type { BoardRecord, CommentRecord, PostRecord } from '../domain/records.js';
import { statusLabel, type MailMessage } from '../mail/mailer.js';
import { renderMarkdown } from './markdown.js';

/** One event of the mail, with the comment it names (null when it was since deleted or hidden). */
export interface FollowerMailItem {
  event: FollowerMailEvent;
  comment: CommentRecord | null;
  /** The name shown for a reply's author. */
  author: string;
}

/** Everything one follower mail shows. */
export interface FollowerMailContent {
  siteName: string;
  to: string;
  voterName: string;
  board: BoardRecord;
  post: PostRecord;
  items: readonly FollowerMailItem[];
  /** Absolute links: the post on the pages, and the unsubscribe link for the post and for the board. */
  links: { post: string; unsubscribePost: string; unsubscribeBoard: string };
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => `&${({ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": '#39' } as Record<string, string>)[c]};`);

/** The sentence that introduces one event. */
function headline(item: FollowerMailItem): string {
  const event = item.event;
  if (event.kind === 'status') return `The status moved from ${statusLabel(event.from)} to ${statusLabel(event.to)}.`;
  if (event.kind === 'team_comment') return 'The team commented:';
  return `${item.author} replied to your comment:`;
}

/** `[Site] Title: what happened`, the post first so that an inbox groups by it. */
function subjectOf(content: FollowerMailContent): string {
  const [only] = content.items;
  const event = content.items.length === 1 ? only!.event : null;
  const what =
    event === null
      ? `${content.items.length} updates`
      : event.kind === 'status'
        ? `now ${statusLabel(event.to)}`
        : event.kind === 'team_comment'
          ? 'the team commented'
          : 'a reply to your comment';
  return `[${content.siteName}] ${content.post.title}: ${what}`;
}

const indent = (text: string) => text.replace(/\r\n?/g, '\n').replace(/^/gm, '    ');

/** The message, headers included; `List-Unsubscribe` names the post's link first, then the board's. */
export function followerMailMessage(content: FollowerMailContent): MailMessage {
  const { board, post, links } = content;
  const greeting = content.voterName.trim() === '' ? 'Hello,' : `Hello ${content.voterName.trim()},`;
  const text = [
    greeting,
    '',
    `News about "${post.title}" on the board ${board.name}:`,
    '',
    ...content.items.flatMap((item) => [`- ${headline(item)}`, ...(item.comment ? [indent(item.comment.body)] : []), '']),
    `See the post: ${links.post}`,
    '',
    '--',
    'You get this mail because you follow this post.',
    `Stop mail about this post: ${links.unsubscribePost}`,
    `Stop all mail from ${board.name}: ${links.unsubscribeBoard}`,
  ].join('\n');

  const items = content.items
    .map(
      (item) =>
        `<li><p>${escapeHtml(headline(item))}</p>${item.comment ? `<blockquote>${renderMarkdown(item.comment.body)}</blockquote>` : ''}</li>`,
    )
    .join('\n');
  const html = [
    '<!doctype html><html><body>',
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>News about <a href="${escapeHtml(links.post)}">${escapeHtml(post.title)}</a> on the board ${escapeHtml(board.name)}:</p>`,
    `<ul>\n${items}\n</ul>`,
    `<p><a href="${escapeHtml(links.post)}">See the post</a></p>`,
    '<hr>',
    '<p style="font-size:small;color:#555">You get this mail because you follow this post. ',
    `<a href="${escapeHtml(links.unsubscribePost)}">Stop mail about this post</a> · `,
    `<a href="${escapeHtml(links.unsubscribeBoard)}">Stop all mail from ${escapeHtml(board.name)}</a></p>`,
    '</body></html>',
  ].join('\n');

  return {
    to: content.to,
    subject: subjectOf(content),
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${links.unsubscribePost}>, <${links.unsubscribeBoard}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
