/**
 * Schema version 19: private boards, in tables of their own. `fb_board_access` holds a board's
 * access (`public` or `private`), its allowed e-mail domains and its SSO claim rule (name and
 * allowed values), the lists as JSON arrays; `fb_voter_claims` the claims of each voter's last
 * SSO sign-in, as a JSON object of string lists. A board without a row is public.
 */
export const SCHEMA_ACCESS = `
CREATE TABLE fb_board_access (
  board_id INTEGER PRIMARY KEY REFERENCES fb_boards (id),
  organization_id INTEGER NOT NULL REFERENCES fb_organizations (id),
  access TEXT NOT NULL CHECK (access IN ('public', 'private')),
  email_domains TEXT NOT NULL,
  claim_name TEXT,
  claim_values TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

CREATE TABLE fb_voter_claims (
  voter_id INTEGER PRIMARY KEY REFERENCES fb_voters (id),
  organization_id INTEGER NOT NULL REFERENCES fb_organizations (id),
  claims TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
`;
