/**
 * Signing in with a host application's SSO token (docs/sso.md): `?sso=<token>` on any page of the
 * pages, or a POST to `/sso` (fields `sso` and an optional `return_to` path). A valid token sets
 * the voter's session cookie and redirects to the same page without the token, so it never stays
 * in the history or a Referer; a refused one answers a page saying what to fix, and no session.
 */
import { isFeedbackBoardError } from '../domain/errors.js';
import { SESSION_TTL_MS } from '../services/people.js';
import { getSsoSettings, listSsoSecrets, type SsoContext } from '../services/sso.js';
import { signInSsoUser } from '../services/sso-sign-in.js';
import type { PageContext } from './context.js';
import { requestedPagePath } from './local-target.js';
import { page, redirect } from './respond.js';
import { COOKIES, cookie } from './security.js';
import type { JwksCache } from './sso-jwks.js';

const MAX_SSO_FORM_BYTES = 16 * 1024;

/** Where a token goes: `?sso=` on a GET of any page, or the form of `POST /sso`; null for every other request. */
export function ssoEntry(ctx: PageContext, pathName: string, jwks: JwksCache): Promise<Response> | null {
  const method = ctx.request.method;
  if (method === 'GET' && ctx.url.searchParams.has('sso')) {
    const rest = new URL(ctx.url);
    rest.searchParams.delete('sso');
    return signIn(ctx, ctx.url.searchParams.get('sso') ?? '', requestedPagePath(ctx, rest.pathname + rest.search), jwks);
  }
  if (method === 'POST' && pathName === '/sso') return postedToken(ctx, jwks);
  return null;
}

/**
 * `POST /sso`: the token is its own proof of origin (a host application posts it from its own
 * site), so this form alone carries no CSRF token.
 */
async function postedToken(ctx: PageContext, jwks: JwksCache): Promise<Response> {
  const type = ctx.request.headers.get('content-type') ?? '';
  const text = type.startsWith('application/x-www-form-urlencoded') ? await ctx.request.text().catch(() => '') : '';
  if (text.length === 0 || text.length > MAX_SSO_FORM_BYTES) {
    return refusedPage(ctx, 'Send the token as the field "sso" of a form (application/x-www-form-urlencoded, at most 16 KB).', 400);
  }
  const form = new URLSearchParams(text);
  // Only a path of the pages themselves: never another site.
  const target = requestedPagePath(ctx, form.get('return_to'), '/', { relativeToBase: true });
  return signIn(ctx, form.get('sso') ?? '', target, jwks);
}

/** Signs the token's user in and sends them to `path`, a path of the pages (relative to their base). */
async function signIn(ctx: PageContext, token: string, path: string, jwks: JwksCache): Promise<Response> {
  const sso: SsoContext = { storage: ctx.board.storage, clock: ctx.board.clock };
  const organizationId = ctx.options.organizationId;
  const [secrets, settings] = await Promise.all([listSsoSecrets(sso, organizationId), getSsoSettings(sso, organizationId)]);
  // jose loads with the first token verified (sso-jwks.ts).
  const { jwksGetter, verifySsoToken } = await import('./sso-verify.js');
  const verified = await verifySsoToken(token.trim(), { organizationId, secrets, settings, now: ctx.board.clock.now() }, (url) => jwksGetter(jwks, url));
  if ('refused' in verified) return refusedPage(ctx, verified.refused, 401);
  let started;
  try {
    started = await signInSsoUser(sso, organizationId, verified, ctx.i18n.locale);
  } catch (error) {
    if (!isFeedbackBoardError(error) || error.code !== 'validation_error') throw error;
    return refusedPage(ctx, error.message, 403);
  }
  ctx.setCookies.push(cookie(COOKIES.voter, started.token, { path: ctx.href('/'), secure: ctx.secure, partitioned: ctx.embed !== null, maxAge: SESSION_TTL_MS / 1000 }));
  const answer = redirect(ctx, path);
  answer.headers.set('referrer-policy', 'no-referrer');
  return answer;
}

/**
 * The page of a refused token: what went wrong and what the application must fix; no session.
 * The page speaks the voter's language; `reason` is for the application's developer and stays
 * English (marked so, for a page in another language).
 */
async function refusedPage(ctx: PageContext, reason: string, status: 400 | 401 | 403): Promise<Response> {
  const answer = await page(
    ctx,
    ctx.t('sso.refusedTitle'),
    <>
      <h1>{ctx.t('sso.refusedHeading')}</h1>
      <p class="lead">{ctx.t('sso.refusedLead')}</p>
      <div class="card narrow">
        <h2>{ctx.t('sso.whatToFix')}</h2>
        <p lang="en" dir="ltr">
          {reason}
        </p>
      </div>
      <p>
        <a href={ctx.href('/')}>{ctx.t('sso.continue')}</a>
      </p>
    </>,
    { status },
  );
  answer.headers.set('cache-control', 'no-store');
  answer.headers.set('referrer-policy', 'no-referrer');
  return answer;
}
