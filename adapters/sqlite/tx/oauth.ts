/** The oauth aggregate in SQL: registered clients, grants, and the codes and tokens of grants. */
import type { OAuthClientRecord, OAuthCodeRecord, OAuthGrantRecord, OAuthTokenRecord } from '../../../src/domain/oauth.js';
import type { AggregateMethods } from '../../../src/storage/contract/registry.js';
import type { Sql } from '../sql.js';

const CLIENT = 'SELECT client_id, client_name, redirect_uris, created_at FROM fb_oauth_clients';
const GRANT_COLUMNS =
  'id, organization_id, client_id, member_id, scope, resource, api_key_id, key_salt, created_at, last_used_at, revoked_at';
const CODE_COLUMNS = 'code_hash, grant_id, redirect_uri, code_challenge, expires_at, used_at';
const TOKEN_COLUMNS = 'token_hash, grant_id, kind, expires_at, used_at';

/** A client `c` that no grant names: it never completed an authorization (the grants' client ids are read once, not per client). */
const WITHOUT_GRANT = 'c.client_id NOT IN (SELECT client_id FROM fb_oauth_grants)';

type ClientRow = Omit<OAuthClientRecord, 'redirect_uris'> & { redirect_uris: string };
const toClient = (row: ClientRow): OAuthClientRecord => ({ ...row, redirect_uris: JSON.parse(row.redirect_uris) as string[] });

export function oauthMethods(sql: Sql): AggregateMethods<'oauth'> {
  const grant = async (id: number) => sql.get<OAuthGrantRecord>(`SELECT ${GRANT_COLUMNS} FROM fb_oauth_grants WHERE id = ?`, id) ?? null;
  return {
    async insertOAuthClient(row) {
      sql.run(
        'INSERT INTO fb_oauth_clients (client_id, client_name, redirect_uris, created_at) VALUES (?, ?, ?, ?)',
        row.client_id,
        row.client_name,
        JSON.stringify(row.redirect_uris),
        row.created_at,
      );
    },
    async getOAuthClient(clientId) {
      const row = sql.get<ClientRow>(`${CLIENT} WHERE client_id = ?`, clientId);
      return row ? toClient(row) : null;
    },
    async purgeOAuthClients({ registeredBefore, limit, clientId }) {
      return sql.run(
        `DELETE FROM fb_oauth_clients WHERE client_id IN (
           SELECT c.client_id FROM fb_oauth_clients c
           WHERE c.created_at < ? AND (? IS NULL OR c.client_id = ?) AND ${WITHOUT_GRANT}
           ORDER BY c.created_at, c.client_id LIMIT ?)`,
        registeredBefore,
        clientId ?? null,
        clientId ?? null,
        Math.max(0, limit),
      ).changes;
    },
    async countOAuthClientsWithoutGrant() {
      const row = sql.get<{ count: number; oldest: string | null }>(`SELECT count(*) AS count, min(c.created_at) AS oldest FROM fb_oauth_clients c WHERE ${WITHOUT_GRANT}`)!;
      return { count: row.count, oldest: row.oldest };
    },

    async insertOAuthGrant(row) {
      return sql.get<OAuthGrantRecord>(
        `INSERT INTO fb_oauth_grants (organization_id, client_id, member_id, scope, resource, api_key_id, key_salt, created_at, last_used_at, revoked_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING ${GRANT_COLUMNS}`,
        row.organization_id,
        row.client_id,
        row.member_id,
        row.scope,
        row.resource,
        row.api_key_id,
        row.key_salt,
        row.created_at,
        row.last_used_at,
        row.revoked_at,
      )!;
    },
    getOAuthGrant: grant,
    async listOAuthGrants(organizationId) {
      return sql.all<OAuthGrantRecord>(`SELECT ${GRANT_COLUMNS} FROM fb_oauth_grants WHERE organization_id = ? ORDER BY id`, organizationId);
    },
    async updateOAuthGrant(id, patch) {
      const fields = (['last_used_at', 'revoked_at'] as const).filter((field) => patch[field] !== undefined);
      if (fields.length === 0) return grant(id);
      return (
        sql.get<OAuthGrantRecord>(
          `UPDATE fb_oauth_grants SET ${fields.map((field) => `${field} = ?`).join(', ')} WHERE id = ? RETURNING ${GRANT_COLUMNS}`,
          ...fields.map((field) => patch[field] ?? null),
          id,
        ) ?? null
      );
    },

    async insertOAuthCode(row) {
      sql.run(
        'INSERT INTO fb_oauth_codes (code_hash, grant_id, redirect_uri, code_challenge, expires_at, used_at) VALUES (?, ?, ?, ?, ?, NULL)',
        row.code_hash,
        row.grant_id,
        row.redirect_uri,
        row.code_challenge,
        row.expires_at,
      );
    },
    async getOAuthCode(codeHash) {
      return sql.get<OAuthCodeRecord>(`SELECT ${CODE_COLUMNS} FROM fb_oauth_codes WHERE code_hash = ?`, codeHash) ?? null;
    },
    // One conditional statement, as useSignInLink: of concurrent uses, in any process, one wins.
    async useOAuthCode(codeHash, now) {
      return (
        sql.get<OAuthCodeRecord>(
          `UPDATE fb_oauth_codes SET used_at = ? WHERE code_hash = ? AND used_at IS NULL RETURNING ${CODE_COLUMNS}`,
          now,
          codeHash,
        ) ?? null
      );
    },

    async insertOAuthToken(row) {
      sql.run(
        'INSERT INTO fb_oauth_tokens (token_hash, grant_id, kind, expires_at, used_at) VALUES (?, ?, ?, ?, NULL)',
        row.token_hash,
        row.grant_id,
        row.kind,
        row.expires_at,
      );
    },
    async getOAuthToken(tokenHash) {
      return sql.get<OAuthTokenRecord>(`SELECT ${TOKEN_COLUMNS} FROM fb_oauth_tokens WHERE token_hash = ?`, tokenHash) ?? null;
    },
    async useOAuthToken(tokenHash, now) {
      return (
        sql.get<OAuthTokenRecord>(
          `UPDATE fb_oauth_tokens SET used_at = ? WHERE token_hash = ? AND used_at IS NULL RETURNING ${TOKEN_COLUMNS}`,
          now,
          tokenHash,
        ) ?? null
      );
    },
  };
}
