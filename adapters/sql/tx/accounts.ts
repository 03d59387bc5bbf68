/**
 * The accounts aggregate in SQL: organizations, API keys and settings, small keyed records, one
 * statement each (an INSERT or UPDATE returns the stored row itself).
 */
import type { ApiKeyRecord, OrganizationRecord } from '../../../src/domain/records.js';
import type { AggregateMethods } from '../../../src/storage/contract/registry.js';
import type { SqlSeam } from '../seam.js';
import { allRows, assignments, oneRow, oneValue } from '../statements.js';
import { insertDefaultStatuses, statusMethods } from './statuses.js';

const ORGANIZATION_FIELDS = 'id, name, created_at';
const ORGANIZATION = `SELECT ${ORGANIZATION_FIELDS} FROM fb_organizations`;
const API_KEY_FIELDS = 'id, organization_id, scope, label, prefix, hash, created_at, revoked_at';
const API_KEY = `SELECT ${API_KEY_FIELDS} FROM fb_api_keys`;
const SETTING = 'SELECT value FROM fb_settings WHERE name = ?';
const INSERT_ORGANIZATION = `INSERT INTO fb_organizations (name, created_at) VALUES (?, ?) RETURNING ${ORGANIZATION_FIELDS}`;
const INSERT_API_KEY = `INSERT INTO fb_api_keys (organization_id, scope, label, prefix, hash, created_at, revoked_at)
         VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING ${API_KEY_FIELDS}`;

export function accountsMethods(db: SqlSeam): Omit<AggregateMethods<'accounts'>, 'insertStatus' | 'updateStatus'> {
  const getApiKey = oneRow<ApiKeyRecord>(db, `${API_KEY} WHERE id = ?`);
  return {
    async insertOrganization(row) {
      const organization = (await db.row<OrganizationRecord>(INSERT_ORGANIZATION, [
        row.name,
        row.created_at,
      ]))!;
      await insertDefaultStatuses(db, organization.id);
      return organization;
    },
    getOrganization: oneRow<OrganizationRecord>(db, `${ORGANIZATION} WHERE id = ?`),
    listOrganizations: allRows<OrganizationRecord>(db, `${ORGANIZATION} ORDER BY id`),

    async insertApiKey(row) {
      return (await db.row<ApiKeyRecord>(
        INSERT_API_KEY,
        [row.organization_id, row.scope, row.label, row.prefix, row.hash, row.created_at, row.revoked_at],
      ))!;
    },
    getApiKey,
    getApiKeyByHash: oneRow<ApiKeyRecord>(db, `${API_KEY} WHERE hash = ? ORDER BY id LIMIT 1`),
    listApiKeys: allRows<ApiKeyRecord>(db, `${API_KEY} WHERE organization_id = ? ORDER BY id`),
    async updateApiKey(id, patch) {
      const { set, params } = assignments([
        ['label', patch.label],
        ['revoked_at', patch.revoked_at],
      ]);
      if (set === '') return getApiKey(id);
      return (await db.row<ApiKeyRecord>(`UPDATE fb_api_keys SET ${set} WHERE id = ? RETURNING ${API_KEY_FIELDS}`, [...params, id])) ?? null;
    },

    getSetting: oneValue<string>(db, SETTING),
    async setSetting(name, value) {
      if (value === null) await db.run('DELETE FROM fb_settings WHERE name = ?', [name]);
      else await db.run('INSERT INTO fb_settings (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value', [name, value]);
    },
    async insertSettingIfAbsent(name, value) {
      // In PostgreSQL (READ COMMITTED), an insert racing another waits for it to commit and then
      // does nothing; the select that follows sees the row the other wrote.
      await db.run('INSERT INTO fb_settings (name, value) VALUES (?, ?) ON CONFLICT (name) DO NOTHING', [name, value]);
      return (await db.value<string>(SETTING, [name]))!;
    },

    ...statusMethods(db),
  };
}
