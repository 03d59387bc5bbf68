/**
 * What every page handler works with: the request, who is signed in, the CSRF token for its
 * forms, and the cookies to set on the answer.
 */
import type { FeedbackBoard } from '../board.js';
import type { TeamMemberRecord } from '../domain/people.js';
import type { VoterRecord } from '../domain/records.js';
import type { Mailer } from '../mail/mailer.js';
import type { EmbedMode } from './embed.js';
import type { SignInMailLimits, SignInMailVerdict } from './sign-in-limits.js';
import type { MessageKey } from '../i18n/catalogs.js';
import type { Locale } from '../i18n/locales.js';
import type { MessageValues, Translator } from '../i18n/translator.js';
import type { Thumbnailer } from '../images/thumbnails.js';
import type { JwksFetchOptions } from './sso-jwks.js';

/** Maps a request to the voter the embedding application has signed in, or null. */
export type VoterFromRequest = (request: Request) => Promise<{ email: string; name?: string } | null> | { email: string; name?: string } | null;

/** Options of {@link createPagesHandler}. */
export interface PagesOptions {
  /** The organization whose boards the pages show. */
  organizationId: number;
  /** Where the pages are mounted, such as `/feedback`; default `''` (the root). No trailing slash. */
  basePath?: string;
  /** Sends one-time sign-in links. Without it, e-mail sign-in is unavailable (the hook or printed links remain). */
  mailer?: Mailer;
  /**
   * Identifies voters by the application's own accounts: called for every request, a non-null
   * answer is the voter (registered by e-mail on first use), whatever the voter cookie says.
   */
  voterFromRequest?: VoterFromRequest;
  /**
   * The public origin (`https://feedback.example.com`): the origin of e-mailed links and the only
   * origin the Origin check accepts (a request's `Host` header is then never used for either); an
   * `https:` origin also makes the cookies `Secure`. Default: the origin of each request, which
   * trusts its `Host` header: set this whenever the pages can be reached under a host name you do
   * not control.
   */
  publicOrigin?: string;
  /** A stylesheet loaded after the pages' own, for theming (overrides the `--fb-*` custom properties). */
  stylesheetUrl?: string;
  /** The site's name in the header and titles. Default: the organization's name. */
  siteName?: string;
  /**
   * Whether voters submit ideas from the board pages (the form, the similar-posts step). Default
   * true; false hides the form and answers 404 where it would post, for an application that takes
   * ideas its own way.
   */
  voterSubmissions?: boolean;
  /** Posts per page of a board, 1..100. Default 20. */
  boardPageSize?: number;
  /** Limits of sign-in mails per e-mail address, per client address and overall; see `docs/pages.md`. */
  signInMailLimits?: SignInMailLimits;
  /**
   * The client address of a request, when the application knows it better than the runtime (from
   * a proxy's header it trusts, say). Without it, the address comes from the handler's second
   * argument, as for `board.fetch`: `{ clientAddress }` (as `serve` passes it), Deno's
   * `info.remoteAddr` or Bun's server.
   */
  clientAddress?: (request: Request) => string | null | undefined;
  /**
   * OAuth for an MCP endpoint served beside the pages (`feedback-board/mcp`'s `createMcpOAuth`):
   * `resourcePath` is where it is mounted (`/mcp`). The pages then answer the consent page at
   * `/oauth/authorize`, where a signed-in team member approves a client. See `docs/mcp.md`.
   */
  oauth?: { resourcePath: string };
  /**
   * The language of the mails the team's actions send to a voter (the mail of a rejected post),
   * whose own language the pages do not know; default English. A sign-in mail is in the language
   * of the page it was asked from. See `docs/languages.md`.
   */
  mailLocale?: Locale;
  /**
   * Thumbnails of attached images (`feedback-board/images`). Default: made by `sharp` when it is
   * installed; `false`, or without `sharp`, the pages show the originals bounded by their
   * `width` and `height` attributes. See `docs/attachments.md`.
   */
  thumbnails?: Thumbnailer | false;
  /**
   * How a JWKS URL of the SSO settings is fetched: never from a loopback or private address
   * unless `allowPrivateNetworks`; give `fetch` to check what names resolve to as well
   * (`createNodeWebhookFetch` of `feedback-board/node`, as `serve` does). See `docs/sso.md`.
   */
  jwks?: JwksFetchOptions;
}

/** A page handler's view of one request. */
export interface PageContext {
  readonly request: Request;
  readonly url: URL;
  readonly board: FeedbackBoard;
  readonly team: ReturnType<FeedbackBoard['team']>;
  readonly options: PagesOptions;
  readonly base: string;
  readonly origin: string;
  readonly siteName: string;
  readonly voter: VoterRecord | null;
  /** True when the voter comes from the application's hook (no sign-out here). */
  readonly voterFromApp: boolean;
  readonly member: TeamMemberRecord | null;
  /** The CSRF token every form that changes something carries. */
  readonly csrf: string;
  /** Raw session tokens of the request's cookies, for sign-out. */
  readonly sessionTokens: { team?: string; voter?: string };
  /** `Set-Cookie` values for the answer. */
  readonly setCookies: string[];
  readonly secure: boolean;
  /** Embed mode (embed.ts): the board shown and who may frame it; null for every other page. */
  readonly embed: EmbedMode | null;
  /** The base path joined with a path of the pages (`/boards/x` → `/feedback/boards/x`). */
  href(path: string): string;
  /**
   * The request's language (docs/languages.md): the voter's choice or `Accept-Language` on the
   * public pages, English on the team's (the dashboard and the consent page).
   */
  readonly i18n: Translator;
  /** True when the answer depends on the language asked for (`Vary: Accept-Language, Cookie`). */
  readonly languageVaries: boolean;
  /** A message of the request's language (`ctx.i18n.t`). */
  t(key: MessageKey, values?: MessageValues): string;
  /** Counts one sign-in mail to `email` from this request's client, or says why not (see sign-in-limits.ts). */
  signInMail(email: string): SignInMailVerdict;
  /** Whether attached images are shown by their thumbnails (else the originals, bounded). */
  readonly thumbnails: boolean;
}
