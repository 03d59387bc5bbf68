/**
 * Signing in with a one-time link, and signing out. `/sign-in` takes an e-mail address and mails
 * a link (a team member's address gets a dashboard link, any other a voter link); the answer is
 * the same either way, so the form tells nobody who is on the team. Opening a link shows a button
 * that uses it (a POST), so that mail scanners fetching the link do not spend it.
 */
import { isFeedbackBoardError } from '../domain/errors.js';
import { SESSION_TTL_MS } from '../services/people.js';
import type { PageContext } from './context.js';
import { Notice, PostForm } from './layout.js';
import { requestedPagePath } from './local-target.js';
import { page, redirect } from './respond.js';
import { COOKIES, cookie, plausibleToken } from './security.js';
import { signInLinkUrl } from './sign-in-link.js';

export function signInPage(ctx: PageContext, sent = false): Promise<Response> {
  // Only paths of these pages are followed after signing in.
  const next = requestedPagePath(ctx, ctx.url.searchParams.get('next'));
  const printed = ctx.options.mailer?.printsOnly === true;
  return page(
    ctx,
    ctx.t('signIn.title'),
    <>
      <Notice ctx={ctx} />
      <h1>{ctx.t('signIn.title')}</h1>
      {/* A server without mail prints the link for whoever runs it: "check your inbox" would send the visitor looking in vain. */}
      {sent ? (
        <div class={printed ? 'notice' : 'notice ok'} role="status">
          {ctx.t(printed ? 'signIn.printed' : 'signIn.sent')}
        </div>
      ) : null}
      {ctx.options.mailer ? (
        <PostForm ctx={ctx} action="/sign-in" class="card narrow" label={ctx.t('signIn.byMail')}>
          <p>{ctx.t(printed ? 'signIn.introPrinted' : 'signIn.intro')}</p>
          <input type="hidden" name="next" value={ctx.href(next)} />
          <div class="field">
            <label for="email">{ctx.t('signIn.email')}</label>
            <input id="email" type="email" name="email" required maxlength={320} autocomplete="email" />
          </div>
          <button type="submit">{ctx.t(printed ? 'signIn.sendPrinted' : 'signIn.send')}</button>
        </PostForm>
      ) : (
        <p class="lead">{ctx.t('signIn.noMail')}</p>
      )}
    </>,
  );
}

export async function requestLinkAction(ctx: PageContext, form: FormData): Promise<Response> {
  const mailer = ctx.options.mailer;
  const email = String(form.get('email') ?? '').trim();
  if (!mailer || !/^[^\s@]{1,200}@[^\s@]{1,200}$/.test(email)) return redirect(ctx, '/sign-in', 'invalid');
  const verdict = ctx.signInMail(email.toLowerCase());
  // Over the e-mail address's share the answer is the same, but nothing is sent: the form cannot
  // flood a mailbox, and tells nobody anything about the address.
  if (verdict === 'quiet') return signInPage(ctx, true);
  if (verdict !== 'send') return tooManyRequests(ctx, verdict.retryAfterSeconds);
  const returnTo = requestedPagePath(ctx, form.get('next'));
  const options = returnTo === '/' ? {} : { returnTo };
  const members = await ctx.team.members.list();
  const member = members.find((m) => m.email === email.toLowerCase());
  // A voter's link names the address; the voter is created only if the link is used.
  const link = member
    ? await ctx.board.signIn.createLink('team', member.id, options)
    : await ctx.board.signIn.createVoterLink(ctx.options.organizationId, email, options);
  const url = signInLinkUrl(ctx.origin, ctx.base, link.token);
  await mailer.send({
    kind: 'sign-in',
    to: email,
    subject: ctx.t('mail.signInSubject', { site: ctx.siteName }),
    text: ctx.t('mail.signInBody', { team: member ? 'yes' : 'no', url }),
  });
  return signInPage(ctx, true);
}

/** The answer once this client, or everyone together, asked for too many sign-in mails. */
async function tooManyRequests(ctx: PageContext, retryAfterSeconds: number): Promise<Response> {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  const answer = await page(
    ctx,
    ctx.t('signIn.tooManyTitle'),
    <>
      <h1>{ctx.t('signIn.tooManyHeading')}</h1>
      <p class="lead">{ctx.t('signIn.tooManyLead', { minutes })}</p>
    </>,
    { status: 429 },
  );
  answer.headers.set('retry-after', String(retryAfterSeconds));
  return answer;
}

export function linkPage(ctx: PageContext): Promise<Response> {
  const token = ctx.url.searchParams.get('token') ?? '';
  return page(
    ctx,
    ctx.t('signIn.title'),
    <>
      <h1>{ctx.t('signIn.title')}</h1>
      {plausibleToken(token) ? (
        <PostForm ctx={ctx} action="/sign-in/link" class="card narrow" label={ctx.t('signIn.useLink')}>
          <p>{ctx.t('signIn.continue')}</p>
          <input type="hidden" name="token" value={token} />
          <button type="submit">{ctx.t('signIn.title')}</button>
        </PostForm>
      ) : (
        <p class="lead">{ctx.t('signIn.incomplete')}</p>
      )}
    </>,
  );
}

export async function useLinkAction(ctx: PageContext, form: FormData): Promise<Response> {
  const token = String(form.get('token') ?? '');
  try {
    if (!plausibleToken(token)) throw new Error('not a token');
    const { token: sessionToken, session, return_to } = await ctx.board.signIn.useLink(token, { locale: ctx.i18n.locale });
    const name = session.kind === 'team' ? COOKIES.team : COOKIES.voter;
    ctx.setCookies.push(cookie(name, sessionToken, { path: ctx.href('/'), secure: ctx.secure, partitioned: ctx.embed !== null, maxAge: SESSION_TTL_MS / 1000 }));
    return redirect(ctx, return_to ?? (session.kind === 'team' ? '/dashboard' : '/'), 'signed_in');
  } catch (error) {
    if (isFeedbackBoardError(error) && error.code !== 'not_found') throw error;
    return page(
      ctx,
      ctx.t('signIn.invalidTitle'),
      <>
        <h1>{ctx.t('signIn.invalidHeading')}</h1>
        <p class="lead">{ctx.t('signIn.invalidLead')}</p>
        {ctx.options.mailer ? (
          <a class="button" href={ctx.href('/sign-in')}>
            {ctx.t('signIn.newLink')}
          </a>
        ) : null}
      </>,
      { status: 400 },
    );
  }
}

/** Ends the browser's sessions (team and voter) in the storage and deletes their cookies. */
export async function signOutAction(ctx: PageContext): Promise<Response> {
  for (const [kind, token] of Object.entries(ctx.sessionTokens) as [keyof typeof COOKIES, string | undefined][]) {
    if (token) await ctx.board.signIn.endSession(token);
    ctx.setCookies.push(cookie(COOKIES[kind], '', { path: ctx.href('/'), secure: ctx.secure, partitioned: ctx.embed !== null, maxAge: 0 }));
  }
  return redirect(ctx, '/', 'signed_out');
}
