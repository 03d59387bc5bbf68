/**
 * The mail of a status change in a voter's language (docs/languages.md): the same content as
 * {@link notificationMail}, its words from the catalogs. Kept out of the core, which stays English,
 * so the catalogs and the message formatter load only with `feedback-board/pages`.
 */
import type { Notifier, VoterNotification } from '../domain/ports.js';
import { DEFAULT_LOCALE, type Locale } from '../i18n/locales.js';
import { translatorFor } from '../i18n/translator.js';
import { en, type MessageKey } from '../i18n/catalogs.js';
import { escapeHtml, type Mailer, type MailerNotifierOptions, type MailMessage } from './mailer.js';

/** Options of {@link localizedNotificationMail}: those of the English notifier, and the language. */
export interface LocalizedNotifierOptions extends MailerNotifierOptions {
  /** The mails' language. Default English. */
  locale?: Locale;
}

/**
 * The e-mail of one voter notification in `options.locale`, with a plain-text part and the same
 * content as HTML (every text from the post escaped); null for a voter without an e-mail address.
 */
export function localizedNotificationMail(n: VoterNotification, options: LocalizedNotifierOptions = {}): MailMessage | null {
  if (!n.voter.email) return null;
  const { t } = translatorFor(options.locale ?? DEFAULT_LOCALE);
  const status = (value: string) => (`status.${value}` in en ? t(`status.${value}` as MessageKey) : value);
  const product = options.productName ?? 'Feedback';
  const link = options.pagesUrl ? `${options.pagesUrl.replace(/\/$/, '')}/boards/${encodeURIComponent(n.board_slug)}/posts/${n.post_id}` : null;
  const greeting = n.voter.name ? t('mail.helloName', { name: n.voter.name }) : t('mail.hello');
  const change = t('mail.statusChange', { title: n.post_title, from: status(n.old_status), to: status(n.new_status) });
  const why = t('mail.statusWhy');
  const lines = [greeting, '', change];
  if (link) lines.push('', t('mail.statusLink', { url: link }));
  lines.push('', why);
  const paragraphs = [greeting, change].map((p) => `<p>${escapeHtml(p)}</p>`);
  if (link) paragraphs.push(`<p><a href="${escapeHtml(link)}">${escapeHtml(t('mail.statusLinkText'))}</a></p>`);
  paragraphs.push(`<p style="color:#666">${escapeHtml(why)}</p>`);
  return {
    kind: 'status',
    to: n.voter.email,
    subject: t('mail.statusSubject', { product, title: n.post_title, status: status(n.new_status) }),
    text: lines.join('\n'),
    html: paragraphs.join('\n'),
  };
}

/**
 * A {@link Notifier} that e-mails each voter notification through `mailer` in `options.locale`
 * (voters without an e-mail address are skipped). Pass it as `notifier` to `createFeedbackBoard`.
 *
 * @deprecated The follower mail sender (`createFollowerMailSender`, docs/mail.md) mails each follower in
 * their own stored language; use it instead. Never use both, or a status change is mailed twice.
 *
 * @example
 * ```ts
 * import { createLocalizedMailerNotifier } from 'feedback-board/pages';
 * const notifier = createLocalizedMailerNotifier(mailer, { locale: 'de', pagesUrl: 'https://feedback.example.com' });
 * ```
 */
export function createLocalizedMailerNotifier(mailer: Mailer, options: LocalizedNotifierOptions = {}): Notifier {
  return {
    async notify(notification) {
      const message = localizedNotificationMail(notification, options);
      if (message) await mailer.send(message);
    },
  };
}
