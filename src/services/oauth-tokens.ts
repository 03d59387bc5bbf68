/**
 * OAuth 2.1 for MCP, the token side: the token endpoint (authorization code with PKCE, refresh
 * with rotation) and the resolution of an access token to the API key its grant acts through.
 *
 * Tokens are opaque random strings stored as SHA-256 hashes, like API keys. A spent code or
 * refresh token presented again revokes its whole grant (RFC 9700 §4.14: a replay means one of
 * the two holders is not the client). Access tokens are bound to one resource (RFC 8707); the MCP
 * handler resolves them (mcp/oauth-access.ts).
 */
import { OAuthError, type OAuthGrantRecord, type OAuthTokenRecord } from '../domain/oauth.js';
import { cryptoRandom } from '../domain/ports.js';
import { toIso } from '../domain/time.js';
import type { StorageTx } from '../storage/contract.js';
import { hashToken, randomToken, s256, VERIFIER_PATTERN } from './oauth-crypto.js';
import type { OAuthContext } from './oauth.js';

/** Lifetimes: access tokens one hour, refresh tokens 30 days (each use rotates it). */
export const ACCESS_TOKEN_TTL_MS = 3_600_000;
export const REFRESH_TOKEN_TTL_MS = 30 * 86_400_000;

/** The token endpoint's answer (RFC 6749 §5.1). */
export interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token: string;
  scope: string;
}

const invalidGrant = (description: string) => new OAuthError('invalid_grant', description);

/** Revokes a grant inside `tx` (when live); returns it so the caller revokes its key after commit. */
async function revokeInTx(tx: StorageTx, grantId: number, now: string): Promise<OAuthGrantRecord | null> {
  const grant = await tx.getOAuthGrant(grantId);
  if (!grant || grant.revoked_at !== null) return null;
  return tx.updateOAuthGrant(grantId, { revoked_at: now });
}

/**
 * Answers a token request (the form of `POST /oauth/token`) for `resource`, the MCP endpoint's URL:
 * `authorization_code` (with `code_verifier`) or `refresh_token`. Every refusal is an
 * {@link OAuthError}; a replayed code or refresh token also revokes its grant.
 */
export async function exchangeToken(ctx: OAuthContext, form: URLSearchParams, resource: string): Promise<TokenResponse> {
  const type = form.get('grant_type');
  if (type !== 'authorization_code' && type !== 'refresh_token') {
    throw new OAuthError('unsupported_grant_type', 'grant_type must be authorization_code or refresh_token');
  }
  const asked = form.get('resource');
  if (asked !== null && asked !== resource) throw new OAuthError('invalid_target', `Tokens are issued for ${resource} only`);
  const clientId = form.get('client_id');
  if (clientId === null) throw new OAuthError('invalid_request', 'client_id is required');
  const presented = form.get(type === 'authorization_code' ? 'code' : 'refresh_token');
  if (presented === null) throw new OAuthError('invalid_request', `${type === 'authorization_code' ? 'code' : 'refresh_token'} is required`);
  const verifier = form.get('code_verifier');
  if (type === 'authorization_code' && (verifier === null || !VERIFIER_PATTERN.test(verifier))) {
    throw new OAuthError('invalid_request', 'code_verifier (43 to 128 characters) is required');
  }

  // Hashes, new tokens and the time are made before the transaction (see the storage contract).
  const random = ctx.random ?? cryptoRandom;
  const presentedHash = await hashToken(presented);
  const challenge = verifier === null ? null : await s256(verifier);
  const access = randomToken(random, 'fbat_');
  const refresh = randomToken(random, 'fbrt_');
  const [accessHash, refreshHash] = await Promise.all([hashToken(access), hashToken(refresh)]);
  const nowMs = ctx.clock.now();
  const now = toIso(nowMs);

  type Outcome = { grant: OAuthGrantRecord } | { replayed: OAuthGrantRecord | null; error: OAuthError };
  const refused = (description: string): Outcome => ({ replayed: null, error: invalidGrant(description) });
  const outcome = await ctx.storage.transaction('write', async (tx): Promise<Outcome> => {
    // Everything the request must match is checked before the code or token is spent: a request
    // with another client's id, or without the right verifier, changes nothing, and the real
    // client's next request still works.
    const found = type === 'authorization_code' ? await tx.getOAuthCode(presentedHash) : await tx.getOAuthToken(presentedHash);
    if (!found || ('kind' in found && found.kind !== 'refresh')) {
      return refused(type === 'authorization_code' ? 'Unknown authorization code' : 'Unknown refresh token');
    }
    const grant = await tx.getOAuthGrant(found.grant_id);
    if (!grant || grant.client_id !== clientId) return refused('The grant belongs to another client');
    if (found.used_at !== null) {
      const what = type === 'authorization_code' ? 'This authorization code was used already; its tokens are revoked' : 'This refresh token was used already; the grant is revoked';
      return { replayed: await revokeInTx(tx, grant.id, now), error: invalidGrant(what) };
    }
    if (!(now < found.expires_at)) return refused(type === 'authorization_code' ? 'The authorization code expired' : 'The refresh token expired');
    if ('code_challenge' in found) {
      if (found.redirect_uri !== (form.get('redirect_uri') ?? found.redirect_uri)) return refused('redirect_uri differs from the authorization request');
      if (found.code_challenge !== challenge) return refused('code_verifier does not match the code_challenge');
    }
    const key = await tx.getApiKey(grant.api_key_id);
    if (grant.revoked_at !== null || !key || key.revoked_at !== null) return refused('The grant was revoked');
    // Spent in one conditional step: of concurrent requests with one code or token, in any process, one wins.
    const spent = type === 'authorization_code' ? await tx.useOAuthCode(presentedHash, now) : await tx.useOAuthToken(presentedHash, now);
    if (!spent) return { replayed: await revokeInTx(tx, grant.id, now), error: invalidGrant('This code or refresh token was used at the same moment by another request; the grant is revoked') };
    const issued = (token_hash: string, kind: OAuthTokenRecord['kind'], ttl: number): OAuthTokenRecord => ({
      token_hash, grant_id: grant.id, kind, expires_at: toIso(nowMs + ttl), used_at: null,
    });
    await tx.insertOAuthToken(issued(accessHash, 'access', ACCESS_TOKEN_TTL_MS));
    await tx.insertOAuthToken(issued(refreshHash, 'refresh', REFRESH_TOKEN_TTL_MS));
    return { grant };
  });
  if ('error' in outcome) {
    if (outcome.replayed) await ctx.revokeApiKey(outcome.replayed.organization_id, outcome.replayed.api_key_id);
    throw outcome.error;
  }
  return { access_token: access, token_type: 'Bearer', expires_in: ACCESS_TOKEN_TTL_MS / 1000, refresh_token: refresh, scope: outcome.grant.scope };
}
