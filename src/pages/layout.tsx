/** The frame of every page: head, header with navigation and who is signed in, main, footer. */
import type { Child } from 'hono/jsx';
import type { PageContext } from './context.js';
import { raw } from 'hono/html';
import { EMBED_SCRIPT } from './embed.js';
import { en, type MessageKey } from '../i18n/catalogs.js';
import { LOCALE_NAMES, LOCALES } from '../i18n/locales.js';
import { translatorFor } from '../i18n/translator.js';

/** The hidden CSRF field of a form that changes something. */
export function Csrf({ ctx }: { ctx: PageContext }) {
  return <input type="hidden" name="csrf" value={ctx.csrf} />;
}

/** A POST form with its CSRF field. */
export function PostForm(props: { ctx: PageContext; action: string; class?: string; children?: Child; label?: string; files?: boolean }) {
  return (
    <form
      method="post"
      action={props.ctx.href(props.action)}
      class={props.class}
      aria-label={props.label}
      enctype={props.files ? 'multipart/form-data' : undefined}
    >
      <Csrf ctx={props.ctx} />
      {props.children}
    </form>
  );
}

/** Navigation entries of the header: the message of its label, path, and whether it is the current page. */
export interface NavItem {
  label: MessageKey;
  path: string;
  current?: boolean;
}

/**
 * What a page tells link previews and feed readers: Open Graph tags (title, description, its
 * absolute URL) and a feed to discover.
 */
export interface PageMeta {
  /** A plain-text description, cut to 200 characters. */
  description?: string;
  /** The page's own path (absolute URLs are made on the public origin). */
  path?: string;
  /** `article` for a post, `website` otherwise. */
  type?: 'website' | 'article';
  /** An Atom feed of this page: its title and path. */
  feed?: { title: string; path: string };
}

const cut = (text: string, length: number) => ([...text].length > length ? `${[...text].slice(0, length - 1).join('')}…` : text);

function MetaTags({ ctx, title, meta }: { ctx: PageContext; title: string; meta: PageMeta }) {
  // An embed-mode page names the ordinary page as its address, so previews and search engines link there.
  const url = meta.path === undefined ? undefined : new URL(ctx.embed ? ctx.base + meta.path : ctx.href(meta.path), ctx.origin).href;
  const description = meta.description?.trim() ? cut(meta.description.trim().replace(/\s+/g, ' '), 200) : undefined;
  return (
    <>
      {description ? <meta name="description" content={description} /> : null}
      <meta property="og:title" content={title} />
      <meta property="og:type" content={meta.type ?? 'website'} />
      <meta property="og:site_name" content={ctx.siteName} />
      {url ? <meta property="og:url" content={url} /> : null}
      {url ? <link rel="canonical" href={url} /> : null}
      {description ? <meta property="og:description" content={description} /> : null}
      {meta.feed ? <link rel="alternate" type="application/atom+xml" title={meta.feed.title} href={ctx.href(meta.feed.path)} /> : null}
    </>
  );
}

export function Layout(props: { ctx: PageContext; title: string; nav?: NavItem[]; meta?: PageMeta; labelSheet?: string | null; children?: Child }) {
  const { ctx } = props;
  return (
    <html lang={ctx.i18n.locale} dir={ctx.i18n.dir}>
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{`${props.title} · ${ctx.siteName}`}</title>
        {props.meta ? <MetaTags ctx={ctx} title={props.title} meta={props.meta} /> : null}
        <link rel="icon" type="image/svg+xml" href={ctx.href('/assets/favicon.svg')} />
        <link rel="stylesheet" href={ctx.href('/assets/pages.css')} />
        {props.labelSheet ? <link rel="stylesheet" href={ctx.href(props.labelSheet)} /> : null}
        {ctx.options.stylesheetUrl ? <link rel="stylesheet" href={ctx.options.stylesheetUrl} /> : null}
        {ctx.embed ? <script>{raw(EMBED_SCRIPT)}</script> : null}
      </head>
      <body class={ctx.embed ? 'embed' : undefined}>
        <a class="skip" href="#main">
          {ctx.t('layout.skip')}
        </a>
        <header class="site">
          <div class="bar">
            {/* Embed mode: the host's panel is the frame, so no site name, no footer. */}
            {ctx.embed ? null : (
              <a class="brand" href={ctx.href('/')}>
                {ctx.siteName}
              </a>
            )}
            {props.nav && props.nav.length > 0 ? (
              <nav aria-label={ctx.t('layout.boardNav')}>
                {props.nav.map((item) => (
                  <a href={ctx.href(item.path)} aria-current={item.current ? 'page' : undefined}>
                    {ctx.t(item.label)}
                  </a>
                ))}
              </nav>
            ) : null}
            <Who ctx={ctx} />
          </div>
        </header>
        <main id="main">{props.children}</main>
        {ctx.embed ? null : (
          <footer class="site">
            {ctx.languageVaries ? <LanguagePicker ctx={ctx} /> : null}
            <p>{ctx.t('layout.poweredBy')}</p>
          </footer>
        )}
      </body>
    </html>
  );
}

