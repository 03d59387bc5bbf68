/** The oauth aggregate in SQL: registered clients, grants, and the codes and tokens of grants. */
import type { OAuthClientRecord, OAuthCodeRecord, OAuthGrantRecord, OAuthTokenRecord } from '../../../src/domain/oauth.js';
import type { AggregateMethods } from '../../../src/storage/contract/registry.js';
import type { Sql } from '../sql.js';

/** A client `c` that no grant names: it never completed an authorization (the grants' client ids are read once, not per client). */
const WITHOUT_GRANT = 'c.client_id NOT IN (SELECT client_id FROM fb_oauth_grants)';

const CLIENT_COLUMNS = 'client_id, client_name, redirect_uris, created_at';
const GRANT_COLUMNS =
  'id, organization_id, client_id, member_id, scope, resource, api_key_id, key_salt, created_at, last_used_at, revoked_at';
const CODE_COLUMNS = 'code_hash, grant_id, redirect_uri, code_challenge, expires_at, used_at';
const TOKEN_COLUMNS = 'token_hash, grant_id, kind, expires_at, used_at';

export function oauthMethods(sql: Sql): AggregateMethods<'oauth'> {
  const grant = async (id: number) =>
    (await sql.row<OAuthGrantRecord>(`SELECT ${GRANT_COLUMNS} FROM fb_oauth_grants WHERE id = $1`, [id])) ?? null;
  return {
    async insertOAuthClient(row) {
      await sql.run('INSERT INTO fb_oauth_clients (client_id, client_name, redirect_uris, created_at) VALUES ($1, $2, $3, $4)', [
        row.client_id, row.client_name, JSON.stringify(row.redirect_uris), row.created_at,
      ]);
    },
    async getOAuthClient(clientId) {
      return (await sql.row<OAuthClientRecord>(`SELECT ${CLIENT_COLUMNS} FROM fb_oauth_clients WHERE client_id = $1`, [clientId])) ?? null;
    },
    async purgeOAuthClients({ registeredBefore, limit, clientId }) {
      const deleted = await sql.rows<{ client_id: string }>(
        `DELETE FROM fb_oauth_clients WHERE client_id IN (
           SELECT c.client_id FROM fb_oauth_clients c
           WHERE c.created_at < $1 AND ($2::text IS NULL OR c.client_id = $2) AND ${WITHOUT_GRANT}
           ORDER BY c.created_at, c.client_id LIMIT $3)
         RETURNING client_id`,
        [registeredBefore, clientId ?? null, Math.max(0, limit)],
      );
      return deleted.length;
    },
    async countOAuthClientsWithoutGrant() {
      const row = (await sql.row<{ count: string; oldest: string | null }>(
        `SELECT count(*) AS count, min(c.created_at) AS oldest FROM fb_oauth_clients c WHERE ${WITHOUT_GRANT}`,
        [],
      ))!;
      return { count: Number(row.count), oldest: row.oldest };
    },

    async insertOAuthGrant(row) {
      return (await sql.row<OAuthGrantRecord>(
        `INSERT INTO fb_oauth_grants (organization_id, client_id, member_id, scope, resource, api_key_id, key_salt, created_at, last_used_at, revoked_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING ${GRANT_COLUMNS}`,
        [row.organization_id, row.client_id, row.member_id, row.scope, row.resource, row.api_key_id, row.key_salt, row.created_at, row.last_used_at, row.revoked_at],
      ))!;
    },
    getOAuthGrant: grant,
    async listOAuthGrants(organizationId) {
      return sql.rows<OAuthGrantRecord>(`SELECT ${GRANT_COLUMNS} FROM fb_oauth_grants WHERE organization_id = $1 ORDER BY id`, [organizationId]);
    },
    async updateOAuthGrant(id, patch) {
      const fields = (['last_used_at', 'revoked_at'] as const).filter((field) => patch[field] !== undefined);
      if (fields.length === 0) return grant(id);
      return (
        (await sql.row<OAuthGrantRecord>(
          `UPDATE fb_oauth_grants SET ${fields.map((field, i) => `${field} = $${i + 2}`).join(', ')} WHERE id = $1 RETURNING ${GRANT_COLUMNS}`,
          [id, ...fields.map((field) => patch[field] ?? null)],
        )) ?? null
      );
    },

    async insertOAuthCode(row) {
      await sql.run(
        'INSERT INTO fb_oauth_codes (code_hash, grant_id, redirect_uri, code_challenge, expires_at, used_at) VALUES ($1, $2, $3, $4, $5, NULL)',
        [row.code_hash, row.grant_id, row.redirect_uri, row.code_challenge, row.expires_at],
      );
    },
    async getOAuthCode(codeHash) {
      return (await sql.row<OAuthCodeRecord>(`SELECT ${CODE_COLUMNS} FROM fb_oauth_codes WHERE code_hash = $1`, [codeHash])) ?? null;
    },
    // One conditional statement, as useSignInLink: of concurrent uses, in any process, one wins.
    async useOAuthCode(codeHash, now) {
      return (
        (await sql.row<OAuthCodeRecord>(
          `UPDATE fb_oauth_codes SET used_at = $2 WHERE code_hash = $1 AND used_at IS NULL RETURNING ${CODE_COLUMNS}`,
          [codeHash, now],
        )) ?? null
      );
    },

    async insertOAuthToken(row) {
      await sql.run('INSERT INTO fb_oauth_tokens (token_hash, grant_id, kind, expires_at, used_at) VALUES ($1, $2, $3, $4, NULL)', [
        row.token_hash, row.grant_id, row.kind, row.expires_at,
      ]);
    },
    async getOAuthToken(tokenHash) {
      return (await sql.row<OAuthTokenRecord>(`SELECT ${TOKEN_COLUMNS} FROM fb_oauth_tokens WHERE token_hash = $1`, [tokenHash])) ?? null;
    },
    async useOAuthToken(tokenHash, now) {
      return (
        (await sql.row<OAuthTokenRecord>(
          `UPDATE fb_oauth_tokens SET used_at = $2 WHERE token_hash = $1 AND used_at IS NULL RETURNING ${TOKEN_COLUMNS}`,
          [tokenHash, now],
        )) ?? null
      );
    },
  };
}
