/** The e-mail telling a voter that the team did not approve their post, with the team's reason. */
import type { MailMessage } from './mailer.js';
import { DEFAULT_LOCALE, type Locale } from '../i18n/locales.js';
import { translatorFor } from '../i18n/translator.js';

/** What the rejection mail says: the post, the board, the team's reason (possibly empty). */
export interface RejectionMailInput {
  /** The author's address; without one no mail is sent. */
  to: string | null;
  voterName: string;
  postTitle: string;
  boardName: string;
  reason: string;
  /** The product's name in the subject. Default "Feedback". */
  productName?: string;
  /** The mail's language (docs/languages.md). Default English. */
  locale?: Locale;
}

/** The plain-text rejection mail, or null for an author without an e-mail address. */
export function rejectionMail(input: RejectionMailInput): MailMessage | null {
  if (!input.to) return null;
  const { t } = translatorFor(input.locale ?? DEFAULT_LOCALE);
  const product = input.productName ?? 'Feedback';
  const lines = [
    input.voterName ? t('mail.helloName', { name: input.voterName }) : t('mail.hello'),
    '',
    t('mail.rejected', { board: input.boardName, title: input.postTitle }),
  ];
  if (input.reason) lines.push('', t('mail.rejectedReason', { reason: input.reason }));
  lines.push('', t('mail.rejectedWhy'));
  return { kind: 'rejection', to: input.to, subject: t('mail.rejectedSubject', { product, title: input.postTitle }), text: lines.join('\n') };
}