/**
 * The language picker of the public pages: a link per language, in its own name, that keeps the
 * choice (language.tsx) and comes back to this page.
 */
function LanguagePicker({ ctx }: { ctx: PageContext }) {
  const next = ctx.url.pathname + ctx.url.search;
  return (
    <nav class="languages" aria-label={ctx.t('layout.languages')}>
      {LOCALES.map((locale) => (
        <a
          href={ctx.href(`/language?${new URLSearchParams({ to: locale, next }).toString()}`)}
          lang={locale}
          hreflang={locale}
          aria-current={locale === ctx.i18n.locale ? 'true' : undefined}
        >
          {LOCALE_NAMES[locale]}
        </a>
      ))}
    </nav>
  );
}

function Who({ ctx }: { ctx: PageContext }) {
  const signedIn = ctx.member ?? ctx.voter;
  return (
    <div class="who">
      {ctx.member && !ctx.embed ? <a href={ctx.href('/dashboard')}>{ctx.t('layout.dashboard')}</a> : null}
      {signedIn ? <span>{ctx.t('layout.signedInAs', { name: signedIn.name || signedIn.email || ctx.t('layout.someVoter') })}</span> : null}
      {signedIn && !(ctx.voterFromApp && !ctx.member) ? (
        <PostForm ctx={ctx} action="/sign-out" class="inline" label={ctx.t('layout.signOut')}>
          <button type="submit" class="secondary">
            {ctx.t('layout.signOut')}
          </button>
        </PostForm>
      ) : null}
      {!signedIn ? (
        <a class="button secondary" href={ctx.href(`/sign-in?next=${encodeURIComponent(ctx.url.pathname + ctx.url.search)}`)}>
          {ctx.t('layout.signIn')}
        </a>
      ) : null}
    </div>
  );
}

/**
 * A link back to `path` above a page's content: its arrow points back in the page's direction
 * (right on a right-to-left page), and its text (a board's name) keeps its own direction.
 */
export function BackLink({ ctx, path, children }: { ctx: PageContext; path: string; children?: Child }) {
  return (
    <p class="small back">
      <a href={ctx.href(path)}>
        <span aria-hidden="true">{ctx.i18n.dir === 'rtl' ? '→' : '←'}</span> <bdi>{children}</bdi>
      </a>
    </p>
  );
}

/** A status as a coloured badge, in the request's language (English where there is no request, as on the dashboard's charts). */
export function StatusBadge({ status, ctx }: { status: string; ctx?: PageContext }) {
  return <span class={`badge status-${status}`}>{statusText(status, ctx)}</span>;
}

export const STATUSES = ['open', 'planned', 'in_progress', 'shipped', 'declined'] as const;

/** A status as people read it, in the request's language: `in_progress` is "In progress". */
export function statusText(status: string, ctx?: PageContext): string {
  const key = `status.${status}`;
  if (!(key in en)) return status;
  return ctx ? ctx.t(key as MessageKey) : en[key as MessageKey];
}

/** The statuses in English, for the team's pages. */
export const STATUS_TEXT: Readonly<Record<string, string>> = Object.fromEntries(STATUSES.map((s) => [s, statusText(s)]));

const ENGLISH = translatorFor('en');

/** A date as `23 Nov 2026` (UTC), in English; the public pages write dates in their language (`ctx.i18n.date`). */
export function day(iso: string | null): string {
  return ENGLISH.date(iso);
}

/** A page's message, from a `notice` query parameter set by a redirect after a form. */
export function Notice({ ctx }: { ctx: PageContext }) {
  const name = ctx.url.searchParams.get('notice') ?? '';
  const kind = Object.hasOwn(NOTICES, name) ? NOTICES[name as keyof typeof NOTICES] : undefined;
  if (kind === undefined) return null;
  return (
    <div class={`notice ${kind}`} role="status">
      {ctx.t(`notice.${name}` as MessageKey)}
    </div>
  );
}

/**
 * Fixed messages, by name, with their kind (`ok`, `error` or plain); the text is the catalog's
 * `notice.{name}`. A redirect names one, so no text from the URL is ever shown.
 */
const NOTICES: { readonly [K in MessageKey as K extends `notice.${infer Name}` ? Name : never]: 'ok' | 'error' | '' } = {
  voted: 'ok',
  unvoted: 'ok',
  commented: 'ok',
  reacted: 'ok',
  comment_edited: 'ok',
  comment_deleted: 'ok',
  signed_out: 'ok',
  signed_in: 'ok',
  confirmed: 'ok',
  rejected: 'ok',
  saved: 'ok',
  revoked: 'ok',
  agent_revoked: 'ok',
  secret_revoked: 'ok',
  deleted: 'ok',
  test_sent: 'ok',
  redelivered: 'ok',
  invalid: 'error',
  sign_in_to_vote: '',
  sign_in_to_submit: '',
  submitted: 'ok',
  followed: 'ok',
  unfollowed: 'ok',
  blocked: 'ok',
  unblocked: 'ok',
  merged: 'ok',
  unmerged: 'ok',
  restored: 'ok',
  merge_refused: 'error',
  waiting_for_approval: 'ok',
  approved: 'ok',
  post_rejected: 'ok',
};
