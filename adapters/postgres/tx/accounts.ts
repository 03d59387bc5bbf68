/**
 * The accounts aggregate in SQL: organizations, API keys and settings, small keyed records, one
 * statement each (an INSERT or UPDATE returns the stored row itself).
 */
import type { ApiKeyRecord, OrganizationRecord } from '../../../src/domain/records.js';
import type { AggregateMethods } from '../../../src/storage/contract/registry.js';
import { assignments, type Sql } from '../sql.js';

const ORGANIZATION_COLUMNS = 'id, name, created_at';
const API_KEY_COLUMNS = 'id, organization_id, scope, label, prefix, hash, created_at, revoked_at';

export function accountsMethods(sql: Sql): AggregateMethods<'accounts'> {
  const getApiKey = async (id: number) =>
    (await sql.row<ApiKeyRecord>(`SELECT ${API_KEY_COLUMNS} FROM fb_api_keys WHERE id = $1`, [id])) ?? null;

  return {
    async insertOrganization(row) {
      return (await sql.row<OrganizationRecord>(
        `INSERT INTO fb_organizations (name, created_at) VALUES ($1, $2) RETURNING ${ORGANIZATION_COLUMNS}`,
        [row.name, row.created_at],
      ))!;
    },
    async getOrganization(id) {
      return (await sql.row<OrganizationRecord>(`SELECT ${ORGANIZATION_COLUMNS} FROM fb_organizations WHERE id = $1`, [id])) ?? null;
    },
    async listOrganizations() {
      return sql.rows<OrganizationRecord>(`SELECT ${ORGANIZATION_COLUMNS} FROM fb_organizations ORDER BY id`);
    },

    async insertApiKey(row) {
      return (await sql.row<ApiKeyRecord>(
        `INSERT INTO fb_api_keys (organization_id, scope, label, prefix, hash, created_at, revoked_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${API_KEY_COLUMNS}`,
        [row.organization_id, row.scope, row.label, row.prefix, row.hash, row.created_at, row.revoked_at],
      ))!;
    },
    getApiKey,
    async getApiKeyByHash(hash) {
      return (
        (await sql.row<ApiKeyRecord>(`SELECT ${API_KEY_COLUMNS} FROM fb_api_keys WHERE hash = $1 ORDER BY id LIMIT 1`, [hash])) ??
        null
      );
    },
    async listApiKeys(organizationId) {
      return sql.rows<ApiKeyRecord>(`SELECT ${API_KEY_COLUMNS} FROM fb_api_keys WHERE organization_id = $1 ORDER BY id`, [organizationId]);
    },
    async updateApiKey(id, patch) {
      const { set, params } = assignments([
        ['label', patch.label],
        ['revoked_at', patch.revoked_at],
      ], 2);
      if (set === '') return getApiKey(id);
      return (await sql.row<ApiKeyRecord>(`UPDATE fb_api_keys SET ${set} WHERE id = $1 RETURNING ${API_KEY_COLUMNS}`, [id, ...params])) ?? null;
    },

    async getSetting(name) {
      return (await sql.row<{ value: string }>('SELECT value FROM fb_settings WHERE name = $1', [name]))?.value ?? null;
    },
    async setSetting(name, value) {
      if (value === null) await sql.run('DELETE FROM fb_settings WHERE name = $1', [name]);
      else {
        await sql.run(
          'INSERT INTO fb_settings (name, value) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET value = excluded.value',
          [name, value],
        );
      }
    },
    async insertSettingIfAbsent(name, value) {
      // Under READ COMMITTED, an insert racing another waits for it to commit and then does nothing;
      // the select that follows sees the row the other wrote.
      await sql.run('INSERT INTO fb_settings (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [name, value]);
      return (await sql.row<{ value: string }>('SELECT value FROM fb_settings WHERE name = $1', [name]))!.value;
    },
  };
}
