/**
 * A migration step of its own (see migrations.ts), as in the SQLite adapter: each voter's
 * language, the language of the pages they last signed in or chose one on, for the mail they get.
 * Null for the voters already stored, as for voters created through the API.
 */
export const PG_SCHEMA_VOTER_LOCALE = `
ALTER TABLE fb_voters ADD COLUMN locale text COLLATE "C";
`;
