/**
 * `createPagesHandler`: the web pages as a fetch handler (`Request → Promise<Response>`) over a
 * board's services. It resolves who is signed in, checks CSRF and Origin on every POST, guards
 * the dashboard, and routes to the page modules.
 */
import type { FeedbackBoard } from '../board.js';
import type { PageContext, PagesOptions } from './context.js';
import { dashboardRoutes } from './dashboard/routes.js';
import { consentRoutes } from './oauth-consent.js';
import { boardPage, boardsPage, roadmapPage } from './public-board.js';
import { changelogPage } from './changelog-page.js';
import { changelogFeed, robots, sitemap } from './feeds.js';
import { deleteCommentAction, editCommentAction } from './comment-edit-actions.js';
import { commentAction, followPostAction, postPage, reactAction, voteAction } from './public-post.js';
import { ideaAction, ideaPage } from './submit-idea.js';
import { isFeedbackBoardError } from '../domain/errors.js';
import { forbiddenPage, notFoundPage, orNotFound, page, tooLargePage, unavailablePage } from './respond.js';
import { maxMultipartBytes, readForm } from './form-body.js';
import { attachmentServer, isAttachmentPath, teamAttachmentPath } from './attachment-files.js';
import { createThumbnailer } from '../images/thumbnails.js';
import { sameOrigin, sameString } from './security.js';
import { linkPage, requestLinkAction, signInPage, signOutAction, useLinkAction } from './sign-in.js';
import { signInMailLimiter } from './sign-in-limits.js';
import { addressFromContext, addressKey } from '../http/auth-throttle.js';
import { STYLESHEET } from './style.js';
import { LABEL_SHEET_PATH, labelSheetResponse } from './status-labels.js';
import { FAVICON_HEADERS, FAVICON_SVG } from './favicon.js';
import type { Route } from './route.js';
import { waitingPage } from './held-posts.js';
import { embedTarget } from './embed.js';
import { contextFor, inPublicLanguage, isTeamPath, publicLocaleOf, signedInFrom } from './request-context.js';
import { DEFAULT_LOCALE } from '../i18n/locales.js';
import { translatorFor } from '../i18n/translator.js';
import { unsubscribeRoutes } from './unsubscribe.js';
import { languageAction } from './language.js';
import { ssoEntry } from './sso-sign-in.js';
import { jwksCache } from './sso-jwks.js';

const SEGMENT = '([^/]+)';
const path = (source: string) => new RegExp(`^${source.replaceAll(':p', SEGMENT)}$`);

const PUBLIC_ROUTES: Route[] = [
  { method: 'GET', pattern: path('/'), handler: (ctx) => boardsPage(ctx) },
  { method: 'GET', pattern: path('/boards/:p'), handler: (ctx, [slug]) => boardPage(ctx, slug!) },
  { method: 'GET', pattern: path('/boards/:p/roadmap'), handler: (ctx, [slug]) => roadmapPage(ctx, slug!) },
  { method: 'GET', pattern: path('/boards/:p/changelog'), handler: (ctx, [slug]) => changelogPage(ctx, slug!) },
  { method: 'GET', pattern: path('/boards/:p/changelog\\.atom'), handler: (ctx, [slug]) => changelogFeed(ctx, slug!) },
  { method: 'GET', pattern: path('/sitemap\\.xml'), handler: (ctx) => sitemap(ctx) },
  { method: 'GET', pattern: path('/robots\\.txt'), handler: async (ctx) => robots(ctx) },
  { method: 'GET', pattern: path('/boards/:p/waiting/:p'), handler: (ctx, [slug, id]) => waitingPage(ctx, slug!, id!) },
  { method: 'GET', pattern: path('/boards/:p/posts/:p'), handler: (ctx, [slug, id]) => postPage(ctx, slug!, id!) },
  { method: 'GET', pattern: path('/boards/:p/ideas/new'), handler: (ctx, [slug]) => ideaPage(ctx, slug!) },
  { method: 'POST', pattern: path('/boards/:p/ideas'), handler: (ctx, [slug], form) => ideaAction(ctx, slug!, form), uploads: true },
  { method: 'POST', pattern: path('/boards/:p/posts/:p/follow'), handler: (ctx, [s, id], form) => followPostAction(ctx, s!, id!, form) },
  { method: 'POST', pattern: path('/boards/:p/posts/:p/vote'), handler: (ctx, [s, id], form) => voteAction(ctx, s!, id!, form) },
  { method: 'POST', pattern: path('/boards/:p/posts/:p/comments'), handler: (ctx, [s, id], form) => commentAction(ctx, s!, id!, form), uploads: true },
  {
    method: 'POST',
    pattern: path('/boards/:p/posts/:p/comments/:p/react'),
    handler: (ctx, [s, id, c], form) => reactAction(ctx, s!, id!, c!, form),
  },
  { method: 'POST', pattern: path('/boards/:p/posts/:p/comments/:p/edit'), handler: (ctx, [s, id, c], form) => editCommentAction(ctx, s!, id!, c!, form) },
  { method: 'POST', pattern: path('/boards/:p/posts/:p/comments/:p/delete'), handler: (ctx, [s, id, c]) => deleteCommentAction(ctx, s!, id!, c!) },
  { method: 'GET', pattern: path('/sign-in'), handler: (ctx) => signInPage(ctx) },
  { method: 'POST', pattern: path('/sign-in'), handler: (ctx, _, form) => requestLinkAction(ctx, form) },
  { method: 'GET', pattern: path('/sign-in/link'), handler: (ctx) => linkPage(ctx) },
  { method: 'POST', pattern: path('/sign-in/link'), handler: (ctx, _, form) => useLinkAction(ctx, form) },
  { method: 'POST', pattern: path('/sign-out'), handler: (ctx) => signOutAction(ctx) },
  { method: 'GET', pattern: path('/language'), handler: (ctx) => languageAction(ctx) },
];

