/**
 * Single sign-on from the host application: the organization's signing secrets and settings, the
 * link from the host's user id (`sub`) to a voter, and the companies the host says its users
 * belong to. See docs/sso.md.
 */

/** The signature algorithms a token may use: HS256 with a stored secret, RS256 or ES256 through a JWKS. */
export type SsoAlgorithm = 'HS256' | 'RS256' | 'ES256';

/** The algorithms a JWKS may be used with (HS256 never: its keys are the stored secrets). */
export const JWKS_ALGORITHMS: readonly SsoAlgorithm[] = ['RS256', 'ES256'];

/**
 * A shared secret that HS256 tokens are signed with. Stored as given, because verifying an HS256
 * signature needs the secret itself (see docs/sso.md on storing it).
 */
export interface SsoSecretRecord {
  id: number;
  organization_id: number;
  /** The raw secret: shown to the team once, when created. */
  secret: string;
  created_at: string;
  /** After this time (ISO) the secret verifies nothing; null while it has no end (set when rotated). */
  expires_at: string | null;
  /** When the team revoked it; a revoked secret verifies nothing. */
  revoked_at: string | null;
}

/** An organization's SSO settings besides its secrets. */
export interface SsoSettingsRecord {
  organization_id: number;
  /** Where the host publishes its public keys for RS256/ES256 tokens (https, or http on loopback); null for none. */
  jwks_url: string | null;
  /** Which of the JWKS algorithms (RS256, ES256) the JWKS keys may sign with. */
  jwks_algorithms: SsoAlgorithm[];
  /** The `aud` every token must carry; null means the default, `feedback-board:<organization id>`. */
  audience: string | null;
  /** The `iss` every token must carry; null accepts any issuer. */
  issuer: string | null;
  updated_at: string;
}

/** A voter who signs in through SSO: the host's user id (`sub`) and the voter it signed in as. */
export interface SsoIdentityRecord {
  organization_id: number;
  /** The host application's user id; unique per organization. */
  sub: string;
  voter_id: number;
  created_at: string;
}

/** A customer company of the host application, as its tokens last described it. */
export interface CompanyRecord {
  organization_id: number;
  /** The host's id of the company; unique per organization. */
  id: string;
  name: string;
  /** The company's monthly revenue, a whole non-negative number in the organization's currency. */
  monthly_revenue: number;
  updated_at: string;
}

/** The company a voter belongs to (at most one). */
export interface VoterCompanyRecord {
  voter_id: number;
  organization_id: number;
  company_id: string;
}

/**
 * The voter that casts the team's votes on behalf of a customer company (one per company, made
 * on the company's first such vote; see docs/sso.md, "Votes on behalf of a company"). It belongs
 * to the company like any of its people, so its votes count for the company everywhere a
 * person's would.
 */
export interface CompanyVoterRecord {
  organization_id: number;
  /** The host's id of the company; one voter per company. */
  company_id: string;
  voter_id: number;
  created_at: string;
}
