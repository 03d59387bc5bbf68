/**
 * The mail a follower gets about one post: every event since the last mail, as a plain-text part
 * and the same content as HTML (comments rendered from Markdown, every other text escaped), with
 * RFC 8058 one-click unsubscribe for the post and for the whole board. It is written in the
 * voter's language (English when they have none, or one the pages do not speak), dates by `Intl`,
 * and the HTML part of a right-to-left language is marked `dir="rtl"`.
 */
import type { FollowerMailEvent } from '../services/follower-mail.js';
import type { BoardRecord, CommentRecord, PostRecord } from '../domain/records.js';
import type { ChangelogEntryRecord } from '../domain/changelog-entries.js';
import { escapeHtml, type MailMessage } from '../mail/mailer.js';
import { DEFAULT_LOCALE, localeOfTag } from '../i18n/locales.js';
import { translatorFor, type Translator } from '../i18n/translator.js';
import { renderMarkdown } from './markdown.js';
import { isDefaultName } from '../domain/statuses.js';

/** One event of the mail, with the comment it names (null when it was since deleted or hidden). */
export interface FollowerMailItem {
  event: FollowerMailEvent;
  comment: CommentRecord | null;
  /** The name of a reply's author: null for the team, '' for a voter without a name. */
  author: string | null;
  /** The changelog entry a `changelog` event names. */
  entry?: ChangelogEntryRecord;
}

/** Everything one follower mail shows. */
export interface FollowerMailContent {
  siteName: string;
  to: string;
  voterName: string;
  /** The voter's language (`VoterRecord.locale`), matched as `Accept-Language` is (`fr-CA` → `fr`); null or one the pages do not speak is English. */
  locale: string | null;
  board: BoardRecord;
  post: PostRecord;
  items: readonly FollowerMailItem[];
  /** Absolute links: the post on the pages, and the unsubscribe link for the post and for the board. */
  links: { post: string; unsubscribePost: string; unsubscribeBoard: string };
}

/** A status as the language names it: its label as written, unless it is the category's default name (translated). */
function statusOf(i18n: Translator, status: string, label: string | undefined): string {
  return label === undefined || isDefaultName(status, label) ? i18n.t(`status.${status}` as 'status.open') : label;
}

/** The sentence that introduces one event, after the day it happened. */
function headline(i18n: Translator, item: FollowerMailItem): string {
  const event = item.event;
  const author = item.author === null ? i18n.t('followerMail.theTeam') : item.author || i18n.t('followerMail.someone');
  const what =
    event.kind === 'status'
      ? i18n.t('followerMail.status', { from: statusOf(i18n, event.from, event.from_label), to: statusOf(i18n, event.to, event.to_label) })
      : event.kind === 'changelog'
        ? i18n.t('followerMail.changelog', { title: item.entry?.title ?? '' })
      : event.kind === 'team_comment'
        ? i18n.t('followerMail.teamComment')
        : i18n.t(event.kind === 'mention' ? 'followerMail.mention' : 'followerMail.reply', { author });
  return i18n.t('followerMail.dated', { date: i18n.date(event.at), event: what });
}

/** `[Site] Title: what happened`, the post first so that an inbox groups by it. */
function subjectOf(i18n: Translator, content: FollowerMailContent): string {
  const values = { site: content.siteName, title: content.post.title };
  const event = content.items.length === 1 ? content.items[0]!.event : null;
  if (event === null) return i18n.t('followerMail.subjectUpdates', { ...values, count: content.items.length });
  if (event.kind === 'status') return i18n.t('followerMail.subjectStatus', { ...values, status: statusOf(i18n, event.to, event.to_label) });
  if (event.kind === 'changelog') return i18n.t('followerMail.subjectChangelog', { site: content.siteName, title: content.items[0]!.entry?.title ?? '' });
  const subject = { team_comment: 'followerMail.subjectTeamComment', reply: 'followerMail.subjectReply', mention: 'followerMail.subjectMention' } as const;
  return i18n.t(subject[event.kind], values);
}

/** A comment's or entry's Markdown, rendered as the pages render it (raw HTML as text). */
const quoted = (markdown: string | undefined): string => (markdown === undefined ? '' : `<blockquote>${renderMarkdown(markdown)}</blockquote>`);

const indent = (text: string) => text.replace(/\r\n?/g, '\n').replace(/^/gm, '    ');

/** The message, headers included; `List-Unsubscribe` names the post's link first, then the board's. */
export function followerMailMessage(content: FollowerMailContent): MailMessage {
  const { board, post, links } = content;
  const i18n = translatorFor(localeOfTag(content.locale) ?? DEFAULT_LOCALE);
  const name = content.voterName.trim();
  const greeting = name === '' ? i18n.t('mail.hello') : i18n.t('mail.helloName', { name });
  const text = [
    greeting,
    '',
    i18n.t('followerMail.news', { title: post.title, board: board.name }),
    '',
    ...content.items.flatMap((item) => [`- ${headline(i18n, item)}`, ...(item.comment ? [indent(item.comment.body)] : []), ...(item.entry ? [indent(item.entry.body)] : []), '']),
    i18n.t('followerMail.seePost', { url: links.post }),
    '',
    '--',
    i18n.t('followerMail.why'),
    i18n.t('followerMail.stopPost', { url: links.unsubscribePost }),
    i18n.t('followerMail.stopBoard', { board: board.name, url: links.unsubscribeBoard }),
  ].join('\n');

  // The catalogs' own text holds no markup; the values are escaped before they go in.
  const newsHtml = i18n
    .rich<string>('followerMail.newsLinked', { title: escapeHtml(post.title), board: escapeHtml(board.name) }, {
      link: (chunks) => `<a href="${escapeHtml(links.post)}">${chunks.join('')}</a>`,
    })
    .join('');
  const items = content.items
    .map(
      (item) =>
        `<li><p>${escapeHtml(headline(i18n, item))}</p>${quoted(item.comment?.body ?? item.entry?.body)}</li>`,
    )
    .join('\n');
  const html = [
    `<!doctype html><html lang="${i18n.locale}" dir="${i18n.dir}"><body>`,
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${newsHtml}</p>`,
    `<ul>\n${items}\n</ul>`,
    `<p><a href="${escapeHtml(links.post)}">${escapeHtml(i18n.t('followerMail.seePostLink'))}</a></p>`,
    '<hr>',
    `<p style="font-size:small;color:#555">${escapeHtml(i18n.t('followerMail.why'))} `,
    `<a href="${escapeHtml(links.unsubscribePost)}">${escapeHtml(i18n.t('unsubscribe.stopPost'))}</a> · `,
    `<a href="${escapeHtml(links.unsubscribeBoard)}">${escapeHtml(i18n.t('unsubscribe.stopBoard', { board: board.name }))}</a></p>`,
    '</body></html>',
  ].join('\n');

  return {
    kind: 'follower',
    to: content.to,
    subject: subjectOf(i18n, content),
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${links.unsubscribePost}>, <${links.unsubscribeBoard}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