/**
 * The pages as a fetch handler. The optional second argument is what the runtime passes beside
 * the request (`{ clientAddress }`, Deno's info, Bun's server), read only for the client address.
 */
export type PagesHandler = (request: Request, context?: unknown) => Promise<Response>;

/**
 * Creates the web pages of one organization over `board`: the public board pages, voter sign-in,
 * and the team dashboard at `/dashboard`. Mount it beside `board.fetch`; see `docs/pages.md`.
 *
 * @example
 * ```ts
 * const pages = createPagesHandler(board, { organizationId: org.id, mailer });
 * Bun.serve({ fetch: (req) => (new URL(req.url).pathname.startsWith('/api/') ? board.fetch(req) : pages(req)) });
 * ```
 */
export function createPagesHandler(board: FeedbackBoard, options: PagesOptions): PagesHandler {
  const base = (options.basePath ?? '').replace(/\/+$/, '');
  if (base !== '' && !base.startsWith('/')) throw new TypeError('feedback-board/pages: basePath must start with "/"');
  const team = board.team(options.organizationId);
  const routes = [...PUBLIC_ROUTES, ...unsubscribeRoutes, ...dashboardRoutes, ...(options.oauth ? consentRoutes : [])];
  let siteName: string | undefined = options.siteName;
  const countSignInMail = signInMailLimiter(() => board.clock.now(), options.signInMailLimits);
  const thumbnailer = options.thumbnails === false ? null : (options.thumbnails ?? createThumbnailer());
  const serveAttachment = attachmentServer(board, options.organizationId, thumbnailer, async (request) => {
    const { member, voter } = await signedInFrom(board, options, request);
    return { member: member !== null, voter };
  });
  const jwks = jwksCache(options.jwks);
  const clientOf = (request: Request, context: unknown): string | null => {
    const address = options.clientAddress ? options.clientAddress(request) : addressFromContext({ fetchRequest: () => request }, context);
    return address ? addressKey(address) : null;
  };

  // While the storage cannot be used (wherever that is noticed: resolving the session, the page
  // itself), the answer is 503 with Retry-After, not an error page that needs the storage.
  // Its language is the request's, read from the request alone (English on the team's pages).
  return (request, context) =>
    answer(request, context).catch((error: unknown) => (isUnavailable(error) ? unavailableAnswer(request) : Promise.reject(error)));

  function unavailableAnswer(request: Request): Promise<Response> {
    const teamPage = isTeamPath(new URL(request.url).pathname.slice(base.length));
    return unavailablePage(translatorFor(teamPage ? DEFAULT_LOCALE : publicLocaleOf(request)), !teamPage);
  }

  async function answer(request: Request, context?: unknown): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname !== base && !url.pathname.startsWith(`${base}/`)) return new Response('Not found', { status: 404 });
    const requested = url.pathname.slice(base.length) || '/';
    if (request.method === 'GET' && requested === '/assets/pages.css') {
      return new Response(STYLESHEET, {
        headers: { 'content-type': 'text/css; charset=utf-8', 'cache-control': 'public, max-age=3600', 'x-content-type-options': 'nosniff' },
      });
    }
    if (request.method === 'GET' && requested === LABEL_SHEET_PATH) return labelSheetResponse(url);
    if (request.method === 'GET' && requested === '/assets/favicon.svg') return new Response(FAVICON_SVG, { headers: FAVICON_HEADERS });
    if (isAttachmentPath(requested)) return serveAttachment.public(request, requested);
    siteName ??= (await board.dashboard.organizations.list()).find((o) => o.id === options.organizationId)?.name ?? 'Feedback';
    const client = clientOf(request, context);
    const signInMail = (email: string) => countSignInMail(email, client);
    // Embed mode serves some public pages of one board under another path (embed.ts).
    const embed = embedTarget(requested);
    const thumbnails = thumbnailer !== null && (await thumbnailer.available());
    const ctx = await contextFor(board, team, options, base, siteName, request, url, requested, signInMail, embed?.slug ?? null, thumbnails);
    // The team's view of the images: for a signed-in member; anyone else finds no such page.
    const teamImage = ctx.member === null ? null : teamAttachmentPath(requested);
    if (teamImage !== null) return serveAttachment.team(request, teamImage);
    try {
      if (embed === null) return await notFoundPage(ctx);
      // A host application's SSO token (`?sso=`, or a POST to /sso) is taken on every page, embed mode included.
      const sso = ssoEntry(ctx, embed ? embed.path : requested, jwks);
      if (sso) return await sso;
      return await (embed ? route(ctx, PUBLIC_ROUTES, embed.path) : route(ctx, routes, requested));
    } catch (error) {
      if (isUnavailable(error)) throw error;
      console.error('[feedback-board/pages] unexpected error', error);
      return page(ctx, ctx.t('error.title'), <p>{ctx.t('error.unexpected')}</p> as never, { status: 500 }).catch(
        () => new Response('Internal error', { status: 500 }),
      );
    }
  }
}

