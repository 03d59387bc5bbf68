/** The oauth aggregate in SQL: registered clients, grants, and the codes and tokens of grants. */
import type { OAuthClientRecord, OAuthCodeRecord, OAuthGrantRecord, OAuthTokenRecord } from '../../../src/domain/oauth.js';
import type { AggregateMethods } from '../../../src/storage/contract/registry.js';
import type { SqlSeam } from '../seam.js';
import { assignments, oneRow, runOnly } from '../statements.js';

const CLIENT = 'SELECT client_id, client_name, redirect_uris, created_at FROM fb_oauth_clients';
const GRANT_FIELDS = 'id, organization_id, client_id, member_id, scope, resource, api_key_id, key_salt, created_at, last_used_at, revoked_at';
const GRANT = `SELECT ${GRANT_FIELDS} FROM fb_oauth_grants`;
const CODE_FIELDS = 'code_hash, grant_id, redirect_uri, code_challenge, expires_at, used_at';
const TOKEN_FIELDS = 'token_hash, grant_id, kind, expires_at, used_at';

/** A client `c` that no grant names: it never completed an authorization (the grants' client ids are read once, not per client). */
const WITHOUT_GRANT = 'c.client_id NOT IN (SELECT client_id FROM fb_oauth_grants)';

/** A stored client: its redirect URIs as the store's JSON. */
type ClientRow = Omit<OAuthClientRecord, 'redirect_uris'> & { redirect_uris: unknown };

export function oauthMethods(db: SqlSeam): AggregateMethods<'oauth'> {
  const d = db.dialect;
  const grant = oneRow<OAuthGrantRecord>(db, `${GRANT} WHERE id = ?`);
  const insertClient = runOnly(db, 'INSERT INTO fb_oauth_clients (client_id, client_name, redirect_uris, created_at) VALUES (?, ?, ?, ?)');
  const insertCode = runOnly(
    db,
    'INSERT INTO fb_oauth_codes (code_hash, grant_id, redirect_uri, code_challenge, expires_at, used_at) VALUES (?, ?, ?, ?, ?, NULL)',
  );
  const insertToken = runOnly(db, 'INSERT INTO fb_oauth_tokens (token_hash, grant_id, kind, expires_at, used_at) VALUES (?, ?, ?, ?, NULL)');
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
    insertOAuthClient: (row) => insertClient(row.client_id, row.client_name, JSON.stringify(row.redirect_uris), row.created_at),
    getOAuthClient: oneRow(
      db,
      `${CLIENT} WHERE client_id = ?`,
      (row: ClientRow): OAuthClientRecord => ({ ...row, redirect_uris: d.json<string[]>(row.redirect_uris) }),
    ),
    async purgeOAuthClients({ registeredBefore, limit, clientId }) {
      return db.run(
        `DELETE FROM fb_oauth_clients WHERE client_id IN (
           SELECT c.client_id FROM fb_oauth_clients c
           WHERE c.created_at < @before AND (CAST(@client AS TEXT) IS NULL OR c.client_id = @client) AND ${WITHOUT_GRANT}
           ORDER BY c.created_at, c.client_id LIMIT @limit)`,
        { before: registeredBefore, client: clientId ?? null, limit: Math.max(0, limit) },
      );
    },
    async countOAuthClientsWithoutGrant() {
      const row = (await db.row<{ count: number; oldest: string | null }>(
        `SELECT CAST(count(*) AS INTEGER) AS count, min(c.created_at) AS oldest FROM fb_oauth_clients c WHERE ${WITHOUT_GRANT}`,
      ))!;
      return { count: row.count, oldest: row.oldest };
    },

    async insertOAuthGrant(row) {
      return (await db.row<OAuthGrantRecord>(
        `INSERT INTO fb_oauth_grants (organization_id, client_id, member_id, scope, resource, api_key_id, key_salt, created_at, last_used_at, revoked_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING ${GRANT_FIELDS}`,
        [row.organization_id, row.client_id, row.member_id, row.scope, row.resource, row.api_key_id, row.key_salt, row.created_at, row.last_used_at, row.revoked_at],
      ))!;
    },
    getOAuthGrant: grant,
    listOAuthGrants: async (organizationId) => db.rows<OAuthGrantRecord>(`${GRANT} WHERE organization_id = ? ORDER BY id`, [organizationId]),
    async updateOAuthGrant(id, patch) {
      const { set, params } = assignments([
        ['last_used_at', patch.last_used_at],
        ['revoked_at', patch.revoked_at],
      ]);
      if (set === '') return grant(id);
      return (await db.row<OAuthGrantRecord>(`UPDATE fb_oauth_grants SET ${set} WHERE id = ? RETURNING ${GRANT_FIELDS}`, [...params, id])) ?? null;
    },

    insertOAuthCode: (row) => insertCode(row.code_hash, row.grant_id, row.redirect_uri, row.code_challenge, row.expires_at),
    getOAuthCode: oneRow<OAuthCodeRecord>(db, `SELECT ${CODE_FIELDS} FROM fb_oauth_codes WHERE code_hash = ?`),
    useOAuthCode: (codeHash, now) => useCode(now, codeHash),

    insertOAuthToken: (row) => insertToken(row.token_hash, row.grant_id, row.kind, row.expires_at),
    getOAuthToken: oneRow<OAuthTokenRecord>(db, `SELECT ${TOKEN_FIELDS} FROM fb_oauth_tokens WHERE token_hash = ?`),
    useOAuthToken: (tokenHash, now) => useToken(now, tokenHash),
  };
}
