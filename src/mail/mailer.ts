/**
 * E-mail: one small interface the application implements (or takes from
 * `feedback-board/mail/smtp`), used for voter notifications and one-time sign-in links.
 */
import type { Notifier, VoterNotification } from '../domain/ports.js';

/**
 * What a mail is: a one-time sign-in link, the dashboard's test mail, news to a post's followers,
 * the reason a held post was not approved, or a status notification to voters.
 */
export type MailKind = 'sign-in' | 'test' | 'follower' | 'rejection' | 'status';

/** One e-mail to send. */
export interface MailMessage {
  to: string;
  subject: string;
  /** The plain-text body; always present. */
  text: string;
  /** An HTML body, optional. */
  html?: string;
  /**
   * Extra header fields, by name, such as `List-Unsubscribe` and `List-Unsubscribe-Post` (RFC
   * 8058 one-click unsubscribe). A mailer sends them as given; a value must not contain a line
   * break (the SMTP mailer refuses one rather than let it add header fields).
   */
  headers?: Readonly<Record<string, string>>;
  /**
   * What the mail is. Every mail the package writes says; a mailer that sends mail ignores it, and
   * one that prints mail (see {@link Mailer.printsOnly}) names each mail by it.
   */
  kind?: MailKind;
}

/** Sends e-mail. A rejection means the message was not accepted for delivery. */
export interface Mailer {
  /** Sends one message. */
  send(message: MailMessage): Promise<void>;
  /**
   * True for a mailer that sends nothing and prints each mail where the server's operator reads it
   * (`feedback-board serve` without `--smtp` prints them on its terminal). The pages then say so:
   * the sign-in page says where the link went instead of "check your inbox", and the dashboard's
   * Mail page says that mail is not set up.
   */
  readonly printsOnly?: boolean;
}

const STATUS_LABELS: Record<string, string> = {
  open: 'Open',
  planned: 'Planned',
  in_progress: 'In progress',
  shipped: 'Shipped',
  declined: 'Declined',
};

/** A status as people read it: `in_progress` is "In progress". */
export function statusLabel(status: string): string {
  return STATUS_LABELS[status] ?? status;
}

/** Options of {@link createMailerNotifier}. */
export interface MailerNotifierOptions {
  /**
   * The public pages' address, such as `https://feedback.example.com`; a notification links to
   * `{pagesUrl}/boards/{slug}/posts/{id}`. Without it the mail carries no link.
   */
  pagesUrl?: string;
  /** The product's name in subjects. Default "Feedback". */
  productName?: string;
}

/** `&`, `<`, `>` and `"` escaped, for text inside an HTML element or attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => `&${({ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot' } as Record<string, string>)[c]};`);
}

/**
 * The e-mail of one voter notification, with a plain-text part and the same content as HTML
 * (every text from the post escaped); null for a voter without an e-mail address.
 */
export function notificationMail(n: VoterNotification, options: MailerNotifierOptions = {}): MailMessage | null {
  if (!n.voter.email) return null;
  const product = options.productName ?? 'Feedback';
  const link = options.pagesUrl ? `${options.pagesUrl.replace(/\/$/, '')}/boards/${encodeURIComponent(n.board_slug)}/posts/${n.post_id}` : null;
  const greeting = `Hello${n.voter.name ? ` ${n.voter.name}` : ''},`;
  const change = `"${n.post_title}", which you voted for, moved from ${statusLabel(n.old_status)} to ${statusLabel(n.new_status)}.`;
  const why = 'You receive this because you voted for it.';
  const lines = [greeting, '', change];
  if (link) lines.push('', `See it here: ${link}`);
  lines.push('', why);
  const paragraphs = [greeting, change].map((p) => `<p>${escapeHtml(p)}</p>`);
  if (link) paragraphs.push(`<p><a href="${escapeHtml(link)}">See it here</a></p>`);
  paragraphs.push(`<p style="color:#666">${escapeHtml(why)}</p>`);
  return {
    kind: 'status',
    to: n.voter.email,
    subject: `[${product}] ${n.post_title}: ${statusLabel(n.new_status)}`,
    text: lines.join('\n'),
    html: paragraphs.join('\n'),
  };
}

/**
 * A {@link Notifier} that e-mails each voter notification through `mailer` (voters without an
 * e-mail address are skipped). Pass it as `notifier` to `createFeedbackBoard`.
 *
 * @deprecated Mail followers with the follower mail sender (`createFollowerMailSender` of
 * `feedback-board/pages`, docs/mail.md): it writes each voter's mail in their language, batches
 * news and carries one-click unsubscribe. Never use both, or a status change is mailed twice.
 *
 * @example
 * ```ts
 * const board = createFeedbackBoard({ storage, notifier: createMailerNotifier(mailer, { pagesUrl: 'https://feedback.example.com' }) });
 * ```
 */
export function createMailerNotifier(mailer: Mailer, options: MailerNotifierOptions = {}): Notifier {
  return {
    async notify(notification) {
      const message = notificationMail(notification, options);
      if (message) await mailer.send(message);
    },
  };
}

/** A mailer that keeps every message in `messages`, for tests and previews. */
export interface RecordingMailer extends Mailer {
  readonly messages: MailMessage[];
}

/** A mailer that only records what it is asked to send. */
export function createRecordingMailer(): RecordingMailer {
  const messages: MailMessage[] = [];
  return {
    messages,
    async send(message) {
      messages.push({ ...message, ...(message.headers ? { headers: { ...message.headers } } : {}) });
    },
  };
}
