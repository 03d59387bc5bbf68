/**
 * Organizations, API keys, settings, voters and webhooks: small keyed records, one statement each.
 */
import type { StorageTx } from '../../../src/storage/contract.js';
import type { OrganizationRecord, VoterRecord } from '../../../src/domain/records.js';
import { assignments, bool, type Sql } from '../sql.js';
import { toWebhook, type ApiKeyRow, type WebhookRow } from './rows.js';

const ORGANIZATION = 'SELECT id, name, created_at FROM fb_organizations';
const API_KEY = `SELECT id, organization_id, scope, label, prefix, hash, created_at, revoked_at
  FROM fb_api_keys`;
const VOTER = 'SELECT id, organization_id, email, name, created_at FROM fb_voters';
const WEBHOOK = `SELECT id, organization_id, url, description, events, active, secret, created_at
  FROM fb_webhooks`;


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
  | 'insertVoter'
  | 'getVoter'
  | 'getVoterByEmail'
  | 'insertWebhook'
  | 'getWebhook'
  | 'updateWebhook'
  | 'deleteWebhook'
  | 'listWebhooks'
>;

export function accountMethods(sql: Sql): AccountMethods {
  const getApiKey = (id: number) => sql.get<ApiKeyRow>(`${API_KEY} WHERE id = ?`, id) ?? null;
  const getWebhook = (id: number) => {
    const row = sql.get<WebhookRow>(`${WEBHOOK} WHERE id = ?`, id);
    return row === undefined ? null : toWebhook(row);
  };

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

    async insertVoter(row) {
      const { id } = sql.get<{ id: number }>(
        'INSERT INTO fb_voters (organization_id, email, name, created_at) VALUES (?, ?, ?, ?) RETURNING id',
        row.organization_id,
        row.email,
        row.name,
        row.created_at,
      )!;
      const { organization_id, email, name, created_at } = row;
      return { id, organization_id, email, name, created_at };
    },
    async getVoter(id) {
      return sql.get<VoterRecord>(`${VOTER} WHERE id = ?`, id) ?? null;
    },
    async getVoterByEmail(organizationId, email) {
      return (
        sql.get<VoterRecord>(`${VOTER} WHERE organization_id = ? AND email = ?`, organizationId, email) ??
        null
      );
    },

    async insertWebhook(row) {
      const { id } = sql.get<{ id: number }>(
        `INSERT INTO fb_webhooks (organization_id, url, description, events, active, secret, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`,
        row.organization_id,
        row.url,
        row.description,
        JSON.stringify(row.events),
        bool(row.active),
        row.secret,
        row.created_at,
      )!;
      return getWebhook(id)!;
    },
    async getWebhook(id) {
      return getWebhook(id);
    },
    async updateWebhook(id, patch) {
      const { set, params } = assignments([
        ['url', patch.url],
        ['description', patch.description],
        ['events', patch.events === undefined ? undefined : JSON.stringify(patch.events)],
        ['active', patch.active === undefined ? undefined : bool(patch.active)],
        ['secret', patch.secret],
      ]);
      if (set !== '') sql.run(`UPDATE fb_webhooks SET ${set} WHERE id = ?`, ...params, id);
      return getWebhook(id);
    },
    async deleteWebhook(id) {
      return sql.run('DELETE FROM fb_webhooks WHERE id = ?', id).changes > 0;
    },
    async listWebhooks(organizationId) {
      const rows = sql.all<WebhookRow>(
        `${WEBHOOK} WHERE organization_id = ? ORDER BY created_at, id`,
        organizationId,
      );
      return rows.map(toWebhook);
    },
  };
}
