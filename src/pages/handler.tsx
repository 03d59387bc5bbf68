/**
 * `createPagesHandler`: the web pages as a fetch handler (`Request → Promise<Response>`) over a
 * board's services. It resolves who is signed in, checks CSRF and Origin on every POST, guards
 * the dashboard, and routes to the page modules.
 */
import type { FeedbackBoard } from '../board.js';
import { foldCase } from '../storage/text.js';
import type { PageContext, PagesOptions } from './context.js';
import { dashboardRoutes } from './dashboard/routes.js';
import { consentRoutes } from './oauth-consent.js';
import { boardPage, boardsPage, changelogPage, roadmapPage } from './public-board.js';
import { changelogFeed, robots, sitemap } from './feeds.js';
import { commentAction, followPostAction, postPage, reactAction, voteAction } from './public-post.js';
import { ideaAction, ideaPage } from './submit-idea.js';
import { isFeedbackBoardError } from '../domain/errors.js';
import { forbiddenPage, notFoundPage, orNotFound, page, unavailablePage } from './respond.js';
import { COOKIES, cookie, csrfTokenFor, plausibleToken, randomToken, readCookies, sameOrigin, sameString } from './security.js';
import { linkPage, requestLinkAction, signInPage, signOutAction, useLinkAction } from './sign-in.js';
import { signInMailLimiter, type SignInMailVerdict } from './sign-in-limits.js';
import { addressFromContext, addressKey } from '../http/auth-throttle.js';
import { STYLESHEET } from './style.js';
import type { Route } from './route.js';
import { waitingPage } from './held-posts.js';
import { ssoEntry } from './sso-sign-in.js';
import { jwksCache } from './sso-verify.js';

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
  { method: 'POST', pattern: path('/boards/:p/ideas'), handler: (ctx, [slug], form) => ideaAction(ctx, slug!, form) },
  { method: 'POST', pattern: path('/boards/:p/posts/:p/follow'), handler: (ctx, [s, id], form) => followPostAction(ctx, s!, id!, form) },
  { method: 'POST', pattern: path('/boards/:p/posts/:p/vote'), handler: (ctx, [s, id], form) => voteAction(ctx, s!, id!, form) },
  { method: 'POST', pattern: path('/boards/:p/posts/:p/comments'), handler: (ctx, [s, id], form) => commentAction(ctx, s!, id!, form) },
  {
    method: 'POST',
    pattern: path('/boards/:p/posts/:p/comments/:p/react'),
    handler: (ctx, [s, id, c], form) => reactAction(ctx, s!, id!, c!, form),
  },
  { method: 'GET', pattern: path('/sign-in'), handler: (ctx) => signInPage(ctx) },
  { method: 'POST', pattern: path('/sign-in'), handler: (ctx, _, form) => requestLinkAction(ctx, form) },
  { method: 'GET', pattern: path('/sign-in/link'), handler: (ctx) => linkPage(ctx) },
  { method: 'POST', pattern: path('/sign-in/link'), handler: (ctx, _, form) => useLinkAction(ctx, form) },
  { method: 'POST', pattern: path('/sign-out'), handler: (ctx) => signOutAction(ctx) },
];

const MAX_FORM_BYTES = 64 * 1024;

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
  const routes = [...PUBLIC_ROUTES, ...dashboardRoutes, ...(options.oauth ? consentRoutes : [])];
  let siteName: string | undefined = options.siteName;
  const countSignInMail = signInMailLimiter(() => board.clock.now(), options.signInMailLimits);
  const jwks = jwksCache();
  const clientOf = (request: Request, context: unknown): string | null => {
    const address = options.clientAddress ? options.clientAddress(request) : addressFromContext({ fetchRequest: () => request }, context);
    return address ? addressKey(address) : null;
  };

  // While the storage cannot be used (wherever that is noticed: resolving the session, the page
  // itself), the answer is 503 with Retry-After, not an error page that needs the storage.
  return (request, context) =>
    answer(request, context).catch((error: unknown) => (isUnavailable(error) ? unavailablePage() : Promise.reject(error)));

  async function answer(request: Request, context?: unknown): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname !== base && !url.pathname.startsWith(`${base}/`)) return new Response('Not found', { status: 404 });
    const pathName = url.pathname.slice(base.length) || '/';
    if (request.method === 'GET' && pathName === '/assets/pages.css') {
      return new Response(STYLESHEET, {
        headers: { 'content-type': 'text/css; charset=utf-8', 'cache-control': 'public, max-age=3600', 'x-content-type-options': 'nosniff' },
      });
    }
    siteName ??= (await board.dashboard.organizations.list()).find((o) => o.id === options.organizationId)?.name ?? 'Feedback';
    const client = clientOf(request, context);
    const signInMail = (email: string) => countSignInMail(email, client);
    const ctx = await contextFor(board, team, options, base, siteName, request, url, signInMail);
    try {
      return await (ssoEntry(ctx, pathName, jwks) ?? route(ctx, routes, pathName));
    } catch (error) {
      if (isUnavailable(error)) throw error;
      console.error('[feedback-board/pages] unexpected error', error);
      return page(ctx, 'Error', <p>Something went wrong. Please try again.</p> as never, { status: 500 }).catch(
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
    if (isDashboard && !ctx.member) {
      return page(
        ctx,
        'Team only',
        <>
          <h1>Team members only</h1>
          <p class="lead">The dashboard is for the team. Sign in with your team sign-in link.</p>
          <a class="button" href={ctx.href('/sign-in')}>
            Sign in
          </a>
        </> as never,
        { status: 401 },
      );
    }
    let form = new FormData();
    if (r.method === 'POST') {
      const checked = await checkedForm(ctx);
      if (checked instanceof Response) return checked;
      form = checked;
    }
    return orNotFound(ctx, () => r.handler(ctx, params, form));
  }
  if (allowed) return new Response('Method not allowed', { status: 405, headers: { allow: 'GET, POST' } });
  return notFoundPage(ctx);
}

