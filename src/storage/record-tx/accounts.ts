/** The accounts aggregate over the record store: organizations, API keys and settings. */
import type { ApiKeyRecord, OrganizationRecord } from '../../domain/records.js';
import type { AggregateMethods } from '../contract/registry.js';
import { cloneRow, type RecordStore } from '../record-store.js';
import { byIdAsc, patched } from './shared.js';
import { insertDefaultStatuses, statusMethods } from './statuses.js';

const API_KEY_PATCH_FIELDS = ['label', 'revoked_at'] as const;

export function accountsMethods(store: RecordStore): AggregateMethods<'accounts'> {
  const organizations = store.table('organizations');
  const apiKeys = store.table('api_keys');
  const settings = store.table('settings');

  return {
    async insertOrganization(row) {
      const record: OrganizationRecord = {
        id: await store.nextId('organizations'),
        name: row.name,
        created_at: row.created_at,
      };
      await organizations.put(record);
      await insertDefaultStatuses(store, record.id);
      return cloneRow(record);
    },
    async getOrganization(id) {
      const row = await organizations.get(id);
      return row ? cloneRow(row) : null;
    },
    async listOrganizations() {
      const rows = await organizations.getAll();
      return rows.sort(byIdAsc).map((row) => cloneRow(row));
    },

    async insertApiKey(row) {
      const record: ApiKeyRecord = {
        id: await store.nextId('api_keys'),
        organization_id: row.organization_id,
        scope: row.scope,
        label: row.label,
        prefix: row.prefix,
        hash: row.hash,
        created_at: row.created_at,
        revoked_at: row.revoked_at,
      };
      await apiKeys.put(record);
      return cloneRow(record);
    },
    async getApiKey(id) {
      const row = await apiKeys.get(id);
      return row ? cloneRow(row) : null;
    },
    async getApiKeyByHash(hash) {
      const [first] = (await apiKeys.getAllFromIndex('by_hash', hash)).sort(byIdAsc);
      return first ? cloneRow(first) : null;
    },
    async listApiKeys(organizationId) {
      const rows = await apiKeys.getAllFromIndex('by_organization', organizationId);
      return rows.sort(byIdAsc).map((row) => cloneRow(row));
    },
    async updateApiKey(id, patch) {
      const row = await apiKeys.get(id);
      if (!row) return null;
      const next = patched<ApiKeyRecord, 'label' | 'revoked_at'>(row, patch, API_KEY_PATCH_FIELDS);
      await apiKeys.put(next);
      return cloneRow(next);
    },

    async getSetting(name) {
      const row = await settings.get(name);
      return row ? row.value : null;
    },
    async setSetting(name, value) {
      if (value === null) await settings.delete(name);
      else await settings.put({ name, value });
    },
    async insertSettingIfAbsent(name, value) {
      // Record stores run one write transaction at a time: nothing can come between.
      const row = await settings.get(name);
      if (row) return row.value;
      await settings.put({ name, value });
      return value;
    },

    ...statusMethods(store),
  };
}
