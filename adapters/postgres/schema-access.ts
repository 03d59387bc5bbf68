/**
 * Schema version 20: private boards, in tables of their own, as in the SQLite adapter: a board's
 * access (`public` or `private`) with its allowed e-mail domains and SSO claim rule, and the
 * claims of each voter's last SSO sign-in. A board without a row is public.
 */
export const PG_SCHEMA_ACCESS = `
CREATE TABLE fb_board_access (
  board_id integer PRIMARY KEY REFERENCES fb_boards (id),
  organization_id integer NOT NULL REFERENCES fb_organizations (id),
  access text NOT NULL CHECK (access IN ('public', 'private')),
  email_domains jsonb NOT NULL,
  claim_name text,
  claim_values jsonb NOT NULL,
  updated_at text COLLATE "C" NOT NULL
);

CREATE TABLE fb_voter_claims (
  voter_id integer PRIMARY KEY REFERENCES fb_voters (id),
  organization_id integer NOT NULL REFERENCES fb_organizations (id),
  claims jsonb NOT NULL,
  updated_at text COLLATE "C" NOT NULL
);
`;
