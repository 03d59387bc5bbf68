/** The oauth aggregate of the storage contract: clients, grants, codes and tokens of OAuth for MCP. */
import type { OAuthClientRecord, OAuthCodeRecord, OAuthGrantRecord, OAuthTokenRecord } from '../../domain/oauth.js';
import type { AggregateDefinition, NewRecord } from './shared.js';
import type { ScopeTable } from './scopes.js';

/** OAuth's records: codes and tokens stored by hash, grants by id, clients by their random id. */
export interface OAuthTx {
  /** Stores a registered client (its random `client_id` is unique). */
  insertOAuthClient(row: OAuthClientRecord): Promise<void>;
  /** The client, or null. */
  getOAuthClient(clientId: string): Promise<OAuthClientRecord | null>;
  /**
   * Deletes clients that no grant names (they never completed an authorization) registered before
   * `registeredBefore`, the oldest first (then by id), at most `limit` of them; with `clientId`,
   * only that client. Returns how many were deleted.
   */
  purgeOAuthClients(options: { registeredBefore: string; limit: number; clientId?: string }): Promise<number>;
  /** How many clients no grant names, and when the oldest of them was registered (null when none). */
  countOAuthClientsWithoutGrant(): Promise<{ count: number; oldest: string | null }>;

  /** Stores an approval; the storage assigns its id. */
  insertOAuthGrant(row: NewRecord<OAuthGrantRecord>): Promise<OAuthGrantRecord>;
  /** The grant, revoked or not, or null. */
  getOAuthGrant(id: number): Promise<OAuthGrantRecord | null>;
  /** The organization's grants, revoked ones included, id asc. */
  listOAuthGrants(organizationId: number): Promise<OAuthGrantRecord[]>;
  /** Changes a grant's use or revocation time; null if there is no such grant. */
  updateOAuthGrant(id: number, patch: Partial<Pick<OAuthGrantRecord, 'last_used_at' | 'revoked_at'>>): Promise<OAuthGrantRecord | null>;

  /** Stores a code under its hash, with `used_at: null`. */
  insertOAuthCode(row: OAuthCodeRecord): Promise<void>;
  /** The code, used or not, expired or not, or null. */
  getOAuthCode(codeHash: string): Promise<OAuthCodeRecord | null>;
  /**
   * Uses a code in one atomic step: if it exists and is unused, sets `used_at` to `now` and
   * returns the updated record; otherwise changes nothing and returns null. Of concurrent calls
   * for one code, in one process or many sharing a store, one wins. Expiry is the caller's check.
   */
  useOAuthCode(codeHash: string, now: string): Promise<OAuthCodeRecord | null>;

  /** Stores a token under its hash, with `used_at: null`. */
  insertOAuthToken(row: OAuthTokenRecord): Promise<void>;
  /** The token, used or not, expired or not, or null. */
  getOAuthToken(tokenHash: string): Promise<OAuthTokenRecord | null>;
  /** Uses a token once, atomically, exactly as {@link OAuthTx.useOAuthCode} uses a code. */
  useOAuthToken(tokenHash: string, now: string): Promise<OAuthTokenRecord | null>;
}

/** The oauth aggregate: which methods write; no generic fallbacks. */
export const OAUTH_AGGREGATE = {
  writes: {
    insertOAuthClient: true,
    getOAuthClient: false,
    purgeOAuthClients: true,
    countOAuthClientsWithoutGrant: false,
    insertOAuthGrant: true,
    getOAuthGrant: false,
    listOAuthGrants: false,
    updateOAuthGrant: true,
    insertOAuthCode: true,
    getOAuthCode: false,
    useOAuthCode: true,
    insertOAuthToken: true,
    getOAuthToken: false,
    useOAuthToken: true,
  },
  fallbacks: {},
} satisfies AggregateDefinition<OAuthTx>;

/** What each method locks in a write transaction (see ./scopes.ts). */
export const OAUTH_SCOPES = {
  // oauth: clients, codes and tokens are found by their random keys, spent by one conditional
  // statement each; a grant belongs to its organization
  insertOAuthClient: 'none',
  getOAuthClient: 'none',
  // one statement each: the expired clients without a grant, deleted or counted
  purgeOAuthClients: 'none',
  countOAuthClientsWithoutGrant: 'none',
  insertOAuthGrant: 'organization.organization_id',
  getOAuthGrant: 'oauthGrant',
  listOAuthGrants: 'organization',
  updateOAuthGrant: 'oauthGrant',
  insertOAuthCode: 'none',
  getOAuthCode: 'none',
  useOAuthCode: 'none',
  insertOAuthToken: 'none',
  getOAuthToken: 'none',
  useOAuthToken: 'none',
} satisfies ScopeTable<OAuthTx>;
