/** The e-mail telling a voter that the team did not approve their post, with the team's reason. */
import type { MailMessage } from './mailer.js';

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
}

/** The plain-text rejection mail, or null for an author without an e-mail address. */
export function rejectionMail(input: RejectionMailInput): MailMessage | null {
  if (!input.to) return null;
  const product = input.productName ?? 'Feedback';
  const lines = [
    `Hello${input.voterName ? ` ${input.voterName}` : ''},`,
    '',
    `The team of ${input.boardName} did not approve your post "${input.postTitle}"; it will not be listed.`,
  ];
  if (input.reason) lines.push('', `Their reason: ${input.reason}`);
  lines.push('', 'You receive this because you submitted the post.');
  return { to: input.to, subject: `[${product}] Your post was not approved: ${input.postTitle}`, text: lines.join('\n') };
}
