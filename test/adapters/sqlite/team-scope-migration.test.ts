/**
 * Schema step 26: API keys and OAuth grants of a version 25 database may have the scope `team`.
 * Both tables are rebuilt for their CHECK: every row, id, index and reference is kept, ids are
 * never reused, foreign keys are enforced again afterwards, and a database whose references are
 * broken is refused and left as it was.
 */
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SCHEMA_VERSION } from '../../../adapters/sqlite/index.js';
import { migrate, readSchemaVersion } from '../../../adapters/sqlite/migrations.js';
import { storageFactory, T0 } from './helpers.js';

let factory: ReturnType<typeof storageFactory>;
beforeEach(() => {
  factory = storageFactory();
});
afterEach(async () => {
  await factory.cleanup();
});

const TABLES = ['fb_api_keys', 'fb_oauth_grants', 'fb_claims', 'fb_oauth_codes', 'fb_oauth_tokens'];

/** Every row of the tables the step touches or whose references it must keep. */
function rowsOf(db: Database.Database): Record<string, unknown[]> {
  return Object.fromEntries(TABLES.map((table) => [table, db.prepare(`SELECT * FROM ${table} ORDER BY 1`).all()]));
}

/** The indexes of the rebuilt tables, with their SQL. */
const indexesOf = (db: Database.Database) =>
  db.prepare("SELECT name, sql FROM sqlite_schema WHERE type = 'index' AND tbl_name IN ('fb_api_keys', 'fb_oauth_grants') AND sql IS NOT NULL ORDER BY name").all();

/**
 * A version 25 database: two keys (one revoked) and a third deleted (so the id counter is ahead of
 * the rows), a claim by the first key, a grant acting through the second with a code and a token.
 */
function createVersion25(file: string, foreignKeys = true): void {
  const db = new Database(file);
  db.pragma(`foreign_keys = ${foreignKeys ? 'ON' : 'OFF'}`);
  migrate(db, { target: 25, busyTimeoutMs: 1000 });
  db.exec(`
    INSERT INTO fb_organizations (name, created_at) VALUES ('Acme', '${T0}');
    INSERT INTO fb_team_members (organization_id, email, name, created_at) VALUES (1, 'ann@acme.test', 'Ann', '${T0}');
    INSERT INTO fb_api_keys (organization_id, scope, label, prefix, hash, created_at, revoked_at)
      VALUES (1, 'write', 'CI', 'fbk_a', 'h1', '${T0}', NULL), (1, 'propose', 'OAuth: Agent', 'fbk_b', 'h2', '${T0}', NULL),
             (1, 'read', 'Gone', 'fbk_c', 'h3', '${T0}', '${T0}');
    DELETE FROM fb_api_keys WHERE id = 3;
    INSERT INTO fb_boards (organization_id, slug, name, description, welcome_message, published, created_at)
      VALUES (1, 'features', 'Features', '', '', 1, '${T0}');
    INSERT INTO fb_posts (board_id, title, body, status, is_admin, hidden, pinned, created_at, vote_count)
      VALUES (1, 'Dark mode', '', 'planned', 1, 0, 0, '${T0}', 0);
    INSERT INTO fb_claims (post_id, api_key_id, agent_label, claimed_at, expires_at) VALUES (1, 1, 'agent', '${T0}', '2026-11-01T10:00:00.000Z');
    INSERT INTO fb_oauth_clients (client_id, client_name, redirect_uris, created_at) VALUES ('fbc_one', 'Agent', '["https://a.test/cb"]', '${T0}');
    INSERT INTO fb_oauth_grants (organization_id, client_id, member_id, scope, resource, api_key_id, key_salt, created_at)
      VALUES (1, 'fbc_one', 1, 'propose', 'https://b.test/mcp', 2, 'salt', '${T0}');
    INSERT INTO fb_oauth_codes (code_hash, grant_id, redirect_uri, code_challenge, expires_at) VALUES ('hc', 1, 'https://a.test/cb', 'c', '${T0}');
    INSERT INTO fb_oauth_tokens (token_hash, grant_id, kind, expires_at) VALUES ('ht', 1, 'refresh', '${T0}');
  `);
  expect(() => db.prepare(`INSERT INTO fb_api_keys (organization_id, scope, label, prefix, hash, created_at) VALUES (1, 'team', '', 'p', 'h4', '${T0}')`).run()).toThrow(/CHECK/);
  db.close();
}

describe('sqlite team scope step', () => {
  it('keeps every row, id, index and reference of a version 25 database, and then stores team keys and grants', async () => {
    const file = factory.path('v25.db');
    createVersion25(file);
    const old = new Database(file, { readonly: true });
    const before = rowsOf(old);
    const indexes = indexesOf(old);
    old.close();

    const storage = factory.open(file);
    const db = storage.database;
    expect(readSchemaVersion(db)).toBe(SCHEMA_VERSION);
    expect(rowsOf(db)).toEqual(before);
    expect(indexesOf(db)).toEqual(indexes);
    expect(db.prepare("SELECT name FROM sqlite_schema WHERE name IN ('fb_api_keys_new', 'fb_oauth_grants_new')").pluck().all()).toEqual([]);
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.pragma('foreign_key_list(fb_claims)')).toContainEqual(expect.objectContaining({ table: 'fb_api_keys', from: 'api_key_id' }));
    expect(db.pragma('foreign_key_list(fb_oauth_codes)')).toContainEqual(expect.objectContaining({ table: 'fb_oauth_grants', from: 'grant_id' }));

    const team = await storage.transaction('write', (tx) =>
      tx.insertApiKey({ organization_id: 1, scope: 'team', label: 'Team', prefix: 'fbk_d', hash: 'h4', created_at: T0, revoked_at: null }),
    );
    // The deleted key's id is not handed out again.
    expect(team).toMatchObject({ id: 4, scope: 'team' });
    const grant = await storage.transaction('write', (tx) =>
      tx.insertOAuthGrant({
        organization_id: 1, client_id: 'fbc_one', member_id: 1, scope: 'team', resource: 'https://b.test/mcp',
        api_key_id: team.id, key_salt: 'salt-2', created_at: T0, last_used_at: null, revoked_at: null,
      }),
    );
    expect(grant).toMatchObject({ id: 2, scope: 'team' });
    expect(await storage.transaction('read', (tx) => tx.getApiKeyByHash('h4'))).toEqual(team);

    // The CHECK still refuses what is no scope, and the references are enforced.
    expect(() => db.prepare(`INSERT INTO fb_api_keys (organization_id, scope, label, prefix, hash, created_at) VALUES (1, 'admin', '', 'p', 'h5', '${T0}')`).run()).toThrow(/CHECK/);
    expect(() => db.prepare(`UPDATE fb_claims SET api_key_id = 99 WHERE post_id = 1`).run()).toThrow(/FOREIGN KEY/);
  });

  it('refuses a database whose references are broken, leaving it at version 25 with foreign keys on', async () => {
    const file = factory.path('broken.db');
    createVersion25(file, false);
    const broken = new Database(file);
    broken.pragma('foreign_keys = OFF');
    broken.exec('UPDATE fb_claims SET api_key_id = 99');
    const before = rowsOf(broken);
    broken.close();

    const db = new Database(file);
    db.pragma('foreign_keys = ON');
    expect(() => migrate(db, { busyTimeoutMs: 1000 })).toThrow(/referencing missing rows \(first: fb_claims → fb_api_keys\)/);
    expect(readSchemaVersion(db)).toBe(25);
    expect(rowsOf(db)).toEqual(before);
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    db.close();
  });
});
