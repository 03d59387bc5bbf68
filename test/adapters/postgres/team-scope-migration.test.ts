/**
 * Schema step 28: API keys and OAuth grants of a version 27 database may have the scope `team`;
 * the rows stored before are kept, and the CHECK still refuses what is no scope.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresStorage, PG_SCHEMA_VERSION } from '../../../adapters/postgres/index.js';
import { at } from '../../../testing/fixtures.js';
import { createTestDatabase, createTestSchema, dropTestDatabase, queryRows as query } from './server.js';

let database: string;
beforeAll(async () => {
  database = await createTestDatabase('fb_team_scope');
});
afterAll(async () => {
  await dropTestDatabase(database);
});

const T0 = at(0);

describe('postgres team scope step', () => {
  it('keeps the keys and grants of a version 27 database, and then stores team keys and grants', async () => {
    const url = await createTestSchema(database);
    await (await createPostgresStorage({ connectionString: url }, { migrationTarget: 27 })).close();
    await query(url, `
      INSERT INTO fb_organizations (name, created_at) VALUES ('Acme', '${T0}');
      INSERT INTO fb_team_members (organization_id, email, name, created_at) VALUES (1, 'ann@acme.test', 'Ann', '${T0}');
      INSERT INTO fb_api_keys (organization_id, scope, label, prefix, hash, created_at) VALUES (1, 'propose', 'OAuth: Agent', 'fbk_b', 'h2', '${T0}');
      INSERT INTO fb_oauth_clients (client_id, client_name, redirect_uris, created_at) VALUES ('fbc_one', 'Agent', '["https://a.test/cb"]', '${T0}');
      INSERT INTO fb_oauth_grants (organization_id, client_id, member_id, scope, resource, api_key_id, key_salt, created_at)
        VALUES (1, 'fbc_one', 1, 'propose', 'https://b.test/mcp', 1, 'salt', '${T0}');`);
    await expect(query(url, `INSERT INTO fb_api_keys (organization_id, scope, label, prefix, hash, created_at) VALUES (1, 'team', '', 'p', 'h3', '${T0}')`)).rejects.toThrow(/fb_api_keys_scope_check/);
    const before = await query(url, 'SELECT k.*, g.scope AS grant_scope FROM fb_api_keys k JOIN fb_oauth_grants g ON g.api_key_id = k.id ORDER BY k.id');

    const storage = await createPostgresStorage({ connectionString: url });
    try {
      expect(await query(url, 'SELECT max(version) AS version FROM fb_schema_migrations')).toEqual([{ version: PG_SCHEMA_VERSION }]);
      expect(await query(url, 'SELECT k.*, g.scope AS grant_scope FROM fb_api_keys k JOIN fb_oauth_grants g ON g.api_key_id = k.id ORDER BY k.id')).toEqual(before);
      const team = await storage.transaction('write', (tx) =>
        tx.insertApiKey({ organization_id: 1, scope: 'team', label: 'Team', prefix: 'fbk_d', hash: 'h4', created_at: T0, revoked_at: null }),
      );
      // The insert the CHECK refused above spent id 2 of the identity.
      expect(team).toMatchObject({ id: 3, scope: 'team' });
      const grant = await storage.transaction('write', (tx) =>
        tx.insertOAuthGrant({
          organization_id: 1, client_id: 'fbc_one', member_id: 1, scope: 'team', resource: 'https://b.test/mcp',
          api_key_id: team.id, key_salt: 'salt-2', created_at: T0, last_used_at: null, revoked_at: null,
        }),
      );
      expect(grant).toMatchObject({ id: 2, scope: 'team' });
      expect(await storage.transaction('read', (tx) => tx.getApiKeyByHash('h4'))).toEqual(team);
      await expect(query(url, `INSERT INTO fb_api_keys (organization_id, scope, label, prefix, hash, created_at) VALUES (1, 'admin', '', 'p', 'h5', '${T0}')`)).rejects.toThrow(/fb_api_keys_scope_check/);
      await expect(query(url, `UPDATE fb_oauth_grants SET scope = 'admin' WHERE id = 1`)).rejects.toThrow(/fb_oauth_grants_scope_check/);
    } finally {
      await storage.close();
    }
  });
});
