/**
 * OAuth 2.1 for the MCP endpoint (docs/mcp.md, "Connecting by OAuth"): the clients that registered
 * themselves, the grants a team member approved, and the one-time codes and tokens of each grant.
 * Only SHA-256 hashes of codes and tokens are stored; the raw values travel to the client once.
 */
import type { Scope } from './records.js';

/** A client registered by dynamic client registration: public (no secret), with its redirect URIs. */
export interface OAuthClientRecord {
  /** Random, handed out at registration. */
  client_id: string;
  client_name: string;
  /** https URIs, or http on localhost / 127.0.0.1; exact matches only. */
  redirect_uris: string[];
  created_at: string;
}

/**
 * One approval of a client by a team member: a "connected agent". The grant acts through an API
 * key of its own (`api_key_id`, with the grant's scope) so that rate limits, scopes and revocation
 * are those of the API. Every code and token belongs to one grant; revoking the grant (or the
 * reuse of a spent code or refresh token) ends them all.
 */
export interface OAuthGrantRecord {
  id: number;
  organization_id: number;
  client_id: string;
  /** The team member who approved it. */
  member_id: number;
  scope: Scope;
  /** The protected resource the grant's tokens are for (RFC 8707), e.g. `https://host/mcp`. */
  resource: string;
  api_key_id: number;
  /** Random; with the server's secret it yields the grant's API key (never stored itself). */
  key_salt: string;
  created_at: string;
  /** When a token of the grant was last accepted, to the minute; null before the first use. */
  last_used_at: string | null;
  revoked_at: string | null;
}

/** An authorization code, single-use and short-lived, bound to its redirect URI and PKCE challenge. */
export interface OAuthCodeRecord {
  code_hash: string;
  grant_id: number;
  redirect_uri: string;
  /** The S256 code challenge (base64url SHA-256 of the verifier). */
  code_challenge: string;
  expires_at: string;
  used_at: string | null;
}

/** An access token (used many times until it expires) or a refresh token (used once, rotated). */
export type OAuthTokenKind = 'access' | 'refresh';

/** An issued token of a grant, by the SHA-256 hash of its raw value. */
export interface OAuthTokenRecord {
  token_hash: string;
  grant_id: number;
  kind: OAuthTokenKind;
  expires_at: string;
  /** Refresh tokens: when it was exchanged for new tokens; access tokens keep null. */
  used_at: string | null;
}

/**
 * A refusal of the OAuth endpoints, in OAuth's own terms: `error` is an RFC 6749 / RFC 7591 code
 * (`invalid_request`, `invalid_grant`, `invalid_redirect_uri`...), answered as
 * `{ error, error_description }` with `status`, or sent back to the client's redirect URI.
 */
export class OAuthError extends Error {
  override readonly name = 'OAuthError';
  /** The OAuth error code. */
  readonly error: string;
  /** The HTTP status of the JSON answer. */
  readonly status: number;

  /** For a 429: the seconds to wait, sent as `Retry-After`. */
  readonly retryAfterSeconds: number | undefined;

  /** An error with its OAuth code, a human description, and the status of its JSON answer (400). */
  constructor(error: string, description: string, status = 400, retryAfterSeconds?: number) {
    super(description);
    this.error = error;
    this.status = status;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}
