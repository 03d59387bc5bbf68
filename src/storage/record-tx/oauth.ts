/** The oauth aggregate over the record store: clients, grants, codes and tokens. */
import type { OAuthGrantRecord } from '../../domain/oauth.js';
import type { AggregateMethods } from '../contract/registry.js';
import { cloneRow, type RecordStore } from '../record-store.js';
import { byIdAsc, compareCodePoints } from './shared.js';

export function oauthMethods(store: RecordStore): AggregateMethods<'oauth'> {
  const clients = store.table('oauth_clients');
  const grants = store.table('oauth_grants');
  const codes = store.table('oauth_codes');
  const tokens = store.table('oauth_tokens');
  // Clients and grants are few (clients that never complete an authorization are purged), so
  // both are read whole: no index of grants by client is kept.
  const grantedClients = async () => new Set((await grants.getAll()).map((grant) => grant.client_id));

  return {
    async insertOAuthClient(row) {
      await clients.put(cloneRow(row));
    },
    async getOAuthClient(clientId) {
      const row = await clients.get(clientId);
      return row ? cloneRow(row) : null;
    },
    async purgeOAuthClients({ registeredBefore, limit, clientId }) {
      const candidates = clientId === undefined ? await clients.getAll() : [await clients.get(clientId)].filter((row) => row !== undefined);
      const granted = await grantedClients();
      const expired = candidates
        .filter((client) => client.created_at < registeredBefore && !granted.has(client.client_id))
        .sort((a, b) => compareCodePoints(a.created_at, b.created_at) || compareCodePoints(a.client_id, b.client_id))
        .slice(0, Math.max(0, limit));
      for (const client of expired) await clients.delete(client.client_id);
      return expired.length;
    },
    async countOAuthClientsWithoutGrant() {
      const granted = await grantedClients();
      const waiting = (await clients.getAll()).filter((client) => !granted.has(client.client_id));
      const oldest = waiting.reduce<string | null>((min, client) => (min === null || client.created_at < min ? client.created_at : min), null);
      return { count: waiting.length, oldest };
    },

    async insertOAuthGrant(row) {
      const record: OAuthGrantRecord = { ...cloneRow(row), id: await store.nextId('oauth_grants') };
      await grants.put(record);
      return cloneRow(record);
    },
    async getOAuthGrant(id) {
      const row = await grants.get(id);
      return row ? cloneRow(row) : null;
    },
    async listOAuthGrants(organizationId) {
      const rows = await grants.getAllFromIndex('by_organization', organizationId);
      return rows.sort(byIdAsc).map((row) => cloneRow(row));
    },
    async updateOAuthGrant(id, patch) {
      const row = await grants.get(id);
      if (!row) return null;
      const updated: OAuthGrantRecord = { ...cloneRow(row), ...patch };
      await grants.put(updated);
      return cloneRow(updated);
    },

    async insertOAuthCode(row) {
      await codes.put({ ...cloneRow(row), used_at: null });
    },
    async getOAuthCode(codeHash) {
      const row = await codes.get(codeHash);
      return row ? cloneRow(row) : null;
    },
    // Atomic because write transactions of these stores run one at a time (see people.ts).
    async useOAuthCode(codeHash, now) {
      const row = await codes.get(codeHash);
      if (!row || row.used_at !== null) return null;
      const used = { ...cloneRow(row), used_at: now };
      await codes.put(used);
      return cloneRow(used);
    },

    async insertOAuthToken(row) {
      await tokens.put({ ...cloneRow(row), used_at: null });
    },
    async getOAuthToken(tokenHash) {
      const row = await tokens.get(tokenHash);
      return row ? cloneRow(row) : null;
    },
    async useOAuthToken(tokenHash, now) {
      const row = await tokens.get(tokenHash);
      if (!row || row.used_at !== null) return null;
      const used = { ...cloneRow(row), used_at: now };
      await tokens.put(used);
      return cloneRow(used);
    },
  };
}

/** The aggregate's factory, as the record transaction loads it. */
export default oauthMethods;
