/**
 * Schema version 13: OAuth for the MCP endpoint, in tables of its own. `fb_oauth_clients` are the
 * registered clients (their redirect URIs as a JSON array), `fb_oauth_grants` the approvals (one
 * per consent, with the API key the grant acts through), and `fb_oauth_codes` and
 * `fb_oauth_tokens` the codes and tokens of each grant, keyed by the SHA-256 hash of their value.
 */
export const SCHEMA_OAUTH = `
CREATE TABLE fb_oauth_clients (
  client_id TEXT PRIMARY KEY,
  client_name TEXT NOT NULL,
  redirect_uris TEXT NOT NULL,
  created_at TEXT NOT NULL
) WITHOUT ROWID;

CREATE TABLE fb_oauth_grants (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  organization_id INTEGER NOT NULL REFERENCES fb_organizations (id),
  client_id TEXT NOT NULL REFERENCES fb_oauth_clients (client_id),
  member_id INTEGER NOT NULL REFERENCES fb_team_members (id),
  scope TEXT NOT NULL CHECK (scope IN ('read', 'propose', 'write')),
  resource TEXT NOT NULL,
  api_key_id INTEGER NOT NULL REFERENCES fb_api_keys (id),
  key_salt TEXT NOT NULL,
  created_at TEXT NOT NULL,
  last_used_at TEXT,
  revoked_at TEXT
);
CREATE INDEX fb_oauth_grants_organization ON fb_oauth_grants (organization_id, id);

CREATE TABLE fb_oauth_codes (
  code_hash TEXT PRIMARY KEY,
  grant_id INTEGER NOT NULL REFERENCES fb_oauth_grants (id),
  redirect_uri TEXT NOT NULL,
  code_challenge TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  used_at TEXT
) WITHOUT ROWID;

CREATE TABLE fb_oauth_tokens (
  token_hash TEXT PRIMARY KEY,
  grant_id INTEGER NOT NULL REFERENCES fb_oauth_grants (id),
  kind TEXT NOT NULL CHECK (kind IN ('access', 'refresh')),
  expires_at TEXT NOT NULL,
  used_at TEXT
) WITHOUT ROWID;
`;
