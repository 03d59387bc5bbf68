/**
 * A migration step of its own (see migrations.ts): API keys and OAuth grants may have the scope
 * `team`. Each table's CHECK on `scope` is dropped and made again with the new list, in the
 * migration's transaction; the rows already stored satisfy it.
 */
export const PG_SCHEMA_TEAM_SCOPE = `
ALTER TABLE fb_api_keys
  DROP CONSTRAINT fb_api_keys_scope_check,
  ADD CONSTRAINT fb_api_keys_scope_check CHECK (scope IN ('read', 'propose', 'write', 'team'));
ALTER TABLE fb_oauth_grants
  DROP CONSTRAINT fb_oauth_grants_scope_check,
  ADD CONSTRAINT fb_oauth_grants_scope_check CHECK (scope IN ('read', 'propose', 'write', 'team'));
`;
