/**
 * Schema version 15: single sign-on from the host application, in tables of its own.
 * `fb_sso_secrets` are the organization's HS256 secrets (with the end of a rotated one and the
 * time of a revocation), `fb_sso_settings` its JWKS URL, the algorithms allowed with it and the
 * expected audience and issuer, `fb_sso_identities` the voter each host user id (`sub`) signs in
 * as, `fb_companies` the host's customer companies, and `fb_voter_companies` each voter's company.
 */
export const SCHEMA_SSO = `
CREATE TABLE fb_sso_secrets (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  organization_id INTEGER NOT NULL REFERENCES fb_organizations (id),
  secret TEXT NOT NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT,
  revoked_at TEXT
);
CREATE INDEX fb_sso_secrets_organization ON fb_sso_secrets (organization_id, id);

CREATE TABLE fb_sso_settings (
  organization_id INTEGER PRIMARY KEY REFERENCES fb_organizations (id),
  jwks_url TEXT,
  jwks_algorithms TEXT NOT NULL,
  audience TEXT,
  issuer TEXT,
  updated_at TEXT NOT NULL
);

CREATE TABLE fb_sso_identities (
  organization_id INTEGER NOT NULL REFERENCES fb_organizations (id),
  sub TEXT NOT NULL,
  voter_id INTEGER NOT NULL UNIQUE REFERENCES fb_voters (id),
  created_at TEXT NOT NULL,
  PRIMARY KEY (organization_id, sub)
) WITHOUT ROWID;

CREATE TABLE fb_companies (
  organization_id INTEGER NOT NULL REFERENCES fb_organizations (id),
  id TEXT NOT NULL,
  name TEXT NOT NULL,
  monthly_revenue INTEGER NOT NULL CHECK (monthly_revenue >= 0),
  updated_at TEXT NOT NULL,
  PRIMARY KEY (organization_id, id)
) WITHOUT ROWID;

CREATE TABLE fb_voter_companies (
  voter_id INTEGER PRIMARY KEY REFERENCES fb_voters (id),
  organization_id INTEGER NOT NULL,
  company_id TEXT NOT NULL,
  FOREIGN KEY (organization_id, company_id) REFERENCES fb_companies (organization_id, id)
);
`;
