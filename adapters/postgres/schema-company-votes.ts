/**
 * Schema version 23: votes the team casts on behalf of a customer company, as in the SQLite
 * adapter. `fb_company_voters` names, per company, the voter that casts them (made on the
 * company's first such vote); the votes themselves are ordinary rows of `fb_votes`.
 */
export const PG_SCHEMA_COMPANY_VOTES = `
CREATE TABLE fb_company_voters (
  organization_id integer NOT NULL,
  company_id text COLLATE "C" NOT NULL,
  voter_id integer NOT NULL UNIQUE REFERENCES fb_voters (id),
  created_at text COLLATE "C" NOT NULL,
  PRIMARY KEY (organization_id, company_id),
  FOREIGN KEY (organization_id, company_id) REFERENCES fb_companies (organization_id, id)
);
`;
