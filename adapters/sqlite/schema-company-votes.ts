/**
 * Schema version 21: votes the team casts on behalf of a customer company. `fb_company_voters`
 * names, per company, the voter that casts them (made on the company's first such vote); the votes
 * themselves are ordinary rows of `fb_votes`, so they count like any voter's.
 */
export const SCHEMA_COMPANY_VOTES = `
CREATE TABLE fb_company_voters (
  organization_id INTEGER NOT NULL,
  company_id TEXT NOT NULL,
  voter_id INTEGER NOT NULL UNIQUE REFERENCES fb_voters (id),
  created_at TEXT NOT NULL,
  PRIMARY KEY (organization_id, company_id),
  FOREIGN KEY (organization_id, company_id) REFERENCES fb_companies (organization_id, id)
) WITHOUT ROWID;
`;
