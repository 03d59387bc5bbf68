/**
 * Schema version 24: the organization's voters that belong to a company, by organization, so that
 * ranking a board's posts by company revenue (`listPostsByCompanyRevenue`, tx/sso.ts) starts from
 * them and their votes (`fb_votes_voter`, there since version 2) instead of from every vote of the
 * board. The voter id ends each entry, so the read is an index-only scan. (SQLite's version 22.)
 */
export const PG_SCHEMA_COMPANY_REVENUE = `
CREATE INDEX fb_voter_companies_organization ON fb_voter_companies (organization_id, company_id, voter_id);
`;
