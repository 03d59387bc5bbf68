/**
 * A migration step of its own (see migrations.ts): API keys and OAuth grants may have the scope
 * `team`. SQLite cannot change a CHECK constraint in place, so each table is rebuilt with the
 * definition below (`rebuild-table.ts`), its rows, ids, indexes and triggers kept.
 */

/** `fb_api_keys` as of this step, created under the name the rebuild renames it from. */
export const SCHEMA_TEAM_SCOPE_API_KEYS = `
CREATE TABLE fb_api_keys_new (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  organization_id INTEGER NOT NULL REFERENCES fb_organizations (id),
  scope TEXT NOT NULL CHECK (scope IN ('read', 'propose', 'write', 'team')),
  label TEXT NOT NULL,
  prefix TEXT NOT NULL,
  hash TEXT NOT NULL,
  created_at TEXT NOT NULL,
  revoked_at TEXT
);
`;

/** `fb_oauth_grants` as of this step, created under the name the rebuild renames it from. */
export const SCHEMA_TEAM_SCOPE_OAUTH_GRANTS = `
CREATE TABLE fb_oauth_grants_new (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  organization_id INTEGER NOT NULL REFERENCES fb_organizations (id),
  client_id TEXT NOT NULL REFERENCES fb_oauth_clients (client_id),
  member_id INTEGER NOT NULL REFERENCES fb_team_members (id),
  scope TEXT NOT NULL CHECK (scope IN ('read', 'propose', 'write', 'team')),
  resource TEXT NOT NULL,
  api_key_id INTEGER NOT NULL REFERENCES fb_api_keys (id),
  key_salt TEXT NOT NULL,
  created_at TEXT NOT NULL,
  last_used_at TEXT,
  revoked_at TEXT
);
`;
