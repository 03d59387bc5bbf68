/** Organizations, API keys, settings and webhooks over the record store. */
import type { ApiKeyRecord, OrganizationRecord, WebhookRecord } from '../../domain/records.js';
import type { StorageTx } from '../contract.js';
import { cloneRow, type RecordStore } from '../record-store.js';
import { byCreatedAsc, byIdAsc, patched } from './shared.js';

type AccountMethods = Pick<
  StorageTx,
  | 'insertOrganization'
  | 'getOrganization'
  | 'listOrganizations'
  | 'insertApiKey'
  | 'getApiKey'
  | 'getApiKeyByHash'
  | 'listApiKeys'
  | 'updateApiKey'
  | 'getSetting'
  | 'setSetting'
  | 'insertWebhook'
  | 'getWebhook'
  | 'updateWebhook'
  | 'deleteWebhook'
  | 'listWebhooks'
>;

const API_KEY_PATCH_FIELDS = ['label', 'revoked_at'] as const;
const WEBHOOK_PATCH_FIELDS = ['url', 'description', 'events', 'active', 'secret'] as const;

export function accountMethods(store: RecordStore): AccountMethods {
  const organizations = store.table('organizations');
  const apiKeys = store.table('api_keys');
  const settings = store.table('settings');
  const webhooks = store.table('webhooks');
  const messages = store.table('webhook_messages');
  const attempts = store.table('webhook_attempts');

  return {
    async insertOrganization(row) {
      const record: OrganizationRecord = {
        id: await store.nextId('organizations'),
        name: row.name,
        created_at: row.created_at,
      };
      await organizations.put(record);
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

    async insertWebhook(row) {
      const record: WebhookRecord = {
        id: await store.nextId('webhooks'),
        organization_id: row.organization_id,
        url: row.url,
        description: row.description,
        events: [...row.events],
        active: row.active,
        secret: row.secret,
        created_at: row.created_at,
      };
      await webhooks.put(record);
      return cloneRow(record);
    },
    async getWebhook(id) {
      const row = await webhooks.get(id);
      return row ? cloneRow(row) : null;
    },
    async updateWebhook(id, patch) {
      const row = await webhooks.get(id);
      if (!row) return null;
      const next = patched<WebhookRecord, (typeof WEBHOOK_PATCH_FIELDS)[number]>(row, patch, WEBHOOK_PATCH_FIELDS);
      await webhooks.put(next);
      return cloneRow(next);
    },
    async deleteWebhook(id) {
      if (!(await webhooks.get(id))) return false;
      await webhooks.delete(id);
      // Its messages and their attempts go with it, as ON DELETE CASCADE does in SQL.
      for (const message of await messages.getAllFromIndex('by_webhook', id)) await messages.delete(message.id);
      for (const attempt of await attempts.getAllFromIndex('by_webhook', id)) await attempts.delete(attempt.id);
      return true;
    },
    async listWebhooks(organizationId) {
      const rows = await webhooks.getAllFromIndex('by_organization', organizationId);
      return rows.sort(byCreatedAsc).map((row) => cloneRow(row));
    },
  };
}
