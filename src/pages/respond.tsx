/** Answers of the page handlers: a rendered page, a redirect after a form, the error pages. */
import type { Child } from 'hono/jsx';
import { isFeedbackBoardError } from '../domain/errors.js';
import type { Board } from '../domain/responses.js';
import type { PageContext } from './context.js';
import { Layout, type NavItem, type PageMeta } from './layout.js';
import { pageHeaders } from './security.js';
import { UNAVAILABLE_RETRY_SECONDS } from '../http/handler.js';
import type { Translator } from '../i18n/translator.js';
import { sizeText } from './attachments.js';
import { openBoard, signedInOf } from './board-access.js';
import { sameOriginPath } from './local-target.js';
import { labelSheetHref } from './status-labels.js';
import type { StatusLabel } from '../domain/statuses.js';

/** Renders `element` (a whole document) with the pages' headers and cookies. */
export async function html(ctx: PageContext, element: Child, status = 200): Promise<Response> {
  const body = '<!DOCTYPE html>' + (await Promise.resolve(String(await (element as { toString(): string | Promise<string> }).toString())));
  const headers = new Headers(pageHeaders(ctx.options.stylesheetUrl, ctx.embed));
  // A public page is in the language of the cookie or of Accept-Language: caches must key on both.
  if (ctx.languageVaries) headers.set('vary', 'Accept-Language, Cookie');
  for (const value of ctx.setCookies) headers.append('set-cookie', value);
  return new Response(body, { status, headers });
}

/** A page in the layout; `labels` are the status labels it shows, whose colours it loads. */
export function page(
  ctx: PageContext,
  title: string,
  content: Child,
  options: { nav?: NavItem[]; status?: number; meta?: PageMeta; labels?: readonly StatusLabel[] } = {},
) {
  return html(
    ctx,
    <Layout ctx={ctx} title={title} nav={options.nav} meta={options.meta} labelSheet={labelSheetHref(options.labels ?? [])}>
      {content}
    </Layout>,
    options.status,
  );
}

/** The `Location` of a path of the pages (relative to their base): always a path of their own origin. */
function locationOf(ctx: PageContext, path: string, notice?: string): string {
  const target = new URL(sameOriginPath(ctx.origin, ctx.href(path)) ?? ctx.href('/'), ctx.origin);
  if (notice) target.searchParams.set('notice', notice);
  return target.pathname + target.search + target.hash;
}

/**
 * 303 See Other to a path of the pages (POST-redirect-GET), with an optional fixed notice. A path
 * taken from a request goes through `requestedPagePath` (local-target.ts) first.
 */
export function redirect(ctx: PageContext, path: string, notice?: string): Response {
  const headers = new Headers({ location: locationOf(ctx, path, notice), 'cache-control': 'no-store' });
  for (const value of ctx.setCookies) headers.append('set-cookie', value);
  return new Response(null, { status: 303, headers });
}

/** A permanent redirect (301) to a page that replaced the one asked for, such as a merged post's. */
export function movedPermanently(ctx: PageContext, path: string): Response {
  return new Response(null, { status: 301, headers: { location: locationOf(ctx, path) } });
}

export function notFoundPage(ctx: PageContext): Promise<Response> {
  return page(
    ctx,
    ctx.t('error.notFoundTitle'),
    <>
      <h1>{ctx.t('error.notFoundHeading')}</h1>
      <p class="lead">{ctx.t('error.notFoundLead')}</p>
      <a class="button" href={ctx.href('/')}>
        {ctx.t('error.allBoards')}
      </a>
    </>,
    { status: 404 },
  );
}

/** 413: a form too large to read; for a form that takes images, the limits say why. */
export function tooLargePage(ctx: PageContext, uploads: boolean): Promise<Response> {
  const { attachmentsPerItem, attachmentBytes } = ctx.board.limits;
  return page(
    ctx,
    ctx.t('error.tooLargeTitle'),
    <>
      <h1>{ctx.t('error.tooLargeTitle')}</h1>
      <p class="lead">
        {uploads ? ctx.t('images.tooLargeToSend', { count: attachmentsPerItem, size: sizeText(ctx, attachmentBytes) }) : ctx.t('error.formTooLarge')}
      </p>
      <p>{ctx.t('error.tryAgain')}</p>
    </>,
    { status: 413 },
  );
}

export function forbiddenPage(ctx: PageContext, message: string): Promise<Response> {
  return page(
    ctx,
    ctx.t('error.forbidden'),
    <>
      <h1>{ctx.t('error.forbidden')}</h1>
      <p class="lead">{message}</p>
    </>,
    { status: 403 },
  );
}

/** Runs `fn`; a `not_found` from the services becomes the 404 page. */
export async function orNotFound(ctx: PageContext, fn: () => Promise<Response>): Promise<Response> {
  try {
    return await fn();
  } catch (error) {
    if (isFeedbackBoardError(error) && error.code === 'not_found') return notFoundPage(ctx);
    throw error;
  }
}

/** The navigation of a board's public pages. */
export function boardNav(board: Board, current: 'posts' | 'roadmap' | 'changelog' | 'post'): NavItem[] {
  const base = `/boards/${encodeURIComponent(board.slug)}`;
  return [
    { label: 'nav.posts', path: base, current: current === 'posts' },
    { label: 'nav.roadmap', path: `${base}/roadmap`, current: current === 'roadmap' },
    { label: 'nav.changelog', path: `${base}/changelog`, current: current === 'changelog' },
  ];
}

/**
 * A published board of the organization that the request may see, or null: a draft, an unknown
 * board and a private board closed to the request are each a 404, the same page.
 */
export async function publishedBoard(ctx: PageContext, slug: string): Promise<Board | null> {
  if (!(await openBoard(ctx.board, ctx.team.organizationId, slug, signedInOf(ctx)))) return null;
  try {
    const board = await ctx.team.api.boards.get(slug);
    return board.published ? board : null;
  } catch (error) {
    if (isFeedbackBoardError(error) && error.code === 'not_found') return null;
    throw error;
  }
}

/**
 * The answer while the storage cannot be used (a `service_unavailable` error): 503 with
 * `Retry-After`, a page that needs nothing from the storage, in `i18n`'s language (the request's,
 * which is known without the storage; English on the team's pages). `languageVaries` as for
 * {@link PageContext}.
 */
export async function unavailablePage(i18n: Translator, languageVaries: boolean): Promise<Response> {
  const shown = (
    <html lang={i18n.locale} dir={i18n.dir}>
      <head>
        <meta charset="utf-8" />
        <title>{i18n.t('error.unavailableTitle')}</title>
      </head>
      <body>
        <h1>{i18n.t('error.unavailableHeading')}</h1>
        <p>{i18n.t('error.unavailableLead')}</p>
      </body>
    </html>
  );
  const headers = new Headers({ ...pageHeaders(undefined), 'retry-after': String(UNAVAILABLE_RETRY_SECONDS) });
  if (languageVaries) headers.set('vary', 'Accept-Language, Cookie');
  return new Response('<!DOCTYPE html>' + (await shown.toString()), { status: 503, headers });
}