/** The form of a POST, or the 403 answer when its origin or CSRF token is wrong. */
async function checkedForm(ctx: PageContext): Promise<FormData | Response> {
  // The one origin of the pages: the configured public origin when there is one (a request's Host
  // header is not trusted then), else the request's own.
  if (!sameOrigin(ctx.request, [ctx.origin])) return forbiddenPage(ctx, 'This form was sent from another site.');
  const type = ctx.request.headers.get('content-type') ?? '';
  const length = Number(ctx.request.headers.get('content-length') ?? '0');
  if (!type.startsWith('application/x-www-form-urlencoded') || length > MAX_FORM_BYTES) {
    return forbiddenPage(ctx, 'This form could not be read.');
  }
  const text = await ctx.request.text();
  if (text.length > MAX_FORM_BYTES) return forbiddenPage(ctx, 'This form is too large.');
  const form = new FormData();
  for (const [name, value] of new URLSearchParams(text)) form.append(name, value);
  const sent = form.get('csrf');
  if (typeof sent !== 'string' || !sameString(sent, ctx.csrf)) {
    return forbiddenPage(ctx, 'This form has expired or did not come from this site. Go back, reload the page and try again.');
  }
  return form;
}

async function contextFor(
  board: FeedbackBoard,
  team: ReturnType<FeedbackBoard['team']>,
  options: PagesOptions,
  base: string,
  siteName: string,
  request: Request,
  url: URL,
  signInMail: (email: string) => SignInMailVerdict,
): Promise<PageContext> {
  // Behind a proxy that ends TLS the request itself may be http: an https public origin still
  // means the browser speaks https.
  const secure = url.protocol === 'https:' || options.publicOrigin?.startsWith('https:') === true;
  const cookies = readCookies(request);
  const setCookies: string[] = [];
  const href = (p: string) => (base + (p.startsWith('/') ? p : `/${p}`)).replace(/^(.+)\/$/, '$1') || '/';
  let csrfCookie = cookies.get(COOKIES.csrf);
  if (!plausibleToken(csrfCookie)) {
    csrfCookie = randomToken();
    setCookies.push(cookie(COOKIES.csrf, csrfCookie, { path: href('/'), secure }));
  }
  const teamToken = cookies.get(COOKIES.team);
  const voterToken = cookies.get(COOKIES.voter);
  let member = null;
  if (plausibleToken(teamToken)) {
    const subject = await board.signIn.session(teamToken);
    if (subject?.kind === 'team' && subject.member.organization_id === options.organizationId) member = subject.member;
  }
  let voter = null;
  let voterFromApp = false;
  const fromApp = options.voterFromRequest ? await options.voterFromRequest(request) : null;
  if (fromApp) {
    // A read first: registering (a write) only for a voter seen for the first time.
    const email = foldCase(fromApp.email.trim());
    voter =
      (await board.storage.transaction('read', (tx) => tx.getVoterByEmail(options.organizationId, email))) ??
      (await board.voters.register(options.organizationId, fromApp));
    voterFromApp = true;
  } else if (plausibleToken(voterToken)) {
    const subject = await board.signIn.session(voterToken);
    if (subject?.kind === 'voter' && subject.voter.organization_id === options.organizationId) voter = subject.voter;
  }
  return {
    request,
    url,
    board,
    team,
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
    href,
    signInMail,
  };
}
