/**
 * Organizations, API keys, settings, voters and webhooks: small keyed records, one statement each
 * (an INSERT or UPDATE returns the stored row itself).
 */
import type { StorageTx } from '../../../src/storage/contract.js';
import type { ApiKeyRecord, OrganizationRecord, VoterRecord } from '../../../src/domain/records.js';
import { assignments, type Sql } from '../sql.js';
import { toWebhook, type WebhookRow } from './rows.js';

const ORGANIZATION_COLUMNS = 'id, name, created_at';
const API_KEY_COLUMNS = 'id, organization_id, scope, label, prefix, hash, created_at, revoked_at';
const VOTER_COLUMNS = 'id, organization_id, email, name, created_at';
const WEBHOOK_COLUMNS = 'id, organization_id, url, description, events, active, secret, created_at';

type AccountMethods = Pick<
  StorageTx,
  | 'insertOrganization' | 'getOrganization' | 'listOrganizations'
  | 'insertApiKey' | 'getApiKey' | 'getApiKeyByHash' | 'listApiKeys' | 'updateApiKey'
  | 'getSetting' | 'setSetting'
  | 'insertVoter' | 'getVoter' | 'getVoterByEmail'
  | 'insertWebhook' | 'getWebhook' | 'updateWebhook' | 'deleteWebhook' | 'listWebhooks'
>;

export function accountMethods(sql: Sql): AccountMethods {
  const getApiKey = async (id: number) =>
    (await sql.row<ApiKeyRecord>(`SELECT ${API_KEY_COLUMNS} FROM fb_api_keys WHERE id = $1`, [id])) ?? null;
  const getWebhook = async (id: number) => {
    const row = await sql.row<WebhookRow>(`SELECT ${WEBHOOK_COLUMNS} FROM fb_webhooks WHERE id = $1`, [id]);
    return row === undefined ? null : toWebhook(row);
  };

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

    async insertVoter(row) {
      return (await sql.row<VoterRecord>(
        `INSERT INTO fb_voters (organization_id, email, name, created_at) VALUES ($1, $2, $3, $4) RETURNING ${VOTER_COLUMNS}`,
        [row.organization_id, row.email, row.name, row.created_at],
      ))!;
    },
    async getVoter(id) {
      return (await sql.row<VoterRecord>(`SELECT ${VOTER_COLUMNS} FROM fb_voters WHERE id = $1`, [id])) ?? null;
    },
    async getVoterByEmail(organizationId, email) {
      return (
        (await sql.row<VoterRecord>(`SELECT ${VOTER_COLUMNS} FROM fb_voters WHERE organization_id = $1 AND email = $2`, [
          organizationId,
          email,
        ])) ?? null
      );
    },

    async insertWebhook(row) {
      const stored = await sql.row<WebhookRow>(
        `INSERT INTO fb_webhooks (organization_id, url, description, events, active, secret, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${WEBHOOK_COLUMNS}`,
        [row.organization_id, row.url, row.description, JSON.stringify(row.events), row.active, row.secret, row.created_at],
      );
      return toWebhook(stored!);
    },
    getWebhook,
    async updateWebhook(id, patch) {
      const { set, params } = assignments([
        ['url', patch.url],
        ['description', patch.description],
        ['events', patch.events === undefined ? undefined : JSON.stringify(patch.events)],
        ['active', patch.active],
        ['secret', patch.secret],
      ], 2);
      if (set === '') return getWebhook(id);
      const row = await sql.row<WebhookRow>(`UPDATE fb_webhooks SET ${set} WHERE id = $1 RETURNING ${WEBHOOK_COLUMNS}`, [id, ...params]);
      return row === undefined ? null : toWebhook(row);
    },
    async deleteWebhook(id) {
      return (await sql.run('DELETE FROM fb_webhooks WHERE id = $1', [id])) > 0;
    },
    async listWebhooks(organizationId) {
      const rows = await sql.rows<WebhookRow>(
        `SELECT ${WEBHOOK_COLUMNS} FROM fb_webhooks WHERE organization_id = $1 ORDER BY created_at, id`,
        [organizationId],
      );
      return rows.map(toWebhook);
    },
  };
}
