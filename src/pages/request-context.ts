/**
 * The context of one request to the pages: who is signed in (team member, voter from a session or
 * from the application's hook), the CSRF token of its forms, and, in embed mode, the board shown
 * and the origins allowed to frame it.
 */
import type { FeedbackBoard } from '../board.js';
import type { TeamMemberRecord } from '../domain/people.js';
import type { VoterRecord } from '../domain/records.js';
import { foldCase } from '../storage/text.js';
import type { PageContext, PagesOptions } from './context.js';
import { embedHref } from './embed.js';
import { embedOriginsOf } from './embed-origins.js';
import { openBoard, type SignedIn } from './board-access.js';
import { COOKIES, cookie, csrfTokenFor, plausibleToken, randomToken, readCookies } from './security.js';
import type { SignInMailVerdict } from './sign-in-limits.js';
import { LANGUAGE_COOKIE } from './language.js';
import { negotiateLocale, DEFAULT_LOCALE, type Locale } from '../i18n/locales.js';
import { translatorFor } from '../i18n/translator.js';

/**
 * The allowed embedding origins of a published board of the organization that `who` may see; none
 * for any other slug (a private board closed to them frames like a board that does not exist).
 */
async function allowedOrigins(board: FeedbackBoard, organizationId: number, slug: string, who: SignedIn): Promise<string[]> {
  const record = await openBoard(board, organizationId, slug, who);
  return record ? embedOriginsOf(board, record.id) : [];
}

/**
 * Who a request is: the team member of its team session, and its voter (from the hook or a
 * session), each or null. A voter the application's hook names for the first time is registered,
 * with `firstLocale` (the page's language) as theirs when given, as a voter signing in gets.
 */
export async function signedInFrom(
  board: FeedbackBoard,
  options: PagesOptions,
  request: Request,
  cookies: Map<string, string> = readCookies(request),
  firstLocale?: string,
): Promise<{ member: TeamMemberRecord | null; voter: VoterRecord | null; voterFromApp: boolean }> {
  const teamToken = cookies.get(COOKIES.team);
  const voterToken = cookies.get(COOKIES.voter);
  let member: TeamMemberRecord | null = null;
  if (plausibleToken(teamToken)) {
    const subject = await board.signIn.session(teamToken);
    if (subject?.kind === 'team' && subject.member.organization_id === options.organizationId) member = subject.member;
  }
  let voter: VoterRecord | null = null;
  let voterFromApp = false;
  const fromApp = options.voterFromRequest ? await options.voterFromRequest(request) : null;
  if (fromApp) {
    // A read first: registering (a write) only for a voter seen for the first time.
    const email = foldCase(fromApp.email.trim());
    voter = await board.storage.transaction('read', (tx) => tx.getVoterByEmail(options.organizationId, email));
    if (!voter) {
      voter = await board.voters.register(options.organizationId, fromApp);
      if (firstLocale !== undefined && voter.locale === null) {
        await board.voters.setLanguage(voter.id, firstLocale);
        voter = { ...voter, locale: firstLocale };
      }
    }
    voterFromApp = true;
  } else if (plausibleToken(voterToken)) {
    const subject = await board.signIn.session(voterToken);
    if (subject?.kind === 'voter' && subject.voter.organization_id === options.organizationId) voter = subject.voter;
  }
  return { member, voter, voterFromApp };
}

/** True for a path of the team's pages (the dashboard, the consent page), which stay English. */
export function isTeamPath(pathName: string): boolean {
  return /^\/(dashboard|oauth)(\/|$)/.test(pathName);
}

/** The language a public page speaks to `request`: the voter's choice (the language cookie), else `Accept-Language`, else English. */
export function publicLocaleOf(request: Request, cookies: Map<string, string> = readCookies(request)): Locale {
  return negotiateLocale(request.headers.get('accept-language'), cookies.get(LANGUAGE_COOKIE));
}

/**
 * `ctx` in the request's public language: for a page on a team's path that speaks to someone who
 * is not of the team (a voter who opened the dashboard).
 */
export function inPublicLanguage(ctx: PageContext): PageContext {
  const i18n = translatorFor(publicLocaleOf(ctx.request));
  return { ...ctx, i18n, t: i18n.t, languageVaries: true };
}

/** Builds the context of `request`; `embedSlug` is the board of an embed-mode request, else null. */
export async function contextFor(
  board: FeedbackBoard,
  team: ReturnType<FeedbackBoard['team']>,
  options: PagesOptions,
  base: string,
  siteName: string,
  request: Request,
  url: URL,
  pathName: string,
  signInMail: (email: string) => SignInMailVerdict,
  embedSlug: string | null,
  thumbnails: boolean,
): Promise<PageContext> {
  // Behind a proxy that ends TLS the request itself may be http: an https public origin still
  // means the browser speaks https.
  const secure = url.protocol === 'https:' || options.publicOrigin?.startsWith('https:') === true;
  const cookies = readCookies(request);
  const setCookies: string[] = [];
  // Without a trailing slash but the root's: a page writes dozens of links, so no regular expression.
  const plainHref = (p: string) => {
    const path = base + (p.startsWith('/') ? p : `/${p}`);
    return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  };
  const href = embedSlug === null ? plainHref : embedHref(embedSlug, plainHref);
  let csrfCookie = cookies.get(COOKIES.csrf);
  if (!plausibleToken(csrfCookie)) {
    csrfCookie = randomToken();
    setCookies.push(cookie(COOKIES.csrf, csrfCookie, { path: href('/'), secure, partitioned: embedSlug !== null }));
  }
  const teamToken = cookies.get(COOKIES.team);
  const voterToken = cookies.get(COOKIES.voter);
  // The team's pages (the dashboard, the consent page) stay English; the public pages speak the
  // voter's choice or the browser's language.
  const teamPage = isTeamPath(pathName);
  const i18n = translatorFor(teamPage ? DEFAULT_LOCALE : publicLocaleOf(request, cookies));
  const { member, voter, voterFromApp } = await signedInFrom(board, options, request, cookies, teamPage ? undefined : i18n.locale);
  const embed =
    embedSlug === null
      ? null
      : { slug: embedSlug, origins: await allowedOrigins(board, options.organizationId, embedSlug, { member: member !== null, voter }) };
  return {
    request,
    url,
    board,
    // A signed-in member's changes are logged in their name (the posts' activity logs).
    team: member === null ? team : board.team(options.organizationId, { memberId: member.id }),
    options,
    base,
    origin: options.publicOrigin ?? url.origin,
    siteName,
    voter,
    voterFromApp,
    member,
    csrf: await csrfTokenFor(csrfCookie),
    sessionTokens: {
      ...(plausibleToken(teamToken) ? { team: teamToken } : {}),
      ...(plausibleToken(voterToken) ? { voter: voterToken } : {}),
    },
    setCookies,
    secure,
    embed,
    href,
    thumbnails,
    i18n,
    languageVaries: !teamPage,
    t: i18n.t,
    signInMail,
  };
}
