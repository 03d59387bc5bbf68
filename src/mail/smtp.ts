/**
 * An SMTP {@link Mailer} on nodemailer (an optional peer dependency: install it to use this
 * subpath).
 *
 * @example
 * ```ts
 * import { createSmtpMailer } from 'feedback-board/mail/smtp';
 * const mailer = createSmtpMailer('smtp://user:pass@smtp.example.com:587', { from: 'feedback@example.com' });
 * ```
 *
 * @module feedback-board/mail/smtp
 */
import nodemailer from 'nodemailer';
import type { Mailer, MailMessage } from './mailer.js';

/** A header field name nodemailer sends as is: letters, digits and dashes. */
const HEADER_NAME = /^[A-Za-z0-9-]+$/;

/** Options of {@link createSmtpMailer}. */
export interface SmtpMailerOptions {
  /** The sender. Default `feedback-board@<the SMTP host>`. */
  from?: string;
}

/** An SMTP mailer closed with `close()` when the application stops. */
export interface SmtpMailer extends Mailer {
  /** Closes the SMTP connections. */
  close(): void;
}

/**
 * A mailer sending through the SMTP server of `url` (`smtp://user:pass@host:port`, or `smtps://`
 * for TLS from the start; user and password are URL-encoded).
 */
export function createSmtpMailer(url: string, options: SmtpMailerOptions = {}): SmtpMailer {
  const parsed = new URL(url);
  if (parsed.protocol !== 'smtp:' && parsed.protocol !== 'smtps:') {
    throw new TypeError(`feedback-board/mail/smtp: expected an smtp:// or smtps:// URL, not ${parsed.protocol}`);
  }
  const secure = parsed.protocol === 'smtps:';
  const transport = nodemailer.createTransport({
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : secure ? 465 : 587,
    secure,
    auth: parsed.username ? { user: decodeURIComponent(parsed.username), pass: decodeURIComponent(parsed.password) } : undefined,
  });
  const from = options.from ?? `feedback-board@${parsed.hostname}`;
  return {
    async send(message: MailMessage) {
      const headers = message.headers ?? {};
      for (const [name, value] of Object.entries(headers)) {
        if (!HEADER_NAME.test(name) || /[\r\n]/.test(value)) throw new TypeError(`feedback-board/mail/smtp: refusing header ${JSON.stringify(name)}: a name of letters, digits and dashes and a value on one line`);
      }
      await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text, html: message.html, headers: { ...headers } });
    },
    close: () => transport.close(),
  };
}
