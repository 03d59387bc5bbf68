/**
 * Schema version 22: the indexes that rank a board's posts by company revenue from the votes of
 * the organization's company voters instead of from every vote of the board
 * (`listPostsByCompanyRevenue`, tx/sso.ts). `fb_votes_voter` finds a voter's votes (the primary
 * key starts with the post; PostgreSQL has had this index since its version 2), and
 * `fb_voter_companies_organization` the organization's voters that belong to a company (the
 * table is keyed by voter; the voter id, its rowid, ends each entry, so the index covers the read).
 */
export const SCHEMA_COMPANY_REVENUE = `
CREATE INDEX fb_votes_voter ON fb_votes (voter_id);
CREATE INDEX fb_voter_companies_organization ON fb_voter_companies (organization_id, company_id);
`;
