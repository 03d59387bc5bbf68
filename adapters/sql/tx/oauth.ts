/** The oauth aggregate in SQL: registered clients, grants, and the codes and tokens of grants. */
import type { OAuthCodeRecord, OAuthTokenRecord } from '../../../src/domain/oauth.js';
import type { AggregateMethods } from '../../../src/storage/contract/registry.js';
import type { SqlSeam } from '../seam.js';
import { oneRow } from '../statements.js';

/** A client `c` that no grant names: it never completed an authorization (the grants' client ids are read once, not per client). */
const WITHOUT_GRANT = 'c.client_id NOT IN (SELECT client_id FROM fb_oauth_grants)';
const PURGE_CLIENTS = `DELETE FROM fb_oauth_clients WHERE client_id IN (
           SELECT c.client_id FROM fb_oauth_clients c
           WHERE c.created_at < @before AND (CAST(@client AS TEXT) IS NULL OR c.client_id = @client) AND ${WITHOUT_GRANT}
           ORDER BY c.created_at, c.client_id LIMIT @limit)`;
const CLIENTS_WITHOUT_GRANT = `SELECT CAST(count(*) AS INTEGER) AS count, min(c.created_at) AS oldest FROM fb_oauth_clients c WHERE ${WITHOUT_GRANT}`;
const CODE_FIELDS = 'code_hash, grant_id, redirect_uri, code_challenge, expires_at, used_at';
const TOKEN_FIELDS = 'token_hash, grant_id, kind, expires_at, used_at';

/**
 * What SQL answers in one statement: a purge and a count over the clients, and spending a code or
 * a token, which must be one conditional statement. Clients, grants, codes and tokens are read and
 * written by their keys as the record stores' defaults do (../defaults.ts).
 */
export function oauthMethods(
  db: SqlSeam,
): Pick<AggregateMethods<'oauth'>, 'purgeOAuthClients' | 'countOAuthClientsWithoutGrant' | 'useOAuthCode' | 'useOAuthToken'> {
  // One conditional statement, as useSignInLink: of concurrent uses, in any process, one wins.
  const useCode = oneRow<OAuthCodeRecord>(
    db,
    `UPDATE fb_oauth_codes SET used_at = ? WHERE code_hash = ? AND used_at IS NULL RETURNING ${CODE_FIELDS}`,
  );
  const useToken = oneRow<OAuthTokenRecord>(
    db,
    `UPDATE fb_oauth_tokens SET used_at = ? WHERE token_hash = ? AND used_at IS NULL RETURNING ${TOKEN_FIELDS}`,
  );
  return {
    async purgeOAuthClients({ registeredBefore, limit, clientId }) {
      return db.run(
        PURGE_CLIENTS,
        { before: registeredBefore, client: clientId ?? null, limit: Math.max(0, limit) },
      );
    },
    async countOAuthClientsWithoutGrant() {
      const row = (await db.row<{ count: number; oldest: string | null }>(CLIENTS_WITHOUT_GRANT))!;
      return { count: row.count, oldest: row.oldest };
    },
    useOAuthCode: (codeHash, now) => useCode(now, codeHash),
    useOAuthToken: (tokenHash, now) => useToken(now, tokenHash),
  };
}
