/**
 * The accounts aggregate in SQL: organizations, API keys and settings, small keyed records, one
 * statement each.
 */
import type { OrganizationRecord } from '../../../src/domain/records.js';
import type { AggregateMethods } from '../../../src/storage/contract/registry.js';
import { assignments, type Sql } from '../sql.js';
import type { ApiKeyRow } from './rows.js';

const ORGANIZATION = 'SELECT id, name, created_at FROM fb_organizations';
const API_KEY = `SELECT id, organization_id, scope, label, prefix, hash, created_at, revoked_at
  FROM fb_api_keys`;

export function accountsMethods(sql: Sql): AggregateMethods<'accounts'> {
  const getApiKey = (id: number) => sql.get<ApiKeyRow>(`${API_KEY} WHERE id = ?`, id) ?? null;

  return {
    async insertOrganization(row) {
      const { id } = sql.get<{ id: number }>(
        'INSERT INTO fb_organizations (name, created_at) VALUES (?, ?) RETURNING id',
        row.name,
        row.created_at,
      )!;
      return { id, name: row.name, created_at: row.created_at };
    },
    async getOrganization(id) {
      return sql.get<OrganizationRecord>(`${ORGANIZATION} WHERE id = ?`, id) ?? null;
    },
    async listOrganizations() {
      return sql.all<OrganizationRecord>(`${ORGANIZATION} ORDER BY id`);
    },

    async insertApiKey(row) {
      const { id } = sql.get<{ id: number }>(
        `INSERT INTO fb_api_keys (organization_id, scope, label, prefix, hash, created_at, revoked_at)
         VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`,
        row.organization_id,
        row.scope,
        row.label,
        row.prefix,
        row.hash,
        row.created_at,
        row.revoked_at,
      )!;
      return getApiKey(id)!;
    },
    async getApiKey(id) {
      return getApiKey(id);
    },
    async getApiKeyByHash(hash) {
      return sql.get<ApiKeyRow>(`${API_KEY} WHERE hash = ? ORDER BY id LIMIT 1`, hash) ?? null;
    },
    async listApiKeys(organizationId) {
      return sql.all<ApiKeyRow>(`${API_KEY} WHERE organization_id = ? ORDER BY id`, organizationId);
    },
    async updateApiKey(id, patch) {
      const { set, params } = assignments([
        ['label', patch.label],
        ['revoked_at', patch.revoked_at],
      ]);
      if (set !== '') sql.run(`UPDATE fb_api_keys SET ${set} WHERE id = ?`, ...params, id);
      return getApiKey(id);
    },

    async getSetting(name) {
      return sql.value<string>('SELECT value FROM fb_settings WHERE name = ?', name) ?? null;
    },
    async setSetting(name, value) {
      if (value === null) sql.run('DELETE FROM fb_settings WHERE name = ?', name);
      else {
        sql.run(
          'INSERT INTO fb_settings (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value',
          name,
          value,
        );
      }
    },
    async insertSettingIfAbsent(name, value) {
      sql.run('INSERT INTO fb_settings (name, value) VALUES (?, ?) ON CONFLICT (name) DO NOTHING', name, value);
      return sql.value<string>('SELECT value FROM fb_settings WHERE name = ?', name)!;
    },
  };
}
