/**
 * Unsubscribing from follower mail, by the link every such mail carries (RFC 8058):
 *
 * - `POST /unsubscribe?token=…` unsubscribes the token's address from its post, or from its whole
 *   board, with no session and no CSRF token: mail programs send this one-click POST themselves
 *   (the token, signed by the server, is the only authority; see `unsubscribe-token.ts`). It is
 *   the one POST of the pages without the CSRF and Origin checks.
 * - `GET /unsubscribe?token=…` changes nothing (mail scanners follow links): it shows the two
 *   choices, this post or all mail from the board, as buttons that make that POST.
 *
 * A token that was not signed by this server (malformed, altered, forged) is a 400 page and
 * changes nothing. Both pages speak the request's language (the picker's choice or
 * `Accept-Language`); a request that names none (a mail program's) gets the language of the
 * token's voter, so the page reads like the mail it came from.
 */
import { localeOfTag, requestedLocale } from '../i18n/locales.js';
import { translatorFor } from '../i18n/translator.js';
import type { Storage } from '../storage/contract.js';
import type { PageContext } from './context.js';
import { LANGUAGE_COOKIE } from './language.js';
import { readCookies } from './security.js';
import { page } from './respond.js';
import type { Route } from './route.js';
import { signUnsubscribeToken, unsubscribeKey, verifyUnsubscribeToken, type UnsubscribeScope } from './unsubscribe-token.js';

/** The board and post a valid token names, or null for an invalid token or a board gone since. */
async function scopeOf(ctx: PageContext): Promise<{ scope: UnsubscribeScope; key: CryptoKey; board: string; post: string | null; locale: string | null } | null> {
  const storage: Storage = ctx.board.storage;
  const key = await unsubscribeKey(storage);
  const scope = await verifyUnsubscribeToken(key, ctx.url.searchParams.get('token'));
  if (scope === null) return null;
  return storage.transaction('read', async (tx) => {
    const board = await tx.getBoard(scope.boardId);
    if (!board) return null;
    const post = scope.postId === 0 ? null : await tx.getPost(scope.postId);
    if (scope.postId !== 0 && post?.board_id !== board.id) return null;
    const voter = await tx.getVoterByEmail(board.organization_id, scope.address);
    return { scope, key, board: board.name, post: post?.title ?? null, locale: voter?.locale ?? null };
  });
}

/** `ctx` in the voter's language when the request names none of its own. */
function inVoterLanguage(ctx: PageContext, locale: string | null): PageContext {
  const asked = requestedLocale(ctx.request.headers.get('accept-language'), readCookies(ctx.request).get(LANGUAGE_COOKIE));
  const voterLocale = localeOfTag(locale);
  if (asked !== null || voterLocale === null || voterLocale === ctx.i18n.locale) return ctx;
  const i18n = translatorFor(voterLocale);
  return { ...ctx, i18n, t: i18n.t };
}

function invalidLink(ctx: PageContext): Promise<Response> {
  return page(
    ctx,
    ctx.t('unsubscribe.title'),
    <>
      <h1>{ctx.t('unsubscribe.invalidHeading')}</h1>
      <p class="lead">{ctx.t('unsubscribe.invalidLead')}</p>
    </>,
    { status: 400 },
  );
}

async function choicesPage(request: PageContext): Promise<Response> {
  const found = await scopeOf(request);
  if (found === null) return invalidLink(request);
  const { scope, key, board, post } = found;
  const ctx = inVoterLanguage(request, found.locale);
  const action = async (postId: number) =>
    ctx.href(`/unsubscribe?token=${await signUnsubscribeToken(key, { ...scope, postId })}`);
  return page(
    ctx,
    ctx.t('unsubscribe.title'),
    <>
      <h1>{ctx.t('unsubscribe.heading', { address: scope.address })}</h1>
      <p class="lead">{ctx.t('unsubscribe.lead', { board })}</p>
      <div class="unsubscribe-choices">
        {post === null ? null : (
          <form method="post" action={await action(scope.postId)} class="card" aria-label={ctx.t('unsubscribe.postOnly')}>
            <h2 class="h3">{ctx.t('unsubscribe.postOnly')}</h2>
            <p class="muted">{ctx.t('unsubscribe.postOnlyLead', { post })}</p>
            <button type="submit">{ctx.t('unsubscribe.stopPost')}</button>
          </form>
        )}
        <form method="post" action={await action(0)} class="card" aria-label={ctx.t('unsubscribe.wholeBoard')}>
          <h2 class="h3">{ctx.t('unsubscribe.wholeBoard')}</h2>
          <p class="muted">{ctx.t('unsubscribe.wholeBoardLead', { board })}</p>
          <button type="submit">{ctx.t('unsubscribe.stopBoard', { board })}</button>
        </form>
      </div>
    </>,
  );
}

async function unsubscribeAction(request: PageContext): Promise<Response> {
  const found = await scopeOf(request);
  if (found === null) return invalidLink(request);
  const { scope, board, post } = found;
  const ctx = inVoterLanguage(request, found.locale);
  const now = new Date(ctx.board.clock.now()).toISOString();
  await ctx.board.storage.transaction('write', (tx) =>
    tx.putMailUnsubscribe({ board_id: scope.boardId, address: scope.address, post_id: scope.postId, created_at: now }),
  );
  return page(
    ctx,
    ctx.t('unsubscribe.doneTitle'),
    <>
      <h1>{ctx.t('unsubscribe.doneHeading')}</h1>
      <p class="lead" role="status">
        {post === null ? ctx.t('unsubscribe.doneBoard', { address: scope.address, board }) : ctx.t('unsubscribe.donePost', { address: scope.address, post })}
      </p>
    </>,
  );
}

/** The unsubscribe routes; the POST is exempt from the CSRF and Origin checks (see above). */
export const unsubscribeRoutes: Route[] = [
  { method: 'GET', pattern: /^\/unsubscribe$/, handler: (ctx) => choicesPage(ctx) },
  { method: 'POST', pattern: /^\/unsubscribe$/, handler: (ctx) => unsubscribeAction(ctx), oneClick: true },
];
