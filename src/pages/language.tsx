/**
 * The voter's choice of language (docs/languages.md): the footer of every public page links to
 * `/language?to={locale}&next={this page}`, which keeps the choice in the `fb_lang` cookie and
 * goes back to the page; a signed-in voter's language is stored too, for their mail. A plain GET
 * link, so the picker needs no script; the cookie and the stored language only hold a preference,
 * which another site may set but cannot use.
 */
import { chosenLocale } from '../i18n/locales.js';
import type { PageContext } from './context.js';
import { requestedPagePath } from './local-target.js';
import { page, redirect } from './respond.js';
import { cookie } from './security.js';

/** The cookie that keeps the chosen language. */
export const LANGUAGE_COOKIE = 'fb_lang';

/** How long a choice is kept: a year. */
const LANGUAGE_COOKIE_SECONDS = 365 * 24 * 60 * 60;

/** GET /language: keeps a supported language and goes back to `next`; anything else is a 400 and no cookie. */
export async function languageAction(ctx: PageContext): Promise<Response> {
  const chosen = chosenLocale(ctx.url.searchParams.get('to'));
  if (chosen === null) {
    return page(
      ctx,
      ctx.t('language.unknownTitle'),
      <>
        <h1>{ctx.t('language.unknownTitle')}</h1>
        <p class="lead">{ctx.t('language.unknown')}</p>
      </>,
      { status: 400 },
    );
  }
  ctx.setCookies.push(cookie(LANGUAGE_COOKIE, chosen, { path: ctx.href('/'), secure: ctx.secure, maxAge: LANGUAGE_COOKIE_SECONDS }));
  // A signed-in voter's choice is also the language of their mail.
  if (ctx.voter && ctx.voter.locale !== chosen) await ctx.board.voters.setLanguage(ctx.voter.id, chosen);
  return redirect(ctx, requestedPagePath(ctx, ctx.url.searchParams.get('next')));
}