function isUnavailable(error: unknown): boolean {
  return isFeedbackBoardError(error) && error.code === 'service_unavailable';
}

async function route(ctx: PageContext, routes: Route[], pathName: string): Promise<Response> {
  let allowed = false;
  for (const r of routes) {
    const match = r.pattern.exec(pathName);
    if (!match) continue;
    allowed = true;
    if (r.method !== ctx.request.method) continue;
    let params: string[];
    try {
      params = match.slice(1).map((p) => decodeURIComponent(p));
    } catch {
      return notFoundPage(ctx); // a malformed %-escape names nothing
    }
    const isDashboard = pathName === '/dashboard' || pathName.startsWith('/dashboard/');
    // Anyone may open the dashboard's address: the refusal speaks the visitor's language.
    if (isDashboard && !ctx.member) return teamOnlyPage(inPublicLanguage(ctx));
    let form = new FormData();
    if (r.method === 'POST' && r.oneClick !== true) {
      const checked = await checkedForm(ctx, r.uploads === true);
      if (checked instanceof Response) return checked;
      form = checked;
    }
    return orNotFound(ctx, () => r.handler(ctx, params, form));
  }
  if (allowed) return new Response('Method not allowed', { status: 405, headers: { allow: 'GET, POST' } });
  return notFoundPage(ctx);
}

/** 401: a dashboard page for someone who is not signed in as a team member. */
function teamOnlyPage(ctx: PageContext): Promise<Response> {
  return page(
    ctx,
    ctx.t('error.teamOnlyTitle'),
    <>
      <h1>{ctx.t('error.teamOnlyHeading')}</h1>
      <p class="lead">{ctx.t('error.teamOnlyLead')}</p>
      <a class="button" href={ctx.href('/sign-in')}>
        {ctx.t('layout.signIn')}
      </a>
    </> as never,
    { status: 401 },
  );
}

/**
 * The form of a POST, or the 403 answer when its origin or CSRF token is wrong (413 when it is too
 * large). `uploads`: the route takes images, so a multipart form is read too.
 */
async function checkedForm(ctx: PageContext, uploads: boolean): Promise<FormData | Response> {
  // The one origin of the pages: the configured public origin when there is one (a request's Host
  // header is not trusted then), else the request's own.
  if (!sameOrigin(ctx.request, [ctx.origin])) return forbiddenPage(ctx, ctx.t('error.otherSite'));
  const { attachmentsPerItem, attachmentBytes } = ctx.board.limits;
  const form = await readForm(ctx.request, uploads ? maxMultipartBytes(attachmentsPerItem, attachmentBytes) : null);
  if (form === 'unreadable') return forbiddenPage(ctx, ctx.t('error.unreadableForm'));
  if (form === 'too_large') return tooLargePage(ctx, uploads);
  const sent = form.get('csrf');
  if (typeof sent !== 'string' || !sameString(sent, ctx.csrf)) {
    return forbiddenPage(ctx, ctx.t('error.formExpired'));
  }
  return form;
}
