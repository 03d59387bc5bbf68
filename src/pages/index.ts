/**
 * The web pages of a board: the public board (boards, posts, roadmap, changelog), voter sign-in
 * and the team dashboard, server-rendered HTML that works without JavaScript.
 *
 * @example
 * ```ts
 * import { createPagesHandler } from 'feedback-board/pages';
 * const pages = createPagesHandler(board, { organizationId: org.id, basePath: '/feedback', mailer });
 * ```
 *
 * @module feedback-board/pages
 */
export { createPagesHandler, type PagesHandler } from './handler.js';
export type { PagesOptions, VoterFromRequest } from './context.js';
export { signInLinkUrl } from './sign-in-link.js';
export { DEFAULT_SIGN_IN_MAIL_LIMITS, type SignInMailLimits } from './sign-in-limits.js';
export { CONTENT_SECURITY_POLICY } from './security.js';
export type { JwksFetchOptions } from './sso-jwks.js';
export {
  createFollowerMailSender,
  followerMailBackoffMs,
  type FollowerMailReport,
  type FollowerMailSender,
  type FollowerMailSenderOptions,
} from './follower-mail-sender.js';
export { LOCALES, type Locale } from '../i18n/locales.js';
export { createLocalizedMailerNotifier, localizedNotificationMail, type LocalizedNotifierOptions } from '../mail/status-mail.js';
