/**
 * The pages' security: cookies, the CSRF token, the Origin check and the response headers.
 *
 * - Sessions are cookies `fb_team` and `fb_voter` holding a random token whose SHA-256 hash is
 *   the session's key in the storage: `HttpOnly`, `SameSite=Lax`, `Path` the base path, and
 *   `Secure` whenever the pages are served over https.
 * - CSRF: every browser gets a random `fb_csrf` cookie (same flags); the token in each form is
 *   derived from it (SHA-256), and a POST whose token does not match changes nothing. A POST
 *   whose `Origin` (or, without one, `Referer`) names another origin is refused as well.
 * - Every page is sent with a Content-Security-Policy that allows no script at all, styles only
 *   from the pages themselves, and forms only to them, and that no other site may frame
 *   (`frame-ancestors 'none'`). The one exception is embed mode (embed.ts): its pages name the
 *   board's allowed embedding origins in `frame-ancestors`, and their cookies are partitioned
 *   (`Partitioned; SameSite=None; Secure`), so that they work inside the host's frame and in no
 *   other site's.
 */

import { sha256Base64UrlSync } from '../http/sha256.js';
import { EMBED_SCRIPT_SOURCE, type EmbedMode } from './embed.js';

/** Names of the cookies the pages set. */
export const COOKIES = { team: 'fb_team', voter: 'fb_voter', csrf: 'fb_csrf' } as const;

/** Reads the cookies of a request (the first value of each name). */
export function readCookies(request: Request): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (request.headers.get('cookie') ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (name !== '' && !cookies.has(name)) cookies.set(name, value);
  }
  return cookies;
}

/**
 * A `Set-Cookie` value with the pages' flags; `maxAge` 0 deletes the cookie. A `partitioned`
 * cookie (embed mode) is `SameSite=None; Secure; Partitioned`: the browser sends it inside a frame
 * on another site, and keeps it in a jar of that site alone (CHIPS). Browsers accept `Secure` from
 * https origins and from `http://localhost`.
 */
export function cookie(name: string, value: string, options: { path: string; secure: boolean; maxAge?: number; partitioned?: boolean }): string {
  const parts = [`${name}=${value}`, `Path=${options.path}`, 'HttpOnly', options.partitioned ? 'SameSite=None' : 'SameSite=Lax'];
  if (options.maxAge !== undefined) parts.push(`Max-Age=${options.maxAge}`);
  if (options.secure || options.partitioned) parts.push('Secure');
  if (options.partitioned) parts.push('Partitioned');
  return parts.join('; ');
}

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,128}$/;

/** True for a value that may be one of the pages' tokens (anything else is ignored). */
export function plausibleToken(value: string | undefined): value is string {
  return value !== undefined && TOKEN_PATTERN.test(value);
}

/** A new random token: 32 bytes, base64url. */
export function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return base64url(bytes);
}

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * The CSRF token that forms carry, derived from the browser's `fb_csrf` cookie: computed on every
 * page, so natively and synchronously where the runtime can (Web Crypto's digest goes through the
 * thread pool, a tenth of a small page's time), else with Web Crypto; the same token either way.
 */
export async function csrfTokenFor(csrfCookie: string): Promise<string> {
  const text = `feedback-board csrf:${csrfCookie}`;
  if (sha256Base64UrlSync !== null) return sha256Base64UrlSync(text);
  return base64url(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))));
}

/** Compares two strings in time independent of where they differ. */
export function sameString(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}

/**
 * True when the request comes from one of `origins` by its `Origin` header, or, without one, by
 * its `Referer`. A request with neither is let through: the CSRF token still protects it.
 */
export function sameOrigin(request: Request, origins: readonly string[]): boolean {
  const origin = request.headers.get('origin');
  if (origin !== null) return origins.includes(origin);
  const referer = request.headers.get('referer');
  if (referer === null) return true;
  try {
    return origins.includes(new URL(referer).origin);
  } catch {
    return false;
  }
}

/** The Content-Security-Policy of every page: no scripts, no inline styles, nothing from elsewhere. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'none'",
  "style-src 'self'",
  "img-src 'self' data:",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

/**
 * Headers of every HTML answer. In embed mode the page's one script (embed.ts) may run, and the
 * board's allowed origins may frame it: with at least one, `frame-ancestors` names exactly them
 * and there is no `X-Frame-Options`; without, no site may frame it.
 */
export function pageHeaders(extraStyle: string | undefined, embed: EmbedMode | null = null): Record<string, string> {
  let csp = CONTENT_SECURITY_POLICY;
  const frameAncestors = embed?.origins ?? [];
  if (embed) csp = csp.replace("script-src 'none'", `script-src ${EMBED_SCRIPT_SOURCE}`);
  if (frameAncestors.length > 0) csp = csp.replace("frame-ancestors 'none'", `frame-ancestors ${frameAncestors.join(' ')}`);
  if (extraStyle) {
    try {
      csp = csp.replace("style-src 'self'", `style-src 'self' ${new URL(extraStyle).origin}`);
    } catch {
      // A relative stylesheet URL is covered by 'self'.
    }
  }
  return {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': csp,
    'x-content-type-options': 'nosniff',
    ...(frameAncestors.length > 0 ? {} : { 'x-frame-options': 'DENY' }),
    'referrer-policy': 'same-origin',
    'cache-control': 'no-store',
  };
}
