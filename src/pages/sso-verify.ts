/**
 * Verifying a host application's SSO token with `jose` (docs/sso.md): the algorithm allow-list
 * (HS256 with the organization's live secrets, RS256/ES256 with its JWKS; `none` never), `exp`
 * required and at most 10 minutes ahead, `nbf`/`iat` with a small clock skew, the organization's
 * audience, the issuer when one is set, and the claims a voter needs. Every refusal says what to fix.
 */
import { createRemoteJWKSet, customFetch, decodeProtectedHeader, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import type { SsoSecretRecord, SsoSettingsRecord } from '../domain/sso.js';
import { defaultSsoAudience, secretUsable } from '../services/sso.js';
import type { SsoUser } from '../services/sso-sign-in.js';
import { toIso } from '../domain/time.js';
import { refusedTarget } from '../webhooks/targets.js';
import { readSsoClaims, type SsoRefusal } from './sso-claims.js';
import type { JwksCache } from './sso-jwks.js';

/** The longest a token may live: its `exp` at most this many seconds after now. */
export const MAX_SSO_TOKEN_SECONDS = 600;
/** The clock skew allowed between the host and this server, in seconds (`exp`, `nbf`, `iat`). */
export const SSO_CLOCK_SKEW_SECONDS = 30;
/** How long a JWKS fetch may take before the token is refused, in ms. */
export const JWKS_TIMEOUT_MS = 3000;
/** How long fetched JWKS keys are kept, in ms (a token with an unknown `kid` fetches again sooner). */
export const JWKS_CACHE_MS = 10 * 60_000;
const MAX_TOKEN_CHARS = 8192;

/** What verification reads: the organization, its secrets and settings, and now (ms). */
export interface SsoVerifyInput {
  organizationId: number;
  secrets: SsoSecretRecord[];
  settings: SsoSettingsRecord;
  now: number;
}

/** The error of a JWKS URL refused before any fetch, with the code `createNodeWebhookFetch` gives after resolving. */
class PrivateJwksUrl extends Error {
  readonly code = 'EPRIVATETARGET';
}

/**
 * The JWKS getter of `url` in `cache`, made on first use and kept (jose refreshes its keys). A
 * getter of a URL the cache's options refuse fails before any fetch.
 */
export function jwksGetter(cache: JwksCache, url: string): JWTVerifyGetKey {
  let getter = cache.getters.get(url) as JWTVerifyGetKey | undefined;
  if (!getter) {
    const refused = refusedTarget(url, cache.options.allowPrivateNetworks ?? false);
    getter =
      refused !== null
        ? () => Promise.reject(new PrivateJwksUrl(refused))
        : createRemoteJWKSet(new URL(url), {
            timeoutDuration: JWKS_TIMEOUT_MS,
            cacheMaxAge: JWKS_CACHE_MS,
            cooldownDuration: 30_000,
            ...(cache.options.fetch ? { [customFetch]: cache.options.fetch } : {}),
          });
    cache.getters.set(url, getter);
  }
  return getter;
}

const refuse = (refused: string): SsoRefusal => ({ refused });

/** The refusal for a jose error, by its code: what was wrong with the token. */
function refusalOf(error: unknown, audience: string, issuer: string | null): SsoRefusal {
  const code = (error as { code?: string }).code;
  const claim = (error as { claim?: string }).claim;
  switch (code) {
    case 'ERR_JWT_EXPIRED':
      return refuse('The token has expired (its exp is in the past). Sign a new token for each sign-in; it may live at most 10 minutes.');
    case 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED':
      return refuse('The signature does not match: sign with a current secret of this board (a revoked secret, or a rotated one past its overlap, no longer works) or a key of the configured JWKS.');
    case 'ERR_JWKS_NO_MATCHING_KEY':
      return refuse('No key of the configured JWKS matches the token (check its kid and alg).');
    case 'ERR_JWKS_TIMEOUT':
      return refuse('The JWKS could not be fetched in time. Check that the JWKS URL answers quickly.');
    case 'EPRIVATETARGET':
      return refuse('The JWKS URL is, or resolves to, a loopback or private address, which this server does not fetch. Serve the JWKS at a public https:// URL.');
    case 'ERR_JWT_CLAIM_VALIDATION_FAILED':
      if (claim === 'aud') return refuse(`The token is for another audience: its aud must be "${audience}".`);
      if (claim === 'iss') return refuse(`The token's iss must be "${issuer ?? ''}".`);
      if (claim === 'nbf') return refuse('The token is not valid yet (its nbf is in the future). Check the clock of the signing server.');
      return refuse(`The token's ${claim ?? 'claims'} are missing or not valid: it needs sub, email and exp.`);
    default:
      return refuse('The token could not be read or its key could not be used. Send a JWT in compact form, signed with HS256, RS256 or ES256.');
  }
}

/** Verifies a token: the user it signs in, or why it is refused. Never throws for a bad token. */
export async function verifySsoToken(
  token: string,
  input: SsoVerifyInput,
  jwks: (url: string) => JWTVerifyGetKey,
): Promise<SsoUser | SsoRefusal> {
  if (token.length === 0 || token.length > MAX_TOKEN_CHARS) return refuse('The token is empty or longer than 8 KB.');
  let alg: string | undefined;
  try {
    alg = decodeProtectedHeader(token).alg;
  } catch {
    return refuse('This is not a JWT in compact form (header.payload.signature).');
  }
  if (alg === undefined || alg === 'none') return refuse('Unsigned tokens (alg "none") are never accepted. Sign with HS256, RS256 or ES256.');
  const { settings, organizationId } = input;
  const audience = settings.audience ?? defaultSsoAudience(organizationId);
  const options = {
    audience,
    ...(settings.issuer !== null ? { issuer: settings.issuer } : {}),
    clockTolerance: SSO_CLOCK_SKEW_SECONDS,
    currentDate: new Date(input.now),
    requiredClaims: ['exp', 'sub'],
  };
  let payload: JWTPayload;
  try {
    if (alg === 'HS256') {
      const live = input.secrets.filter((secret) => secretUsable(secret, toIso(input.now)));
      if (live.length === 0) return refuse('This board has no active SSO secret for HS256 tokens. Create one in the dashboard (Single sign-on).');
      payload = await firstVerified(token, live, { ...options, algorithms: ['HS256'] });
    } else if (settings.jwks_url !== null && settings.jwks_algorithms.includes(alg as 'RS256' | 'ES256')) {
      payload = (await jwtVerify(token, jwks(settings.jwks_url), { ...options, algorithms: settings.jwks_algorithms })).payload;
    } else {
      const allowed = ['HS256', ...(settings.jwks_url !== null ? settings.jwks_algorithms : [])].join(', ');
      return refuse(`The algorithm "${alg}" is not accepted by this board. Allowed: ${allowed}.`);
    }
  } catch (error) {
    return refusalOf(error, audience, settings.issuer);
  }
  const nowSeconds = Math.floor(input.now / 1000);
  if (payload.exp! > nowSeconds + MAX_SSO_TOKEN_SECONDS + SSO_CLOCK_SKEW_SECONDS) {
    return refuse('The token lives too long: its exp may be at most 10 minutes after it is signed.');
  }
  if (payload.iat !== undefined && payload.iat > nowSeconds + SSO_CLOCK_SKEW_SECONDS) {
    return refuse('The token was issued in the future (its iat). Check the clock of the signing server.');
  }
  return readSsoClaims(payload);
}

/** Verifies with each live secret in turn (newest first): during a rotation's overlap both work. */
async function firstVerified(token: string, secrets: SsoSecretRecord[], options: Parameters<typeof jwtVerify>[2]): Promise<JWTPayload> {
  let failure: unknown;
  for (const secret of [...secrets].reverse()) {
    try {
      return (await jwtVerify(token, new TextEncoder().encode(secret.secret), options)).payload;
    } catch (error) {
      if ((error as { code?: string }).code !== 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED') throw error;
      failure = error;
    }
  }
  throw failure;
}
